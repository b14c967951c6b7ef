/* SPDX-License-Identifier: MIT */
#include "fs.h"

#include <efilib.h>

#include "guid.h"

static EFI_GUID sfs_guid = EFI_SIMPLE_FILE_SYSTEM_PROTOCOL_GUID; /* 964e5b22-6459-11d2-8e39-00a0c969723b */
static EFI_GUID file_info_guid = EFI_FILE_INFO_ID;               /* 09576e92-6d3f-11d2-8e39-00a0c969723b */

void *fs_alloc(UINTN n)
{
	void *p = NULL;

	if (EFI_ERROR(uefi_call_wrapper(BS->AllocatePool, 3, EfiLoaderData, n, &p)))
		return NULL;
	return p;
}

void fs_free(void *p)
{
	if (p != NULL)
		(void)uefi_call_wrapper(BS->FreePool, 1, p);
}

EFI_FILE_HANDLE fs_open_root(EFI_HANDLE device)
{
	EFI_SIMPLE_FILE_SYSTEM_PROTOCOL *sfs = NULL;
	EFI_FILE_HANDLE root = NULL;

	if (device == NULL ||
	    EFI_ERROR(uefi_call_wrapper(BS->HandleProtocol, 3, device, &sfs_guid, (void **)&sfs)) || sfs == NULL)
		return NULL;
	if (EFI_ERROR(uefi_call_wrapper(sfs->OpenVolume, 2, sfs, &root)))
		return NULL;
	return root;
}

EFI_STATUS fs_file_size(EFI_FILE_HANDLE f, UINT64 *size)
{
	/* EFI_FILE_INFO and a file name; GetInfo says how much it needs when
	 * that is not enough (EFI_BUFFER_TOO_SMALL). */
	UINTN n = SIZE_OF_EFI_FILE_INFO + 256 * sizeof(CHAR16);
	EFI_FILE_INFO *info = NULL;
	EFI_STATUS status = EFI_BUFFER_TOO_SMALL;

	for (int tries = 0; tries < 2 && status == EFI_BUFFER_TOO_SMALL; tries++) {
		fs_free(info);
		info = fs_alloc(n);
		if (info == NULL)
			return EFI_OUT_OF_RESOURCES;
		status = uefi_call_wrapper(f->GetInfo, 4, f, &file_info_guid, &n, info);
	}
	if (!EFI_ERROR(status))
		*size = info->FileSize;
	fs_free(info);
	return status;
}
