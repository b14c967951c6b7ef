/* SPDX-License-Identifier: MIT */
/* Part of core/earlyseed.h: the one erase primitive (core/wipe.c). Include core/earlyseed.h, never this. */
#ifndef EARLYSEED_CORE_EARLYSEED_H
#error "include core/earlyseed.h, the engine's one public header"
#endif
#ifndef EARLYSEED_CORE_EARLYSEED_WIPE_H
#define EARLYSEED_CORE_EARLYSEED_WIPE_H

/* The one erase primitive: a memset the compiler cannot drop (core/wipe.c). */
void es_wipe(void *p, size_t n);
/* Erase ES_WIPE_STACK_BYTES of stack below the caller: where the session's
 * callees (extraction, health tests) spilled registers. Call it after
 * es_session_finish() has returned, from the frame that called it. */
#define ES_WIPE_STACK_BYTES 16384u
void es_wipe_stack(void);

#endif
