/* SPDX-License-Identifier: MIT */
/* libFuzzer: a TPM's answer to TPM2_GetRandom (es_tpm_getrandom_parse), as
 * any TPM, firmware or emulator may give it back. */
#include <stdlib.h>
#include <string.h>

#include "../../core/earlyseed.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	uint16_t asked, n;
	uint32_t rc;
	size_t off;
	enum es_tpm_rsp e;
	unsigned char *copy;

	if (size < 2)
		return 0;
	asked = (uint16_t)(data[0] << 8 | data[1]);
	/* exactly the bytes given back: ASan sees any read past them */
	copy = malloc(size > 2 ? size - 2 : 1);
	if (copy == NULL)
		return 0;
	memcpy(copy, data + 2, size - 2);
	e = es_tpm_getrandom_parse(copy, size - 2, asked, &rc, &off, &n);
	if (e == ES_TPM_OK) {
		/* the bytes it points at are inside what was given, none more than asked */
		if (n == 0 || n > asked || off + n > size - 2 || off != ES_TPM_RSP_HEADER + 2u)
			abort();
	} else if (n != 0 || off != 0 || strcmp(es_tpm_strerror(e), "unknown") == 0) {
		abort();
	}
	free(copy);
	return 0;
}
