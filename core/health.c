/* SPDX-License-Identifier: MIT */
/* Reference: NIST SP 800-90B (2018) section 4.4; Linux
 * arch/x86/kernel/cpu/rdrand.c; SPEC.md section 4. */
#include "health.h"

#include <string.h>

#include "wipe.h"

uint32_t es_health_rct_cutoff(unsigned int h_bits, unsigned int alpha_log2)
{
	if (h_bits == 0)
		return 0;
	return 1u + (alpha_log2 + h_bits - 1u) / h_bits;
}

uint32_t es_health_apt_cutoff(unsigned int h_bits, unsigned int window, unsigned int alpha_log2)
{
	/* Binomial(W, p) tail, summed from the top: pmf(k) from pmf(0) =
	 * (1-p)^W and pmf(k+1) = pmf(k) * (W-k)/(k+1) * p/(1-p). Doubles
	 * suffice: W = 512, p >= 2^-8, so pmf(0) >= 2^-512 > DBL_MIN. */
	double p, q, pmf[ES_HEALTH_APT_WINDOW + 1];
	double alpha = 1.0, tail = 0.0;

	if (h_bits == 0 || window == 0 || window > ES_HEALTH_APT_WINDOW)
		return 0;
	p = 1.0 / (double)(1u << (h_bits > 30u ? 30u : h_bits));
	q = 1.0 - p;
	for (unsigned int i = 0; i < alpha_log2; i++)
		alpha /= 2.0;
	pmf[0] = 1.0;
	for (unsigned int i = 0; i < window; i++)
		pmf[0] *= q;
	for (unsigned int k = 0; k < window; k++)
		pmf[k + 1] = pmf[k] * (double)(window - k) / (double)(k + 1) * (p / q);
	/* Smallest c with P(X >= c) <= alpha. */
	for (unsigned int c = window; c > 0; c--) {
		tail += pmf[c];
		if (tail > alpha)
			return c + 1u;
	}
	return 1;
}

void es_health_init(struct es_health_test *t, unsigned int h_bits)
{
	memset(t, 0, sizeof(*t));
	t->h = h_bits;
	t->rct_cutoff = es_health_rct_cutoff(h_bits, ES_HEALTH_ALPHA_LOG2);
	t->apt_cutoff = es_health_apt_cutoff(h_bits, ES_HEALTH_APT_WINDOW, ES_HEALTH_ALPHA_LOG2);
}

void es_health_wipe(struct es_health_test *t)
{
	bool failed = t->failed;
	const char *why = t->why;
	unsigned int h = t->h;

	es_wipe(t, sizeof(*t));
	t->failed = failed;
	t->why = why;
	t->h = h;
}

void es_health_fail(struct es_health_test *t, const char *why)
{
	if (!t->failed) {
		t->failed = true;
		t->why = why;
	}
}

void es_health_feed(struct es_health_test *t, const void *p, size_t n)
{
	const uint8_t *b = p;

	for (size_t i = 0; i < n; i++) {
		/* 4.4.1 Repetition Count Test */
		if (t->started && b[i] == t->rct_last) {
			if (++t->rct_count >= t->rct_cutoff)
				es_health_fail(t, "repetition count test (SP 800-90B 4.4.1)");
		} else {
			t->rct_last = b[i];
			t->rct_count = 1;
		}
		t->started = true;
		/* 4.4.2 Adaptive Proportion Test, non-overlapping windows */
		if (t->apt_seen == 0) {
			t->apt_ref = b[i];
			t->apt_count = 1;
		} else if (b[i] == t->apt_ref) {
			if (++t->apt_count >= t->apt_cutoff)
				es_health_fail(t, "adaptive proportion test (SP 800-90B 4.4.2)");
		}
		if (++t->apt_seen == ES_HEALTH_APT_WINDOW)
			t->apt_seen = 0;
	}
}

void es_health_feed_u64(struct es_health_test *t, const uint64_t *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		uint8_t le[8];

		if (v[i] == 0 || v[i] == UINT64_MAX)
			es_health_fail(t, v[i] == 0 ? "returned 0 with CF=1" : "returned all-ones with CF=1");
		else if (t->words > 0 && v[i] == t->last_word)
			es_health_fail(t, "returned the same 64-bit value twice in a row");
		t->last_word = v[i];
		t->words++;
		for (unsigned int k = 0; k < 8u; k++)
			le[k] = (uint8_t)(v[i] >> (8u * k));
		es_health_feed(t, le, sizeof(le));
		es_wipe(le, sizeof(le));
	}
}

void es_health_feed_blocks(struct es_health_test *t, const void *a, const void *b, size_t n)
{
	if (n > 0 && memcmp(a, b, n) == 0)
		es_health_fail(t, "returned the same block twice");
	es_health_feed(t, a, n);
	es_health_feed(t, b, n);
}

bool es_health_rdrand_startup(const uint64_t s[ES_HEALTH_RDRAND_SAMPLES + 1])
{
	unsigned int changed = 0;

	for (unsigned int i = 1; i <= ES_HEALTH_RDRAND_SAMPLES; i++)
		changed += s[i] != s[i - 1] ? 1u : 0u;
	return changed >= ES_HEALTH_RDRAND_MIN_CHANGE;
}

uint32_t es_health_credit(uint32_t bytes, unsigned int h_bits)
{
	uint64_t bits = (uint64_t)bytes * h_bits;

	return bits > UINT32_MAX ? UINT32_MAX : (uint32_t)bits;
}

unsigned int es_health_h_of(enum es_seed_source src)
{
	/* Clocks are predictable to anyone who knows the boot: 0. */
	static const unsigned int h[ES_SEED_SRC_COUNT] = {
		[ES_SEED_SRC_CLOCK] = 0,
		[ES_SEED_SRC_PREV_TABLE] = ES_HEALTH_H_PREV_TABLE,
		[ES_SEED_SRC_EFI_RNG] = ES_HEALTH_H_EFI_RNG,
		[ES_SEED_SRC_RDSEED] = ES_HEALTH_H_RDSEED,
		[ES_SEED_SRC_RDRAND] = ES_HEALTH_H_RDRAND,
	};

	return (unsigned int)src < ES_SEED_SRC_COUNT ? h[src] : 0;
}

uint32_t es_health_entropy_bits(const struct es_seed_stats *st, const bool pass[ES_SEED_SRC_COUNT])
{
	uint64_t bits = 0;

	for (unsigned int s = 0; s < ES_SEED_SRC_COUNT; s++) {
		if (pass[s])
			bits += es_health_credit(st->bytes[s], es_health_h_of((enum es_seed_source)s));
	}
	return bits > UINT32_MAX ? UINT32_MAX : (uint32_t)bits;
}
