/* SPDX-License-Identifier: MIT */
/* Reference: NIST SP 800-90B (2018) section 4.4; Linux
 * arch/x86/kernel/cpu/rdrand.c; AMD-SB-7055. */
#include "health.h"

#include <string.h>

#include "wipe.h"

uint32_t es_health_rct_cutoff(unsigned int h_bits, unsigned int alpha_log2)
{
	if (h_bits == 0)
		return 0;
	return 1u + (alpha_log2 + h_bits - 1u) / h_bits;
}

uint32_t es_health_apt_cutoff(unsigned int h_bits)
{
	/* 1 + CRITBINOM(512, 2^-H, 1 - 2^-30), H = 1..8: the smallest c with
	 * P(X >= c) <= 2^-30 for X ~ Binomial(512, 2^-H) (SP 800-90B 4.4.2). */
	static const uint16_t cutoff[9] = { 0, 325, 190, 114, 71, 46, 31, 22, 16 };

	return h_bits <= 8u ? cutoff[h_bits] : 0u;
}

void es_health_init(struct es_health_test *t, unsigned int h_bits)
{
	memset(t, 0, sizeof(*t));
	t->h = h_bits;
	t->rct_cutoff = es_health_rct_cutoff(h_bits, ES_HEALTH_ALPHA_LOG2);
	t->apt_cutoff = es_health_apt_cutoff(h_bits);
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

bool es_health_rdrand_startup(const uint64_t s[ES_STARTUP_SAMPLES + 1])
{
	unsigned int changed = 0;

	for (unsigned int i = 1; i <= ES_STARTUP_SAMPLES; i++)
		changed += s[i] != s[i - 1] ? 1u : 0u;
	return changed >= ES_HEALTH_RDRAND_MIN_CHANGE;
}

uint32_t es_health_credit(uint32_t bytes, unsigned int h_bits)
{
	uint64_t bits = (uint64_t)bytes * h_bits;

	return bits > UINT32_MAX ? UINT32_MAX : (uint32_t)bits;
}

static uint64_t word_at(const uint8_t *p, size_t i)
{
	uint64_t v = 0;

	for (unsigned int k = 0; k < 8u; k++)
		v |= (uint64_t)p[8u * i + k] << (8u * k);
	return v;
}

void es_health_feed_words(struct es_health_test *t, const uint8_t *p, size_t nwords)
{
	for (size_t i = 0; i < nwords; i++) {
		uint64_t v = word_at(p, i);

		es_health_feed_u64(t, &v, 1);
		es_wipe(&v, sizeof(v));
	}
	es_health_feed_batch(t, p, nwords);
}

void es_health_feed_batch(struct es_health_test *t, const uint8_t *p, size_t nwords)
{
	uint64_t step = 0;
	bool counter = nwords >= 3u;
	uint8_t stuck = 0xffu; /* bit k: byte k has not changed yet */

	for (size_t i = 1; i < nwords; i++) {
		uint64_t v = word_at(p, i), prev = word_at(p, i - 1);

		for (size_t j = 0; j < i; j++) {
			if (word_at(p, j) == v) {
				es_health_fail(t, "returned a 64-bit value it had returned before in this batch");
				break;
			}
		}
		if (i == 1)
			step = v - prev;
		else if (v - prev != step)
			counter = false;
		for (unsigned int k = 0; k < 8u; k++) {
			if (p[8u * i + k] != p[k])
				stuck &= (uint8_t)~(1u << k);
		}
	}
	if (counter)
		es_health_fail(t, "returns a counter (the same step between every two results)");
	if (nwords >= ES_HEALTH_BATCH_BYTE_MIN && stuck != 0)
		es_health_fail(t, "one byte of its results never changes");
}

/* Does p[0..n) repeat with period per over its whole length? */
static bool periodic(const uint8_t *p, size_t n, size_t per)
{
	for (size_t i = per; i < n; i++) {
		if (p[i] != p[i - per])
			return false;
	}
	return true;
}

void es_health_feed_table(struct es_health_test *t, const uint8_t *p, size_t n)
{
	/* A random buffer fails at its first or second compare for almost every
	 * period, so this costs about n compares, not n^2 / 2. */
	for (size_t per = 1; per <= n / 2u; per++) {
		if (periodic(p, n, per)) {
			es_health_fail(t, per == 1 ? "every byte is the same" :
					  "a short pattern repeated over the whole table");
			break;
		}
	}
	es_health_feed(t, p, n);
}
