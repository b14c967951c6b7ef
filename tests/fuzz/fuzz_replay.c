/* SPDX-License-Identifier: MIT */
/* libFuzzer: `earlyseed replay` on any input (tools/replay.c). */
#include <stdio.h>

#include "../../tools/replay.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	static FILE *null;
	struct replay r;

	if (null == NULL)
		null = fopen("/dev/null", "w");
	replay_reset(&r);
	(void)replay_run(&r, (const char *)data, size, null, null);
	return 0;
}
