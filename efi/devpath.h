/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_EFI_DEVPATH_H
#define EARLYSEED_EFI_DEVPATH_H

#include <efi.h>
#include <stddef.h>

/*
 * The file path in a device path, as ASCII (UEFI 2.10 section 10.3.5.4,
 * File Path Media Device Path: type 4, subtype 4, a NUL-terminated UCS-2
 * name; several such nodes are joined with '\'). out is "" when there is
 * none, when it is not ASCII, or when it does not fit in cap.
 */
void devpath_file_ascii(const EFI_DEVICE_PATH *dp, char *out, size_t cap);
/*
 * A new device path: device's own path (its EFI_DEVICE_PATH_PROTOCOL, if
 * any), then one file node for path, then the end node; what LoadImage()
 * takes. fs_free() it. NULL when out of memory.
 */
EFI_DEVICE_PATH *devpath_for_file(EFI_HANDLE device, const CHAR16 *path);

#endif
