/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_HOST_ESP_H
#define EARLYSEED_HOST_ESP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* The FAT magic of statfs(2) (linux/magic.h MSDOS_SUPER_MAGIC). */
#define ESP_FAT_MAGIC 0x4d44
/* Is fd on a FAT file system (what the firmware reads the ESP through)? */
bool esp_on_fat(int fd);
/* Where the ESP is mounted, found as bootctl finds it: the first of
 * prefix/efi, prefix/boot, prefix/boot/efi that is a mount point of a FAT
 * file system whose partition (udev's database under prefix/run/udev/data)
 * is an EFI System Partition. 0 and its path in out, or -1 (why on err, if
 * not NULL). */
int esp_find(const char *prefix, char *out, size_t cap, FILE *err);
/* esp, or (NULL) the ESP esp_find() finds, named on out; NULL after a
 * message on err. */
const char *esp_pick(const char *esp, FILE *out, FILE *err);
/* The udev database entry of a block device (path): 1 when it names the
 * EFI System Partition's type (GPT c12a7328-f81f-11d2-ba4b-00a0c93ec93b,
 * or MBR 0xef), 0 when another type, -1 when it says none or is missing. */
int esp_udev_type(const char *path);

#endif
