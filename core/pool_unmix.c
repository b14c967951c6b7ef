/* SPDX-License-Identifier: MIT */
/* The exact inverse of es_pool_mix(): kernel-model code for the host tool
 * and the tests (earlyseed(1) "replay"), not linked into the firmware image. */
#include "pool.h"
#include "pool_math.h"

/*
 * Inverting the twist: out = (w >> 3) ^ es_twist_table[w & 7]. (w >> 3) has its
 * top three bits clear, and the eight table entries have eight distinct top
 * three bits, so out's top three bits name w & 7: es_twist_table[k] >> 29 is
 * 0, 1, 3, 2, 7, 6, 4, 5 for k = 0..7, and this is its inverse.
 */
static const uint8_t twist_index[8] = { 0, 1, 3, 2, 6, 7, 5, 4 };

static uint32_t untwist(uint32_t out)
{
	uint32_t k = twist_index[out >> 29];

	return ((out ^ es_twist_table[k]) << 3) | k;
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
