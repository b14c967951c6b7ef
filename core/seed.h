/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_CORE_SEED_H
#define EARLYSEED_CORE_SEED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pool.h"

/* SPEC.md section 1: 32 bytes recommended; the Linux stub merges <= 512. */
#define ES_SEED_DEFAULT_LEN 32u
#define ES_SEED_MAX_LEN 512u

/* Everything earlyseed mixes, in gathering order. Values are on-the-wire tags. */
enum es_seed_source {
	ES_SEED_SRC_CLOCK = 0,      /* firmware time and cycle counter: no unknownness assumed */
	ES_SEED_SRC_PREV_TABLE = 1, /* a LINUX_EFI_RANDOM_SEED_TABLE left by an earlier stage */
	ES_SEED_SRC_EFI_RNG = 2,    /* EFI_RNG_PROTOCOL.GetRNG() */
	ES_SEED_SRC_RDSEED = 3,
	ES_SEED_SRC_RDRAND = 4,
	ES_SEED_SRC_COUNT
};

struct es_seed_stats {
	uint32_t bytes[ES_SEED_SRC_COUNT];
};

/*
 * Mix one input into the pool as a record: a 4-byte tag "es" + source + 0,
 * a little-endian u32 length, then the bytes. The length prefix keeps
 * (a, bc) and (ab, c) apart. Mixes, never credits. Counts bytes in *st
 * (saturating). Lengths above UINT32_MAX are refused (returns -1, nothing mixed).
 */
int es_seed_absorb(struct es_pool *p, struct es_seed_stats *st, enum es_seed_source src,
		const void *data, size_t n);

/*
 * Extract n (1..ES_SEED_MAX_LEN) bytes: BLAKE2s-256 in counter mode over a
 * length-prefixed domain label, the block counter, n, and the whole pool
 * state. One-way: the output never holds pool words. Returns 0, or -1 for a
 * bad n (out untouched).
 */
int es_seed_extract(const struct es_pool *p, uint8_t *out, size_t n);

#endif
