/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_CORE_HEALTH_H
#define EARLYSEED_CORE_HEALTH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "earlyseed.h"

/*
 * Health tests for the sources a session is fed (core/session.c): a broken
 * source is still mixed (mixing cannot remove unknownness) but never counts
 * toward the seed's entropy. See docs/health.md "Health tests".
 */

/* SP 800-90B section 4.4: false-positive probability alpha = 2^-30 (the
 * loosest it allows; 2^-40 would be stricter). */
#define ES_HEALTH_ALPHA_LOG2 30u
/* SP 800-90B 4.4.2: the APT window for non-binary samples. */
#define ES_HEALTH_APT_WINDOW 512u
/* Linux arch/x86/kernel/cpu/rdrand.c x86_init_rdrand(): MIN_CHANGE 5. */
#define ES_HEALTH_RDRAND_MIN_CHANGE 5

/* SP 800-90B 4.4.1: C = 1 + ceil(-log2(alpha) / H). 0 if h_bits is 0. */
uint32_t es_health_rct_cutoff(unsigned int h_bits, unsigned int alpha_log2);
/*
 * SP 800-90B 4.4.2: C = 1 + CRITBINOM(W, 2^-H, 1 - alpha) for W = 512 and
 * alpha = 2^-30, H = 1..8 bits per byte; 0 for any other H. Constants (no
 * floating point in firmware): tests/core/test_health.c derives each one again
 * from the binomial tail and checks SP 800-90B's Table 2.
 */
uint32_t es_health_apt_cutoff(unsigned int h_bits);

void es_health_init(struct es_health_test *t, unsigned int h_bits);
/* Feed bytes to the RCT and APT. */
void es_health_feed(struct es_health_test *t, const void *p, size_t n);
/* Feed 64-bit RDRAND/RDSEED results: each must be neither 0 nor all-ones
 * (AMD returns all-ones with CF=1 after resume; Zen5's RDSEED returns 0,
 * AMD-SB-7055) and differ from the one before; then their bytes. */
void es_health_feed_u64(struct es_health_test *t, const uint64_t *v, size_t n);
/*
 * Checks on one batch of 64-bit CPU results (little-endian), beyond the
 * per-word ones: a value that repeats any earlier one (a source alternating
 * between a few values), a constant step between neighbours (a counter), and
 * a byte position that never changes across a batch of at least
 * ES_HEALTH_BATCH_BYTE_MIN words. For a healthy source each is less likely
 * than SP 800-90B's alpha: about n^2 2^-65, 2^-64, and 8 * 2^-8(n-1).
 */
#define ES_HEALTH_BATCH_BYTE_MIN 16u
void es_health_feed_batch(struct es_health_test *t, const uint8_t *p, size_t nwords);
/* A batch of nwords little-endian 64-bit results: es_health_feed_u64() on
 * each, then es_health_feed_batch() on all. */
void es_health_feed_words(struct es_health_test *t, const uint8_t *p, size_t nwords);

/*
 * Feed a buffer handed over whole (a previous seed table): all bytes equal,
 * or a pattern of period p <= n/2 repeated over the whole buffer (a short
 * key copied out, littlekernel's 512 zero bytes) fails; then the bytes.
 */
void es_health_feed_table(struct es_health_test *t, const uint8_t *p, size_t n);
/* Mark failed with a reason (e.g. the start-up test below). */
void es_health_fail(struct es_health_test *t, const char *why);

/* Linux's RDRAND start-up test: s[0] is the last of the kernel's first
 * ES_STARTUP_SAMPLES reads ("prev = tmp"), s[1..8] the next eight; at
 * least ES_HEALTH_RDRAND_MIN_CHANGE of the eight must differ from the one before. */
bool es_health_rdrand_startup(const uint64_t s[ES_STARTUP_SAMPLES + 1]);

/* Bits bytes count at h_bits per byte (saturating). */
uint32_t es_health_credit(uint32_t bytes, unsigned int h_bits);

#endif
