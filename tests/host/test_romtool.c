/* SPDX-License-Identifier: MIT */
/* The option ROM layout (host/romtool.c) against the PCI Firmware
 * Specification 3.0 (section 5.1) and UEFI 2.10 section 14.4.2. */
#include <stdlib.h>
#include <string.h>

#include "../../core/le.h"
#include "../../host/romtool.h"
#include "../check.h"

static void test_layout(void)
{
	static uint8_t pe[43416];
	struct rom_id id = { 0x8086, 0x100e, 0x020000 };
	uint8_t *rom = NULL;
	size_t n = 0;
	const char *why = NULL;
	const uint8_t *p;

	check_fake_pe(pe, sizeof(pe), 0x8664, 11);
	CHECK(romtool_build(pe, sizeof(pe), &id, &rom, &n, &why) == 0);
	if (rom == NULL)
		return;
	CHECK(n % 512 == 0 && n >= 0x200 + sizeof(pe) && n - (0x200 + sizeof(pe)) < 512);
	/* the ROM header */
	CHECK(rom[0] == 0x55 && rom[1] == 0xaa);
	CHECK(es_le_get16(rom + 2) == n / 512);
	CHECK(es_le_get32(rom + 4) == 0x0ef1);
	CHECK(es_le_get16(rom + 8) == 11 && es_le_get16(rom + 0x0a) == 0x8664 && es_le_get16(rom + 0x0c) == 0);
	for (size_t i = 0x0e; i < 0x16; i++)
		CHECK(rom[i] == 0);
	CHECK(es_le_get16(rom + 0x16) == 0x200 && memcmp(rom + 0x200, pe, sizeof(pe)) == 0);
	/* the PCI data structure */
	p = rom + es_le_get16(rom + 0x18);
	CHECK(memcmp(p, "PCIR", 4) == 0);
	CHECK(es_le_get16(p + 4) == 0x8086 && es_le_get16(p + 6) == 0x100e);
	CHECK(es_le_get16(p + 8) == 0 && es_le_get16(p + 0x0a) == 0x1c && p[0x0c] == 3);
	CHECK(p[0x0d] == 0x00 && p[0x0e] == 0x00 && p[0x0f] == 0x02); /* network controller */
	CHECK(es_le_get16(p + 0x10) == n / 512);
	CHECK(p[0x14] == 3 && p[0x15] == 0x80); /* EFI image, the last one */
	/* the padding is zero */
	for (size_t i = 0x200 + sizeof(pe); i < n; i++)
		CHECK(rom[i] == 0);
	free(rom);
}

static void test_rejects(void)
{
	static uint8_t pe[4096];
	struct rom_id id = { 0x1af4, 0x1000, 0x020000 };
	uint8_t *rom = NULL;
	size_t n;
	const char *why = NULL;

	check_fake_pe(pe, sizeof(pe), 0x8664, 10); /* an application */
	CHECK(romtool_build(pe, sizeof(pe), &id, &rom, &n, &why) == -1 && strstr(why, "subsystem") != NULL);
	check_fake_pe(pe, sizeof(pe), 0x14c, 11); /* i386 */
	CHECK(romtool_build(pe, sizeof(pe), &id, &rom, &n, &why) == -1 && strstr(why, "machine") != NULL);
	check_fake_pe(pe, sizeof(pe), 0xaa64, 11); /* AArch64 is fine */
	CHECK(romtool_build(pe, sizeof(pe), &id, &rom, &n, &why) == 0 && es_le_get16(rom + 0x0a) == 0xaa64);
	free(rom);
	pe[0] = 'X';
	CHECK(romtool_build(pe, sizeof(pe), &id, &rom, &n, &why) == -1 && strstr(why, "MZ") != NULL);
	CHECK(romtool_build(pe, 16, &id, &rom, &n, &why) == -1);
	check_fake_pe(pe, sizeof(pe), 0x8664, 11);
	es_le_put32(pe + 0x3c, 0xfffffff0u); /* e_lfanew out of the file */
	CHECK(romtool_build(pe, sizeof(pe), &id, &rom, &n, &why) == -1 && strstr(why, "PE signature") != NULL);
}

int main(void)
{
	RUN(test_layout);
	RUN(test_rejects);
	return check_done();
}
