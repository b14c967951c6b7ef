/* SPDX-License-Identifier: MIT */
/*
 * The initrd through EFI_LOAD_FILE2_PROTOCOL (efi/initrd.h): UEFI 2.10
 * section 13.2 (LoadFile2: BootPolicy FALSE; a buffer too small, or none,
 * is told the size with EFI_BUFFER_TOO_SMALL), the device path Linux looks
 * for (include/linux/efi.h LINUX_EFI_INITRD_MEDIA_GUID), its handle made by
 * InstallMultipleProtocolInterfaces, which refuses a device path that is
 * already installed (UEFI 2.10 section 7.3.16).
 */
#include "initrd.h"

#include <efilib.h>

#include "fs.h"
#include "log.h"

/* EFI_LOAD_FILE2_PROTOCOL_GUID, UEFI 2.10 section 13.2:
 * 4006c0c1-fcb3-403e-996d-4a6c8724e06d */
static EFI_GUID lf2_guid = { 0x4006c0c1, 0xfcb3, 0x403e, { 0x99, 0x6d, 0x4a, 0x6c, 0x87, 0x24, 0xe0, 0x6d } };
static EFI_GUID dp_guid = EFI_DEVICE_PATH_PROTOCOL_GUID; /* 09576e91-6d3f-11d2-8e39-00a0c969723b */

/* The protocol's one function (UEFI 2.10 section 13.2; This is only
 * compared here, so const: the same pointer either way). */
struct load_file2 {
	EFI_STATUS(EFIAPI *LoadFile)
	(const struct load_file2 *This, EFI_DEVICE_PATH *FilePath, BOOLEAN BootPolicy, UINTN *BufferSize, VOID *Buffer);
};

/* UEFI 2.10 section 10.3.5.6: a vendor-defined media node (type 4, subtype
 * 3: its header, then the GUID), then the end of the entire path. */
struct initrd_path {
	UINT8 type, subtype, len[2];
	EFI_GUID vendor;
	UINT8 end_type, end_subtype, end_len[2];
} __attribute__((packed));
_Static_assert(sizeof(struct initrd_path) == 24, "vendor node 20 bytes, end node 4");
_Static_assert(__builtin_offsetof(struct initrd_path, vendor) == 4, "the GUID after the node's header");
_Static_assert(__builtin_offsetof(struct initrd_path, end_type) == 20, "the end node after the GUID");

static struct initrd_path path_dp = {
	.type = 4, /* MEDIA_DEVICE_PATH */
	.subtype = 3, /* MEDIA_VENDOR_DP */
	.len = { 20, 0 },
	/* LINUX_EFI_INITRD_MEDIA_GUID (include/linux/efi.h):
	 * 5568e427-68fc-4f3d-ac74-ca555231cc68 */
	.vendor = { 0x5568e427, 0x68fc, 0x4f3d, { 0xac, 0x74, 0xca, 0x55, 0x52, 0x31, 0xcc, 0x68 } },
	.end_type = 0x7f, /* END_DEVICE_PATH_TYPE */
	.end_subtype = 0xff, /* END_ENTIRE_DEVICE_PATH_SUBTYPE */
	.end_len = { 4, 0 },
};

static struct {
	EFI_HANDLE handle;  /* the handle made for the two protocols */
	EFI_HANDLE device;  /* earlyseed's volume */
	CHAR16 path[256];   /* the file on it */
	struct load_file2 lf2;
} served;

static EFI_STATUS EFIAPI initrd_load(const struct load_file2 *This, EFI_DEVICE_PATH *FilePath, BOOLEAN BootPolicy,
				     UINTN *BufferSize, VOID *Buffer)
{
	EFI_FILE_HANDLE root, f = NULL;
	UINT64 size = 0, attr = 0;
	UINTN n;
	EFI_STATUS status;

	(void)FilePath;
	if (This != &served.lf2 || BufferSize == NULL)
		return EFI_INVALID_PARAMETER;
	if (BootPolicy)
		return EFI_UNSUPPORTED; /* LoadFile2 is never a boot option's */
	root = fs_open_root(served.device);
	if (root == NULL)
		return EFI_NOT_FOUND;
	status = uefi_call_wrapper(root->Open, 5, root, &f, served.path, EFI_FILE_MODE_READ, 0ULL);
	if (!EFI_ERROR(status))
		status = fs_file_info(f, &size, &attr);
	if (!EFI_ERROR(status) && (Buffer == NULL || *BufferSize < size)) {
		*BufferSize = (UINTN)size;
		status = EFI_BUFFER_TOO_SMALL;
	} else if (!EFI_ERROR(status)) {
		/* the whole file, however many reads the driver takes */
		for (UINT64 at = 0; at < size && !EFI_ERROR(status); at += n) {
			n = (UINTN)(size - at);
			status = uefi_call_wrapper(f->Read, 3, f, &n, (UINT8 *)Buffer + at);
			if (!EFI_ERROR(status) && n == 0)
				status = EFI_DEVICE_ERROR; /* shorter than its size said */
		}
		if (!EFI_ERROR(status))
			*BufferSize = (UINTN)size;
	}
	if (f != NULL)
		(void)uefi_call_wrapper(f->Close, 1, f);
	(void)uefi_call_wrapper(root->Close, 1, root);
	return status;
}

bool initrd_serve(EFI_HANDLE device, const CHAR16 *path)
{
	EFI_FILE_HANDLE root = fs_open_root(device), f = NULL;
	EFI_STATUS status = EFI_NOT_FOUND;
	UINT64 size = 0, attr = 0;
	UINTN i;

	initrd_stop();
	for (i = 0; path[i] != 0 && i + 1 < sizeof(served.path) / sizeof(served.path[0]); i++)
		served.path[i] = path[i];
	served.path[i] = 0;
	if (root != NULL)
		status = uefi_call_wrapper(root->Open, 5, root, &f, served.path, EFI_FILE_MODE_READ, 0ULL);
	if (!EFI_ERROR(status))
		status = fs_file_info(f, &size, &attr);
	/* a directory opens too, and an empty file is no initrd (the stub
	 * would ask for 0 pages) */
	if (!EFI_ERROR(status) && ((attr & EFI_FILE_DIRECTORY) != 0 || size == 0))
		status = EFI_NOT_FOUND;
	if (f != NULL)
		(void)uefi_call_wrapper(f->Close, 1, f);
	if (root != NULL)
		(void)uefi_call_wrapper(root->Close, 1, root);
	if (EFI_ERROR(status)) {
		log_warn("initrd: %s: cannot open it, or it is empty or a folder (%r): the next stage gets no initrd "
			 "from earlyseed", served.path, status);
		return false;
	}
	served.device = device;
	served.lf2.LoadFile = initrd_load;
	served.handle = NULL;
	status = uefi_call_wrapper(BS->InstallMultipleProtocolInterfaces, 6, &served.handle, &dp_guid, &path_dp,
				   &lf2_guid, &served.lf2, NULL);
	if (EFI_ERROR(status)) {
		served.handle = NULL;
		log_warn("initrd: cannot serve %s through LoadFile2 (%r%a)", served.path, status,
			 status == EFI_ALREADY_STARTED ? ": another loader serves an initrd already" : "");
		return false;
	}
	log_line("initrd: %s served through LoadFile2 (LINUX_EFI_INITRD_MEDIA_GUID)", served.path);
	return true;
}

void initrd_stop(void)
{
	if (served.handle != NULL)
		(void)uefi_call_wrapper(BS->UninstallMultipleProtocolInterfaces, 6, served.handle, &dp_guid, &path_dp,
					&lf2_guid, &served.lf2, NULL);
	served.handle = NULL;
}
