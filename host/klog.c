/* SPDX-License-Identifier: MIT */
/* The kernel's log: the seed table, the crng, the firmware's name (klog.h). */
#define _GNU_SOURCE
#include "klog.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define LOG_MAX (1u << 20)

/* A line of /dev/kmsg ("pri,seq,usec,flags;text") or of dmesg ("[  s.us] text"):
 * its text and time. */
static const char *log_text(const char *line, unsigned long *us)
{
	const char *semi = strchr(line, ';');
	char *end;

	*us = 0;
	if (line[0] == '[') {
		unsigned long s = strtoul(line + 1, &end, 10), frac = 0;

		if (*end == '.')
			frac = strtoul(end + 1, &end, 10);
		*us = s * 1000000ul + frac;
		return *end == ']' ? end + 1 + (end[1] == ' ') : line;
	}
	if (semi != NULL) {
		const char *c1 = strchr(line, ','), *c2 = c1 != NULL ? strchr(c1 + 1, ',') : NULL;

		if (c2 != NULL && c2 < semi)
			*us = strtoul(c2 + 1, NULL, 10);
		return semi + 1;
	}
	return line;
}

/* /dev/kmsg's sequence number ("pri,SEQ,usec,..."), or -1. */
static long log_seq(const char *line)
{
	const char *c1 = strchr(line, ','), *semi = strchr(line, ';');

	return c1 != NULL && semi != NULL && c1 < semi && line[0] != '[' ? strtol(c1 + 1, NULL, 10) : -1;
}

static void klog_line(struct klog *k, const char *line)
{
	unsigned long us;
	const char *t = log_text(line, &us), *rng;

	if (!k->first) {
		k->first = true;
		k->rotated = log_seq(line) > 0;
	}

	if (strncmp(t, "efi: ", 5) == 0 && (rng = strstr(t, "RNG=0x")) != NULL) {
		size_t n = strspn(rng + 4, "0123456789abcdefxABCDEF");

		k->rng_table = true;
		snprintf(k->rng_addr, sizeof(k->rng_addr), "%.*s", (int)(n < 20 ? n : 20), rng + 4);
	}
	if (strncmp(t, "efi: EFI v", 10) == 0 && strstr(t, " by Das U-Boot") != NULL)
		k->uboot = true;
	if (!k->crng_ready && strstr(t, "random: crng init done") != NULL) {
		k->crng_ready = true;
		k->crng_us = us;
	}
}

/* /dev/kmsg gives one record a read and EAGAIN at its end (O_NONBLOCK);
 * a plain file is read whole. */
void klog_read(const char *path, struct klog *k)
{
	static char buf[LOG_MAX];
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	size_t n = 0;

	memset(k, 0, sizeof(*k));
	if (fd < 0)
		return;
	for (;;) {
		ssize_t r = read(fd, buf + n, sizeof(buf) - 1 - n);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0 && errno == EPIPE) /* a record overwritten while reading */
			continue;
		if (r <= 0)
			break;
		n += (size_t)r;
		if (n >= sizeof(buf) - 2)
			break; /* what fits is parsed */
		if (buf[n - 1] != '\n')
			buf[n++] = '\n';
	}
	close(fd);
	buf[n] = '\0';
	for (char *line = buf, *nl; line < buf + n && (nl = strchr(line, '\n')) != NULL; line = nl + 1) {
		*nl = '\0';
		klog_line(k, line);
	}
}
