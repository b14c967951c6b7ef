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
	/* bad lines counted, not printed: formatting a message for each of
	 * the fuzzer's (mostly bad) lines was a third of its time */
	(void)replay_run(&r, (const char *)data, size, null, NULL);
	return 0;
}
