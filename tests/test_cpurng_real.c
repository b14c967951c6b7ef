/* SPDX-License-Identifier: MIT */
/* The real instructions on the host CPU (SPEC.md section 4: these machines
 * have both). Skipped, visibly, where CPUID lacks one. */
#include <stdio.h>

#include "../arch/x86_64/cpurng.h"
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

static void test_real_gather(void)
{
	uint64_t seeds[64], rands[64];
	struct cpurng_counts n;

	cpurng_gather(&caps, seeds, rands, 64, &n);
	CHECK(n.rdseed + n.rdrand == 64 && n.none == 0);
	if (caps.rdseed)
		CHECK(n.rdseed > 0);
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
