/* SPDX-License-Identifier: MIT */
/* libFuzzer: the config parser (core/config.c) on any file. */
#include <stdlib.h>
#include <string.h>

#include "../../core/config.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	struct es_config c;

	es_config_defaults(&c);
	(void)es_config_parse(&c, data, size, NULL, NULL);
	/* The fields stay terminated and the next stage stays an absolute path. */
	if (memchr(c.next, '\0', sizeof(c.next)) == NULL || c.next[0] != '\\' ||
	    memchr(c.cmdline, '\0', sizeof(c.cmdline)) == NULL)
		abort();
	return 0;
}
