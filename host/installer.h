/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_TOOLS_INSTALLER_H
#define EARLYSEED_TOOLS_INSTALLER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "espimage.h"
#include "machine.h"

/*
 * `earlyseed install --esp DIR` (and `make install`): the app onto a mounted
 * ESP as \EFI\earlyseed\earlyseed.efi, a config only where there is none,
 * the seed file and token (`earlyseed seed install`), and the efibootmgr
 * line that would add a boot entry. It changes no boot entry itself.
 */
#define INSTALLER_APP_DEFAULT "/usr/lib/earlyseed/earlyseed.efi"

/* What install was asked beyond the machine (its ESP, m->esp, which main
 * found when --esp did not say; efivarfs; the running kernel's command
 * line, --kernel-cmdline). */
struct installer_opts {
	const char *from;         /* the image to install; NULL: INSTALLER_APP_DEFAULT (--sd-boot: ESPIMAGE_PKG_DRIVER) */
	const char *next;         /* the config's next; NULL: the default */
	const char *conf_cmdline; /* the config's cmdline (--cmdline); NULL: none */
	bool sd_boot;             /* --sd-boot: the driver for systemd-boot (host/sdboot.h) */
};

/* 0, or 1 after a message. Refuses a directory that is not FAT, and a
 * --next or --cmdline the app's own parser would not take (with its words). */
int installer_run(const struct machine *m, const struct installer_opts *o, FILE *out, FILE *err);

/* What `earlyseed --help` says of it, after the synopses the command
 * table (host/main.c) prints. */
#define HELP_INSTALL \
	"install  puts the app on a mounted ESP as \\EFI\\earlyseed\\earlyseed.efi (from\n" \
	"         " INSTALLER_APP_DEFAULT " unless --from), writes a config (in an\n" \
	"         existing one, only the --next and --cmdline lines), runs seed install,\n" \
	"         and prints the efibootmgr line that would add a boot entry: it\n" \
	"         changes no boot entry itself; it refuses a next stage that is not on\n" \
	"         the ESP or not an EFI image for the app's architecture. Without --esp\n" \
	"         the ESP is found as seed finds it; --kernel-cmdline FILE is read\n" \
	"         instead of /proc/cmdline for the running kernel's trust.\n" \
	"         --sd-boot: the firmware driver instead (from\n" \
	"         " ESPIMAGE_PKG_DRIVER " unless --from) as\n" \
	"         \\EFI\\systemd\\drivers\\earlyseedx64.efi (aa64 on arm64), which\n" \
	"         systemd-boot loads before its menu; no boot entry, no seed file; it\n" \
	"         writes EarlyseedKernelTrust from /proc/cmdline (or FILE) when the kernel\n" \
	"         distrusts the CPU or the boot loader (it can only take trust away)\n"

#endif
