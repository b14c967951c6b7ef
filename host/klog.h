/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_HOST_KLOG_H
#define EARLYSEED_HOST_KLOG_H

#include <stdbool.h>

/* The kernel's log: what it said about the seed table and the crng. */
struct klog {
	bool rng_table;     /* "efi: ... RNG=0x..." */
	char rng_addr[24];
	bool crng_ready;    /* "random: crng init done" */
	unsigned long crng_us; /* when, in microseconds since boot */
	bool rotated;       /* /dev/kmsg's first record is not the boot's first */
	bool first;         /* a record was seen */
	bool uboot;         /* "efi: EFI v2.100 by Das U-Boot" */
	int error;          /* errno when path could not be opened (EACCES, EPERM: not root) */
	bool journal;       /* what was read came from the journal */
};
/* Read path: /dev/kmsg (one record a read, O_NONBLOCK), a file of `dmesg`
 * lines, or the journal's export of them (`journalctl -k -b -o export`:
 * MESSAGE and _SOURCE_MONOTONIC_TIMESTAMP of each entry); *k zeroed first,
 * and left so (but error) when it cannot be read. */
void klog_read(const char *path, struct klog *k);
/* This boot's kernel lines from the journal, where they stay after the
 * ring buffer has wrapped: `journalctl -q -k -b 0 -o export` (cmd NULL),
 * or the export in the file cmd names (tests). k->journal when any line
 * was read; *k is left as it was when none was. */
void klog_read_journal(const char *file, struct klog *k);

#endif
