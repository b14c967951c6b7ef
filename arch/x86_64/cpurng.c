/* SPDX-License-Identifier: MIT */
#include "cpurng.h"

#include "insn.h"
#include "../../core/earlyseed.h"

#define CPUID_1_ECX_RDRAND (1u << 30)
#define CPUID_7_EBX_RDSEED (1u << 18)

bool cpurng_has_rdrand(void)
{
	uint32_t r[4];

	insn_cpuid(1, 0, r);
	return (r[2] & CPUID_1_ECX_RDRAND) != 0u;
}

bool cpurng_has_rdseed(void)
{
	uint32_t r[4];

	insn_cpuid(0, 0, r);
	if (r[0] < 7u)
		return false;
	insn_cpuid(7, 0, r);
	return (r[1] & CPUID_7_EBX_RDSEED) != 0u;
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

static enum es_cpu_probe probe_rdseed(const struct es_cpu_facts *f)
{
	(void)f; /* the CPU's own registers say it */
	return cpurng_has_rdseed() ? ES_CPU_PRESENT : ES_CPU_ABSENT;
}

static enum es_cpu_probe probe_rdrand(const struct es_cpu_facts *f)
{
	(void)f; /* the CPU's own registers say it */
	return cpurng_has_rdrand() ? ES_CPU_PRESENT : ES_CPU_ABSENT;
}

static const struct es_cpu_source sources[] = {
	{ ES_SRC_RDSEED, probe_rdseed, cpurng_rdseed64, false, NULL },
	/* Linux tests RDRAND at boot (arch/x86/kernel/cpu/rdrand.c) */
	{ ES_SRC_RDRAND, probe_rdrand, cpurng_rdrand64, true, NULL },
};

const struct es_cpu_arch cpurng_arch = { sources, sizeof(sources) / sizeof(sources[0]), cpurng_cycles,
					 ES_AUDIT_ARCH_X86_64 };
