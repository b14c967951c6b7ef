/* SPDX-License-Identifier: MIT */
/*
 * Scripted stand-ins for arch/x86_64/insn.c (the link-time seam): a test
 * sets `fake_insn`, links tests/fake_insn.c instead of insn.c, and runs
 * cpurng.c unchanged. A script that runs out keeps failing (CF=0).
 */
#ifndef EARLYSEED_TESTS_FAKE_INSN_H
#define EARLYSEED_TESTS_FAKE_INSN_H

#include <stddef.h>
#include <stdint.h>

struct fake_step {
	int cf;
	uint64_t value;
};

struct fake_insn {
	uint32_t max_leaf;  /* CPUID.0:EAX */
	uint32_t leaf1_ecx; /* CPUID.1:ECX */
	uint32_t leaf7_ebx; /* CPUID.(7,0):EBX */
	const struct fake_step *rdrand;
	size_t rdrand_len;
	const struct fake_step *rdseed;
	size_t rdseed_len;
	/* generators, used instead of the scripts when set */
	int (*rdrand_fn)(uint64_t *v);
	int (*rdseed_fn)(uint64_t *v);
	/* counters the tests read */
	size_t rdrand_calls, rdseed_calls, pause_calls, leaf7_calls;
};

extern struct fake_insn fake_insn;

#endif
