/* SPDX-License-Identifier: MIT */
/* libFuzzer: the config parser (core/config.c) on any file. Whatever the
 * bytes, the paths it keeps are what edk2's FAT driver opens (Hardening
 * III, 3): absolute, '\' only, no component empty, ".", "..", holding '~',
 * or with a leading blank or a trailing blank or dot; and a seed file
 * that FAT would open as the next stage is always seen by the clash check. */
#include <stdlib.h>
#include <string.h>

#include "../../core/earlyseed.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

static int fat_clean(const char *p)
{
	size_t n = strlen(p), start = 1;

	if (n == 0 || p[0] != '\\' || strchr(p, '/') != NULL || strchr(p, '~') != NULL)
		return 0;
	for (size_t i = 1; i <= n; i++) {
		if (i < n && p[i] != '\\')
			continue;
		if (i == start || p[start] == ' ' || p[i - 1] == ' ' || p[i - 1] == '.')
			return 0;
		start = i + 1;
	}
	return 1;
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	struct es_config c;

	es_config_defaults(&c);
	(void)es_config_parse(&c, data, size, NULL, NULL);
	/* The fields stay terminated and the next stage stays an absolute path. */
	if (memchr(c.next, '\0', sizeof(c.next)) == NULL || c.next[0] != '\\' ||
	    memchr(c.cmdline, '\0', sizeof(c.cmdline)) == NULL || memchr(c.seed_file, '\0', sizeof(c.seed_file)) == NULL)
		abort();
	if (!fat_clean(c.next) || (c.seed_file[0] != '\0' && !fat_clean(c.seed_file)))
		abort();
	/* a path is the same file as itself, however its case is written */
	if (!es_config_same_path(c.next, c.next))
		abort();
	if (c.seed_file[0] != '\0' && es_config_same_path(c.seed_file, c.next) &&
	    es_config_seed_file_clash(&c, NULL) == NULL)
		abort();
	return 0;
}
