/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_ARCH_RISCV64_INSN_H
#define EARLYSEED_ARCH_RISCV64_INSN_H

#include <stdint.h>

/*
 * Single RISC-V instructions, one function each: the same link-time seam as
 * arch/x86_64/insn.h and arch/aarch64/insn.h.
 */

/* RDTIME (the Zicntr `time` CSR, 0xc01): the platform's timer, which S-mode
 * reads wherever OpenSBI sets mcounteren.TM (every release does; Linux's
 * get_cycles on riscv reads it too, arch/riscv/include/asm/timex.h). */
uint64_t insn_rdtime(void);

#endif
