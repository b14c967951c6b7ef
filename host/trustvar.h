/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_TOOLS_TRUSTVAR_H
#define EARLYSEED_TOOLS_TRUSTVAR_H

#include <stdbool.h>
#include <stdio.h>

/*
 * EarlyseedKernelTrust (core/earlyseed.h): what the running kernel trusts,
 * from its command line, for earlyseed's firmware driver, which sees none
 * (systemd-boot loads it before its menu). It can only take trust away.
 */
#define TRUSTVAR_NAME "EarlyseedKernelTrust-b1625ddc-bdd0-4e80-af05-adf6a6bdcd97"
/* The driver's audit record: present when the driver ran this boot. */
#define TRUSTVAR_DRIVER_AUDIT "EarlyseedDriverAudit-b1625ddc-bdd0-4e80-af05-adf6a6bdcd97"

/*
 * Bring the variable in line with the kernel's command line (cmdline_file;
 * NULL: /proc/cmdline and, where there is one, /etc/kernel/cmdline, the
 * line systemd-boot's entries get: the cautious view of both) when the
 * driver is in use: it ran this boot, or driver_installed (install
 * --sd-boot), or the variable is there already. Written only when what it
 * says changes, and only what takes trust away: a kernel that trusts all
 * leaves none (one there is deleted). A command line that cannot be read
 * whole leaves the variable as it is. 0, or 1 after a message on err.
 * efivars NULL: the system's.
 */
int trustvar_sync(const char *efivars, const char *cmdline_file, bool driver_installed, FILE *out, FILE *err);
/* Delete the variable (uninstall): 0, or 1 after a message on err. */
int trustvar_remove(const char *efivars, FILE *out, FILE *err);

#endif
