/* SPDX-License-Identifier: MIT */
/*
 * The v3.17 input pool mix (its inverse: pool_unmix.c). Reference: Linux v3.17
 * drivers/char/random.c, _mix_pool_bytes() and poolinfo_table[0]; see
 * include/linux/bitops.h rol32().
 */
#include "pool.h"

#include "wipe.h"

#include "pool_math.h"

void es_pool_init(struct es_pool *p)
{
	es_wipe(p, sizeof(*p));
}

void es_pool_mix(struct es_pool *p, const void *in, size_t n)
{
	const uint8_t *bytes = in;
	size_t i = p->add_ptr; /* a native-width index, as v3.17's unsigned long */
	uint32_t rot = p->input_rotate;

	for (size_t k = 0; k < n; k++) {
		uint32_t w = rol32(x86_char(bytes[k]), rot);

		i = (i - 1u) & ES_POOL_WORDMASK;
		w ^= p->words[i] ^ taps(p, i);
		p->words[i] = (w >> 3) ^ es_twist_table[w & 7u];
		rot = (rot + rotate_step(i)) & 31u;
	}
	p->add_ptr = (uint16_t)i;
	p->input_rotate = (uint16_t)rot;
}

void es_pool_wipe(struct es_pool *p)
{
	es_wipe(p, sizeof(*p));
}
