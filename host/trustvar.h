/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_TOOLS_TRUSTVAR_H
#define EARLYSEED_TOOLS_TRUSTVAR_H

#include <stdbool.h>
#include <stdio.h>

/*
 * EarlyseedKernelTrust (core/earlyseed.h): what the running kernel trusts,
 * from its command line, for a stage of earlyseed's that sees none: its
 * firmware driver (systemd-boot loads it before its menu), its app with a
 * boot loader next. It can only take trust away.
 */
#define TRUSTVAR_NAME "EarlyseedKernelTrust-b1625ddc-bdd0-4e80-af05-adf6a6bdcd97"
/* The driver's audit record: present when the driver ran this boot. */
#define TRUSTVAR_DRIVER_AUDIT "EarlyseedDriverAudit-b1625ddc-bdd0-4e80-af05-adf6a6bdcd97"

/* GRUB's defaults (Debian's grub-mkconfig reads them): the kernels it
 * starts get GRUB_CMDLINE_LINUX and GRUB_CMDLINE_LINUX_DEFAULT. */
#define TRUSTVAR_GRUB_DEFAULTS "/etc/default/grub"
/* ... and at most this many of /etc/default/grub.d/\*.cfg after it. */
#define TRUSTVAR_GRUB_PARTS 16
/* Those two assignments of the defaults file at path, every one found,
 * unquoted and joined by blanks into out: 0, or -1 (unreadable, too long). */
int trustvar_grub_cmdline(const char *path, char *out, size_t cap);
/*
 * Bring the variable in line with the kernel's command line (cmdline_file;
 * NULL: /proc/cmdline and, where there are any, /etc/kernel/cmdline, the
 * line systemd-boot's entries get, and GRUB's defaults: the cautious view of
 * them all) when earlyseed reads it: its app (with a boot loader next it
 * sees no command line) or its driver is installed (installed: `install`,
 * `seed refresh`), the driver ran this boot, or the variable is there. Written only when what it
 * says changes, and only what takes trust away: a kernel that trusts all
 * leaves none (one there is deleted). A command line that cannot be read
 * whole leaves the variable as it is. 0, or 1 after a message on err.
 * efivars NULL: the system's.
 */
int trustvar_sync(const char *efivars, const char *cmdline_file, bool installed, FILE *out, FILE *err);
/* Delete the variable (uninstall): 0, or 1 after a message on err. */
int trustvar_remove(const char *efivars, FILE *out, FILE *err);

#endif
