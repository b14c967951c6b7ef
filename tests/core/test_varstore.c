/* SPDX-License-Identifier: MIT */
/* A variable store that is a file (core/varstore.c): the token is found in
 * both real formats, in any record state, and nowhere else; no length a
 * file gives reads past its bytes (Hardening V, 4). */
#include <stdlib.h>
#include <string.h>

#include "../../core/earlyseed.h"
#include "../check.h"
#include "../mkvarstore.h"

static const uint8_t other_guid[16] = { 0x61, 0xdf, 0xe4, 0x8b, 0xca, 0x93, 0xd2, 0x11,
					0xaa, 0x0d, 0x00, 0xe0, 0x98, 0x03, 0x2b, 0x8c }; /* EFI_GLOBAL_VARIABLE */
static const uint8_t data40[40] = { 1, 2, 3 };


/* Boot0000 and BootOrder around the token, as a used store holds them. */
static size_t vars(struct mkvar *v, const uint8_t *tok_guid, const char *tok_name, uint8_t state)
{
	v[0] = (struct mkvar){ other_guid, "BootOrder", data40, 2, 0 };
	v[1] = (struct mkvar){ tok_guid, tok_name, data40, sizeof(data40), state };
	v[2] = (struct mkvar){ other_guid, "Boot0000", data40, 31, 0 };
	return 3;
}

static void test_uboot(void)
{
	static uint8_t f[4096];
	struct mkvar v[3];
	size_t n = mkvarstore_uboot(f, sizeof(f), v, vars(v, es_vendor_guid, mkvarstore_token_name, 0));

	CHECK(n > 0 && es_varstore_find(f, n) == ES_VARSTORE_UBOOT);
	CHECK(es_varstore_worth_reading(n, f, ES_VARSTORE_HEAD));
	/* every prefix: found once the token's entry is whole, never read past */
	for (size_t k = 0; k < n; k++) {
		uint8_t *c = malloc(k + 1);

		memcpy(c, f, k);
		/* BootOrder: 32 + 20 + 2 bytes, 56 aligned; the token: 32 + 30 */
		CHECK((es_varstore_find(c, k) == ES_VARSTORE_UBOOT) == (k >= 24 + 56 + 32 + 30));
		free(c);
	}
	/* another vendor's variable of the same name, ours of another name */
	n = mkvarstore_uboot(f, sizeof(f), v, vars(v, other_guid, mkvarstore_token_name, 0));
	CHECK(es_varstore_find(f, n) == ES_VARSTORE_NONE);
	n = mkvarstore_uboot(f, sizeof(f), v, vars(v, es_vendor_guid, "EarlyseedTokenX", 0));
	CHECK(es_varstore_find(f, n) == ES_VARSTORE_NONE);
	n = mkvarstore_uboot(f, sizeof(f), v, vars(v, es_vendor_guid, "EarlyseedToke", 0));
	CHECK(es_varstore_find(f, n) == ES_VARSTORE_NONE);
	/* the header's length says more than the file holds: read what is there */
	n = mkvarstore_uboot(f, sizeof(f), v, vars(v, es_vendor_guid, mkvarstore_token_name, 0));
	f[16] = 0xff, f[17] = 0xff, f[18] = 0xff, f[19] = 0x7f;
	CHECK(es_varstore_find(f, n) == ES_VARSTORE_UBOOT);
	/* a length shorter than the header itself (fuzz_varstore found it) */
	memset(f + 16, 0, 4);
	CHECK(es_varstore_find(f, n) == ES_VARSTORE_NONE);
	f[16] = 23;
	CHECK(es_varstore_find(f, n) == ES_VARSTORE_NONE);
	/* an entry whose data length runs past the end stops the walk */
	n = mkvarstore_uboot(f, sizeof(f), v, vars(v, es_vendor_guid, mkvarstore_token_name, 0));
	f[24] = 0xff, f[25] = 0xff, f[26] = 0xff;
	CHECK(es_varstore_find(f, n) == ES_VARSTORE_NONE);
}

static void test_fd(void)
{
	uint8_t *f = malloc(MKVARSTORE_FD_SIZE);
	struct mkvar v[3];

	for (int auth = 0; auth < 2; auth++) {
		size_t n = mkvarstore_fd(f, MKVARSTORE_FD_SIZE, auth, v,
					 vars(v, es_vendor_guid, mkvarstore_token_name, 0));

		CHECK(n == MKVARSTORE_FD_SIZE && es_varstore_find(f, n) == ES_VARSTORE_EDK2);
		CHECK(es_varstore_worth_reading(n, f, ES_VARSTORE_HEAD));
		/* a deleted record keeps its bytes on the disk all the same */
		mkvarstore_fd(f, MKVARSTORE_FD_SIZE, auth, v, vars(v, es_vendor_guid, mkvarstore_token_name, 0x3c));
		CHECK(es_varstore_find(f, n) == ES_VARSTORE_EDK2);
		mkvarstore_fd(f, MKVARSTORE_FD_SIZE, auth, v, vars(v, other_guid, mkvarstore_token_name, 0));
		CHECK(es_varstore_find(f, n) == ES_VARSTORE_NONE);
		mkvarstore_fd(f, MKVARSTORE_FD_SIZE, auth, v, vars(v, es_vendor_guid, "EarlyseedTokeX", 0));
		CHECK(es_varstore_find(f, n) == ES_VARSTORE_NONE);
	}
	mkvarstore_fd(f, MKVARSTORE_FD_SIZE, false, v, vars(v, es_vendor_guid, mkvarstore_token_name, 0));
	/* cut inside the store: not found, nothing read past the cut */
	CHECK(es_varstore_find(f, MKVARSTORE_FD_NV + 72 + 40) == ES_VARSTORE_NONE);
	CHECK(es_varstore_find(f, MKVARSTORE_FD_NV + 72 + 28 + 56 + 32 + 30) == ES_VARSTORE_EDK2);
	/* lengths that lie: the volume's, the store's, a name's */
	uint8_t keep[8];
	memcpy(keep, f + MKVARSTORE_FD_NV + 32, 8);
	memset(f + MKVARSTORE_FD_NV + 32, 0xff, 8);
	CHECK(es_varstore_find(f, MKVARSTORE_FD_SIZE) == ES_VARSTORE_EDK2);
	memcpy(f + MKVARSTORE_FD_NV + 32, keep, 8);
	memset(f + MKVARSTORE_FD_NV + 72 + 16, 0xff, 4);
	CHECK(es_varstore_find(f, MKVARSTORE_FD_SIZE) == ES_VARSTORE_EDK2);
	/* a store, a volume shorter than their own headers */
	memset(f + MKVARSTORE_FD_NV + 72 + 16, 0, 4);
	f[MKVARSTORE_FD_NV + 72 + 16] = 27;
	CHECK(es_varstore_find(f, MKVARSTORE_FD_SIZE) == ES_VARSTORE_NONE);
	memset(f + MKVARSTORE_FD_NV + 72 + 16, 0xff, 4);
	memcpy(keep, f + MKVARSTORE_FD_NV + 32, 8);
	memset(f + MKVARSTORE_FD_NV + 32, 0, 8);
	f[MKVARSTORE_FD_NV + 32] = 80;
	CHECK(es_varstore_find(f, MKVARSTORE_FD_SIZE) == ES_VARSTORE_NONE);
	memcpy(f + MKVARSTORE_FD_NV + 32, keep, 8);
	memset(f + MKVARSTORE_FD_NV + 72 + 28 + 8, 0xff, 4); /* the first record's NameSize */
	CHECK(es_varstore_find(f, MKVARSTORE_FD_SIZE) == ES_VARSTORE_NONE);
	/* not a store: an unformatted one, another volume's GUID, no signature */
	mkvarstore_fd(f, MKVARSTORE_FD_SIZE, false, v, vars(v, es_vendor_guid, mkvarstore_token_name, 0));
	f[MKVARSTORE_FD_NV + 72 + 20] = 0xff;
	CHECK(es_varstore_find(f, MKVARSTORE_FD_SIZE) == ES_VARSTORE_NONE);
	mkvarstore_fd(f, MKVARSTORE_FD_SIZE, false, v, vars(v, es_vendor_guid, mkvarstore_token_name, 0));
	f[MKVARSTORE_FD_NV + 16] ^= 1;
	CHECK(es_varstore_find(f, MKVARSTORE_FD_SIZE) == ES_VARSTORE_NONE);
	/* the same store moved to another 8-byte boundary is found */
	mkvarstore_fd(f, MKVARSTORE_FD_SIZE, true, v, vars(v, es_vendor_guid, mkvarstore_token_name, 0));
	memmove(f + 0x100008, f + MKVARSTORE_FD_NV, 0x10000);
	memset(f + MKVARSTORE_FD_NV, 0, 0x10000);
	CHECK(es_varstore_find(f, MKVARSTORE_FD_SIZE) == ES_VARSTORE_EDK2);
	free(f);
}

static void test_worth_reading(void)
{
	static uint8_t head[ES_VARSTORE_HEAD];

	CHECK(es_varstore_worth_reading(ES_VARSTORE_BLOCK, head, sizeof(head)));
	CHECK(es_varstore_worth_reading(ES_VARSTORE_FILE_MAX, head, sizeof(head)));
	CHECK(!es_varstore_worth_reading(ES_VARSTORE_FILE_MAX + (uint64_t)ES_VARSTORE_BLOCK, head, sizeof(head)));
	/* a kernel, an initrd: sizes that are no flash image's */
	CHECK(!es_varstore_worth_reading(8247232, head, sizeof(head)));
	CHECK(!es_varstore_worth_reading(ES_VARSTORE_BLOCK + 1, head, sizeof(head)));
	CHECK(!es_varstore_worth_reading(10, NULL, 0));
	CHECK(es_varstore_find(NULL, 100) == ES_VARSTORE_NONE);
	CHECK(strcmp(es_varstore_text(ES_VARSTORE_EDK2), "an edk2 firmware image's variable store") == 0);
}

int main(void)
{
	RUN(test_uboot);
	RUN(test_fd);
	RUN(test_worth_reading);
	return check_done();
}
