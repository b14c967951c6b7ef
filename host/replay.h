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
 * Execute a replay script (earlyseed(1) "replay"): one command per line,
 * '#' starts a comment. Output of state/dump goes to out (NULL: none); each bad line is
 * reported as "error: line N: why" on err (NULL: counted only) and not
 * executed. Any input is safe. Returns the number of bad lines.
 */
unsigned long replay_run(struct replay *r, const char *text, size_t len, FILE *out, FILE *err);

/* What `earlyseed --help` says of it, after the synopses the command
 * table (host/main.c) prints. */
#define HELP_REPLAY \
	"replay   executes a script against the Linux v3.17 input pool and its\n" \
	"         accounting (core/pool.c, core/credit.c), one command per line, '#'\n" \
	"         starts a comment:\n" \
	"           reset                  zero pool, add_ptr, input_rotate, counters\n" \
	"           mix HEX...             _mix_pool_bytes() of the bytes, e.g. mix 00 7f 80 ff\n" \
	"           unmix HEX...           the exact inverse of mix with the same bytes\n" \
	"           mixle64 U64...         mix each value as 8 little-endian bytes (0x-hex or decimal)\n" \
	"           credit N               es_credit_entropy_bits(input_pool, N), N may be negative\n" \
	"           credit_safe N          es_credit_entropy_bits_safe(input_pool, N)\n" \
	"           state                  add_ptr=.. input_rotate=.. entropy_count=.. entropy_total=.. initialized=..\n" \
	"           dump                   the state line, then the 128 pool words\n" \
	"         A bad line prints \"error: line N: why\" on stderr, is skipped, and makes\n" \
	"         the exit status 1.\n"

#endif
