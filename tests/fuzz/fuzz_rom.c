/* SPDX-License-Identifier: MIT */
/* libFuzzer: `earlyseed rom` on any bytes as the driver image (its PE header
 * check), with exactly those bytes readable; a ROM it makes is laid out as
 * the PCI Firmware Specification 3.0 and UEFI 2.10 section 14.4.2 say. */
#include <stdlib.h>
#include <string.h>

#include "../../core/le.h"
#include "../../host/romtool.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	struct rom_id id = { 0x8086, 0x100e, 0x020000 };
	unsigned char *copy = malloc(size ? size : 1);
	uint8_t *rom = NULL;
	size_t n = 0;
	const char *why = NULL;

	if (copy == NULL)
		return 0;
	memcpy(copy, data, size);
	if (romtool_build(copy, size, &id, &rom, &n, &why) == 0) {
		if (n % ROM_UNIT != 0 || n < ROM_IMAGE_OFFSET + size || es_le_get16(rom) != ROM_SIGNATURE ||
		    es_le_get16(rom + 2) != n / ROM_UNIT || memcmp(rom + ROM_IMAGE_OFFSET, copy, size) != 0 ||
		    memcmp(rom + ROM_PCIR_OFFSET, "PCIR", 4) != 0)
			abort();
		free(rom);
	} else if (why == NULL) {
		abort();
	}
	free(copy);
	return 0;
}
