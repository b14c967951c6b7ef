/* SPDX-License-Identifier: MIT */
#include "bootentry.h"

#include <stdio.h>
#include <string.h>

#include "../core/le.h"
#include "efivars.h"

/* EFI_GLOBAL_VARIABLE (UEFI 2.10 section 3.3). */
#define GLOBAL_GUID "8be4df61-93ca-11d2-aa0d-00e098032b8c"

/* The device path list of a load option: [*at, *end); false when malformed. */
static bool option_list(const uint8_t *p, size_t n, size_t *at, size_t *end)
{
	size_t list;

	/* u32 Attributes, u16 FilePathListLength, CHAR16 Description[] (NUL
	 * ended), then the device path list */
	if (n < 6)
		return false;
	list = es_le_get16(p + 4);
	*at = 6;
	while (*at + 1 < n && (p[*at] != 0 || p[*at + 1] != 0))
		*at += 2;
	*at += 2;
	if (*at > n || list > n - *at)
		return false;
	*end = *at + list;
	return true;
}

/* The first node of type/sub in the option's device path list: true with
 * its offset and length; false at the end node, or when malformed. */
static bool option_node(const uint8_t *p, size_t n, uint8_t type, uint8_t sub, size_t *node, size_t *len)
{
	size_t at, end;

	if (!option_list(p, n, &at, &end))
		return false;
	while (at + 4 <= end) {
		*len = es_le_get16(p + at + 2);
		if (*len < 4 || *len > end - at || p[at] == 0x7f)
			return false;
		if (p[at] == type && p[at + 1] == sub) {
			*node = at;
			return true;
		}
		at += *len;
	}
	return false;
}

bool bootentry_option_partition(const uint8_t *p, size_t n, uint8_t guid[16])
{
	size_t at, len;

	/* HARDDRIVE_DEVICE_PATH (4, 1): 42 bytes, signature at 24, its type at 41 */
	if (!option_node(p, n, 4, 1, &at, &len) || len < 42 || p[at + 41] != 2)
		return false;
	memcpy(guid, p + at + 24, 16);
	return true;
}

bool bootentry_name(const char *name, unsigned int *num)
{
	unsigned int v = 0;

	if (strncmp(name, "Boot", 4) != 0 || name[8] != '-')
		return false;
	for (int i = 4; i < 8; i++) {
		char c = name[i];

		if (c >= '0' && c <= '9')
			v = v << 4 | (unsigned int)(c - '0');
		else if (c >= 'A' && c <= 'F')
			v = v << 4 | (unsigned int)(c - 'A' + 10);
		else
			return false;
	}
	*num = v;
	return true;
}

bool bootentry_option_path(const uint8_t *p, size_t n, char *path, size_t cap)
{
	size_t at, len, k = 0;

	/* a media file-path node (4, 4): a CHAR16 path, NUL ended within it */
	if (cap == 0 || !option_node(p, n, 4, 4, &at, &len))
		return false;
	for (size_t i = at + 4; i + 1 < at + len; i += 2) {
		unsigned int c = (unsigned int)p[i] | (unsigned int)p[i + 1] << 8;

		if (c == 0)
			break;
		if (c < 0x20 || c > 0x7e || k + 1 >= cap)
			return false;
		path[k++] = (char)c;
	}
	path[k] = '\0';
	return k > 0;
}

bool bootentry_entry(const char *efivars, unsigned int num, char *path, size_t cap, uint8_t guid[16], bool *have)
{
	char name[sizeof("Boot0000-" GLOBAL_GUID)];
	uint8_t buf[EFIVARS_VAR_MAX];
	ssize_t n;

	snprintf(name, sizeof(name), "Boot%04X-%s", num & 0xffffu, GLOBAL_GUID);
	n = efivars_read(efivars, name, buf, sizeof(buf), NULL);
	*have = n > 0 && bootentry_option_partition(buf, (size_t)n, guid);
	return n > 0 && bootentry_option_path(buf, (size_t)n, path, cap);
}

bool bootentry_path(const char *efivars, unsigned int num, char *path, size_t cap)
{
	uint8_t guid[16];
	bool have;

	return bootentry_entry(efivars, num, path, cap, guid, &have);
}
