/* SPDX-License-Identifier: MIT */
/* es_table_prev_check(): the kernel's bound, and never a read past avail. */
#include <string.h>

#include "../../core/earlyseed.h"
#include "../check.h"

static enum es_table_prev check(uint32_t size_field, size_t avail, uint32_t *size)
{
	uint8_t buf[4 + 1100] = { 0 };

	memcpy(buf, &size_field, 4);
	return es_table_prev_check(buf, avail, size);
}

static void test_bounds(void)
{
	uint32_t n;

	CHECK(check(0, 4, &n) == ES_TABLE_PREV_OK && n == 0);
	CHECK(check(32, 36, &n) == ES_TABLE_PREV_OK && n == 32);
	CHECK(check(512, 516, &n) == ES_TABLE_PREV_OK && n == 512);
	/* the kernel's bound (drivers/firmware/efi/efi.c reads min(size, 1K)) */
	CHECK(check(513, 1104, &n) == ES_TABLE_PREV_OK && n == 513);
	CHECK(check(1024, 1028, &n) == ES_TABLE_PREV_OK && n == 1024);
	CHECK(check(1025, 1104, &n) == ES_TABLE_PREV_CORRUPT && n == 1025);
	CHECK(check(0xffffffffu, 1104, &n) == ES_TABLE_PREV_CORRUPT && n == 0xffffffffu);
	CHECK(check(32, 35, &n) == ES_TABLE_PREV_SHORT && n == 32);
	CHECK(check(32, 3, &n) == ES_TABLE_PREV_SHORT && n == 0);
	CHECK(es_table_alloc_size(32) == 36);
}

int main(void)
{
	RUN(test_bounds);
	return check_done();
}
