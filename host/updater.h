/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_HOST_UPDATER_H
#define EARLYSEED_HOST_UPDATER_H

#include <stdbool.h>
#include <stdio.h>

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
#define UPDATER_FROM_DEFAULT "/usr/lib/earlyseed"

struct updater_opts {
	const char *esp;  /* NULL: found as bootctl finds it */
	const char *from; /* the package's images; NULL: UPDATER_FROM_DEFAULT */
	bool graceful;    /* no ESP, or nothing installed on it: not an error */
};

/* 0 when everything there is current (or was made so), 1 after a message. */
int updater_run(const struct updater_opts *o, FILE *out, FILE *err);

/* One installed image and the package's: their versions ("" unknown). */
struct updater_view {
	bool installed;
	char rel[64];          /* where on the ESP */
	char esp_version[32];  /* the ESP's copy's */
	char pkg_version[32];  /* the package's */
};
/* The app and the driver as they stand (status): view[0] the app,
 * view[1] the driver. from: NULL for the default. */
void updater_look(int espfd, const char *from, struct updater_view view[2]);

#endif
