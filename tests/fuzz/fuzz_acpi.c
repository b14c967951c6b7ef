/* SPDX-License-Identifier: MIT */
/* libFuzzer: an ACPI table as firmware memory may hold it, searched for the
 * VM generation ID's address (es_acpi_vgia), and read and wiped as
 * Hyper-V's OEM0 table (es_acpi_oem0, es_acpi_oem0_scrub): within bounds,
 * nothing left after, the checksum kept; and read as riscv64's RHCT for the
 * harts' ISA strings (es_acpi_rhct_isa_has), within its length. */
#include <stdlib.h>
#include <string.h>

#include "../../core/earlyseed.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	unsigned char *copy = malloc(size ? size : 1); /* exactly size bytes: ASan sees one past them */
	uint64_t addr;

	if (copy == NULL)
		return 0;
	memcpy(copy, data, size);
	if (es_acpi_vgia(copy, size, &addr)) {
		if (addr == 0 || addr > UINT64_MAX - ES_VMGENID_OFFSET - ES_VMGENID_LEN)
			abort();
	} else if (addr != 0) {
		abort();
	}
	/* listed only in an RHCT whose header's length (all four bytes,
	 * ACPI 6.5 5.2.6) fits the bytes handed over */
	if (es_acpi_rhct_isa_has(copy, size, "zkr") &&
	    (size < 56 || memcmp(copy, "RHCT", 4) != 0 ||
	     ((uint32_t)copy[4] | (uint32_t)copy[5] << 8 | (uint32_t)copy[6] << 16 | (uint32_t)copy[7] << 24) > size))
		abort();
	uint32_t n = es_acpi_oem0(copy, size);
	if (n != 0) {
		uint8_t before = 0, after = 0;

		if (n < ES_OEM0_MIN || n > ES_OEM0_MAX || 36u + n > size)
			abort();
		for (size_t i = 0; i < 36u + n; i++)
			before = (uint8_t)(before + copy[i]);
		es_acpi_oem0_scrub(copy, size);
		for (size_t i = 0; i < 36u; i++)
			after = (uint8_t)(after + copy[i]);
		for (size_t i = 36; i < 36u + n; i++) {
			if (copy[i] != 0)
				abort();
		}
		if (es_acpi_oem0(copy, size) != 0 || copy[4] != 36 || copy[5] != 0 || before != after)
			abort();
	} else {
		es_acpi_oem0_scrub(copy, size); /* touches nothing */
		if (memcmp(copy, data, size) != 0)
			abort();
	}
	free(copy);
	return 0;
}
