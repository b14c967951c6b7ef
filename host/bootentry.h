/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_HOST_BOOTENTRY_H
#define EARLYSEED_HOST_BOOTENTRY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The firmware's boot entries (Boot####, UEFI 2.10 section 3.1.3), read
 * through efivarfs: what install picks a next stage from, and uninstall
 * finds its own entries by. */
/* The file path in an EFI_LOAD_OPTION (UEFI 2.10 section 3.1.3): the first
 * media file-path node (type 4, subtype 4) of its device path list, as
 * ASCII into path (cap bytes). true when there is one that fits and is
 * ASCII; false for anything malformed. */
bool bootentry_option_path(const uint8_t *p, size_t n, char *path, size_t cap);
/* The file path of boot entry Boot<num> in efivars (NULL: the system's), as
 * bootentry_option_path() reads it; false when there is none. */
bool bootentry_path(const char *efivars, unsigned int num, char *path, size_t cap);

#endif
