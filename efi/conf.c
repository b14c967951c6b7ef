/* SPDX-License-Identifier: MIT */
#include "conf.h"

#include <efilib.h>

#include "text.h"

static void conf_warn(void *ctx, unsigned int line, const char *why)
{
	(void)ctx;
	if (line == 0)
		Print(L"earlyseed: config: %a\n", why);
	else
		Print(L"earlyseed: config: line %u: %a\n", line, why);
}

static UINT32 conf_read(EFI_FILE_HANDLE f, const CHAR16 *path, struct config *c)
{
	EFI_FILE_INFO *info = LibFileInfo(f);
	UINT8 *buf;
	UINTN n;
	EFI_STATUS status;
	UINT32 problems = 1;

	if (info == NULL) {
		Print(L"earlyseed: config: cannot stat %s, using defaults\n", path);
		return problems;
	}
	n = (UINTN)info->FileSize;
	FreePool(info);
	if (n > CONFIG_MAX_FILE) {
		/* Not read at all: a huge file is not a config file. */
		Print(L"earlyseed: config: %s is %lu bytes, over the %u-byte limit, not read; using defaults\n",
		      path, (UINT64)n, (UINT32)CONFIG_MAX_FILE);
		return problems;
	}
	buf = AllocatePool(n + 1);
	if (buf == NULL) {
		Print(L"earlyseed: config: out of memory, using defaults\n");
		return problems;
	}
	status = uefi_call_wrapper(f->Read, 3, f, &n, buf);
	if (EFI_ERROR(status))
		Print(L"earlyseed: config: cannot read %s: %r, using defaults\n", path, status);
	else
		problems = config_parse(c, buf, n, conf_warn, NULL);
	FreePool(buf);
	return problems;
}

UINT32 conf_load(EFI_HANDLE device, struct config *c)
{
	CHAR16 path[sizeof(CONFIG_PATH)];
	EFI_FILE_HANDLE root = LibOpenRoot(device);
	EFI_FILE_HANDLE f;
	EFI_STATUS status;
	UINT32 problems = 0;

	text_to_ucs2(path, sizeof(CONFIG_PATH), CONFIG_PATH);
	if (root == NULL) {
		Print(L"earlyseed: config: cannot open own volume, using defaults\n");
		return 1;
	}
	status = uefi_call_wrapper(root->Open, 5, root, &f, path, EFI_FILE_MODE_READ, 0ULL);
	if (status == EFI_NOT_FOUND) {
		Print(L"earlyseed: config: %s not found, using defaults\n", path);
	} else if (EFI_ERROR(status)) {
		Print(L"earlyseed: config: cannot open %s: %r, using defaults\n", path, status);
		problems = 1;
	} else {
		problems = conf_read(f, path, c);
		uefi_call_wrapper(f->Close, 1, f);
	}
	uefi_call_wrapper(root->Close, 1, root);
	return problems;
}
