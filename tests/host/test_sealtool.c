/* SPDX-License-Identifier: MIT */
/* `earlyseed seal` (host/sealtool.c): the owner's choices written into the
 * one sealed block of an image of the app, and every image it must refuse
 * (Hardening V, 5). */
#include <stdlib.h>
#include <string.h>

#include "../../core/earlyseed.h"
#include "../../core/le.h"
#include "../../host/sealtool.h"
#include "../check.h"
#include "../mkpe.h"

static uint8_t img[0x1000];
static const uint8_t magic[ES_SEALED_MAGIC_LEN] = ES_SEALED_MAGIC;
#define OPT 0x98u     /* the optional header: PE signature at 0x80, COFF header after it */
#define BLOCK 0x800u  /* where the app's data holds its sealed block */

/* The app as objcopy lays it out, its sealed block in its data at BLOCK,
 * no .sbat (tests/mkpe.c). */
static void make_app(void)
{
	size_t n;
	uint8_t *a = mkpe_app(NULL, 0x8664, 10, true, false, &n);

	memset(img, 0, sizeof(img));
	if (a != NULL)
		memcpy(img, a, n < sizeof(img) ? n : sizeof(img));
	free(a);
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
