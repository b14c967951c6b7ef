/* SPDX-License-Identifier: MIT */
#include "table.h"

#include <string.h>

enum es_table_prev es_table_prev_check(const void *mem, size_t avail, uint32_t *size)
{
	uint32_t n;

	*size = 0;
	if (avail < sizeof(struct es_table_seed))
		return ES_TABLE_PREV_SHORT;
	memcpy(&n, mem, sizeof(n)); /* little-endian on every UEFI target */
	*size = n;
	if (n > ES_TABLE_PREV_MAX)
		return ES_TABLE_PREV_CORRUPT;
	if (avail - sizeof(struct es_table_seed) < n)
		return ES_TABLE_PREV_SHORT;
	return ES_TABLE_PREV_OK;
}

size_t es_table_alloc_size(size_t n)
{
	return sizeof(struct es_table_seed) + n;
}
