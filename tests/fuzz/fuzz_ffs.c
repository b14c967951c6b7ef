/* SPDX-License-Identifier: MIT */
/* libFuzzer: a firmware file read back (ffstool_parse), as a platform's
 * tools or a damaged copy may hand it over. */
#include <stdlib.h>
#include <string.h>

#include "../../host/ffstool.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	unsigned char *copy = malloc(size ? size : 1); /* exactly size bytes: ASan sees one past them */
	struct ffs_info info;
	const char *why = NULL;

	if (copy == NULL)
		return 0;
	memcpy(copy, data, size);
	if (ffstool_parse(copy, size, &info, &why) == 0) {
		if (info.size != size || info.pe_at + info.pe_len > size || info.depex_at + info.depex_len > size)
			abort();
	} else if (why == NULL) {
		abort();
	}
	free(copy);
	return 0;
}
