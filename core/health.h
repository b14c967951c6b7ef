/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_CORE_HEALTH_H
#define EARLYSEED_CORE_HEALTH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "seed.h"

/*
 * Health tests for hardware sources: a broken source may still be mixed
 * (mixing cannot remove unknownness) but never counts toward the seed's
 * entropy. See README "Health tests".
 */

/*
 * Assumed min-entropy per output byte, in bits, of each source, and why:
 * RDSEED    4  Intel specifies full entropy (an SP 800-90B/C ENRNG); halved,
 *              as Linux 3.15 counted RDSEED "50% entropic".
 * RDRAND    1  a CTR_DRBG output: its unknownness is bounded by how often the
 *              DRNG reseeds (Intel DRNG guide: at least every 511 calls), so it
 *              is counted at an eighth of its size.
 * EFI_RNG   4  the firmware's algorithm is unknown (raw noise or a DRBG);
 *              halved, as for RDSEED. The Linux stub trusts it in full.
 * PREV      8  a table an earlier stage left: a kernel credits it in full
 *              whether or not earlyseed runs, so counting it changes nothing.
 */
#define ES_HEALTH_H_RDSEED 4u
#define ES_HEALTH_H_RDRAND 1u
#define ES_HEALTH_H_EFI_RNG 4u
#define ES_HEALTH_H_PREV_TABLE 8u

/* SP 800-90B section 4.4: false-positive probability alpha = 2^-30 (the
 * loosest it allows; 2^-40 would be stricter). */
#define ES_HEALTH_ALPHA_LOG2 30u
/* SP 800-90B 4.4.2: the APT window for non-binary samples. */
#define ES_HEALTH_APT_WINDOW 512u
/* What a trusting kernel credits a 32-byte table, and so what the healthy
 * sources must reach (SPEC.md section 1: the crng is ready at 256 bits). */
#define ES_HEALTH_GATE_BITS 256u
/* Linux arch/x86/kernel/cpu/rdrand.c x86_init_rdrand(): SAMPLES 8,
 * MIN_CHANGE 5. */
#define ES_HEALTH_RDRAND_SAMPLES 8u
#define ES_HEALTH_RDRAND_MIN_CHANGE 5u

enum es_health_state { ES_HEALTH_ABSENT = 0, ES_HEALTH_PASS, ES_HEALTH_FAIL };

/* Continuous tests over one source's output, byte by byte (8-bit samples). */
struct es_health_test {
	unsigned int h; /* assumed min-entropy per byte, bits */
	uint32_t rct_cutoff;
	uint32_t apt_cutoff;
	uint32_t rct_count;
	uint32_t apt_count;
	uint32_t apt_seen;
	uint64_t last_word;
	uint32_t words;
	uint8_t rct_last;
	uint8_t apt_ref;
	bool started;
	bool failed;
	const char *why; /* first failure, a static string */
};

/* SP 800-90B 4.4.1: C = 1 + ceil(-log2(alpha) / H). */
uint32_t es_health_rct_cutoff(unsigned int h_bits, unsigned int alpha_log2);
/* SP 800-90B 4.4.2: C = 1 + CRITBINOM(W, 2^-H, 1 - alpha), the smallest c
 * for which P(X >= c) <= alpha, X ~ Binomial(W, 2^-H). 0 if h_bits is 0. */
uint32_t es_health_apt_cutoff(unsigned int h_bits, unsigned int window, unsigned int alpha_log2);

void es_health_init(struct es_health_test *t, unsigned int h_bits);
/* Feed bytes to the RCT and APT. */
void es_health_feed(struct es_health_test *t, const void *p, size_t n);
/* Feed 64-bit RDRAND/RDSEED results: each must be neither 0 nor all-ones
 * (AMD returns all-ones with CF=1 after resume; Zen5's RDSEED returns 0,
 * SPEC.md section 4) and differ from the one before; then their bytes. */
void es_health_feed_u64(struct es_health_test *t, const uint64_t *v, size_t n);
/* Two blocks from one source must differ (a firmware RNG that repeats). */
void es_health_feed_blocks(struct es_health_test *t, const void *a, const void *b, size_t n);
/* Erase the source-derived state (last word, RCT and APT samples), keeping
 * the verdict: the tests hold bytes of source output. */
void es_health_wipe(struct es_health_test *t);
/* Mark failed with a reason (e.g. the start-up test below). */
void es_health_fail(struct es_health_test *t, const char *why);

/* Linux's RDRAND start-up test: s[0] is the last of the kernel's first
 * ES_HEALTH_RDRAND_SAMPLES reads ("prev = tmp"), s[1..8] the next eight; at
 * least ES_HEALTH_RDRAND_MIN_CHANGE of the eight must differ from the one before. */
bool es_health_rdrand_startup(const uint64_t s[ES_HEALTH_RDRAND_SAMPLES + 1]);

/* Bits a passing source's bytes count toward ES_HEALTH_GATE_BITS (saturating). */
uint32_t es_health_credit(uint32_t bytes, unsigned int h_bits);

/* The assumed min-entropy per byte of a seed source (0 for clocks). */
unsigned int es_health_h_of(enum es_seed_source src);

/*
 * What the sources that passed their health tests are assumed to hold, in
 * bits: the sum of es_health_credit(bytes, es_health_h_of(src)) over sources with
 * pass[src]. A table is installed only if this reaches ES_HEALTH_GATE_BITS.
 */
uint32_t es_health_entropy_bits(const struct es_seed_stats *st, const bool pass[ES_SEED_SRC_COUNT]);

#endif
