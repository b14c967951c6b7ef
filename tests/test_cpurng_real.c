/* SPDX-License-Identifier: MIT */
/* The real instructions on the host CPU (SPEC.md section 4: these machines
 * have both). Skipped, visibly, where CPUID lacks one. */
#include <stdio.h>

#include "../arch/x86_64/cpurng.h"
#include "../core/health.h"
#include "check.h"

#define SAMPLES 64

static struct cpurng_caps caps;

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

/* The app's gathering and health logic on the host CPU's own instructions:
 * the RDRAND start-up test, the stuck-value checks, RCT and APT all pass,
 * and the gathered bytes reach the 256-bit gate on their own. */
static void test_real_gather(void)
{
	uint64_t seeds[64], rands[64], startup[ES_HEALTH_RDRAND_SAMPLES + 1];
	struct cpurng_counts n;
	struct es_health_test hs, hr;
	struct es_seed_stats st = { { 0 } };
	bool pass[ES_SEED_SRC_COUNT] = { false, false, false, true, true };

	if (caps.rdrand) {
		for (unsigned int i = 0; i <= ES_HEALTH_RDRAND_SAMPLES; i++)
			CHECK(cpurng_rdrand64(&startup[i]));
		CHECK(es_health_rdrand_startup(startup));
	}
	for (int round = 0; round < 16; round++) {
		es_health_init(&hs, ES_HEALTH_H_RDSEED);
		es_health_init(&hr, ES_HEALTH_H_RDRAND);
		cpurng_gather(&caps, seeds, rands, 64, &n);
		CHECK(n.rdseed + n.rdrand == 64 && n.none == 0);
		if (caps.rdseed)
			CHECK(n.rdseed > 0);
		es_health_feed_u64(&hs, seeds, n.rdseed);
		es_health_feed_u64(&hr, rands, n.rdrand);
		CHECK(!hs.failed && !hr.failed);
		st.bytes[ES_SEED_SRC_RDSEED] = n.rdseed * 8u;
		st.bytes[ES_SEED_SRC_RDRAND] = n.rdrand * 8u;
		CHECK(es_health_entropy_bits(&st, pass) >= ES_HEALTH_GATE_BITS);
	}
}

int main(void)
{
	cpurng_probe(&caps);
	printf("# host cpu: rdrand %s, rdseed %s\n", caps.rdrand ? "present" : "absent",
	       caps.rdseed ? "present" : "absent");
	if (caps.rdrand)
		RUN(test_real_rdrand);
	else
		check_skip("test_real_rdrand", "host CPU has no RDRAND (CPUID.01H:ECX[30] clear)");
	if (caps.rdseed)
		RUN(test_real_rdseed);
	else
		check_skip("test_real_rdseed", "host CPU has no RDSEED (CPUID.07H:EBX[18] clear)");
	if (caps.rdrand || caps.rdseed)
		RUN(test_real_gather);
	else
		check_skip("test_real_gather", "host CPU has neither instruction");
	return check_done();
}
