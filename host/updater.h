/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_HOST_UPDATER_H
#define EARLYSEED_HOST_UPDATER_H

#include <stdbool.h>
#include <stdio.h>

#include "machine.h"

/*
 * `earlyseed update [--esp DIR] [--from DIR] [--graceful]`: what `install`
 * put on the ESP, brought to the package's version, as systemd's `bootctl
 * update` does for systemd-boot. For the app (\EFI\earlyseed\earlyseed.efi)
 * and the driver (\EFI\systemd\drivers\earlyseed{x64,aa64}.efi), each one
 * there: replaced by the package's image (a .efi.signed beside it
 * preferred) only when that one's version (its .sbat line) is newer;
 * never a downgrade, never an image that is not earlyseed's or of another
 * architecture; the owner's sealed choices carried over (or the update
 * refused where they cannot be: a signed image); the config and the seed
 * file untouched; written as every ESP file is (host/beneath.h).
 */
/* What update was asked beyond the machine (its ESP, m->esp, NULL: found
 * as bootctl finds it; the package's images, m->pkg, NULL: MACHINE_PKG). */
struct updater_opts {
	bool graceful; /* no ESP, or nothing installed on it: not an error */
};

/* 0 when everything there is current (or was made so), 1 after a message. */
int updater_run(const struct machine *m, const struct updater_opts *o, FILE *out, FILE *err);

/* What `earlyseed --help` says of it, after the synopses the command
 * table (host/main.c) prints. */
#define HELP_UPDATE \
	"update   brings what install put on the ESP (the app, the driver) to this\n" \
	"         package's version: each image there is replaced by the one in\n" \
	"         /usr/lib/earlyseed (--from; a .efi.signed beside it preferred) only\n" \
	"         when that one is newer, never downgraded, its sealed settings kept;\n" \
	"         the config and the seed file are not touched. --graceful: no ESP,\n" \
	"         or nothing installed on it, is not an error (the package's\n" \
	"         postinst and the boot service run it so)\n"

#endif
