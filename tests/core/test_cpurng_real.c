/* SPDX-License-Identifier: MIT */
/* The real instructions on the host CPU (the CI machines
 * have both). Skipped, visibly, where CPUID lacks one. */
#include <stdio.h>

#include "../../arch/x86_64/cpurng.h"
#include "../check.h"

#define SAMPLES 64

static bool has_rdrand, has_rdseed;

/* Linux arch/x86/kernel/cpu/rdrand.c: 8 samples need at least 5 changes
 * between neighbours; 64 distinct-enough samples is far stricter. */
static void check_samples(bool (*get)(uint64_t *))
{
	uint64_t v[SAMPLES];
	unsigned int changes = 0;

	for (int i = 0; i < SAMPLES; i++)
		CHECK(get(&v[i]));
	for (int i = 1; i < SAMPLES; i++)
		changes += v[i] != v[i - 1];
	CHECK(changes == SAMPLES - 1);
	for (int i = 0; i < SAMPLES; i++)
		CHECK(v[i] != 0 && v[i] != UINT64_MAX);
}

static void test_real_rdrand(void)
{
	check_samples(cpurng_rdrand64);
}

static void test_real_rdseed(void)
{
	check_samples(cpurng_rdseed64);
}

/* The engine's gathering and health logic on the host CPU's own
 * instructions: the RDRAND start-up test, the stuck-value checks, RCT and
 * APT all pass, and the gathered bytes reach the 256-bit gate on their own. */
static void test_real_gather(void)
{
	/* a large sample: 1000 boots' worth of the host's own results */
	for (int round = 0; round < 1000; round++) {
		struct es_session s;
		struct es_cpu_report r;
		struct es_verdict v;
		struct es_trust trust;

		es_trust_defaults(&trust);
		es_session_begin(&s);
		es_cpu_gather(&s, &cpurng_arch, NULL, &r);
		CHECK(r.longs[ES_SRC_RDSEED] + r.longs[ES_SRC_RDRAND] == ES_CPU_LONGS && r.failed == 0);
		if (has_rdseed)
			CHECK(r.longs[ES_SRC_RDSEED] > 0);
		es_session_judge(&s, &trust, &v);
		CHECK(v.state[ES_SRC_RDSEED] != ES_FAIL && v.state[ES_SRC_RDRAND] != ES_FAIL);
		CHECK(v.gate_met);
		es_session_end(&s);
	}
}

int main(void)
{
	has_rdrand = cpurng_has_rdrand();
	has_rdseed = cpurng_has_rdseed();
	printf("# host cpu: rdrand %s, rdseed %s\n", has_rdrand ? "present" : "absent",
	       has_rdseed ? "present" : "absent");
	if (has_rdrand)
		RUN(test_real_rdrand);
	else
		check_skip("test_real_rdrand", "host CPU has no RDRAND (CPUID.01H:ECX[30] clear)");
	if (has_rdseed)
		RUN(test_real_rdseed);
	else
		check_skip("test_real_rdseed", "host CPU has no RDSEED (CPUID.07H:EBX[18] clear)");
	if (has_rdrand || has_rdseed)
		RUN(test_real_gather);
	else
		check_skip("test_real_gather", "host CPU has neither instruction");
	return check_done();
}
