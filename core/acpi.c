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

/* RHCT (the RISC-V ACPI spec's "RISC-V Hart Capabilities Table"; Linux
 * include/acpi/actbl2.h struct acpi_table_rhct, packed): after the header,
 * flags (4), the time base frequency (8), the node count (4) and the node
 * array's offset (4). Each node: type, length, revision (2 each); an ISA
 * string node (type 0) then holds the string's length (2) and the string; a
 * hart info node (type 0xffff) the number of offsets (2), the hart's ACPI
 * processor UID (4), then offsets (4 each, from the table's start) of the
 * nodes that describe it. */
#define RHCT_NODES_AT 52u
#define RHCT_NODE_HEADER 6u
#define RHCT_ISA 0u
#define RHCT_HART_INFO 0xffffu

/* The ISA string node at off in the table's n bytes lists ext? */
static bool rhct_isa_node_has(const uint8_t *t, uint32_t n, uint32_t off, const char *ext)
{
	uint32_t len;

	if (off < RHCT_NODES_AT + 4u || off > n - RHCT_NODE_HEADER - 2u || es_le_get16(t + off) != RHCT_ISA)
		return false;
	len = es_le_get16(t + off + RHCT_NODE_HEADER);
	if (len > n - off - RHCT_NODE_HEADER - 2u || len + RHCT_NODE_HEADER + 2u > es_le_get16(t + off + 2))
		return false;
	return es_fdt_isa_string_has(t + off + RHCT_NODE_HEADER + 2u, len, ext);
}

bool es_acpi_rhct_isa_has(const uint8_t *table, size_t len, const char *ext)
{
	uint32_t n, at, harts = 0;

	if (table == NULL || len < RHCT_NODES_AT + 4u || memcmp(table, "RHCT", 4) != 0)
		return false;
	n = es_le_get32(table + 4);
	if (n < RHCT_NODES_AT + 4u || n > len)
		return false;
	at = es_le_get32(table + RHCT_NODES_AT);
	while (at >= RHCT_NODES_AT + 4u && at <= n - RHCT_NODE_HEADER) {
		uint32_t size = es_le_get16(table + at + 2);

		if (size < RHCT_NODE_HEADER || size > n - at)
			return false; /* a node that does not fit: no verdict from it */
		if (es_le_get16(table + at) == RHCT_HART_INFO) {
			uint32_t k, offsets = RHCT_NODE_HEADER + 6u;
			bool isa = false;

			if (size < offsets)
				return false;
			k = es_le_get16(table + at + RHCT_NODE_HEADER);
			if (k > (size - offsets) / 4u)
				return false;
			/* the first ISA string node it refers to, as Linux takes */
			for (uint32_t i = 0; i < k && !isa; i++) {
				uint32_t ref = es_le_get32(table + at + offsets + (size_t)4u * i);

				if (ref >= RHCT_NODES_AT + 4u && ref <= n - RHCT_NODE_HEADER &&
				    es_le_get16(table + ref) == RHCT_ISA) {
					if (!rhct_isa_node_has(table, n, ref, ext))
						return false;
					isa = true;
				}
			}
			if (!isa)
				return false; /* a hart with no ISA string lists nothing */
			harts++;
		}
		at += size;
	}
	return harts > 0;
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
