/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_CORE_SEED_H
#define EARLYSEED_CORE_SEED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "earlyseed.h"
#include "pool.h"

/* The longest extraction: a seed file's new contents (ES_SEED_FILE_MAX). */
#define ES_SEED_MAX_LEN ES_SEED_FILE_MAX


/*
 * Mix one input into the pool as a record: a 4-byte tag "es" + source + 0,
 * a little-endian u32 length, then the bytes. The length prefix keeps
 * (a, bc) and (ab, c) apart. Mixes, never credits. Lengths above
 * UINT32_MAX are refused (returns -1, nothing mixed).
 */
int es_seed_absorb(struct es_pool *p, enum es_source src, const void *data, size_t n);

/*
 * Extract n (1..ES_SEED_MAX_LEN) bytes: BLAKE2s-256 in counter mode over the
 * length-prefixed domain label (ES_LABEL_TABLE, ...), the block counter, n, and the whole pool
 * state. One-way: the output never holds pool words. Returns 0, or -1 for a
 * bad n (out untouched).
 */
int es_seed_extract(const struct es_pool *p, const char *label, uint8_t *out, size_t n);

#endif
