/* SPDX-License-Identifier: MIT */
/* libFuzzer: the audit record decoder and `earlyseed inspect`. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/earlyseed.h"
#include "../../host/inspect.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	static FILE *null;
	struct es_audit_record a;

	if (null == NULL)
		null = fopen("/dev/null", "w");
	(void)inspect_print(data, size, null, null);
	/* A record that decodes, of any version, re-encodes to the same
	 * bytes over its version's length (the rest of the v3 layout is zero). */
	if (es_audit_decode(data, size, &a) == ES_AUDIT_OK) {
		unsigned char b[ES_AUDIT_SIZE];

		es_audit_encode(&a, b);
		if (a.length > size || a.length > ES_AUDIT_SIZE || memcmp(b, data, a.length) != 0)
			abort();
		for (size_t i = a.length; i < ES_AUDIT_SIZE; i++)
			if (b[i] != 0)
				abort();
	}
	return 0;
}
