/* SPDX-License-Identifier: MIT */
/* cpurng.c against scripted instructions: probes and retry bounds. */
#include <string.h>

#include "../arch/x86_64/cpurng.h"
#include "check.h"
#include "fake_insn.h"

#define RDRAND_BIT (1u << 30)
#define RDSEED_BIT (1u << 18)

static void reset(void)
{
	memset(&fake_insn, 0, sizeof(fake_insn));
	fake_insn.max_leaf = 0x16;
}

static void test_probe(void)
{
	struct cpurng_caps caps;

	reset();
	fake_insn.leaf1_ecx = RDRAND_BIT;
	fake_insn.leaf7_ebx = RDSEED_BIT;
	cpurng_probe(&caps);
	CHECK(caps.rdrand && caps.rdseed);

	reset();
	cpurng_probe(&caps);
	CHECK(!caps.rdrand && !caps.rdseed);

	/* Max leaf 6: leaf 7 must not be asked, whatever it would say. */
	reset();
	fake_insn.max_leaf = 6;
	fake_insn.leaf1_ecx = RDRAND_BIT;
	fake_insn.leaf7_ebx = RDSEED_BIT;
	cpurng_probe(&caps);
	CHECK(caps.rdrand && !caps.rdseed);
	CHECK(fake_insn.leaf7_calls == 0);
}

static void test_rdrand_fails_9_then_succeeds(void)
{
	struct fake_step s[10] = { { 0, 0 } };
	uint64_t v = 0;

	reset();
	s[9].cf = 1;
	s[9].value = 0x0123456789abcdefu;
	fake_insn.rdrand = s;
	fake_insn.rdrand_len = 10;
	CHECK(cpurng_rdrand64(&v));
	CHECK(v == 0x0123456789abcdefu);
	CHECK(fake_insn.rdrand_calls == 10);
}

static void test_rdrand_fails_10_gives_up(void)
{
	struct fake_step s[11] = { { 0, 0 } };
	uint64_t v = 7;

	reset();
	s[10].cf = 1; /* the 11th would succeed: it must not be tried */
	s[10].value = 42;
	fake_insn.rdrand = s;
	fake_insn.rdrand_len = 11;
	CHECK(!cpurng_rdrand64(&v));
	CHECK(v == 0);
	CHECK(fake_insn.rdrand_calls == CPURNG_RDRAND_TRIES);
	CHECK(CPURNG_RDRAND_TRIES == 10);
}

static void test_rdseed_never_ready(void)
{
	uint64_t v = 7;

	reset();
	CHECK(!cpurng_rdseed64(&v));
	CHECK(v == 0);
	CHECK(fake_insn.rdseed_calls == CPURNG_RDSEED_TRIES);
	CHECK(fake_insn.pause_calls == CPURNG_RDSEED_TRIES);
}

static void test_rdseed_retries_with_pause(void)
{
	struct fake_step s[4] = { { 0, 0 }, { 0, 0 }, { 0, 0 }, { 1, 99 } };
	uint64_t v = 0;

	reset();
	fake_insn.rdseed = s;
	fake_insn.rdseed_len = 4;
	CHECK(cpurng_rdseed64(&v));
	CHECK(v == 99);
	CHECK(fake_insn.pause_calls == 3);
}

/* No RDSEED on the CPU: it is never executed; RDRAND fills every long. */
static void test_gather_without_rdseed(void)
{
	struct fake_step r[8];
	struct cpurng_caps caps = { .rdrand = true, .rdseed = false };
	struct cpurng_counts n;
	uint64_t seeds[8], rands[8];

	reset();
	for (int i = 0; i < 8; i++)
		r[i] = (struct fake_step){ 1, (uint64_t)i + 100 };
	fake_insn.rdrand = r;
	fake_insn.rdrand_len = 8;
	cpurng_gather(&caps, seeds, rands, 8, &n);
	CHECK(n.rdseed == 0 && n.rdrand == 8 && n.none == 0);
	CHECK(fake_insn.rdseed_calls == 0);
	CHECK(rands[0] == 100 && rands[7] == 107);
}

/* RDSEED that never succeeds: every long falls back to RDRAND, as v3.17
 * init_std_data() does; with neither, the longs are counted as failed. */
static void test_gather_rdseed_never_succeeds(void)
{
	struct fake_step r[3] = { { 1, 1 }, { 1, 2 }, { 1, 3 } };
	struct cpurng_caps caps = { .rdrand = true, .rdseed = true };
	struct cpurng_counts n;
	uint64_t seeds[4], rands[4];

	reset();
	fake_insn.rdrand = r;
	fake_insn.rdrand_len = 3;
	cpurng_gather(&caps, seeds, rands, 4, &n);
	CHECK(n.rdseed == 0 && n.rdrand == 3 && n.none == 1);
	CHECK(fake_insn.rdseed_calls == 4 * CPURNG_RDSEED_TRIES);
	CHECK(rands[0] == 1 && rands[2] == 3);
}

static void test_gather_mixed(void)
{
	struct fake_step s[] = { { 1, 10 }, { 0, 0 }, { 1, 11 } };
	struct fake_step r[] = { { 1, 20 } };
	struct cpurng_caps caps = { .rdrand = true, .rdseed = true };
	struct cpurng_counts n;
	uint64_t seeds[3], rands[3];

	reset();
	fake_insn.rdseed = s;
	fake_insn.rdseed_len = 3;
	fake_insn.rdrand = r;
	fake_insn.rdrand_len = 1;
	/* long 0: rdseed 10; long 1: rdseed fails once then 11; long 2:
	 * rdseed exhausted -> rdrand 20. */
	cpurng_gather(&caps, seeds, rands, 3, &n);
	CHECK(n.rdseed == 2 && n.rdrand == 1 && n.none == 0);
	CHECK(seeds[0] == 10 && seeds[1] == 11 && rands[0] == 20);
}

int main(void)
{
	RUN(test_probe);
	RUN(test_rdrand_fails_9_then_succeeds);
	RUN(test_rdrand_fails_10_gives_up);
	RUN(test_rdseed_never_ready);
	RUN(test_rdseed_retries_with_pause);
	RUN(test_gather_without_rdseed);
	RUN(test_gather_rdseed_never_succeeds);
	RUN(test_gather_mixed);
	return check_done();
}
