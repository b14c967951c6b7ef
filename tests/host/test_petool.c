/* SPDX-License-Identifier: MIT */
/* `earlyseed pe` (host/petool.c): .sbat and NX_COMPAT on PE32+ images laid
 * out as objcopy and GNU-EFI's aarch64 crt0 lay them out. */
#include <stdlib.h>
#include <string.h>

#include "../../core/le.h"
#include "../../host/petool.h"
#include "../check.h"

static const char sbat[] = "sbat,1,SBAT Version,sbat,1,https://github.com/rhboot/shim/blob/main/SBAT.md\n"
			   "earlyseed,1,earlyseed,earlyseed,1,https://github.com/earlyseed/earlyseed\n";
#define SBAT_N (sizeof(sbat) - 1)

static uint8_t img[0x3000];

/* A PE32+ image: headers in 0x400 bytes, .text (RX) and .data (RW) at 4 KiB
 * alignment; flat (raw offset = address) when flat, as the aarch64 crt0. */
static size_t make_pe(uint16_t machine, bool flat, uint32_t text_ch, uint32_t data_va)
{
	const size_t lfanew = 0x80, coff = lfanew + 4, opt = coff + 20, table = opt + 240;
	uint8_t *s;

	memset(img, 0, sizeof(img));
	img[0] = 'M';
	img[1] = 'Z';
	es_le_put32(img + 0x3c, (uint32_t)lfanew);
	memcpy(img + lfanew, "PE\0\0", 4);
	es_le_put16(img + coff, machine);
	es_le_put16(img + coff + 2, 2);
	es_le_put16(img + coff + 16, 240);
	es_le_put16(img + opt, PE_OPT_MAGIC_PE32PLUS);
	es_le_put32(img + opt + 8, 0x200);   /* SizeOfInitializedData */
	es_le_put32(img + opt + 32, 0x1000); /* SectionAlignment */
	es_le_put32(img + opt + 36, 0x200);  /* FileAlignment */
	es_le_put32(img + opt + 56, 0x3000); /* SizeOfImage */
	es_le_put32(img + opt + 60, 0x400);  /* SizeOfHeaders */
	es_le_put16(img + opt + 68, 10);
	s = img + table;
	memcpy(s, ".text", 5);
	es_le_put32(s + 8, 0x100);
	es_le_put32(s + 12, 0x1000);
	es_le_put32(s + 16, 0x200);
	es_le_put32(s + 20, flat ? 0x1000 : 0x400);
	es_le_put32(s + 36, text_ch);
	s += PE_SECTION_HEADER;
	memcpy(s, ".data", 5);
	es_le_put32(s + 8, 0x80);
	es_le_put32(s + 12, data_va);
	es_le_put32(s + 16, 0x200);
	es_le_put32(s + 20, flat ? 0x2000 : 0x600);
	es_le_put32(s + 36, PE_SCN_CNT_INITIALIZED_DATA | PE_SCN_MEM_READ | PE_SCN_MEM_WRITE);
	memset(img + (flat ? 0x1000 : 0x400), 0xc3, 0x100);
	memset(img + (flat ? 0x2000 : 0x600), 0xdd, 0x80);
	return flat ? 0x2200 : 0x800;
}

#define RX (PE_SCN_CNT_CODE | PE_SCN_MEM_EXECUTE | PE_SCN_MEM_READ)

static void test_seal(void)
{
	for (int flat = 0; flat <= 1; flat++) {
		size_t n = make_pe(flat ? PE_MACHINE_AARCH64 : PE_MACHINE_X64, flat, RX, 0x2000), outn;
		uint8_t *out;
		bool nx;
		const char *why;
		struct pe_info a, b;

		CHECK(petool_inspect(img, n, &a, &why) == 0 && !a.has_sbat && a.nx_allowed && a.nsections == 2);
		CHECK(petool_seal(img, n, (const uint8_t *)sbat, SBAT_N, true, &out, &outn, &nx, &why) == 0);
		if (out == NULL)
			continue;
		CHECK(nx);
		CHECK(petool_inspect(out, outn, &b, &why) == 0 && b.has_sbat && b.nsections == 3);
		CHECK((b.dll_characteristics & PE_DLL_NX_COMPAT) != 0);
		/* the old image unchanged before it; the table at a page, readable data */
		CHECK(memcmp(out + 0x400, img + 0x400, n - 0x400) == 0);
		{
			const uint8_t *h = out + 0x80 + 24 + 240 + 2 * PE_SECTION_HEADER;
			uint32_t va = es_le_get32(h + 12), raw = es_le_get32(h + 20);

			CHECK(memcmp(h, ".sbat\0\0\0", 8) == 0 && es_le_get32(h + 8) == SBAT_N);
			CHECK(va == 0x3000 && va % 4096 == 0 && raw % 512 == 0 && raw >= n);
			CHECK(es_le_get32(h + 36) == (PE_SCN_CNT_INITIALIZED_DATA | PE_SCN_MEM_READ));
			CHECK(raw + SBAT_N <= outn && memcmp(out + raw, sbat, SBAT_N) == 0);
			CHECK(b.size_of_image == 0x4000 && b.size_of_image >= va + SBAT_N);
		}
		/* twice is refused: one table */
		{
			uint8_t *again;
			size_t againn;

			CHECK(petool_seal(out, outn, (const uint8_t *)sbat, SBAT_N, true, &again, &againn, &nx, &why) == -1);
			CHECK(again == NULL && strstr(why, "already") != NULL);
		}
		free(out);
	}
}

/* NX_COMPAT only where the image allows it. */
static void test_nx_only_where_allowed(void)
{
	uint8_t *out;
	size_t n, outn;
	bool nx;
	const char *why;

	n = make_pe(PE_MACHINE_X64, false, RX | PE_SCN_MEM_WRITE, 0x2000); /* W and X */
	CHECK(petool_seal(img, n, (const uint8_t *)sbat, SBAT_N, true, &out, &outn, &nx, &why) == 0 && !nx);
	free(out);
	n = make_pe(PE_MACHINE_X64, false, RX, 0x1800); /* .data not page-aligned */
	CHECK(petool_seal(img, n, (const uint8_t *)sbat, SBAT_N, true, &out, &outn, &nx, &why) == 0 && !nx);
	free(out);
	n = make_pe(PE_MACHINE_X64, false, RX, 0x2000);
	CHECK(petool_seal(img, n, (const uint8_t *)sbat, SBAT_N, false, &out, &outn, &nx, &why) == 0 && !nx);
	free(out);
}

static void test_refused(void)
{
	uint8_t *out;
	size_t n, outn;
	bool nx;
	const char *why;

	n = make_pe(PE_MACHINE_X64, false, RX, 0x2000);
	img[0] = 'X';
	CHECK(petool_seal(img, n, (const uint8_t *)sbat, SBAT_N, true, &out, &outn, &nx, &why) == -1 && out == NULL);
	n = make_pe(PE_MACHINE_X64, false, RX, 0x2000);
	es_le_put16(img + 0x80 + 24, 0x10b); /* PE32 */
	CHECK(petool_seal(img, n, (const uint8_t *)sbat, SBAT_N, true, &out, &outn, &nx, &why) == -1);
	n = make_pe(PE_MACHINE_X64, false, RX, 0x2000);
	es_le_put32(img + 0x80 + 24 + 60, 0x80 + 24 + 240 + 2 * PE_SECTION_HEADER); /* headers end at the table */
	CHECK(petool_seal(img, n, (const uint8_t *)sbat, SBAT_N, true, &out, &outn, &nx, &why) == -1);
	CHECK(strstr(why, "no room") != NULL);
	n = make_pe(PE_MACHINE_X64, false, RX, 0x2000);
	es_le_put32(img + 0x80 + 4 + 8, 0x800); /* a COFF symbol table */
	CHECK(petool_seal(img, n, (const uint8_t *)sbat, SBAT_N, true, &out, &outn, &nx, &why) == -1);
	n = make_pe(PE_MACHINE_X64, false, RX, 0x2000);
	es_le_put32(img + 0x80 + 24 + 240 + 20, 0x7000); /* .text's bytes past the end */
	CHECK(petool_seal(img, n, (const uint8_t *)sbat, SBAT_N, true, &out, &outn, &nx, &why) == -1);
	n = make_pe(PE_MACHINE_X64, false, RX, 0x2000);
	CHECK(petool_seal(img, 0x100, (const uint8_t *)sbat, SBAT_N, true, &out, &outn, &nx, &why) == -1);
	/* signed already: a signature would not cover .sbat */
	n = make_pe(PE_MACHINE_X64, false, RX, 0x2000);
	es_le_put32(img + 0x80 + 24 + 108, 16);
	es_le_put32(img + 0x80 + 24 + 144, 0x800);
	es_le_put32(img + 0x80 + 24 + 148, 0x100);
	CHECK(petool_seal(img, n, (const uint8_t *)sbat, SBAT_N, true, &out, &outn, &nx, &why) == -1);
	CHECK(strstr(why, "signed already") != NULL);
	/* the new header would run into the first section's bytes */
	n = make_pe(PE_MACHINE_X64, false, RX, 0x2000);
	es_le_put32(img + 0x80 + 24 + 240 + 20, 0x80 + 24 + 240 + 2 * PE_SECTION_HEADER + 8);
	CHECK(petool_seal(img, n, (const uint8_t *)sbat, SBAT_N, true, &out, &outn, &nx, &why) == -1);
	/* a section alignment no EFI image has (2^31 wrapped SizeOfImage to
	 * 0 before): refused; 64 KiB, the largest page, still sealed */
	for (uint32_t a = 0x20000; a != 0; a <<= 1) {
		n = make_pe(PE_MACHINE_X64, false, RX, 0x2000);
		es_le_put32(img + 0x80 + 24 + 32, a);
		CHECK(petool_seal(img, n, (const uint8_t *)sbat, SBAT_N, true, &out, &outn, &nx, &why) == -1 &&
		      out == NULL);
		CHECK(why != NULL && strstr(why, "alignment") != NULL);
	}
	n = make_pe(PE_MACHINE_X64, false, RX, 0x2000);
	es_le_put32(img + 0x80 + 24 + 32, 0x10000);
	CHECK(petool_seal(img, n, (const uint8_t *)sbat, SBAT_N, true, &out, &outn, &nx, &why) == 0);
	CHECK(out != NULL && es_le_get32(out + 0x80 + 24 + 56) != 0 && es_le_get32(out + 0x80 + 24 + 56) % 0x10000 == 0);
	free(out);
	/* bad tables */
	{
		static const char *const bad[] = {
			"earlyseed,1,a,b,1,c\n", "sbat,1,SBAT Version,sbat,1,x\nearlyseed,1,a,b,1\n",
			"sbat,1,SBAT Version,sbat,1,x\nearlyseed,1,a,b,1,c", "sbat,1,SBAT Version,sbat,1,x\n",
			"sbat,1,SBAT Version,sbat,1,x\nearly\tseed,1,a,b,1,c\n",
		};

		for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
			CHECK(!petool_sbat_ok((const uint8_t *)bad[i], strlen(bad[i])));
			CHECK(petool_seal(img, n, (const uint8_t *)bad[i], strlen(bad[i]), true, &out, &outn, &nx, &why) == -1);
		}
		CHECK(petool_sbat_ok((const uint8_t *)sbat, SBAT_N));
	}
}

int main(void)
{
	RUN(test_seal);
	RUN(test_nx_only_where_allowed);
	RUN(test_refused);
	return check_done();
}
