/* SPDX-License-Identifier: MIT */
/* Health tests: cutoffs derived from SP 800-90B's formulas here, not copied;
 * each test fires on the faults SPEC.md section 4-5 lists. */
#include <math.h>
#include <string.h>

#include "../core/health.h"
#include "check.h"

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

static void test_apt_cutoff_formula(void)
{
	for (unsigned int h = 1; h <= 8; h++) {
		double p = ldexp(1.0, -(int)h), alpha = ldexp(1.0, -30);
		uint32_t c = es_health_apt_cutoff(h, 512, 30);

		/* smallest c with P(X >= c) <= alpha */
		CHECK(binom_tail(512, p, c) <= alpha);
		CHECK(binom_tail(512, p, c - 1) > alpha);
	}
	/* SP 800-90B Table 2 (W = 512, alpha = 2^-20) */
	CHECK(es_health_apt_cutoff(1, 512, 20) == 311);
	CHECK(es_health_apt_cutoff(2, 512, 20) == 177);
	CHECK(es_health_apt_cutoff(4, 512, 20) == 62);
	CHECK(es_health_apt_cutoff(8, 512, 20) == 13);
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

	es_health_init(&t, ES_HEALTH_H_RDRAND);
	es_health_feed_u64(&t, ones, 4); /* AMD fam 15h/16h after resume */
	CHECK(t.failed && strstr(t.why, "all-ones") != NULL);
	es_health_init(&t, ES_HEALTH_H_RDSEED);
	es_health_feed_u64(&t, zero, 2); /* Zen5 RDSEED */
	CHECK(t.failed && strstr(t.why, "0 with CF=1") != NULL);
	es_health_init(&t, ES_HEALTH_H_RDSEED);
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
	uint32_t c = es_health_apt_cutoff(4, 512, 30);

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

static void test_repeating_blocks(void)
{
	struct es_health_test t;
	uint8_t a[32], b[32];

	check_rand_fill(a, sizeof(a));
	memcpy(b, a, sizeof(b));
	es_health_init(&t, ES_HEALTH_H_EFI_RNG);
	es_health_feed_blocks(&t, a, b, sizeof(a)); /* Surface Go style */
	CHECK(t.failed && strstr(t.why, "same block") != NULL);
	b[31] ^= 1;
	es_health_init(&t, ES_HEALTH_H_EFI_RNG);
	es_health_feed_blocks(&t, a, b, sizeof(a));
	CHECK(!t.failed);
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
	CHECK(es_health_credit(512, ES_HEALTH_H_RDRAND) == 512);
	CHECK(es_health_credit(64, ES_HEALTH_H_EFI_RNG) == 256);
	CHECK(es_health_credit(UINT32_MAX, 8) == UINT32_MAX);
	CHECK(es_health_credit(32, ES_HEALTH_H_PREV_TABLE) == ES_HEALTH_GATE_BITS);
}

/* The gate: only passing, non-clock sources count; 256 bits needed. */
static void test_entropy_gate(void)
{
	struct es_seed_stats st = { { 0 } };
	bool pass[ES_SEED_SRC_COUNT] = { true, true, true, true, true };

	st.bytes[ES_SEED_SRC_CLOCK] = 1000000;
	CHECK(es_health_entropy_bits(&st, pass) == 0);
	st.bytes[ES_SEED_SRC_RDRAND] = 255;
	CHECK(es_health_entropy_bits(&st, pass) == 255);
	st.bytes[ES_SEED_SRC_RDRAND] = 512; /* -cpu max under TCG: RDRAND alone passes */
	CHECK(es_health_entropy_bits(&st, pass) >= ES_HEALTH_GATE_BITS);
	pass[ES_SEED_SRC_RDRAND] = false; /* failing bytes never count */
	CHECK(es_health_entropy_bits(&st, pass) == 0);
	st.bytes[ES_SEED_SRC_EFI_RNG] = 64; /* two 32-byte blocks of one instance */
	CHECK(es_health_entropy_bits(&st, pass) == 256);
	st.bytes[ES_SEED_SRC_EFI_RNG] = 32;
	st.bytes[ES_SEED_SRC_PREV_TABLE] = 16;
	CHECK(es_health_entropy_bits(&st, pass) == 128 + 128);
	CHECK(es_health_h_of(ES_SEED_SRC_CLOCK) == 0);
}

int main(void)
{
	RUN(test_rct_cutoff_formula);
	RUN(test_apt_cutoff_formula);
	RUN(test_good_data_passes);
	RUN(test_stuck_words);
	RUN(test_rct_fires);
	RUN(test_apt_fires);
	RUN(test_repeating_blocks);
	RUN(test_rdrand_startup);
	RUN(test_credit);
	RUN(test_entropy_gate);
	return check_done();
}
