/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_CORE_WIPE_H
#define EARLYSEED_CORE_WIPE_H

#include <stddef.h>

/*
 * The one primitive that erases secrets (pool words, seeds, raw source
 * output). It survives dead-store elimination: see wipe.c.
 */
void es_wipe(void *p, size_t n);
void es_wipe_stack(void);

#endif
