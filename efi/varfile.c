/* SPDX-License-Identifier: MIT */
/*
 * A variable store that is a file (core/earlyseed.h "A variable store kept
 * in a file"): the files of each FAT volume's root folder that are worth
 * reading (U-Boot's magic, or whole flash blocks) are read and the core
 * asks whether their bytes hold the token. Bounded: so many entries a
 * folder, so many volumes, ES_VARSTORE_FILE_MAX bytes a file. The bytes
 * may hold the token itself: wiped before they are freed.
 */
#include "varfile.h"

#include <efilib.h>

#include "fs.h"

static EFI_GUID sfs_guid = EFI_SIMPLE_FILE_SYSTEM_PROTOCOL_GUID; /* 964e5b22-6459-11d2-8e39-00a0c969723b */

#define MAX_VOLUMES 16u  /* a board's SD card and USB sticks, with room */
#define MAX_ENTRIES 256u /* a boot partition's root folder (the Pi's: ~30) */
/* What a boot reads in all: a few firmware images and variable files, not
 * a stick full of block-sized files (the boot must not stall on them). A
 * file worth reading past it is not ruled out (*unread): the caller takes
 * the token as kept on a disk, as nothing bogus may count. */
#define READ_BUDGET (64ULL << 20)
/* EFI_FILE_INFO and a name of up to 255 characters (FAT's long names) */
#define INFO_SIZE (SIZE_OF_EFI_FILE_INFO + 256 * sizeof(CHAR16))
#define PATH_CHARS 258u /* '\\', the name, the NUL */
#define ES_VARSTORE_UNREAD ((enum es_varstore)0x7f) /* file_check: worth reading, not read */

/* The whole file, when its size and head make it worth reading. */
static enum es_varstore file_check(EFI_FILE_HANDLE root, CHAR16 *fname, UINT64 size, UINT64 *budget)
{
	EFI_FILE_HANDLE f;
	UINT8 head[ES_VARSTORE_HEAD];
	UINTN n = sizeof(head);
	UINT8 *buf;
	enum es_varstore k = ES_VARSTORE_NONE;

	if (size > ES_VARSTORE_FILE_MAX || size < sizeof(head) ||
	    EFI_ERROR(uefi_call_wrapper(root->Open, 5, root, &f, fname, EFI_FILE_MODE_READ, 0ULL)))
		return ES_VARSTORE_NONE;
	if (EFI_ERROR(uefi_call_wrapper(f->Read, 3, f, &n, head)) || n != sizeof(head) ||
	    !es_varstore_worth_reading(size, head, n)) {
		(void)uefi_call_wrapper(f->Close, 1, f);
		return ES_VARSTORE_NONE;
	}
	/* worth reading, but past what a boot reads: not ruled out */
	if (size > *budget || (buf = fs_alloc((UINTN)size)) == NULL) {
		(void)uefi_call_wrapper(f->Close, 1, f);
		return ES_VARSTORE_UNREAD;
	}
	/* the whole file, however many reads it takes (a driver may return
	 * fewer bytes than asked before the end) */
	if (!EFI_ERROR(uefi_call_wrapper(f->SetPosition, 2, f, 0ULL))) {
		UINTN got = 0;

		while (got < (UINTN)size) {
			n = (UINTN)size - got;
			if (EFI_ERROR(uefi_call_wrapper(f->Read, 3, f, &n, buf + got)) || n == 0)
				break;
			got += n;
		}
		if (got == (UINTN)size)
			k = es_varstore_find(buf, got);
	}
	*budget -= *budget < size ? *budget : size;
	es_wipe(buf, (size_t)size);
	fs_free(buf);
	(void)uefi_call_wrapper(f->Close, 1, f);
	return k;
}

/* The root folder of one volume. */
static enum es_varstore volume_check(EFI_HANDLE h, CHAR16 *name, UINTN cap, UINT64 *budget, bool *unread)
{
	EFI_FILE_HANDLE root = fs_open_root(h);
	EFI_FILE_INFO *info;
	CHAR16 path[PATH_CHARS];
	UINTN j;
	enum es_varstore k = ES_VARSTORE_NONE;

	if (root == NULL)
		return ES_VARSTORE_NONE;
	info = fs_alloc(INFO_SIZE);
	/* UEFI 2.10 section 13.5.5: Read on a folder gives one EFI_FILE_INFO
	 * an entry, 0 bytes at its end */
	for (UINTN i = 0; info != NULL && i < MAX_ENTRIES && k == ES_VARSTORE_NONE; i++) {
		UINTN n = INFO_SIZE;

		if (EFI_ERROR(uefi_call_wrapper(root->Read, 3, root, &n, info)) || n == 0)
			break;
		if ((info->Attribute & EFI_FILE_DIRECTORY) != 0)
			continue;
		/* its path from the root: "\\" and the name */
		path[0] = L'\\';
		for (j = 0; j + 2 < PATH_CHARS && info->FileName[j] != 0; j++)
			path[j + 1] = info->FileName[j];
		path[j + 1] = 0;
		k = file_check(root, path, info->FileSize, budget);
		if (k == ES_VARSTORE_UNREAD) {
			*unread = true;
			k = ES_VARSTORE_NONE;
			continue;
		}
		if (k != ES_VARSTORE_NONE) {
			for (j = 0; j + 1 < cap && info->FileName[j] != 0; j++)
				name[j] = info->FileName[j];
			name[j] = 0;
		}
	}
	fs_free(info);
	(void)uefi_call_wrapper(root->Close, 1, root);
	return k;
}

enum es_varstore varfile_find(EFI_HANDLE device, CHAR16 *name, UINTN cap, bool *unread)
{
	EFI_HANDLE *h = NULL;
	UINTN n = 0;
	UINT64 budget = READ_BUDGET;
	enum es_varstore k;

	*unread = false;
	if (cap == 0)
		return ES_VARSTORE_NONE;
	name[0] = 0;
	k = volume_check(device, name, cap, &budget, unread);
	if (k != ES_VARSTORE_NONE ||
	    EFI_ERROR(uefi_call_wrapper(BS->LocateHandleBuffer, 5, ByProtocol, &sfs_guid, NULL, &n, &h)))
		return k;
	for (UINTN i = 0; i < n && i < MAX_VOLUMES && k == ES_VARSTORE_NONE; i++)
		if (h[i] != device)
			k = volume_check(h[i], name, cap, &budget, unread);
	(void)uefi_call_wrapper(BS->FreePool, 1, h);
	return k;
}
