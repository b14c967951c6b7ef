/* SPDX-License-Identifier: MIT */
#include "table.h"

#include <string.h>

enum table_prev table_prev_check(const void *mem, size_t avail, uint32_t *size)
{
	uint32_t n;

	*size = 0;
	if (avail < sizeof(struct table_seed))
		return TABLE_PREV_SHORT;
	memcpy(&n, mem, sizeof(n)); /* little-endian on every UEFI target */
	*size = n;
	if (n > TABLE_PREV_MAX)
		return TABLE_PREV_CORRUPT;
	if (avail - sizeof(struct table_seed) < n)
		return TABLE_PREV_SHORT;
	return TABLE_PREV_OK;
}

size_t table_alloc_size(size_t n)
{
	return sizeof(struct table_seed) + n;
}
