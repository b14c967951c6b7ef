/* SPDX-License-Identifier: MIT */
/* The machine every command is handed (host/machine.h). */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "machine.h"

void machine_fill(struct machine *m)
{
	const char *v = getenv("EARLYSEED_ANY_FS");

	m->any_fs = v != NULL && strcmp(v, "1") == 0;
	if (m->random == NULL)
		m->random = machine_getrandom;
	/* status reads the package's versions too, with no option for it */
	if (m->pkg == NULL)
		m->pkg = MACHINE_PKG;
}

int machine_getrandom(uint8_t *p, size_t n)
{
	/* getentropy(3): getrandom(2) with flags 0, which blocks until the
	 * kernel's crng is ready and then never fails nor falls short for
	 * 256 bytes or fewer at a time. */
	for (size_t k = 0; k < n; k += 256) {
		if (getentropy(p + k, n - k < 256 ? n - k : 256) != 0)
			return -1;
	}
	return 0;
}
