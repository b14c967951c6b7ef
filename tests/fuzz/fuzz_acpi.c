/* SPDX-License-Identifier: MIT */
/* libFuzzer: an ACPI table as firmware memory may hold it, searched for the
 * VM generation ID's address (es_acpi_vgia). */
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
	free(copy);
	return 0;
}
