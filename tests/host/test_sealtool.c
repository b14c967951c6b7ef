/* SPDX-License-Identifier: MIT */
/* `earlyseed seal` (host/sealtool.c): the owner's choices written into the
 * one sealed block of an image of the app, and every image it must refuse
 * (Hardening V, 5). */
#include <string.h>

#include "../../core/earlyseed.h"
#include "../../core/le.h"
#include "../../host/sealtool.h"
#include "../check.h"

static uint8_t img[0x1000];
static const uint8_t magic[ES_SEALED_MAGIC_LEN] = ES_SEALED_MAGIC;
#define OPT 0x98u     /* the optional header: PE signature at 0x80, COFF header after it */
#define BLOCK 0x800u  /* where the app's data holds its sealed block */

/* A PE32+ image as objcopy lays out the app: the fields petool_inspect reads
 * (offset, width, value), one section, and the sealed block in its data. */
static void make_app(void)
{
	static const struct { uint32_t at, width, v; } f[] = {
		{ 0x3c, 4, 0x80 }, { 0x84, 2, 0x8664 }, { 0x86, 2, 1 }, { 0x94, 2, 240 }, { OPT, 2, 0x20b },
		{ OPT + 32, 4, 0x1000 }, { OPT + 36, 4, 0x200 }, { OPT + 56, 4, 0x2000 }, { OPT + 60, 4, 0x400 },
		{ OPT + 68, 2, 10 }, { OPT + 108, 4, 16 }, { OPT + 240 + 8, 4, 0x800 }, { OPT + 240 + 12, 4, 0x1000 },
		{ OPT + 240 + 16, 4, 0xc00 }, { OPT + 240 + 20, 4, 0x400 },
	};

	memset(img, 0, sizeof(img));
	memcpy(img, "MZ", 2);
	memcpy(img + 0x80, "PE\0\0", 4);
	for (size_t i = 0; i < sizeof(f) / sizeof(f[0]); i++) {
		if (f[i].width == 2)
			es_le_put16(img + f[i].at, (uint16_t)f[i].v);
		else
			es_le_put32(img + f[i].at, f[i].v);
	}
	memcpy(img + OPT + 240, ".data", 5);
	memcpy(img + BLOCK, magic, sizeof(magic));
	es_le_put32(img + BLOCK + 16, ES_SEALED_VERSION);
}

static void test_seal_and_read_back(void)
{
	const char *why = NULL;
	uint32_t flags = 99;
	uint8_t before[sizeof(img)];

	make_app();
	memcpy(before, img, sizeof(img));
	CHECK(sealtool_get(img, sizeof(img), &flags, &why) == 0 && flags == 0);
	CHECK(sealtool_set(img, sizeof(img), ES_SEALED_F_DISK_TOKEN_COUNT, &why) == 0);
	CHECK(sealtool_get(img, sizeof(img), &flags, &why) == 0 && flags == ES_SEALED_F_DISK_TOKEN_COUNT);
	/* the flags' four bytes changed, nothing else */
	for (size_t i = 0; i < sizeof(img); i++)
		if (i < BLOCK + 20 || i >= BLOCK + 24)
			CHECK(img[i] == before[i]);
	CHECK(sealtool_set(img, sizeof(img), 0, &why) == 0 && memcmp(img, before, sizeof(img)) == 0);
}

static void test_refused(void)
{
	const char *why = NULL;

	/* a signed image: a signature covers the bytes as they are */
	make_app();
	es_le_put32(img + OPT + 148, 0x100);
	CHECK(sealtool_set(img, sizeof(img), ES_SEALED_F_DISK_TOKEN_COUNT, &why) == -1 && strstr(why, "signed") != NULL);
	/* no block (the driver, an older app), two blocks, another version */
	make_app();
	memset(img + BLOCK, 0, 16);
	CHECK(sealtool_set(img, sizeof(img), 1, &why) == -1 && strstr(why, "no sealed settings") != NULL);
	make_app();
	memcpy(img + BLOCK + 0x100, img + BLOCK, sizeof(struct es_sealed));
	CHECK(sealtool_set(img, sizeof(img), 1, &why) == -1 && strstr(why, "more than once") != NULL);
	make_app();
	es_le_put32(img + BLOCK + 16, ES_SEALED_VERSION + 1u);
	CHECK(sealtool_set(img, sizeof(img), 1, &why) == -1 && strstr(why, "version") != NULL);
	/* a flag this version does not know; not a PE image */
	make_app();
	CHECK(sealtool_set(img, sizeof(img), 0x80, &why) == -1);
	memcpy(img, "XX", 2);
	CHECK(sealtool_set(img, sizeof(img), 1, &why) == -1 && strstr(why, "PE") != NULL);
	/* a block cut by the end of the file is no block */
	make_app();
	memcpy(img + sizeof(img) - 20, magic, 16);
	memset(img + BLOCK, 0, 16);
	CHECK(sealtool_set(img, sizeof(img), 1, &why) == -1);
}

int main(void)
{
	RUN(test_seal_and_read_back);
	RUN(test_refused);
	return check_done();
}
