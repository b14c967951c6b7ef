/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
/* libFuzzer: an SMBIOS structure table, walked for the system UUID
 * (es_smbios_uuid). */
#include <stdlib.h>
#include <string.h>

#include "../../core/earlyseed.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	unsigned char *copy = malloc(size ? size : 1); /* exactly size bytes: ASan sees one past them */
	uint8_t uuid[16];

	if (copy == NULL)
		return 0;
	memcpy(copy, data, size);
	if (es_smbios_uuid(copy, size, uuid)) {
		/* what it found is in the table, and not a "no UUID" value */
		bool zeros = true, ones = true;

		for (int i = 0; i < 16; i++) {
			zeros = zeros && uuid[i] == 0;
			ones = ones && uuid[i] == 0xff;
		}
		if (zeros || ones || memmem(copy, size, uuid, 16) == NULL)
			abort();
	}
	free(copy);
	return 0;
}
