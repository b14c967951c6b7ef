/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_EFI_VERDICT_H
#define EARLYSEED_EFI_VERDICT_H

#include <efi.h>
#include <stdbool.h>

#include "../core/earlyseed.h"

/* One line per source present, and the trust lines. */
void verdict_report(const struct es_verdict *v);
/* Install seed as the table when the verdict allows; the table, or NULL. */
struct es_table_seed *verdict_install(const struct es_verdict *v, const uint8_t *seed, struct es_outcome *o);
/* Keep, retire or remove the previous table (es_verdict_prev()). */
void verdict_settle_prev(const struct es_verdict *v, struct es_table_seed *prev, bool installed,
			 struct es_outcome *o);

#endif
