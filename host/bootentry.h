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
/* The partition of an EFI_LOAD_OPTION's device path: its hard-drive node
 * (type 4, subtype 1; UEFI 2.10 section 10.3.5.1) with a GUID signature
 * (signature type 2): true and guid, the GPT partition's unique GUID as
 * its 16 bytes; false when there is none (or it is MBR, or malformed). */
bool bootentry_option_partition(const uint8_t *p, size_t n, uint8_t guid[16]);
/* "Boot####": exactly four uppercase hex digits (UEFI 2.10 section 3.1.1),
 * the variable's name before '-'; true and *num. */
bool bootentry_name(const char *name, unsigned int *num);
/* The file path of boot entry Boot<num> in efivars (NULL: the system's), as
 * bootentry_option_path() reads it; false when there is none. */
bool bootentry_path(const char *efivars, unsigned int num, char *path, size_t cap);
/* ... and its partition's GUID (*have false when it names none). */
bool bootentry_entry(const char *efivars, unsigned int num, char *path, size_t cap, uint8_t guid[16], bool *have);

#endif
