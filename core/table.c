/* SPDX-License-Identifier: MIT */
#include "table.h"

bool table_prev_usable(uint32_t size)
{
	return size <= TABLE_PREV_MAX;
}

size_t table_alloc_size(size_t n)
{
	return sizeof(struct table_seed) + n;
}
