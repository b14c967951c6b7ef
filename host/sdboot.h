/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_TOOLS_SDBOOT_H
#define EARLYSEED_TOOLS_SDBOOT_H

#include <stdint.h>
#include <stdio.h>

#include "installer.h"

/*
 * `earlyseed install --sd-boot`: earlyseed's firmware driver into
 * systemd-boot's drivers folder, which systemd-boot loads before its menu
 * (src/boot/efi/drivers.c load_drivers(): \EFI\systemd\drivers\, files
 * whose names end in the architecture's suffix and ".efi"). No boot entry
 * is touched; the kernel's trust reaches the driver through
 * EarlyseedKernelTrust (host/trustvar.h), written here and at every boot.
 */
#define SDBOOT_DRIVER_DEFAULT "/usr/lib/earlyseed/earlyseed-driver.efi"
#define SDBOOT_DRIVERS "\\EFI\\systemd\\drivers\\"
#define SDBOOT_LOADER "\\EFI\\systemd\\systemd-boot"

/* The UEFI file-name suffix of a PE machine (UEFI 2.10 section 3.5.1.1:
 * x64, aa64), or NULL for another. */
const char *sdboot_suffix(uint16_t machine);
/* o->from (NULL: SDBOOT_DRIVER_DEFAULT) onto the ESP at o->esp as
 * \EFI\systemd\drivers\earlyseed<suffix>.efi. Refuses an image that is not
 * a boot-service driver, and an ESP without systemd-boot for its
 * architecture. 0, or 1 after a message. */
int sdboot_install(const struct installer_opts *o, FILE *out, FILE *err);
/* Remove the driver (any architecture's) from the ESP open at espfd
 * (mounted at esp): 0, or 1 after a message. */
int sdboot_remove(int espfd, const char *esp, bool *removed, FILE *out, FILE *err);

#endif
