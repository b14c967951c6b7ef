/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_HOST_PEEK_H
#define EARLYSEED_HOST_PEEK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "machine.h"

/* The seed file as `earlyseed status` sees it, found as `seed` finds it. */
struct peek {
	char path[4096];   /* under the ESP, '/' separators; "" when turned off */
	bool off;          /* seed_file = none, or it names a file the boot needs */
	bool exists;       /* a regular file */
	size_t size;       /* its bytes (at most ES_SEED_FILE_MAX read) */
	bool header;       /* in earlyseed's format */
	uint32_t other_bits, cpu_bits, flags;
	bool token_visible;        /* EarlyseedToken in efivarfs (the OS made it) */
	bool token_known;          /* ... and it decodes: what it rests on is below */
	uint32_t token_other_bits, token_cpu_bits;
	bool secure_boot;          /* SecureBoot is 1 */
};
/* Fill *p; 0, or -1 when the ESP cannot be opened. Reads only. */
int peek_read(const struct machine *m, struct peek *p, FILE *err);

#endif
