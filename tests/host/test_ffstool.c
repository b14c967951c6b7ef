/* SPDX-License-Identifier: MIT */
/* The firmware file (host/ffstool.c) against UEFI PI 1.8 volume 3, section
 * 2.2, and GenFfs's rules: built, read back, every field where the spec
 * puts it; a damaged file refused. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/le.h"
#include "../../host/ffstool.h"
#include "../check.h"

static void test_layout(void)
{
	/* 8acd5d9f-d932-41ca-b2b2-0c86106b0893 as EFI_GUID bytes */
	static const uint8_t guid[16] = { 0x9f, 0x5d, 0xcd, 0x8a, 0x32, 0xd9, 0xca, 0x41,
					  0xb2, 0xb2, 0x0c, 0x86, 0x10, 0x6b, 0x08, 0x93 };
	static uint8_t pe[34817];
	uint8_t *f = NULL, sum = 0;
	size_t n = 0;
	const char *why = NULL;
	struct ffs_info info;

	check_fake_pe(pe, sizeof(pe), 0x8664, 11);
	CHECK(ffstool_build(pe, sizeof(pe), "1.0", &f, &n, &why) == 0);
	if (f == NULL)
		return;
	/* EFI_FFS_FILE_HEADER: name, checksums, type, attributes, size, state */
	CHECK(memcmp(f, guid, 16) == 0);
	CHECK(f[17] == 0xaa && f[18] == 0x07 && f[19] == 0 && f[23] == 0x07);
	CHECK(((size_t)f[20] | (size_t)f[21] << 8 | (size_t)f[22] << 16) == n);
	for (size_t i = 0; i < 24; i++)
		sum = (uint8_t)(sum + (i == 17 || i == 23 ? 0 : f[i]));
	CHECK(sum == 0);
	/* the first section, at 24: the dependency expression, 6 PUSH + 5 AND + END */
	CHECK(f[27] == 0x13 && f[24] == 4 + 6 * 17 + 5 + 1 && f[28] == 0x02 && f[24 + 4 + 6 * 17 + 5] == 0x08);
	CHECK(ffstool_parse(f, n, &info, &why) == 0);
	CHECK(info.type == 0x07 && info.size == n && info.pe_len == sizeof(pe) && info.pe_at % 4 == 0);
	CHECK(memcmp(f + info.pe_at, pe, sizeof(pe)) == 0);
	CHECK(strcmp(info.ui, "EarlyseedDxe") == 0 && strcmp(info.version, "1.0") == 0);
	/* a flipped byte anywhere in the header is caught */
	f[5] ^= 1;
	CHECK(ffstool_parse(f, n, &info, &why) == -1);
	f[5] ^= 1;
	CHECK(ffstool_parse(f, n - 1, &info, &why) == -1);
	/* a section size past the end */
	f[24 + 2] = 0xff;
	CHECK(ffstool_parse(f, n, &info, &why) == -1);
	free(f);
	/* an application, or another machine, is refused */
	check_fake_pe(pe, sizeof(pe), 0x8664, 10);
	CHECK(ffstool_build(pe, sizeof(pe), "1.0", &f, &n, &why) == -1);
	check_fake_pe(pe, sizeof(pe), 0x14c, 11);
	CHECK(ffstool_build(pe, sizeof(pe), "1.0", &f, &n, &why) == -1);
	check_fake_pe(pe, sizeof(pe), 0xaa64, 11);
	CHECK(ffstool_build(pe, sizeof(pe), "1.0", &f, &n, &why) == 0);
	free(f);
}

static size_t slurp(const char *path, uint8_t *buf, size_t cap)
{
	FILE *f = fopen(path, "rb");
	size_t n;

	if (f == NULL)
		return 0;
	n = fread(buf, 1, cap, f);
	fclose(f);
	return n;
}

/* Byte for byte what edk2's GenSec and GenFfs make from the same PE
 * (tests/vectors/ffs.sh says how the vector was made). */
static void test_edk2_vector(void)
{
	static uint8_t pe[4096], want[8192];
	size_t npe = slurp("tests/vectors/ffs-input.efi", pe, sizeof(pe));
	size_t nwant = slurp("tests/vectors/ffs-edk2.ffs", want, sizeof(want));
	uint8_t *f = NULL;
	size_t n = 0;
	const char *why = NULL;

	CHECK(npe == 512 && nwant > 24);
	CHECK(ffstool_build(pe, npe, "1.0", &f, &n, &why) == 0);
	CHECK(f != NULL && n == nwant && memcmp(f, want, n) == 0);
	free(f);
}

int main(void)
{
	RUN(test_layout);
	RUN(test_edk2_vector);
	return check_done();
}
