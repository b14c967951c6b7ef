/* SPDX-License-Identifier: MIT */
/* libFuzzer: `earlyseed pe` (host/petool.c) on any bytes as an image:
 * never reads or writes out of bounds; what it seals reads back as a PE32+
 * image with one more section, a .sbat, inside the output. */
#include <stdlib.h>
#include <string.h>

#include "../../host/petool.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	static const char sbat[] = "sbat,1,SBAT Version,sbat,1,https://github.com/rhboot/shim/blob/main/SBAT.md\n"
				   "earlyseed,1,earlyseed,earlyseed,1,https://github.com/earlyseed/earlyseed\n";
	struct pe_info a, b;
	const char *why;
	uint8_t *img = malloc(size ? size : 1), *out = NULL;
	size_t outn = 0;
	bool nx;

	if (img == NULL)
		return 0;
	memcpy(img, data, size);
	if (petool_inspect(img, size, &a, &why) == 0 &&
	    petool_seal(img, size, (const uint8_t *)sbat, sizeof(sbat) - 1, true, &out, &outn, &nx, &why) == 0) {
		if (petool_inspect(out, outn, &b, &why) != 0 || !b.has_sbat || b.nsections != a.nsections + 1u ||
		    (nx && !a.nx_allowed))
			abort();
	}
	free(out);
	free(img);
	return 0;
}
