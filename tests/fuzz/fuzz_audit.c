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
	/* A record of this version that decodes re-encodes to the same bytes;
	 * one of an older version, decoded into this layout, survives an
	 * encode and decode as this version unchanged. */
	if (es_audit_decode(data, size, &a) == ES_AUDIT_OK) {
		unsigned char b[ES_AUDIT_SIZE];
		struct es_audit_record c, d;

		c = a;
		c.version = ES_AUDIT_VERSION;
		c.length = ES_AUDIT_SIZE;
		es_audit_encode(&c, b);
		if (a.version == ES_AUDIT_VERSION && (a.length != ES_AUDIT_SIZE || memcmp(b, data, ES_AUDIT_SIZE) != 0))
			abort();
		if (es_audit_decode(b, sizeof(b), &d) != ES_AUDIT_OK || memcmp(&c, &d, sizeof(c)) != 0)
			abort();
	}
	return 0;
}
