/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_HOST_REPORT_H
#define EARLYSEED_HOST_REPORT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/*
 * `earlyseed status --report`, which earlyseed-report.service runs at every
 * boot: one boot's answer where fleets look, without ssh or text parsing.
 *   - /run/earlyseed/status.json: what `status --json` says, replaced
 *     atomically;
 *   - one structured journal entry (systemd's native protocol,
 *     systemd.journal-fields(7)) with MESSAGE_ID REPORT_MESSAGE_ID and
 *     EARLYSEED_* fields, found with `journalctl MESSAGE_ID=...`;
 *   - where prometheus-node-exporter's textfile collector reads
 *     (/var/lib/prometheus/node-exporter, when that folder is there),
 *     earlyseed.prom, written to a temporary name there and renamed
 *     (its README.textfile's rule).
 */
#define REPORT_MESSAGE_ID "5554ae6735ce43999d316e497f360ce3"
#define REPORT_RUN_DIR "/run/earlyseed"
#define REPORT_JOURNAL_SOCKET "/run/systemd/journal/socket"
#define REPORT_TEXTFILE_DIR "/var/lib/prometheus/node-exporter"

struct report {
	const char *json;     /* status --json's object, one line */
	int crng_ready;       /* 1, 0, or -1: unknown */
	int at_zero;          /* ready at [0.000000] through earlyseed: 1, 0, -1 unknown */
	unsigned long crng_us;
	const char *by;       /* this boot: by what */
	int next_seeded;      /* 1, 0, or -1: unknown */
	const char *next;     /* the next boot: by what, or why not */
	uint32_t seed_file_bits;
	int exit;             /* status's exit status */
	const char *version;  /* the tool's */
	const char *ran;      /* the image that ran this boot ("" unknown) */
	const char *esp;      /* the app's (or driver's) on the ESP ("" none) */
	bool esp_outdated;    /* the package holds a newer one */
	const char *boot_id;
};
struct report_paths {
	const char *run_dir, *socket, *textfile_dir; /* NULL: the defaults above */
};

/* 0, or 1 after a message on err for each place that could not be
 * written (the others are still written); what was written on out. */
int report_write(const struct report *r, const struct report_paths *p, FILE *out, FILE *err);

#endif
