/* SPDX-License-Identifier: MIT */
/* libFuzzer: a file on a FAT volume, as any firmware, OS or ESP writer may
 * leave it, asked whether it is a variable store holding the token
 * (core/varstore.c): whatever the lengths inside say, nothing past the
 * bytes is read (ASan sees it), and a store is claimed only where the
 * token's name is in the bytes, in UCS-2. */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "../../core/earlyseed.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	static const char name[] = { 'E', 0, 'a', 0, 'r', 0, 'l', 0, 'y', 0, 's', 0, 'e', 0, 'e', 0, 'd', 0,
				     'T', 0, 'o', 0, 'k', 0, 'e', 0, 'n', 0, 0, 0 };
	unsigned char *copy = malloc(size ? size : 1);
	enum es_varstore k;

	if (copy == NULL)
		return 0;
	memcpy(copy, data, size);
	k = es_varstore_find(copy, size);
	if (k != ES_VARSTORE_NONE && k != ES_VARSTORE_UBOOT && k != ES_VARSTORE_EDK2)
		abort();
	if (k != ES_VARSTORE_NONE &&
	    (memmem(copy, size, name, sizeof(name)) == NULL || memmem(copy, size, es_vendor_guid, 16) == NULL))
		abort();
	if (k == ES_VARSTORE_UBOOT && !es_varstore_worth_reading(size, copy, size < ES_VARSTORE_HEAD ? size : ES_VARSTORE_HEAD))
		abort();
	(void)es_varstore_text(k);
	free(copy);
	return 0;
}
