/* SPDX-License-Identifier: MIT */
/*
 * The v3.17 input pool mix and its inverse. Reference: Linux v3.17
 * drivers/char/random.c, _mix_pool_bytes() and poolinfo_table[0]; see
 * SPEC.md section 2.
 */
#include "pool.h"

#include "wipe.h"

/* poolinfo_table[0]: x^128 + x^104 + x^76 + x^51 + x^25 + x + 1. */
#define TAP1 104u
#define TAP2 76u
#define TAP3 51u
#define TAP4 25u
#define TAP5 1u

/* v3.17 random.c twist_table[]: CRC-32 style twist by three bits. */
static const uint32_t twist_table[8] = {
	0x00000000u, 0x3b6e20c8u, 0x76dc4190u, 0x4db26158u,
	0xedb88320u, 0xd6d6a3e8u, 0x9b64c2b0u, 0xa00ae278u,
};

static uint32_t rol32(uint32_t w, unsigned int s)
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
static uint32_t x86_char(uint8_t b)
{
	return b >= 0x80u ? (0xffffff00u | (uint32_t)b) : (uint32_t)b;
}

static uint32_t taps(const struct es_pool *p, uint32_t i)
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
static uint32_t rotate_step(uint32_t i)
{
	return i != 0u ? 7u : 14u;
}

void es_pool_init(struct es_pool *p)
{
	es_wipe(p, sizeof(*p));
}

void es_pool_mix(struct es_pool *p, const void *in, size_t n)
{
	const uint8_t *bytes = in;
	uint32_t i = p->add_ptr;
	uint32_t rot = p->input_rotate;

	for (size_t k = 0; k < n; k++) {
		uint32_t w = rol32(x86_char(bytes[k]), rot);

		i = (i - 1u) & ES_POOL_WORDMASK;
		w ^= p->words[i] ^ taps(p, i);
		p->words[i] = (w >> 3) ^ twist_table[w & 7u];
		rot = (rot + rotate_step(i)) & 31u;
	}
	p->add_ptr = (uint16_t)i;
	p->input_rotate = (uint16_t)rot;
}

/*
 * Inverting the twist: out = (w >> 3) ^ twist_table[w & 7]. (w >> 3) has its
 * top three bits clear, and the eight table entries have eight distinct top
 * three bits, so out's top three bits name w & 7: twist_table[k] >> 29 is
 * 0, 1, 3, 2, 7, 6, 4, 5 for k = 0..7, and this is its inverse.
 */
static const uint8_t twist_index[8] = { 0, 1, 3, 2, 6, 7, 5, 4 };

static uint32_t untwist(uint32_t out)
{
	uint32_t k = twist_index[out >> 29];

	return ((out ^ twist_table[k]) << 3) | k;
}

void es_pool_unmix(struct es_pool *p, const void *in, size_t n)
{
	const uint8_t *bytes = in;
	uint32_t i = p->add_ptr;
	uint32_t rot = p->input_rotate;

	/* Undo the bytes last-first; each step restores the state before it. */
	for (size_t k = n; k-- > 0;) {
		uint32_t w;

		rot = (rot - rotate_step(i)) & 31u;
		w = untwist(p->words[i]);
		/* The taps are never word i itself (all taps are 1..127). */
		p->words[i] = w ^ taps(p, i) ^ rol32(x86_char(bytes[k]), rot);
		i = (i + 1u) & ES_POOL_WORDMASK;
	}
	p->add_ptr = (uint16_t)i;
	p->input_rotate = (uint16_t)rot;
}

void es_pool_wipe(struct es_pool *p)
{
	es_wipe(p, sizeof(*p));
}
