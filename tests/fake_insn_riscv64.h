/* SPDX-License-Identifier: MIT */
/* Scripted stand-ins for arch/riscv64/insn.c (the link-time seam), so
 * arch/riscv64/cpurng.c runs unchanged on the x86_64 host. */
#ifndef EARLYSEED_TESTS_FAKE_INSN_RISCV64_H
#define EARLYSEED_TESTS_FAKE_INSN_RISCV64_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct fake_rv64 {
	/* the seed CSR: false = the read traps (no mseccfg.SSEED), else
	 * *csr its value (OPST in bits 31:30) */
	bool (*seed_fn)(uint64_t *csr);
	size_t seed_calls;
	uint64_t time;
};

extern struct fake_rv64 fake_rv64;

#endif
