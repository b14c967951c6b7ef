/* SPDX-License-Identifier: MIT */
/* The instructions themselves (arch/riscv64/insn.h). */
#include "insn.h"

uint64_t insn_rdtime(void)
{
	uint64_t v;

	__asm__ __volatile__("rdtime %0" : "=r"(v));
	return v;
}
