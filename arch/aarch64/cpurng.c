/* SPDX-License-Identifier: MIT */
#include "cpurng.h"

#include "insn.h"
#include "../../core/earlyseed.h"

bool cpurng_has_rng(void)
{
	return ((insn_id_aa64isar0() >> CPURNG_ISAR0_RNDR_SHIFT) & 0xfu) >= 1u;
}

bool cpurng_rndr64(uint64_t *v)
{
	for (unsigned int i = 0; i < CPURNG_RNDR_TRIES; i++) {
		if (insn_rndr(v))
			return true;
	}
	*v = 0;
	return false;
}

bool cpurng_rndrrs64(uint64_t *v)
{
	for (unsigned int i = 0; i < CPURNG_RNDRRS_TRIES; i++) {
		if (insn_rndrrs(v))
			return true;
	}
	*v = 0;
	return false;
}

uint64_t cpurng_cycles(void)
{
	return insn_cntvct();
}

static enum es_cpu_probe probe_rng(const struct es_cpu_facts *f)
{
	(void)f; /* the CPU's own registers say it */
	return cpurng_has_rng() ? ES_CPU_PRESENT : ES_CPU_ABSENT;
}

/* Linux runs no start-up test on RNDR (it has none on arm64); the batch
 * tests (stuck values, repeats, counters, RCT, APT) apply as on x86. */
static const struct es_cpu_source sources[] = {
	{ ES_SRC_RDSEED, probe_rng, cpurng_rndrrs64, false, NULL },
	{ ES_SRC_RDRAND, probe_rng, cpurng_rndr64, false, NULL },
};

const struct es_cpu_arch cpurng_arch = { sources, sizeof(sources) / sizeof(sources[0]), cpurng_cycles,
					 ES_AUDIT_ARCH_AARCH64 };
