/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_EFI_VARFILE_H
#define EARLYSEED_EFI_VARFILE_H

#include <efi.h>
#include <stdbool.h>

#include "../core/earlyseed.h"

/* A file in the root folder of a FAT volume the firmware sees (device's
 * first, then every other) that holds a variable store with the token in
 * it (core/varstore.c decides on the bytes); its name in name (cap
 * characters, NUL-terminated; "" when none). *unread: a file worth reading
 * was left unread (the boot's read budget): none found is then not sure. */
enum es_varstore varfile_find(EFI_HANDLE device, CHAR16 *name, UINTN cap, bool *unread);

#endif
