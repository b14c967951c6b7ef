/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_ARCH_RISCV64_INSN_H
#define EARLYSEED_ARCH_RISCV64_INSN_H

#include <stdbool.h>
#include <stdint.h>

/*
 * Single RISC-V instructions, one function each: the same link-time seam as
 * arch/x86_64/insn.h and arch/aarch64/insn.h.
 */

/* RDTIME (the Zicntr `time` CSR, 0xc01): the platform's timer, which S-mode
 * reads wherever OpenSBI sets mcounteren.TM (every release does; Linux's
 * get_cycles on riscv reads it too, arch/riscv/include/asm/timex.h). */
uint64_t insn_rdtime(void);

/* One read of Zkr's `seed` CSR (0x015; RISC-V Cryptography Extensions
 * Volume I, section 4.1: read with a read-write instruction, `csrrw rd,
 * seed, x0`), with the trap caught: S-mode may read it only where M-mode
 * set mseccfg.SSEED, and nothing tells S-mode whether it did; without it
 * the read is an illegal-instruction trap (OpenSBI hands it to S-mode's
 * trap vector). For that one instruction, with S-mode interrupts off, the
 * trap vector is the instruction after it; the firmware's vector and
 * interrupt state are back before anything else runs (as U-Boot's own
 * drivers/rng/riscv_zkr_rng.c probes by catching the trap). true and *v
 * the CSR's value; false when the read trapped (*v = 0). */
bool insn_seed(uint64_t *v);

#endif
