/* SPDX-License-Identifier: MIT */
/* libFuzzer: `earlyseed replay` on any input (host/replay.c). */
#include <stddef.h>

#include "../../host/replay.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	struct replay r;

	replay_reset(&r);
	/* Nothing printed: formatting a message for each of the fuzzer's
	 * (mostly bad) lines, and 17 lines for each "dump" (a 4 KiB input
	 * holds 800), was most of its time, and neither depends on the
	 * input's bytes but through the pool the tests check
	 * (tests/host/test_replay.c prints them). */
	(void)replay_run(&r, (const char *)data, size, NULL, NULL);
	return 0;
}
