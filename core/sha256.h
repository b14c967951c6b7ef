/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_CORE_SHA256_H
#define EARLYSEED_CORE_SHA256_H

#include <stddef.h>
#include <stdint.h>

/* FIPS 180-4 SHA-256: the hash under the driver's Hash_DRBG (core/drbg.c). */
#define ES_SHA256_LEN 32u
#define ES_SHA256_BLOCK 64u

struct es_sha256 {
	uint32_t h[8];
	uint64_t bytes;
	uint8_t buf[ES_SHA256_BLOCK];
	size_t used;
};

void es_sha256_init(struct es_sha256 *c);
void es_sha256_update(struct es_sha256 *c, const void *in, size_t n);
/* Writes ES_SHA256_LEN bytes and wipes the context. */
void es_sha256_final(struct es_sha256 *c, uint8_t out[ES_SHA256_LEN]);

#endif
