/* SPDX-License-Identifier: MIT */
/* The v3.17 mix's arithmetic, shared by core/pool.c (the mix, in the
 * firmware) and core/pool_unmix.c (its inverse, host tools only). */
#ifndef EARLYSEED_CORE_POOL_MATH_H
#define EARLYSEED_CORE_POOL_MATH_H

#include <stdint.h>

#include "pool.h"

/* poolinfo_table[0]: x^128 + x^104 + x^76 + x^51 + x^25 + x + 1. */
#define TAP1 104u
#define TAP2 76u
#define TAP3 51u
#define TAP4 25u
#define TAP5 1u

/* v3.17 random.c twist_table[]: CRC-32 style twist by three bits. */
static const uint32_t es_twist_table[8] = {
	0x00000000u, 0x3b6e20c8u, 0x76dc4190u, 0x4db26158u,
	0xedb88320u, 0xd6d6a3e8u, 0x9b64c2b0u, 0xa00ae278u,
};

static inline uint32_t rol32(uint32_t w, unsigned int s)
{
	s &= 31u;
	return s == 0u ? w : (w << s) | (w >> (32u - s));
}

/*
 * The kernel reads its input through `const char *` and passes each byte to
 * rol32(__u32, ...). On x86 char is signed, so 0x80..0xff arrive
 * sign-extended to 0xffffff80..0xffffffff. Done arithmetically so the result
 * is the same whatever the host's char signedness.
 */
static inline uint32_t x86_char(uint8_t b)
{
	return b >= 0x80u ? (0xffffff00u | (uint32_t)b) : (uint32_t)b;
}

static inline uint32_t taps(const struct es_pool *p, uint32_t i)
{
	return p->words[(i + TAP1) & ES_POOL_WORDMASK] ^
	       p->words[(i + TAP2) & ES_POOL_WORDMASK] ^
	       p->words[(i + TAP3) & ES_POOL_WORDMASK] ^
	       p->words[(i + TAP4) & ES_POOL_WORDMASK] ^
	       p->words[(i + TAP5) & ES_POOL_WORDMASK];
}

/*
 * random.c: "At the beginning of the pool, add an extra 7 bits rotation".
 * i is the index just written.
 */
static inline uint32_t rotate_step(uint32_t i)
{
	return i != 0u ? 7u : 14u;
}

#endif
