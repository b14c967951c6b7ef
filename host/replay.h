/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_TOOLS_REPLAY_H
#define EARLYSEED_TOOLS_REPLAY_H

#include <stddef.h>
#include <stdio.h>

#include "../core/credit.h"
#include "../core/pool.h"

struct replay {
	struct es_pool pool;
	struct es_credit_pool credit;
};

void replay_reset(struct replay *r);

/*
 * Execute a replay script (docs/host-tool.md "earlyseed replay"): one command per line,
 * '#' starts a comment. Output of state/dump goes to out (NULL: none); each bad line is
 * reported as "error: line N: why" on err (NULL: counted only) and not
 * executed. Any input is safe. Returns the number of bad lines.
 */
unsigned long replay_run(struct replay *r, const char *text, size_t len, FILE *out, FILE *err);

#endif
