/* SPDX-License-Identifier: MIT */
/* Where the ESP is mounted, found as bootctl finds it (esp.h). */
#define _GNU_SOURCE
#include "esp.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <limits.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/sysmacros.h>

bool esp_on_fat(int fd)
{
	struct statfs fs;

	return fstatfs(fd, &fs) == 0 && fs.f_type == ESP_FAT_MAGIC;
}

/* The EFI System Partition's GPT type (UEFI 2.10 section 5.3.3, table 5-7)
 * and MBR type (section 5.2.2). */
#define ESP_GPT_TYPE "c12a7328-f81f-11d2-ba4b-00a0c93ec93b"

int esp_udev_type(const char *path)
{
	FILE *f = fopen(path, "re");
	char line[512];
	int r = -1;

	if (f == NULL)
		return -1;
	/* udev's builtin blkid: E:ID_PART_ENTRY_TYPE=<GPT GUID or 0xNN> */
	while (fgets(line, sizeof(line), f) != NULL) {
		const char *v = line + sizeof("E:ID_PART_ENTRY_TYPE=") - 1;

		if (strncmp(line, "E:ID_PART_ENTRY_TYPE=", sizeof("E:ID_PART_ENTRY_TYPE=") - 1) != 0)
			continue;
		r = strncasecmp(v, ESP_GPT_TYPE, sizeof(ESP_GPT_TYPE) - 1) == 0 ||
		    strncasecmp(v, "0xef", 4) == 0;
	}
	fclose(f);
	return r;
}

/* Is dir (below prefix) the mount point of a FAT file system on an ESP? */
static bool is_esp(const char *prefix, const char *dir, FILE *err)
{
	char parent[PATH_MAX], udev[PATH_MAX];
	struct stat st, up;
	struct statfs fs;
	int type;

	if ((size_t)snprintf(parent, sizeof(parent), "%s/..", dir) >= sizeof(parent) || stat(dir, &st) != 0 ||
	    !S_ISDIR(st.st_mode) || stat(parent, &up) != 0)
		return false;
	if (st.st_dev == up.st_dev) /* not a mount point: the ESP is not mounted there */
		return false;
	if (statfs(dir, &fs) != 0 || fs.f_type != ESP_FAT_MAGIC) {
		if (err != NULL)
			fprintf(err, "earlyseed: %s is a mount point but not FAT: not an ESP\n", dir);
		return false;
	}
	snprintf(udev, sizeof(udev), "%s/run/udev/data/b%u:%u", prefix, major(st.st_dev), minor(st.st_dev));
	type = esp_udev_type(udev);
	if (type == 0) {
		if (err != NULL)
			fprintf(err, "earlyseed: %s is FAT but its partition is not an EFI System Partition\n", dir);
		return false;
	}
	return true;
}

int esp_find(const char *prefix, char *out, size_t cap, FILE *err)
{
	/* bootctl's order (src/shared/find-esp.c): /efi, /boot, /boot/efi */
	static const char *const places[] = { "/efi", "/boot", "/boot/efi" };

	for (size_t i = 0; i < sizeof(places) / sizeof(places[0]); i++) {
		if ((size_t)snprintf(out, cap, "%s%s", prefix != NULL ? prefix : "", places[i]) >= cap)
			continue;
		if (is_esp(prefix != NULL ? prefix : "", out, err))
			return 0;
	}
	out[0] = '\0';
	if (err != NULL)
		fprintf(err, "earlyseed: no ESP mounted at /efi, /boot or /boot/efi (a FAT mount point on an EFI "
			     "System Partition); name it with --esp DIR\n");
	return -1;
}

const char *esp_pick(const char *esp, FILE *out, FILE *err)
{
	static char found[4096];

	if (esp != NULL)
		return esp;
	if (esp_find(NULL, found, sizeof(found), err) != 0)
		return NULL;
	fprintf(out, "esp: %s\n", found);
	return found;
}
