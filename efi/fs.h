/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_EFI_FS_H
#define EARLYSEED_EFI_FS_H

#include <efi.h>
#include <stdbool.h>

/* The root directory of the file system on device (UEFI 2.10 section 13.4,
 * EFI_SIMPLE_FILE_SYSTEM_PROTOCOL.OpenVolume), or NULL when it has none. */
EFI_FILE_HANDLE fs_open_root(EFI_HANDLE device);
/* Is there a file at path on device's volume; on it or on any volume? */
bool fs_exists(EFI_HANDLE device, CHAR16 *path);
bool fs_exists_anywhere(EFI_HANDLE first, CHAR16 *path);
/* The size and attributes (EFI_FILE_READ_ONLY, ...; attr may be NULL) of an
 * open file from EFI_FILE_INFO (section 13.5.16, GetInfo). */
EFI_STATUS fs_file_info(EFI_FILE_HANDLE f, UINT64 *size, UINT64 *attr);
/* EFI_FILE_SYSTEM_INFO.ReadOnly of a volume (section 13.5.16); false when
 * the driver cannot tell. */
bool fs_read_only(EFI_FILE_HANDLE root);
/* Open or create every directory above the file at path (absolute, '\'
 * separators); path is restored before it returns. */
EFI_STATUS fs_make_parents(EFI_FILE_HANDLE root, CHAR16 *path);
/* BS->AllocatePool(EfiLoaderData) / FreePool. */
void *fs_alloc(UINTN n);
void fs_free(void *p);

#endif
