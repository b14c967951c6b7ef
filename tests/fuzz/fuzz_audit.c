/* SPDX-License-Identifier: MIT */
/* libFuzzer: the audit record decoder and `earlyseed inspect`. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/audit.h"
#include "../../tools/inspect.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	static FILE *null;
	struct es_audit_record a;

	if (null == NULL)
		null = fopen("/dev/null", "w");
	(void)inspect_print(data, size, null, null);
	/* A record that decodes re-encodes to the same bytes. */
	if (es_audit_decode(data, size, &a) == ES_AUDIT_OK) {
		unsigned char b[ES_AUDIT_SIZE];

		es_audit_encode(&a, b);
		if (memcmp(b, data, ES_AUDIT_SIZE) != 0)
			abort();
	}
	return 0;
}
