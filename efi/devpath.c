/* SPDX-License-Identifier: MIT */
#include "devpath.h"

#include <efilib.h>

#include "fs.h"
#include "guid.h"
#include "le.h"

static EFI_GUID dp_guid = EFI_DEVICE_PATH_PROTOCOL_GUID; /* 09576e91-6d3f-11d2-8e39-00a0c969723b */

/* UEFI 2.10 section 10.2: the end of an entire device path. */
#define END_TYPE 0x7fu
#define END_ENTIRE 0xffu
/* A chain longer than this is not a device path. */
#define MAX_NODES 64u

static UINTN node_len(const EFI_DEVICE_PATH *n)
{
	return le_get16(n->Length);
}

static const EFI_DEVICE_PATH *next_node(const EFI_DEVICE_PATH *n)
{
	return (const EFI_DEVICE_PATH *)((const UINT8 *)n + node_len(n));
}

void devpath_file_ascii(const EFI_DEVICE_PATH *dp, char *out, size_t cap)
{
	size_t at = 0;

	if (cap == 0)
		return;
	out[0] = '\0';
	for (unsigned int k = 0; dp != NULL && k < MAX_NODES && dp->Type != END_TYPE; k++, dp = next_node(dp)) {
		UINTN len = node_len(dp);
		const CHAR16 *name;
		UINTN chars;

		if (len < 4)
			break; /* malformed: a node is at least its header */
		if (dp->Type != MEDIA_DEVICE_PATH || dp->SubType != MEDIA_FILEPATH_DP)
			continue;
		name = (const CHAR16 *)((const UINT8 *)dp + 4);
		chars = (len - 4) / sizeof(CHAR16);
		if (at > 0 && out[at - 1] != '\\' && chars > 0 && name[0] != L'\\') {
			if (at + 1 >= cap)
				goto bad;
			out[at++] = '\\';
		}
		for (UINTN i = 0; i < chars && name[i] != 0; i++) {
			if (name[i] < 0x20 || name[i] > 0x7e || at + 1 >= cap)
				goto bad;
			out[at++] = (char)name[i];
		}
	}
	out[at] = '\0';
	return;
bad:
	out[0] = '\0';
}

EFI_DEVICE_PATH *devpath_for_file(EFI_HANDLE device, const CHAR16 *path)
{
	EFI_DEVICE_PATH *dev = NULL, *out;
	UINTN dev_len = 0, name_len = 0, file_len;
	UINT8 *p;

	if (device != NULL &&
	    !EFI_ERROR(uefi_call_wrapper(BS->HandleProtocol, 3, device, &dp_guid, (void **)&dev)) && dev != NULL) {
		const EFI_DEVICE_PATH *n = dev;

		for (unsigned int k = 0; k < MAX_NODES && n->Type != END_TYPE && node_len(n) >= 4; k++, n = next_node(n))
			dev_len += node_len(n);
	}
	while (path[name_len] != 0)
		name_len++;
	file_len = 4 + (name_len + 1) * sizeof(CHAR16);
	if (file_len > 0xffffu)
		return NULL;
	out = fs_alloc(dev_len + file_len + 4);
	if (out == NULL)
		return NULL;
	p = (UINT8 *)out;
	for (UINTN i = 0; i < dev_len; i++)
		p[i] = ((const UINT8 *)dev)[i];
	p += dev_len;
	p[0] = MEDIA_DEVICE_PATH;
	p[1] = MEDIA_FILEPATH_DP;
	p[2] = (UINT8)file_len;
	p[3] = (UINT8)(file_len >> 8);
	for (UINTN i = 0; i <= name_len; i++) {
		p[4 + 2 * i] = (UINT8)path[i];
		p[5 + 2 * i] = (UINT8)(path[i] >> 8);
	}
	p += file_len;
	p[0] = END_TYPE;
	p[1] = END_ENTIRE;
	p[2] = 4;
	p[3] = 0;
	return out;
}
