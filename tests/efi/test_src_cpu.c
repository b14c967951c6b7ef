/* SPDX-License-Identifier: MIT */
/*
 * The fault matrix (tests/efi/matrix.h) for efi/src_cpu.c: RDRAND and RDSEED
 * that fail Linux's tests.
 */
#include "matrix.h"

static int all_ones(uint64_t *v)
{
	*v = UINT64_MAX;
	return 1;
}

static int zero_cf1(uint64_t *v)
{
	*v = 0;
	return 1;
}

static int never_ready(uint64_t *v)
{
	*v = 0;
	return 0;
}

static void test_rdrand_all_ones(void)
{
	base();
	fake_insn.leaf7_ebx = 0; /* AMD: no RDSEED */
	fake_insn.rdrand_fn = all_ones;
	fake.no_rng_protocol = true;
	finish(false, true);
	CHECK(logged("health: rdrand: fail: fewer than 5 changes in 8 samples"));
	CHECK(logged("rdrand=512 ") && logged("rdrand:fail"));
	/* with a healthy EFI RNG the table is made without RDRAND */
	base();
	fake_insn.leaf7_ebx = 0;
	fake_insn.rdrand_fn = all_ones;
	finish(true, true);
}

static void test_rdrand_fails_startup_distrusts_rdseed(void)
{
	base();
	fake_insn.rdrand_fn = all_ones;
	fake.no_rng_protocol = true;
	finish(false, true);
	CHECK(logged("health: rdseed: fail: distrusted: its DRBG sibling failed Linux's start-up test"));
}

static void test_rdseed_zero_cf1(void)
{
	base();
	fake_insn.rdseed_fn = zero_cf1; /* Zen5, 16/32-bit form's symptom */
	fake.no_rng_protocol = true;
	finish(false, true);
	CHECK(logged("health: rdseed: fail: returned 0 with CF=1"));
	CHECK(logged("rdseed=512 rdrand=0 "));
	base();
	fake_insn.rdseed_fn = zero_cf1;
	finish(true, true); /* EFI RNG: 64 bytes, 256 bits */
}

static void test_rdseed_never_ready(void)
{
	base();
	fake_insn.rdseed_fn = never_ready;
	fake.no_rng_protocol = true;
	finish(true, true);
	CHECK(logged("64 longs asked, 0 from rdseed, 64 from rdrand, 0 failed"));
	CHECK(logged("health=rdseed:fail,rdrand:pass"));
	CHECK(fake_insn.rdseed_calls == 64u * 100u);
}

int main(void)
{
	matrix_start();
	RUN(test_rdrand_all_ones);
	RUN(test_rdrand_fails_startup_distrusts_rdseed);
	RUN(test_rdseed_zero_cf1);
	RUN(test_rdseed_never_ready);
	return matrix_done();
}
