/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_TOOLS_INSTALLER_H
#define EARLYSEED_TOOLS_INSTALLER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/*
 * `earlyseed install --esp DIR` (and `make install`): the app onto a mounted
 * ESP as \EFI\earlyseed\earlyseed.efi, a config only where there is none,
 * the seed file and token (`earlyseed seed install`), and the efibootmgr
 * line that would add a boot entry. It changes no boot entry itself.
 */
#define INSTALLER_APP_DEFAULT "/usr/lib/earlyseed/earlyseed.efi"

struct installer_opts {
	const char *esp;
	const char *from;    /* the image to install; NULL: INSTALLER_APP_DEFAULT */
	const char *next;    /* the config's next; NULL: the default */
	const char *cmdline; /* NULL: none */
	const char *efivars; /* NULL: the system's */
	bool sd_boot;        /* --sd-boot: the driver for systemd-boot (host/sdboot.h) */
	const char *cmdline_file; /* the running kernel's command line; NULL: /proc/cmdline */
};

/* 0, or 1 after a message. Refuses a directory that is not FAT, and a
 * --next or --cmdline the app's own parser would not take (with its words). */
int installer_run(const struct installer_opts *o, FILE *out, FILE *err);
/* The PE image at path, read whole into a malloc'd buffer (*n bytes); NULL
 * after a message on err. */
uint8_t *installer_slurp(const char *path, size_t *n, FILE *err);
/* The PE machine of the image at rel on the ESP open at espfd (0 when it
 * is no PE image), or -1 when it cannot be opened or read (why on err, when
 * not NULL). */
int installer_pe_machine_on_esp(int espfd, const char *rel, FILE *err);
/* EARLYSEED_ANY_FS=1 in the environment: for tests only, a directory that
 * is not FAT stands in for the ESP (install, seed install, seed refresh). */
bool installer_any_fs(void);

#endif
