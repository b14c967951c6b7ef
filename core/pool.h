/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_CORE_POOL_H
#define EARLYSEED_CORE_POOL_H

#include <stddef.h>
#include <stdint.h>

/*
 * The Linux v3.17 input pool (drivers/char/random.c, poolinfo_table[0]):
 * INPUT_POOL_SHIFT 12 -> 4096 bits = 128 u32 words.
 */
#define POOL_WORDS 128u
#define POOL_WORDMASK (POOL_WORDS - 1u)

struct pool {
	uint32_t words[POOL_WORDS];
	/* v3.17 struct entropy_store keeps both as unsigned short. */
	uint16_t add_ptr;
	uint16_t input_rotate;
};

/* All zero, as the kernel's static input_pool_data starts. */
void pool_init(struct pool *p);

/* v3.17 _mix_pool_bytes(), bit-exact with the kernel on x86 (signed char). */
void pool_mix(struct pool *p, const void *in, size_t n);

/*
 * Exact inverse of pool_mix() with the same bytes: after
 * pool_mix(p, x, n); pool_unmix(p, x, n); *p is as before, add_ptr and
 * input_rotate included.
 */
void pool_unmix(struct pool *p, const void *in, size_t n);

/* Erase words and pointers with wipe_bytes(). */
void pool_wipe(struct pool *p);

#endif
