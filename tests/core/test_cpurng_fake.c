/* SPDX-License-Identifier: MIT */
/* cpurng.c against scripted instructions: probes and retry bounds. */
#include <string.h>

#include "../../arch/x86_64/cpurng.h"
#include "../check.h"
#include "../fake_insn.h"

#define RDRAND_BIT (1u << 30)
#define RDSEED_BIT (1u << 18)

static void reset(void)
{
	memset(&fake_insn, 0, sizeof(fake_insn));
	fake_insn.max_leaf = 0x16;
}

static void test_probe(void)
{
	reset();
	fake_insn.leaf1_ecx = RDRAND_BIT;
	fake_insn.leaf7_ebx = RDSEED_BIT;
	CHECK(cpurng_has_rdrand() && cpurng_has_rdseed());

	reset();
	CHECK(!cpurng_has_rdrand() && !cpurng_has_rdseed());

	/* Max leaf 6: leaf 7 must not be asked, whatever it would say. */
	reset();
	fake_insn.max_leaf = 6;
	fake_insn.leaf1_ecx = RDRAND_BIT;
	fake_insn.leaf7_ebx = RDSEED_BIT;
	CHECK(cpurng_has_rdrand() && !cpurng_has_rdseed());
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

int main(void)
{
	RUN(test_probe);
	RUN(test_rdrand_fails_9_then_succeeds);
	RUN(test_rdrand_fails_10_gives_up);
	RUN(test_rdseed_never_ready);
	RUN(test_rdseed_retries_with_pause);
	return check_done();
}
