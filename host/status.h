/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_TOOLS_STATUS_H
#define EARLYSEED_TOOLS_STATUS_H

#include <stdbool.h>
#include <stdio.h>

#include "machine.h"

/*
 * `earlyseed status`: on a running system, whether this boot was seeded at
 * [0.000000] and by what, and whether the next boot will be (earlyseed(1)
 * "status"). It reads the audit records (efivarfs), the kernel's
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
	bool json;
	bool json_pretty;    /* --json=pretty: the same, indented */
	bool report;         /* --report: status.json, the journal, node-exporter (host/report.h) */
	const char *journal; /* tests: the journal's export in a file; NULL: journalctl */
	const char *run_dir; /* tests: NULL: /run/earlyseed */
	const char *journal_socket; /* tests: NULL: /run/systemd/journal/socket */
	const char *textfile_dir;   /* tests: NULL: /var/lib/prometheus/node-exporter */
	const char *boot_id;        /* tests: NULL: /proc/sys/kernel/random/boot_id */
};

/* What the machine m (its ESP NULL: bootctl's places, else /boot/efi) says
 * of this boot and the next: STATUS_OK, else the first thing wrong
 * names (enum status_code). */
int status_run(const struct machine *m, const struct status_opts *o, FILE *out, FILE *err);

/* What `earlyseed --help` says of it, after the synopses the command
 * table (host/main.c) prints. */
#define HELP_STATUS \
	"status   on a running system: was this boot's crng ready at [0.000000], by\n" \
	"         what, and will the next boot be seeded? From the audit record\n" \
	"         (efivarfs), /proc/cmdline, the kernel's log (/dev/kmsg) and the ESP\n" \
	"         (default /boot/efi: the seed file, the token). Exit 0: yes to both;\n" \
	"         1: this boot was not seeded at 0 through earlyseed; 3: the next boot\n" \
	"         will not be; 4: what it needs cannot be read (the kernel's log\n" \
	"         without root, or no longer reaching the boot): unknown, never a\n" \
	"         guess. --json prints the same as one JSON object (--json=pretty\n" \
	"         indented); it names the installed images' versions and the\n" \
	"         package's when they differ (earlyseed update)\n"

#endif
