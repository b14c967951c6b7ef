/* SPDX-License-Identifier: MIT */
/* libFuzzer: the previous-table check and merge (core/table.c, core/seed.c)
 * on any bytes, with exactly those bytes readable (ASan sees an over-read). */
#include <stdlib.h>
#include <string.h>

#include "../../core/seed.h"
#include "../../core/earlyseed.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	struct es_pool p;
	unsigned char *copy = malloc(size ? size : 1);
	uint32_t n;
	enum es_table_prev r;

	if (copy == NULL)
		return 0;
	memcpy(copy, data, size); /* an exact-size heap block */
	es_pool_init(&p);
	r = es_table_prev_check(copy, size, &n);
	if (r == ES_TABLE_PREV_OK) {
		if (n > ES_TABLE_READ_MAX || 4u + n > size)
			abort();
		(void)es_seed_absorb(&p, ES_SRC_PREV_TABLE, copy + 4, n);
	} else if (r == ES_TABLE_PREV_CORRUPT && n <= ES_TABLE_READ_MAX) {
		abort();
	}
	free(copy);
	return 0;
}
