/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_EFI_VARFILE_H
#define EARLYSEED_EFI_VARFILE_H

#include <efi.h>

#include "../core/earlyseed.h"

/* A file in the root folder of a FAT volume the firmware sees (device's
 * first, then every other) that holds a variable store with the token in
 * it (core/varstore.c decides on the bytes); its name in name (cap
 * characters, NUL-terminated; "" when none). */
enum es_varstore varfile_find(EFI_HANDLE device, CHAR16 *name, UINTN cap);

#endif
