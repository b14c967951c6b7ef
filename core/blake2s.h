/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_CORE_BLAKE2S_H
#define EARLYSEED_CORE_BLAKE2S_H

#include <stddef.h>
#include <stdint.h>

/* RFC 7693 BLAKE2s: 64-byte blocks, digests and keys of 1..32 bytes. */
#define BLAKE2S_BLOCK 64u
#define BLAKE2S_MAX_OUT 32u
#define BLAKE2S_MAX_KEY 32u

struct blake2s {
	uint32_t h[8];
	uint32_t t[2];
	uint8_t buf[BLAKE2S_BLOCK];
	size_t used;
	size_t outlen;
};

/* Returns 0, or -1 for an outlen or keylen out of range (ctx untouched). */
int blake2s_init(struct blake2s *c, size_t outlen, const void *key, size_t keylen);
void blake2s_update(struct blake2s *c, const void *in, size_t n);
/* Writes c->outlen bytes and wipes the context. */
void blake2s_final(struct blake2s *c, uint8_t *out);
/* One call: init, update, final. Returns 0 or -1 as blake2s_init(). */
int blake2s(uint8_t *out, size_t outlen, const void *key, size_t keylen,
	    const void *in, size_t n);

#endif
