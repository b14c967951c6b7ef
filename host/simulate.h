/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_TOOLS_SIMULATE_H
#define EARLYSEED_TOOLS_SIMULATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "../core/credit.h"

#define SIMULATE_MAX_SECONDS 3600

struct simulate_opts {
	enum es_credit_kernel kernel;
	bool rdseed;          /* the CPU has RDSEED (and RDRAND) */
	size_t hwrng;         /* bytes a hw_random device offers at registration, 0 = none */
	size_t table;         /* bytes of a LINUX_EFI_RANDOM_SEED_TABLE, 0 = none */
	bool trust_bootloader;
	bool trust_cpu;
	int seconds;          /* 0 .. SIMULATE_MAX_SECONDS */
};

struct simulate_result {
	/* bits[t]: 3.x: input pool entropy bits; 6: credited init bits (<= 256) */
	int bits[SIMULATE_MAX_SECONDS + 1];
	int ready_at;           /* 3.x: /dev/random unblocks; 6: crng ready; -1 = not within seconds */
	int nonblocking_ready;  /* 3.x: nonblocking pool initialized; -1 = not; 6: = ready_at */
};

/* Run the timeline; print it to out unless out is NULL. */
void simulate_run(const struct simulate_opts *o, struct simulate_result *res, FILE *out);
const char *simulate_kernel_name(enum es_credit_kernel k);
/* Parse "3.14", "3.15", "3.16", "3.17" or "6"; false otherwise. */
bool simulate_parse_kernel(const char *s, enum es_credit_kernel *k);
/* The same options under every modelled kernel, one line each, as SVG. */
int simulate_svg(const struct simulate_opts *o, const char *path);
/* The modelling assumptions, printed by --help. */
extern const char simulate_assumptions[];

/* What `earlyseed --help` says of it, after the synopses the command
 * table (host/main.c) prints. */
#define HELP_SIMULATE \
	"simulate replays an early-boot timeline under a kernel's seeding rules and\n" \
	"         prints the entropy count each second and when /dev/random unblocks (3.x)\n" \
	"         or the crng is ready (6). Defaults: --seconds 60, no rdseed, no hwrng,\n" \
	"         no table, both trusts on. --svg also plots all five kernels.\n"

#endif
