/* SPDX-License-Identifier: MIT */
/* libFuzzer: a boot entry (EFI_LOAD_OPTION) as NVRAM may hand it to
 * `earlyseed uninstall` (host/uninstaller.c): never read past it, a path
 * found is NUL-terminated printable ASCII within the buffer, and a
 * partition found is the 16 bytes of a GUID-signature hard-drive node that
 * lies within the option. */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "../../host/bootentry.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	unsigned char *p = malloc(size ? size : 1); /* exactly size readable bytes */
	char path[64];
	unsigned char guid[16];

	if (p == NULL)
		return 0;
	memcpy(p, data, size);
	if (bootentry_option_path(p, size, path, sizeof(path))) {
		size_t n = strnlen(path, sizeof(path));

		if (n == 0 || n == sizeof(path))
			abort();
		for (size_t i = 0; i < n; i++)
			if (path[i] < 0x20 || path[i] > 0x7e)
				abort();
	}
	memset(guid, 0xa5, sizeof(guid));
	if (bootentry_option_partition(p, size, guid)) {
		const unsigned char *g = memmem(p, size, guid, sizeof(guid));

		if (g == NULL) /* the GUID came from the option's own bytes */
			abort();
	}
	free(p);
	return 0;
}
