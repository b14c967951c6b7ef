/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_TOOLS_UNINSTALLER_H
#define EARLYSEED_TOOLS_UNINSTALLER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "machine.h"

/*
 * `earlyseed uninstall`: the way out of what `earlyseed install` did. Boot
 * entries whose loader is earlyseed's app (Boot#### through efivarfs, and
 * their numbers in BootOrder), the app, its config and the seed file on the
 * ESP, and a token the OS made. A token the app made is boot-service only:
 * the OS cannot see or delete it, and this says how to (the UEFI shell).
 */
/* What uninstall was told beyond the machine (its ESP, m->esp, found by
 * main when --esp did not say; efivarfs). */
struct uninstaller_opts {
	/* The ESP's GPT partition GUID ("xxxxxxxx-xxxx-..."), or NULL: udev's
	 * ID_PART_ENTRY_UUID for the device mounted at esp. A boot entry that
	 * names a partition is removed only when it names this one. */
	const char *esp_partuuid;
};

/* 0, or 1 after a message (what could not be removed is named). */
int uninstaller_run(const struct machine *m, const struct uninstaller_opts *o, FILE *out, FILE *err);

/* What `earlyseed --help` says of it, after the synopses the command
 * table (host/main.c) prints. */
#define HELP_UNINSTALL \
	"uninstall takes away what install did: boot entries that start the app\n" \
	"         (and their numbers in BootOrder), the app, its config and the seed\n" \
	"         file, the driver in systemd-boot's folder, EarlyseedKernelTrust,\n" \
	"         and a token the OS made (the app's own is boot-service only:\n" \
	"         it says how to remove that from the UEFI shell)\n"

#endif
