/* SPDX-License-Identifier: MIT */
#include "fs.h"

#include <efilib.h>

#include "guid.h"

static EFI_GUID sfs_guid = EFI_SIMPLE_FILE_SYSTEM_PROTOCOL_GUID; /* 964e5b22-6459-11d2-8e39-00a0c969723b */
static EFI_GUID file_info_guid = EFI_FILE_INFO_ID;               /* 09576e92-6d3f-11d2-8e39-00a0c969723b */
static EFI_GUID fs_info_guid = EFI_FILE_SYSTEM_INFO_ID;          /* 09576e93-6d3f-11d2-8e39-00a0c969723b */

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

/* GetInfo of type into a buffer it sizes (EFI_BUFFER_TOO_SMALL says how
 * much it needs); the caller frees *out. */
static EFI_STATUS get_info(EFI_FILE_HANDLE f, EFI_GUID *type, UINTN n, void **out)
{
	void *info = NULL;
	EFI_STATUS status = EFI_BUFFER_TOO_SMALL;

	for (int tries = 0; tries < 2 && status == EFI_BUFFER_TOO_SMALL; tries++) {
		fs_free(info);
		info = fs_alloc(n);
		if (info == NULL)
			return EFI_OUT_OF_RESOURCES;
		status = uefi_call_wrapper(f->GetInfo, 4, f, type, &n, info);
	}
	if (EFI_ERROR(status)) {
		fs_free(info);
		return status;
	}
	*out = info;
	return EFI_SUCCESS;
}

EFI_STATUS fs_file_info(EFI_FILE_HANDLE f, UINT64 *size, UINT64 *attr)
{
	/* EFI_FILE_INFO and a file name. */
	EFI_FILE_INFO *info = NULL;
	EFI_STATUS status = get_info(f, &file_info_guid, SIZE_OF_EFI_FILE_INFO + 256 * sizeof(CHAR16), (void **)&info);

	if (EFI_ERROR(status))
		return status;
	*size = info->FileSize;
	if (attr != NULL)
		*attr = info->Attribute;
	fs_free(info);
	return EFI_SUCCESS;
}

bool fs_read_only(EFI_FILE_HANDLE root)
{
	EFI_FILE_SYSTEM_INFO *info = NULL;
	bool ro;

	/* A driver without the information says nothing: the writes will. */
	if (EFI_ERROR(get_info(root, &fs_info_guid, SIZE_OF_EFI_FILE_SYSTEM_INFO + 64 * sizeof(CHAR16),
			       (void **)&info)))
		return false;
	ro = info->ReadOnly != 0;
	fs_free(info);
	return ro;
}

EFI_STATUS fs_make_parents(EFI_FILE_HANDLE root, CHAR16 *path)
{
	EFI_STATUS status = EFI_SUCCESS;

	/* Each "\a", "\a\b" before the last '\': open or create it. */
	for (UINTN i = 1; path[i] != 0 && !EFI_ERROR(status); i++) {
		EFI_FILE_HANDLE dir;
		CHAR16 c = path[i];

		if (c != L'\\')
			continue;
		path[i] = 0;
		status = uefi_call_wrapper(root->Open, 5, root, &dir, path,
					   EFI_FILE_MODE_READ | EFI_FILE_MODE_WRITE | EFI_FILE_MODE_CREATE,
					   (UINT64)EFI_FILE_DIRECTORY);
		path[i] = c;
		if (!EFI_ERROR(status))
			(void)uefi_call_wrapper(dir->Close, 1, dir);
	}
	return status;
}

bool fs_exists_anywhere(EFI_HANDLE first, CHAR16 *path)
{
	EFI_HANDLE *h = NULL;
	UINTN n = 0;
	bool found = fs_exists(first, path);

	if (found || EFI_ERROR(uefi_call_wrapper(BS->LocateHandleBuffer, 5, ByProtocol, &sfs_guid, NULL, &n, &h)))
		return found;
	for (UINTN i = 0; i < n && !found; i++)
		found = h[i] != first && fs_exists(h[i], path);
	(void)uefi_call_wrapper(BS->FreePool, 1, h);
	return found;
}

bool fs_exists(EFI_HANDLE device, CHAR16 *path)
{
	EFI_FILE_HANDLE root = fs_open_root(device), f;
	bool found = false;

	if (root == NULL)
		return false;
	if (!EFI_ERROR(uefi_call_wrapper(root->Open, 5, root, &f, path, EFI_FILE_MODE_READ, 0ULL))) {
		found = true;
		(void)uefi_call_wrapper(f->Close, 1, f);
	}
	(void)uefi_call_wrapper(root->Close, 1, root);
	return found;
}
