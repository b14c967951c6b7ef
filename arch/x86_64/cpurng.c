/* SPDX-License-Identifier: MIT */
#include "cpurng.h"

#include "insn.h"

#define CPUID_1_ECX_RDRAND (1u << 30)
#define CPUID_7_EBX_RDSEED (1u << 18)

void cpurng_probe(struct cpurng_caps *caps)
{
	uint32_t r[4];

	insn_cpuid(0, 0, r);
	uint32_t max_leaf = r[0];

	insn_cpuid(1, 0, r);
	caps->rdrand = (r[2] & CPUID_1_ECX_RDRAND) != 0u;
	caps->rdseed = false;
	if (max_leaf >= 7u) {
		insn_cpuid(7, 0, r);
		caps->rdseed = (r[1] & CPUID_7_EBX_RDSEED) != 0u;
	}
}

bool cpurng_rdrand64(uint64_t *v)
{
	for (unsigned int i = 0; i < CPURNG_RDRAND_TRIES; i++) {
		if (insn_rdrand64(v))
			return true;
	}
	*v = 0;
	return false;
}

bool cpurng_rdseed64(uint64_t *v)
{
	for (unsigned int i = 0; i < CPURNG_RDSEED_TRIES; i++) {
		if (insn_rdseed64(v))
			return true;
		insn_pause();
	}
	*v = 0;
	return false;
}

uint64_t cpurng_cycles(void)
{
	return insn_rdtsc();
}

void cpurng_gather(const struct cpurng_caps *caps, uint64_t *seeds, uint64_t *rands,
		   size_t n, struct cpurng_counts *counts)
{
	counts->rdseed = 0;
	counts->rdrand = 0;
	counts->none = 0;
	for (size_t i = 0; i < n; i++) {
		if (caps->rdseed && cpurng_rdseed64(&seeds[counts->rdseed]))
			counts->rdseed++;
		else if (caps->rdrand && cpurng_rdrand64(&rands[counts->rdrand]))
			counts->rdrand++;
		else
			counts->none++;
	}
}
