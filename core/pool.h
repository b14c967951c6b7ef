/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_CORE_POOL_H
#define EARLYSEED_CORE_POOL_H

#include <stddef.h>
#include <stdint.h>

#include "earlyseed.h"

/* struct es_pool and its geometry (ES_POOL_WORDS) are in earlyseed.h: a
 * session holds one. */
_Static_assert(sizeof(((struct es_pool *)0)->words) == 4096u / 8u, "the pool is 4096 bits");

/* All zero, as the kernel's static input_pool_data starts. */
void es_pool_init(struct es_pool *p);

/* v3.17 _mix_pool_bytes(), bit-exact with the kernel on x86 (signed char). */
void es_pool_mix(struct es_pool *p, const void *in, size_t n);

/*
 * Exact inverse of es_pool_mix() with the same bytes: after
 * es_pool_mix(p, x, n); es_pool_unmix(p, x, n); *p is as before, add_ptr and
 * input_rotate included.
 */
void es_pool_unmix(struct es_pool *p, const void *in, size_t n);

/* Erase words and pointers with es_wipe(). */
void es_pool_wipe(struct es_pool *p);

#endif
