/* SPDX-License-Identifier: MIT */
/* libFuzzer: a boot entry (EFI_LOAD_OPTION) as NVRAM may hand it to
 * `earlyseed uninstall` (host/uninstaller.c): never read past it, and a
 * path found is NUL-terminated printable ASCII within the buffer. */
#include <stdlib.h>
#include <string.h>

#include "../../host/bootentry.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	unsigned char *p = malloc(size ? size : 1); /* exactly size readable bytes */
	char path[64];

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
	free(p);
	return 0;
}
