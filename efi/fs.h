/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_EFI_FS_H
#define EARLYSEED_EFI_FS_H

#include <efi.h>

/* The root directory of the file system on device (UEFI 2.10 section 13.4,
 * EFI_SIMPLE_FILE_SYSTEM_PROTOCOL.OpenVolume), or NULL when it has none. */
EFI_FILE_HANDLE fs_open_root(EFI_HANDLE device);
/* The size of an open file from EFI_FILE_INFO (section 13.5.16, GetInfo). */
EFI_STATUS fs_file_size(EFI_FILE_HANDLE f, UINT64 *size);
/* BS->AllocatePool(EfiLoaderData) / FreePool. */
void *fs_alloc(UINTN n);
void fs_free(void *p);

#endif
