/* SPDX-License-Identifier: MIT */
/* Scripted stand-ins for arch/aarch64/insn.c (the link-time seam), so
 * arch/aarch64/cpurng.c runs unchanged on the x86_64 host. */
#ifndef EARLYSEED_TESTS_FAKE_INSN_AARCH64_H
#define EARLYSEED_TESTS_FAKE_INSN_AARCH64_H

#include <stddef.h>
#include <stdint.h>

struct fake_a64 {
	uint64_t isar0;               /* ID_AA64ISAR0_EL1 */
	int (*rndr_fn)(uint64_t *v);  /* 1 = NZCV 0b0000 (success) */
	int (*rndrrs_fn)(uint64_t *v);
	size_t rndr_calls, rndrrs_calls;
	uint64_t counter;
};

extern struct fake_a64 fake_a64;

#endif
