/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_ARCH_AARCH64_INSN_H
#define EARLYSEED_ARCH_AARCH64_INSN_H

#include <stdint.h>

/*
 * Single AArch64 instructions, one function each: the same link-time seam as
 * arch/x86_64/insn.h. insn.c runs them; tests/fake_insn_aarch64.c provides
 * the same symbols with scripted results for the host tests.
 */

/* MRS ID_AA64ISAR0_EL1 (Arm ARM D19.2.61): bits [63:60] are the RNDR field. */
uint64_t insn_id_aa64isar0(void);
/* MRS RNDR / RNDRRS (FEAT_RNG; Arm ARM C5.2.15/16): 1 and *v set when NZCV
 * is 0b0000; 0 (and *v = 0) when the instruction failed (NZCV = 0b0100). */
int insn_rndr(uint64_t *v);
int insn_rndrrs(uint64_t *v);
/* MRS CNTVCT_EL0 after an ISB: the virtual counter. */
uint64_t insn_cntvct(void);

#endif
