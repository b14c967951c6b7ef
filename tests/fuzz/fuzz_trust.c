/* SPDX-License-Identifier: MIT */
/* libFuzzer: the kernel command-line reader (core/trust.c) on any bytes,
 * and the EarlyseedKernelTrust reader on the same bytes,
 * NUL-terminated in an exact-size heap block (ASan sees an over-read). */
#include <stdlib.h>
#include <string.h>

#include "../../core/earlyseed.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	char *s = malloc(size + 1);
	struct es_trust t;

	if (s == NULL)
		return 0;
	memcpy(s, data, size);
	s[size] = '\0';
	es_trust_defaults(&t);
	es_trust_parse(&t, s);
	/* a setting that was not named keeps its default */
	if ((!t.cpu_set && !t.cpu) || (!t.bootloader_set && !t.bootloader))
		abort();
	free(s);
	/* the same bytes as an EarlyseedKernelTrust variable: never more trust */
	{
		struct es_trust v;
		enum es_trust_var r;

		es_trust_defaults(&v);
		v.cpu = t.cpu;
		v.bootloader = t.bootloader;
		r = es_trust_var_apply(&v, data, size);
		/* never more trust, and never less of the boot loader's (taking
		 * that away lifts the gate) */
		if ((v.cpu && !t.cpu) || v.bootloader != t.bootloader || (r == ES_TRUST_VAR_BAD && v.cpu))
			abort();
	}
	return 0;
}
