/* SPDX-License-Identifier: MIT */
#include "earlyseed.h"

#include <string.h>

#include "blake2s.h"

enum es_table_prev es_table_prev_check(const void *mem, size_t avail, uint32_t *size)
{
	uint32_t n;

	*size = 0;
	if (avail < sizeof(struct es_table_seed))
		return ES_TABLE_PREV_SHORT;
	memcpy(&n, mem, sizeof(n)); /* little-endian on every UEFI target */
	*size = n;
	if (n > ES_TABLE_READ_MAX)
		return ES_TABLE_PREV_CORRUPT;
	if (avail - sizeof(struct es_table_seed) < n)
		return ES_TABLE_PREV_SHORT;
	return ES_TABLE_PREV_OK;
}

size_t es_table_alloc_size(size_t n)
{
	return sizeof(struct es_table_seed) + n;
}

void es_table_tag(const struct es_table_seed *t, uint8_t tag[16])
{
	uint32_t n = t->size > ES_TABLE_READ_MAX ? ES_TABLE_READ_MAX : t->size;

	(void)es_blake2s(tag, 16, NULL, 0, t, sizeof(*t) + n);
}
