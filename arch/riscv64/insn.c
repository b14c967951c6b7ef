/* SPDX-License-Identifier: MIT */
/* The instructions themselves (arch/riscv64/insn.h). */
#include "insn.h"

uint64_t insn_rdtime(void)
{
	uint64_t v;

	__asm__ __volatile__("rdtime %0" : "=r"(v));
	return v;
}

/* sstatus.SIE, bit 1, and SDT, bit 24 (RISC-V Privileged Architecture,
 * section 10.1.1; SDT with the Ssdbltrp extension, WARL zero without it). */
#define SSTATUS_SIE 2
#define SSTATUS_SDT (1ul << 24)

bool insn_seed(uint64_t *v)
{
	uint64_t got, read, vec, st, sdt;

	/* Interrupts off, so the only trap this window can take is the read's;
	 * stvec in direct mode (its low two bits 0: the label is 4-aligned) at
	 * the label after the read. A read that traps lands there with `read`
	 * still 0; one that does not falls through to it. Then the firmware's
	 * vector, and its sstatus (SIE, and the SPP/SPIE a trap rewrote): SDT,
	 * which a trap sets where Ssdbltrp is on, cleared first, since SIE may
	 * not be set while it is. A trap leaves sepc, scause and stval as it
	 * wrote them: call this from boot services' ordinary flow, never from a
	 * firmware's trap or interrupt handler. */
	__asm__ __volatile__("li %[read], 0\n\t"
			     "li %[got], 0\n\t"
			     "csrrci %[st], sstatus, %[sie]\n\t"
			     "lla %[vec], 1f\n\t"
			     "csrrw %[vec], stvec, %[vec]\n\t"
			     "csrrw %[got], 0x015, x0\n\t"
			     "li %[read], 1\n\t"
			     ".balign 4\n"
			     "1:\n\t"
			     "csrw stvec, %[vec]\n\t"
			     "li %[sdt], %[sdtbit]\n\t"
			     "csrc sstatus, %[sdt]\n\t"
			     "csrw sstatus, %[st]"
			     : [got] "=&r"(got), [read] "=&r"(read), [vec] "=&r"(vec), [st] "=&r"(st), [sdt] "=&r"(sdt)
			     : [sie] "i"(SSTATUS_SIE), [sdtbit] "i"(SSTATUS_SDT)
			     : "memory");
	*v = read != 0 ? got : 0;
	return read != 0;
}
