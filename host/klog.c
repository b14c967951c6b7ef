/* SPDX-License-Identifier: MIT */
/* The kernel's log: the seed table, the crng, the firmware's name (klog.h). */
#define _GNU_SOURCE
#include "klog.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
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

/* One record's text at us microseconds since boot. */
static void klog_text(struct klog *k, const char *t, unsigned long us)
{
	const char *rng;

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

static void klog_line(struct klog *k, const char *line)
{
	unsigned long us;
	const char *t = log_text(line, &us);

	if (!k->first) {
		k->first = true;
		k->rotated = log_seq(line) > 0;
	}
	klog_text(k, t, us);
}

/* The journal's export format (systemd's JOURNAL_EXPORT_FORMATS): entries
 * of FIELD=value lines ended by an empty line; a field whose value is not
 * text is its name, a newline, a 64-bit little-endian size and the bytes.
 * Each entry's MESSAGE at its _SOURCE_MONOTONIC_TIMESTAMP (the kernel's
 * own time of the record, in microseconds). */
static void parse_export(struct klog *k, char *buf, size_t n)
{
	char *msg = NULL;
	unsigned long us = 0;
	bool have_us = false;
	size_t at = 0;

	for (;;) {
		char *nl = at < n ? memchr(buf + at, '\n', n - at) : NULL;
		char *line = buf + at;

		if (nl == NULL || nl == line) {
			/* the entry's end (or the buffer's): a kernel line with
			 * its own time; the first tells whether the journal
			 * still holds the boot's start (the kernel's first line
			 * is at 0); one without a time cannot be placed */
			if (msg != NULL) {
				if (!k->first)
					k->rotated = !have_us || us != 0;
				k->first = true;
				k->journal = true;
				if (have_us)
					klog_text(k, msg, us);
				else
					k->rotated = true;
			}
			msg = NULL;
			us = 0;
			have_us = false;
			if (nl == NULL)
				break;
			at = (size_t)(nl - buf) + 1;
			continue;
		}
		*nl = '\0';
		if (strchr(line, '=') == NULL) {
			/* binary: the size, the bytes, a newline */
			size_t after = (size_t)(nl - buf) + 1;

			if (n - after < 8) {
				at = n; /* cut: what is pending is still read */
			} else {
				uint64_t size = 0;

				for (int i = 7; i >= 0; i--)
					size = size << 8 | (unsigned char)buf[after + (size_t)i];
				at = size > n - after - 8 ? n : after + 8 + (size_t)size + 1;
			}
			if (at > n)
				at = n;
			continue;
		}
		if (strncmp(line, "MESSAGE=", 8) == 0)
			msg = line + 8;
		else if (strncmp(line, "_SOURCE_MONOTONIC_TIMESTAMP=", 28) == 0) {
			us = strtoul(line + 28, NULL, 10);
			have_us = true;
		}
		at = (size_t)(nl - buf) + 1;
	}
}

static bool is_export(const char *buf, size_t n)
{
	return (n > 9 && strncmp(buf, "__CURSOR=", 9) == 0) || (n > 8 && strncmp(buf, "MESSAGE=", 8) == 0) ||
	       (n > 14 && strncmp(buf, "__REALTIME_TIM", 14) == 0);
}

static char buf[LOG_MAX];

static void parse(struct klog *k, size_t n)
{
	buf[n] = '\0';
	if (is_export(buf, n)) {
		parse_export(k, buf, n);
		return;
	}
	for (char *line = buf, *nl; line < buf + n && (nl = strchr(line, '\n')) != NULL; line = nl + 1) {
		*nl = '\0';
		klog_line(k, line);
	}
}

/* /dev/kmsg gives one record a read and EAGAIN at its end (O_NONBLOCK);
 * a plain file is read whole. */
void klog_read(const char *path, struct klog *k)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	size_t n = 0;

	memset(k, 0, sizeof(*k));
	if (fd < 0) {
		k->error = errno;
		return;
	}
	for (;;) {
		ssize_t r = read(fd, buf + n, sizeof(buf) - 1 - n);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0 && errno == EPIPE) /* a record overwritten while reading */
			continue;
		if (r < 0 && errno != EAGAIN && n == 0)
			k->error = errno; /* EPERM from a kmsg that kernel.dmesg_restrict closes */
		if (r <= 0)
			break;
		n += (size_t)r;
		if (n >= sizeof(buf) - 2)
			break; /* what fits is parsed */
		if (buf[n - 1] != '\n')
			buf[n++] = '\n';
	}
	close(fd);
	parse(k, n);
}

void klog_read_journal(const char *file, struct klog *k)
{
	struct klog j;
	FILE *f;
	size_t n = 0;

	memset(&j, 0, sizeof(j));
	/* the journal of this boot, kernel lines only; no pager, no hints */
	f = file != NULL ? fopen(file, "r")
			 : popen("journalctl -q -k -b 0 -o export --output-fields=MESSAGE,_SOURCE_MONOTONIC_TIMESTAMP "
				 "--no-pager 2>/dev/null",
				 "r");
	if (f == NULL)
		return;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	if (file != NULL)
		fclose(f);
	else
		(void)pclose(f);
	parse(&j, n);
	if (!j.journal)
		return;
	/* rotated: the journal no longer holds the boot's first kernel line
	 * (a volatile journal vacuumed, journald started after the wrap) */
	j.error = 0;
	*k = j;
}
