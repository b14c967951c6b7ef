/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_TOOLS_SDBOOT_H
#define EARLYSEED_TOOLS_SDBOOT_H

#include <stdint.h>
#include <stdio.h>

#include "machine.h"

/*
 * `earlyseed install --sd-boot`: earlyseed's firmware driver into
 * systemd-boot's drivers folder, which systemd-boot loads before its menu
 * (src/boot/efi/drivers.c load_drivers(): \EFI\systemd\drivers\, files
 * whose names end in the architecture's suffix and ".efi"). No boot entry
 * is touched; the kernel's trust reaches the driver through
 * EarlyseedKernelTrust (host/trustvar.h), written here and at every boot.
 */
#define SDBOOT_LOADER "\\EFI\\systemd\\systemd-boot"

/* from (NULL: ESPIMAGE_PKG_DRIVER) onto the machine's ESP, m->esp, as
 * \EFI\systemd\drivers\earlyseed<suffix>.efi. Refuses an image that is not
 * a boot-service driver, and an ESP without systemd-boot for its
 * architecture. 0, or 1 after a message. */
int sdboot_install(const struct machine *m, const char *from, FILE *out, FILE *err);

#endif
