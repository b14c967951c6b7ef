/* SPDX-License-Identifier: MIT */
/*
 * The system UUID from an SMBIOS structure table (DMTF DSP0134 3.x): each
 * structure is a header (type, length, handle), `length` bytes of fields,
 * then its strings, ended by two NULs. Type 1 (System Information) keeps the
 * UUID at offset 8 when its length is at least 0x19 (SMBIOS 2.1 on). The
 * table comes from firmware memory: nothing is read past len.
 */
#include <string.h>

#include "earlyseed.h"

#define SMBIOS_HEADER 4u
#define SMBIOS_TYPE_SYSTEM 1u
#define SMBIOS_TYPE_END 127u
#define SMBIOS_UUID_AT 8u

bool es_smbios_uuid(const uint8_t *table, size_t len, uint8_t uuid[16])
{
	size_t at = 0;

	while (table != NULL && at + SMBIOS_HEADER <= len) {
		uint8_t type = table[at], n = table[at + 1];
		size_t end;

		if (n < SMBIOS_HEADER || at + n > len)
			return false;
		if (type == SMBIOS_TYPE_SYSTEM && n >= SMBIOS_UUID_AT + 16u + 1u) {
			bool zeros = true, ones = true;

			for (unsigned int i = 0; i < 16u; i++) {
				zeros = zeros && table[at + SMBIOS_UUID_AT + i] == 0x00;
				ones = ones && table[at + SMBIOS_UUID_AT + i] == 0xff;
			}
			if (zeros || ones)
				return false;
			memcpy(uuid, table + at + SMBIOS_UUID_AT, 16);
			return true;
		}
		if (type == SMBIOS_TYPE_END)
			return false;
		/* the strings: up to the first double NUL */
		for (end = at + n; end + 1 < len && !(table[end] == 0 && table[end + 1] == 0); end++)
			;
		at = end + 2;
	}
	return false;
}
