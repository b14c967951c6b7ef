/* SPDX-License-Identifier: MIT */
/* BLAKE2s per RFC 7693 sections 2-3; checked against its Appendix B and E. */
#include "blake2s.h"

#include <string.h>

#include "wipe.h"

/* RFC 7693 section 2.6: the SHA-256 IV. */
static const uint32_t iv[8] = {
	0x6a09e667u, 0xbb67ae85u, 0x3c6ef372u, 0xa54ff53au,
	0x510e527fu, 0x9b05688cu, 0x1f83d9abu, 0x5be0cd19u,
};

/* RFC 7693 section 2.7: message schedule SIGMA (10 rounds for BLAKE2s). */
static const uint8_t sigma[10][16] = {
	{ 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 },
	{ 14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3 },
	{ 11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4 },
	{ 7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8 },
	{ 9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13 },
	{ 2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9 },
	{ 12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11 },
	{ 13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10 },
	{ 6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5 },
	{ 10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0 },
};

static uint32_t ror32(uint32_t w, unsigned int s)
{
	return (w >> s) | (w << (32u - s));
}

static uint32_t load_le32(const uint8_t *b)
{
	return (uint32_t)b[0] | ((uint32_t)b[1] << 8) | ((uint32_t)b[2] << 16) |
	       ((uint32_t)b[3] << 24);
}

/* RFC 7693 section 3.1, rotations R1..R4 = 16, 12, 8, 7. */
#define G(a, b, c, d, x, y)                                   \
	do {                                                  \
		v[a] = v[a] + v[b] + (x);                     \
		v[d] = ror32(v[d] ^ v[a], 16);                \
		v[c] = v[c] + v[d];                           \
		v[b] = ror32(v[b] ^ v[c], 12);                \
		v[a] = v[a] + v[b] + (y);                     \
		v[d] = ror32(v[d] ^ v[a], 8);                 \
		v[c] = v[c] + v[d];                           \
		v[b] = ror32(v[b] ^ v[c], 7);                 \
	} while (0)

/* RFC 7693 section 3.2, function F. */
static void compress(struct es_blake2s *c, const uint8_t *block, int last)
{
	uint32_t v[16];
	uint32_t m[16];

	for (size_t i = 0; i < 16u; i++)
		m[i] = load_le32(block + 4u * i);
	for (unsigned int i = 0; i < 8u; i++) {
		v[i] = c->h[i];
		v[i + 8u] = iv[i];
	}
	v[12] ^= c->t[0];
	v[13] ^= c->t[1];
	if (last)
		v[14] = ~v[14];
	for (unsigned int r = 0; r < 10u; r++) {
		const uint8_t *s = sigma[r];

		G(0, 4, 8, 12, m[s[0]], m[s[1]]);
		G(1, 5, 9, 13, m[s[2]], m[s[3]]);
		G(2, 6, 10, 14, m[s[4]], m[s[5]]);
		G(3, 7, 11, 15, m[s[6]], m[s[7]]);
		G(0, 5, 10, 15, m[s[8]], m[s[9]]);
		G(1, 6, 11, 12, m[s[10]], m[s[11]]);
		G(2, 7, 8, 13, m[s[12]], m[s[13]]);
		G(3, 4, 9, 14, m[s[14]], m[s[15]]);
	}
	for (unsigned int i = 0; i < 8u; i++)
		c->h[i] ^= v[i] ^ v[i + 8u];
	es_wipe(v, sizeof(v));
	es_wipe(m, sizeof(m));
}

static void count(struct es_blake2s *c, size_t n)
{
	c->t[0] += (uint32_t)n;
	if (c->t[0] < (uint32_t)n)
		c->t[1]++;
}

int es_blake2s_init(struct es_blake2s *c, size_t outlen, const void *key, size_t keylen)
{
	if (outlen == 0 || outlen > ES_BLAKE2S_MAX_OUT || keylen > ES_BLAKE2S_MAX_KEY ||
	    (keylen != 0 && key == NULL))
		return -1;
	memset(c, 0, sizeof(*c));
	memcpy(c->h, iv, sizeof(c->h));
	/* Parameter block word 0: digest length, key length, fanout 1, depth 1. */
	c->h[0] ^= 0x01010000u ^ ((uint32_t)keylen << 8) ^ (uint32_t)outlen;
	c->outlen = outlen;
	if (keylen != 0) {
		memcpy(c->buf, key, keylen);
		c->used = ES_BLAKE2S_BLOCK; /* the key is a whole zero-padded block */
	}
	return 0;
}

void es_blake2s_update(struct es_blake2s *c, const void *in, size_t n)
{
	const uint8_t *p = in;

	while (n > 0) {
		size_t take;

		/* Keep the last block buffered: it must be compressed as final. */
		if (c->used == ES_BLAKE2S_BLOCK) {
			count(c, ES_BLAKE2S_BLOCK);
			compress(c, c->buf, 0);
			c->used = 0;
		}
		take = ES_BLAKE2S_BLOCK - c->used;
		if (take > n)
			take = n;
		memcpy(c->buf + c->used, p, take);
		c->used += take;
		p += take;
		n -= take;
	}
}

void es_blake2s_final(struct es_blake2s *c, uint8_t *out)
{
	count(c, c->used);
	memset(c->buf + c->used, 0, ES_BLAKE2S_BLOCK - c->used);
	compress(c, c->buf, 1);
	for (size_t i = 0; i < c->outlen; i++)
		out[i] = (uint8_t)(c->h[i / 4u] >> (8u * (i % 4u)));
	es_wipe(c, sizeof(*c));
}

int es_blake2s(uint8_t *out, size_t outlen, const void *key, size_t keylen,
	    const void *in, size_t n)
{
	struct es_blake2s c;

	if (es_blake2s_init(&c, outlen, key, keylen) != 0)
		return -1;
	es_blake2s_update(&c, in, n);
	es_blake2s_final(&c, out);
	return 0;
}
