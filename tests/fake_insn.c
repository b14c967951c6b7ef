/* SPDX-License-Identifier: MIT */
#include "fake_insn.h"

#include "../arch/x86_64/insn.h"

struct fake_insn fake_insn;

void insn_cpuid(uint32_t leaf, uint32_t subleaf, uint32_t out[4])
{
	(void)subleaf;
	out[0] = out[1] = out[2] = out[3] = 0;
	if (leaf == 0)
		out[0] = fake_insn.max_leaf;
	else if (leaf == 1)
		out[2] = fake_insn.leaf1_ecx;
	else if (leaf == 7) {
		fake_insn.leaf7_calls++;
		/* Real CPUs answer leaves above the maximum with the highest
		 * basic leaf's data; a stale bit here must not count. */
		out[1] = fake_insn.leaf7_ebx;
	}
}

static int step(const struct fake_step *s, size_t len, size_t *calls, uint64_t *v)
{
	size_t i = (*calls)++;

	if (i >= len) {
		*v = 0;
		return 0;
	}
	*v = s[i].value;
	return s[i].cf;
}

int insn_rdrand64(uint64_t *v)
{
	if (fake_insn.rdrand_fn != NULL) {
		fake_insn.rdrand_calls++;
		return fake_insn.rdrand_fn(v);
	}
	return step(fake_insn.rdrand, fake_insn.rdrand_len, &fake_insn.rdrand_calls, v);
}

int insn_rdseed64(uint64_t *v)
{
	if (fake_insn.rdseed_fn != NULL) {
		fake_insn.rdseed_calls++;
		return fake_insn.rdseed_fn(v);
	}
	return step(fake_insn.rdseed, fake_insn.rdseed_len, &fake_insn.rdseed_calls, v);
}

void insn_pause(void)
{
	fake_insn.pause_calls++;
}

uint64_t insn_rdtsc(void)
{
	return 0x1234;
}
