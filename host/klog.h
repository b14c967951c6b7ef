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
};
/* Read path: /dev/kmsg (one record a read, O_NONBLOCK) or a file of
 * `dmesg` lines; *k zeroed first, and left so when it cannot be read. */
void klog_read(const char *path, struct klog *k);

#endif
