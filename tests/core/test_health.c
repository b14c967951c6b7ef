/* SPDX-License-Identifier: MIT */
/* Health tests: cutoffs derived from SP 800-90B's formulas here, not copied;
 * each test fires on the known faults: AMD RDRAND all-ones after resume, Zen5
 * RDSEED zeros (AMD-SB-7055), a firmware RNG that repeats itself. */
#include <math.h>
#include <string.h>

#include "../../core/health.h"
#include "../check.h"

/* P(X >= c) for X ~ Binomial(w, p), by lgamma: independent of core/. */
static double binom_tail(unsigned int w, double p, unsigned int c)
{
	double t = 0.0;

	for (unsigned int k = c; k <= w; k++)
		t += exp(lgamma(w + 1.0) - lgamma(k + 1.0) - lgamma(w - k + 1.0) + k * log(p) +
			 (w - k) * log1p(-p));
	return t;
}

static void test_rct_cutoff_formula(void)
{
	for (unsigned int h = 1; h <= 8; h++) {
		double want = 1.0 + ceil(30.0 / h);

		CHECK(es_health_rct_cutoff(h, 30) == (uint32_t)want);
	}
	CHECK(es_health_rct_cutoff(1, 30) == 31);
	CHECK(es_health_rct_cutoff(0, 30) == 0);
}

/* 1 + CRITBINOM(w, 2^-h, 1 - 2^-alpha_log2): the smallest c with
 * P(X >= c) <= alpha, searched with the lgamma tail above. */
static uint32_t ref_apt_cutoff(unsigned int h, unsigned int w, unsigned int alpha_log2)
{
	double p = ldexp(1.0, -(int)h), alpha = ldexp(1.0, -(int)alpha_log2);

	for (uint32_t c = 1; c <= w; c++) {
		if (binom_tail(w, p, c) <= alpha)
			return c;
	}
	return w + 1;
}

/* The firmware's constants (no floating point there) against the formula. */
static void test_apt_cutoff_formula(void)
{
	/* the reference method reproduces SP 800-90B Table 2 (W = 512,
	 * alpha = 2^-20) ... */
	CHECK(ref_apt_cutoff(1, 512, 20) == 311);
	CHECK(ref_apt_cutoff(2, 512, 20) == 177);
	CHECK(ref_apt_cutoff(4, 512, 20) == 62);
	CHECK(ref_apt_cutoff(8, 512, 20) == 13);
	/* ... and agrees with every constant core/ uses (alpha = 2^-30) */
	for (unsigned int h = 1; h <= 8; h++)
		CHECK(es_health_apt_cutoff(h) == ref_apt_cutoff(h, ES_HEALTH_APT_WINDOW, ES_HEALTH_ALPHA_LOG2));
	CHECK(es_health_apt_cutoff(0) == 0 && es_health_apt_cutoff(9) == 0);
}

static void test_good_data_passes(void)
{
	struct es_health_test t;
	uint64_t v[512];

	check_rand_seed(9);
	for (unsigned int h = 1; h <= 8; h *= 2) {
		es_health_init(&t, h);
		for (int round = 0; round < 8; round++) {
			for (int i = 0; i < 512; i++)
				v[i] = check_rand64();
			es_health_feed_u64(&t, v, 512);
		}
		CHECK(!t.failed);
	}
}

static void test_stuck_words(void)
{
	struct es_health_test t;
	uint64_t ones[4] = { 0x1234, UINT64_MAX, UINT64_MAX, UINT64_MAX };
	uint64_t zero[2] = { 0x1234, 0 };
	uint64_t twice[3] = { 0x1234, 0x5678, 0x5678 };

	es_health_init(&t, 1u);
	es_health_feed_u64(&t, ones, 4); /* AMD fam 15h/16h after resume */
	CHECK(t.failed && strstr(t.why, "all-ones") != NULL);
	es_health_init(&t, 4u);
	es_health_feed_u64(&t, zero, 2); /* Zen5 RDSEED */
	CHECK(t.failed && strstr(t.why, "0 with CF=1") != NULL);
	es_health_init(&t, 4u);
	es_health_feed_u64(&t, twice, 3);
	CHECK(t.failed && strstr(t.why, "twice") != NULL);
}

static void test_rct_fires(void)
{
	struct es_health_test t;
	uint8_t b[64];

	check_rand_fill(b, sizeof(b));
	memset(b + 20, 0xab, 9); /* cutoff for H = 4 is 1 + ceil(30/4) = 9 */
	es_health_init(&t, 4);
	es_health_feed(&t, b, 28);
	CHECK(!t.failed);
	es_health_feed(&t, b + 28, 1);
	CHECK(t.failed && strstr(t.why, "4.4.1") != NULL);
}

static void test_apt_fires(void)
{
	struct es_health_test t;
	uint8_t b[512];
	uint32_t c = es_health_apt_cutoff(4);

	/* one value c times in a window, spread out so the RCT stays quiet */
	for (int i = 0; i < 512; i++)
		b[i] = (uint8_t)(i % 2 == 0 ? 0x42 : i);
	for (unsigned int i = 0; i < 512; i += 2)
		if (i / 2 >= c)
			b[i] = (uint8_t)(i + 1);
	es_health_init(&t, 4);
	es_health_feed(&t, b, sizeof(b));
	CHECK(t.failed && strstr(t.why, "4.4.2") != NULL);
	/* one occurrence fewer passes */
	b[2 * (c - 1)] = 0x43;
	es_health_init(&t, 4);
	es_health_feed(&t, b, sizeof(b));
	CHECK(!t.failed);
}

/* A buffer handed over whole: constants and short periods fail; random
 * tables of every size a kernel reads pass. */
static void test_table_patterns(void)
{
	struct es_health_test t;
	uint8_t b[1024];

	memset(b, 0, 512); /* littlekernel's table */
	es_health_init(&t, 8);
	es_health_feed_table(&t, b, 512);
	CHECK(t.failed && strstr(t.why, "same") != NULL);
	memset(b, 0x5a, 64);
	es_health_init(&t, 8);
	es_health_feed_table(&t, b, 64);
	CHECK(t.failed);
	check_rand_fill(b, 32); /* a 32-byte key copied 16 times */
	for (int i = 1; i < 16; i++)
		memcpy(b + 32 * i, b, 32);
	es_health_init(&t, 8);
	es_health_feed_table(&t, b, 512);
	CHECK(t.failed && strstr(t.why, "pattern") != NULL);
	check_rand_fill(b, 3); /* "abcabcab..." */
	for (int i = 3; i < 40; i++)
		b[i] = b[i - 3];
	es_health_init(&t, 8);
	es_health_feed_table(&t, b, 40);
	CHECK(t.failed);
	check_rand_seed(77);
	for (int round = 0; round < 2000; round++) {
		size_t n = (size_t)(check_rand64() % 1025u);

		check_rand_fill(b, n);
		es_health_init(&t, 8);
		es_health_feed_table(&t, b, n);
		CHECK(!t.failed);
	}
}

static void test_rdrand_startup(void)
{
	uint64_t s[9];

	for (int i = 0; i < 9; i++)
		s[i] = (uint64_t)i + 1;
	CHECK(es_health_rdrand_startup(s));
	/* four changes in eight: fails (needs five) */
	for (int i = 0; i < 9; i++)
		s[i] = (uint64_t)(i / 2);
	CHECK(!es_health_rdrand_startup(s));
	/* exactly five: passes */
	{
		const uint64_t five[9] = { 1, 2, 3, 4, 5, 6, 6, 6, 6 };

		CHECK(es_health_rdrand_startup(five));
	}
}

static void test_credit(void)
{
	CHECK(es_health_credit(512, 1) == 512);
	CHECK(es_health_credit(64, 4) == 256);
	CHECK(es_health_credit(UINT32_MAX, 8) == UINT32_MAX);
	CHECK(es_health_credit(32, 8) == ES_GATE_BITS);
	CHECK(es_health_credit(1000, 0) == 0);
}

/* Deterministic CPU sources: known-bad batches fail, random ones pass. */
static void batch(uint64_t *v, size_t n, bool *failed)
{
	uint8_t b[64 * 8];
	struct es_health_test t;

	for (size_t i = 0; i < n; i++)
		for (unsigned int k = 0; k < 8; k++)
			b[8 * i + k] = (uint8_t)(v[i] >> (8 * k));
	es_health_init(&t, 1);
	es_health_feed_batch(&t, b, n);
	*failed = t.failed;
}

static void test_batch_patterns(void)
{
	uint64_t v[64];
	bool failed;

	/* alternating between two fixed values: neighbours always differ */
	for (int i = 0; i < 64; i++)
		v[i] = i % 2 ? 0x0123456789abcdefull : 0xfedcba9876543210ull;
	batch(v, 64, &failed);
	CHECK(failed);
	/* a counter, step 1 and a large odd step */
	for (int i = 0; i < 64; i++)
		v[i] = UINT64_C(0x8000000000000000) + (uint64_t)i;
	batch(v, 64, &failed);
	CHECK(failed);
	for (int i = 0; i < 64; i++)
		v[i] = UINT64_C(0x9e3779b97f4a7c15) * (uint64_t)(i + 1);
	batch(v, 64, &failed);
	CHECK(failed);
	/* a counter of three is already caught */
	batch(v, 3, &failed);
	CHECK(failed);
	/* one byte position stuck (a 56-bit source) */
	check_rand_seed(3);
	for (int i = 0; i < 64; i++)
		v[i] = (check_rand64() & ~(0xffull << 40)) | (0x5aull << 40);
	batch(v, 64, &failed);
	CHECK(failed);
	/* a repeat far apart */
	for (int i = 0; i < 64; i++)
		v[i] = check_rand64();
	v[50] = v[3];
	batch(v, 64, &failed);
	CHECK(failed);
	/* random batches of every size pass */
	for (int round = 0; round < 20000; round++) {
		size_t n = 1 + (size_t)(check_rand64() % 64);

		for (size_t i = 0; i < n; i++)
			v[i] = check_rand64();
		batch(v, n, &failed);
		CHECK(!failed);
	}
}

int main(void)
{
	RUN(test_rct_cutoff_formula);
	RUN(test_apt_cutoff_formula);
	RUN(test_good_data_passes);
	RUN(test_stuck_words);
	RUN(test_rct_fires);
	RUN(test_apt_fires);
	RUN(test_table_patterns);
	RUN(test_batch_patterns);
	RUN(test_rdrand_startup);
	RUN(test_credit);
	return check_done();
}
