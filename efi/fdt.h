/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_EFI_FDT_H
#define EARLYSEED_EFI_FDT_H

#include <efi.h>

#include "../core/earlyseed.h"

/* The device tree the firmware hands over (the configuration table
 * EFI_DTB_TABLE_GUID, UEFI 2.10 section 4.6.1.3: U-Boot always, edk2 on
 * device-tree platforms), or NULL: an ACPI machine. *size is its header's
 * totalsize (es_fdt_size: no byte past it is read), 0 when its header is
 * not a valid version 17 one. */
UINT8 *fdt_firmware(uint32_t *size);

#endif
