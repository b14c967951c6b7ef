/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_CORE_BLAKE2S_H
#define EARLYSEED_CORE_BLAKE2S_H

#include <stddef.h>
#include <stdint.h>

/* RFC 7693 BLAKE2s: 64-byte blocks, digests and keys of 1..32 bytes. */
#define ES_BLAKE2S_BLOCK 64u
#define ES_BLAKE2S_MAX_OUT 32u
#define ES_BLAKE2S_MAX_KEY 32u

struct es_blake2s {
	uint32_t h[8];
	uint32_t t[2];
	uint8_t buf[ES_BLAKE2S_BLOCK];
	size_t used;
	size_t outlen;
};

/* Returns 0, or -1 for an outlen or keylen out of range (ctx untouched). */
int es_blake2s_init(struct es_blake2s *c, size_t outlen, const void *key, size_t keylen);
void es_blake2s_update(struct es_blake2s *c, const void *in, size_t n);
/* Writes c->outlen bytes and wipes the context. */
void es_blake2s_final(struct es_blake2s *c, uint8_t *out);
/* One call: init, update, final. Returns 0 or -1 as es_blake2s_init(). */
int es_blake2s(uint8_t *out, size_t outlen, const void *key, size_t keylen,
	    const void *in, size_t n);

#endif
