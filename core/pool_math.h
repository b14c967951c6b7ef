/* SPDX-License-Identifier: MIT */
/* The v3.17 mix's arithmetic, shared by core/pool.c (the mix, in the
 * firmware) and core/pool_unmix.c (its inverse, host tools only). */
#ifndef EARLYSEED_CORE_POOL_MATH_H
#define EARLYSEED_CORE_POOL_MATH_H

#include <stddef.h>
#include <stdint.h>

#include "earlyseed.h"

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

/* include/linux/bitops.h rol32(): no branch, and defined for s = 0. */
static inline uint32_t rol32(uint32_t w, unsigned int s)
{
	return (w << (s & 31u)) | (w >> ((0u - s) & 31u));
}

/*
 * The kernel reads its input through `const char *` and passes each byte to
 * rol32(__u32, ...). On x86 char is signed, so 0x80..0xff arrive
 * sign-extended to 0xffffff80..0xffffffff. Done arithmetically so the result
 * is the same whatever the host's char signedness.
 */
static inline uint32_t x86_char(uint8_t b)
{
	/* One movsx. Converting 0x80..0xff to int8_t is implementation-defined
	 * before C23; GCC and Clang, the compilers that build earlyseed, define
	 * it modulo 2^8 (GCC manual, "Integers implementation"). */
	return (uint32_t)(int32_t)(int8_t)b;
}

static inline uint32_t taps(const struct es_pool *p, size_t i)
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
static inline uint32_t rotate_step(size_t i)
{
	return i != 0u ? 7u : 14u;
}

#endif
