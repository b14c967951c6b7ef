/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_TOOLS_STATUS_H
#define EARLYSEED_TOOLS_STATUS_H

#include <stdbool.h>
#include <stdio.h>

/*
 * `earlyseed status`: on a running system, whether this boot was seeded at
 * [0.000000] and by what, and whether the next boot will be (docs/host-tool.md
 * "earlyseed status"). It reads the audit records (efivarfs), the kernel's
 * command line and log, and the ESP (seed file, token); it writes nothing.
 * Exit status: STATUS_OK, or the first thing wrong.
 */
enum status_code {
	STATUS_OK = 0,          /* this boot seeded at 0 by earlyseed, the next one will be */
	STATUS_NOT_SEEDED = 1,  /* this boot's crng was not ready at [0.000000] through earlyseed */
	STATUS_USAGE = 2,
	STATUS_NEXT_AT_RISK = 3, /* this boot was, the next one will not be (no source to seed it) */
	STATUS_UNKNOWN = 4      /* what it needs cannot be read (the kernel's log: not root, or wrapped) */
};

struct status_opts {
	const char *esp;     /* NULL: /boot/efi */
	const char *efivars; /* NULL: /sys/firmware/efi/efivars */
	const char *cmdline; /* NULL: /proc/cmdline */
	const char *kmsg;    /* NULL: /dev/kmsg; a file of `dmesg` lines for tests */
	const char *app;     /* the app's image on the ESP (seed --app) */
	bool json;
	bool json_pretty;    /* --json=pretty: the same, indented */
	bool report;         /* --report: status.json, the journal, node-exporter (host/report.h) */
	const char *pkg;     /* the package's images; NULL: /usr/lib/earlyseed */
	const char *journal; /* tests: the journal's export in a file; NULL: journalctl */
	const char *run_dir; /* tests: NULL: /run/earlyseed */
	const char *journal_socket; /* tests: NULL: /run/systemd/journal/socket */
	const char *textfile_dir;   /* tests: NULL: /var/lib/prometheus/node-exporter */
	const char *boot_id;        /* tests: NULL: /proc/sys/kernel/random/boot_id */
};

int status_run(const struct status_opts *o, FILE *out, FILE *err);

#endif
