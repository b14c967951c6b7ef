/* SPDX-License-Identifier: MIT */
/* libFuzzer: the previous-table check and merge (core/table.c, core/seed.c)
 * on any bytes, with exactly those bytes readable (ASan sees an over-read). */
#include <stdlib.h>
#include <string.h>

#include "../../core/seed.h"
#include "../../core/table.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	struct pool p;
	struct seed_stats st = { { 0 } };
	unsigned char *copy = malloc(size ? size : 1);
	uint32_t n;
	enum table_prev r;

	if (copy == NULL)
		return 0;
	memcpy(copy, data, size); /* an exact-size heap block */
	pool_init(&p);
	r = table_prev_check(copy, size, &n);
	if (r == TABLE_PREV_OK) {
		if (n > TABLE_PREV_MAX || 4u + n > size)
			abort();
		(void)seed_absorb(&p, &st, SEED_SRC_PREV_TABLE, copy + 4, n);
		if (st.bytes[SEED_SRC_PREV_TABLE] != n)
			abort();
	} else if (r == TABLE_PREV_CORRUPT && n <= TABLE_PREV_MAX) {
		abort();
	}
	free(copy);
	return 0;
}
