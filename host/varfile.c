/* SPDX-License-Identifier: MIT */
/* The variable store in a file, from the OS's side (host/varfile.h). */
#define _GNU_SOURCE
#include "varfile.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The whole file, when its size and head make it worth reading. */
static enum es_varstore file_scan(int dfd, const char *fname)
{
	struct stat st;
	uint8_t head[ES_VARSTORE_HEAD], *buf;
	enum es_varstore k = ES_VARSTORE_NONE;
	int fd = openat(dfd, fname, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);

	if (fd < 0)
		return ES_VARSTORE_NONE;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size < (off_t)sizeof(head) ||
	    pread(fd, head, sizeof(head), 0) != (ssize_t)sizeof(head) ||
	    !es_varstore_worth_reading((uint64_t)st.st_size, head, sizeof(head)) ||
	    (buf = malloc((size_t)st.st_size)) == NULL) {
		close(fd);
		return ES_VARSTORE_NONE;
	}
	{
		size_t got = 0;

		while (got < (size_t)st.st_size) {
			ssize_t r = pread(fd, buf + got, (size_t)st.st_size - got, (off_t)got);

			if (r < 0 && errno == EINTR)
				continue;
			if (r <= 0)
				break;
			got += (size_t)r;
		}
		if (got == (size_t)st.st_size)
			k = es_varstore_find(buf, got);
	}
	es_wipe(buf, (size_t)st.st_size); /* it may hold the token */
	free(buf);
	close(fd);
	return k;
}

enum es_varstore varfile_scan(const char *dir, char *name, size_t cap)
{
	enum es_varstore k = ES_VARSTORE_NONE;
	DIR *d;
	const struct dirent *e;

	if (cap > 0)
		name[0] = '\0';
	d = opendir(dir);
	if (d == NULL)
		return ES_VARSTORE_NONE;
	/* the app reads at most 256 entries of a root folder: so does this */
	for (int i = 0; i < 256 && k == ES_VARSTORE_NONE && (e = readdir(d)) != NULL; i++) {
		if (e->d_type != DT_REG && e->d_type != DT_UNKNOWN)
			continue;
		k = file_scan(dirfd(d), e->d_name);
		if (k != ES_VARSTORE_NONE && cap > 0)
			snprintf(name, cap, "%s", e->d_name);
	}
	closedir(d);
	return k;
}
