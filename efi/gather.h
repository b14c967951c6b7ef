/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_EFI_GATHER_H
#define EARLYSEED_EFI_GATHER_H

#include <efi.h>

#include "../core/earlyseed.h"

/* GetTime(), the cycle counter and the monotonic count: mixed, assumed to
 * hold nothing. False when GetNextMonotonicCount failed: the caller's seed
 * file must not count this boot (its health line is the warning). */
bool gather_clock(struct es_session *s);
/* The seed table installed now, added to s with what an earlier earlyseed
 * stage said it rests on; NULL when there is none. */
struct es_table_seed *gather_prev(EFI_HANDLE image, struct es_session *s);
/* ES_CPU_LONGS longs from the CPU's instructions (arch/<cpu>/cpurng.c). */
void gather_cpu(struct es_session *s, struct es_audit_record *a);

#endif
