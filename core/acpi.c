/* SPDX-License-Identifier: MIT */
/*
 * Two ACPI tables a hypervisor gives: the VM generation ID's address, and
 * Hyper-V's OEM0 entropy table (below). The ID: QEMU (hw/acpi/vmgenid.c,
 * docs/specs/vmgenid.rst) builds an SSDT with `Name (VGIA, 0)` whose DWord
 * the firmware patches (the linker/loader's WRITE_POINTER) to the guest
 * address of a buffer holding the 16-byte ID at offset 40. The table comes
 * from firmware memory: its length field is checked against what may be
 * read before any byte past the header is.
 */
#include <string.h>

#include "earlyseed.h"
#include "le.h"

/* ACPI 6.5 section 5.2.6: the header of every description table. */
#define ACPI_HEADER 36u
/* AML (ACPI 6.5 section 20.2): NameOp, then the four-character name, then
 * a DWordPrefix + 4 bytes or a QWordPrefix + 8 bytes. */
#define AML_NAME_OP 0x08u
#define AML_DWORD_PREFIX 0x0cu
#define AML_QWORD_PREFIX 0x0eu

bool es_acpi_vgia(const uint8_t *table, size_t len, uint64_t *addr)
{
	uint32_t n;

	*addr = 0;
	if (table == NULL || len < ACPI_HEADER || memcmp(table, "SSDT", 4) != 0)
		return false;
	n = es_le_get32(table + 4);
	if (n < ACPI_HEADER || n > len)
		return false;
	for (uint32_t i = ACPI_HEADER; i + 6u <= n; i++) {
		if (table[i] != AML_NAME_OP || memcmp(table + i + 1, "VGIA", 4) != 0)
			continue;
		if (table[i + 5] == AML_DWORD_PREFIX && i + 10u <= n)
			*addr = es_le_get32(table + i + 6);
		else if (table[i + 5] == AML_QWORD_PREFIX && i + 14u <= n)
			*addr = (uint64_t)es_le_get32(table + i + 6) | (uint64_t)es_le_get32(table + i + 10) << 32;
		else
			continue;
		/* not patched yet, or an address the ID would wrap past */
		if (*addr == 0 || *addr > UINT64_MAX - ES_VMGENID_OFFSET - ES_VMGENID_LEN) {
			*addr = 0;
			return false;
		}
		return true;
	}
	return false;
}

/* ACPI 6.5 section 5.2.6: the header's OEM table id at 16 (8 bytes) and
 * its checksum at 9 (all bytes of the table sum to zero). The checksum is
 * not checked: Linux does not either, and a wrong one costs nothing here
 * (the bytes are mixed; what they count for rests on the host). */
uint32_t es_acpi_oem0(const uint8_t *table, size_t len)
{
	uint32_t n;

	if (table == NULL || len < ACPI_HEADER || memcmp(table, "OEM0", 4) != 0 ||
	    memcmp(table + 16, "MICROSFT", 8) != 0)
		return 0;
	n = es_le_get32(table + 4);
	if (n < ACPI_HEADER + ES_OEM0_MIN || n > ACPI_HEADER + ES_OEM0_MAX || n > len)
		return 0;
	return n - ACPI_HEADER;
}

void es_acpi_oem0_scrub(uint8_t *table, size_t len)
{
	uint32_t n = es_acpi_oem0(table, len);
	uint8_t sum;

	if (n == 0)
		return;
	sum = table[9];
	/* as hv_common.c: each zeroed byte's value and the old length's bytes
	 * go back into the checksum, the new length's come out of it */
	for (uint32_t i = 0; i < n; i++) {
		sum = (uint8_t)(sum + table[ACPI_HEADER + i]);
		table[ACPI_HEADER + i] = 0;
	}
	for (uint32_t i = 0; i < 4; i++)
		sum = (uint8_t)(sum + table[4 + i]);
	es_le_put32(table + 4, ACPI_HEADER);
	for (uint32_t i = 0; i < 4; i++)
		sum = (uint8_t)(sum - table[4 + i]);
	table[9] = sum;
}
