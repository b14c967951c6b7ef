/* SPDX-License-Identifier: MIT */
/* host/esp.c: the ESP found as bootctl finds it (a FAT mount point on an
 * EFI System Partition at /efi, /boot or /boot/efi), below a scratch root. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../host/esp.h"
#include "../check.h"

static char root[256];

static void put(const char *path, const char *s)
{
	check_put(path, s, strlen(s));
}

static void under(char *p, size_t cap, const char *rel)
{
	snprintf(p, cap, "%s/%s", root, rel);
}

/* Directories that are no mount points, or a mount point that is not FAT
 * (root only: a tmpfs), are no ESP; none found says what to do. */
static void test_no_esp(void)
{
	char found[400], p[400];
	char *msg = NULL;
	size_t msglen = 0;
	FILE *m = open_memstream(&msg, &msglen);

	under(p, sizeof(p), "efi");
	(void)mkdir(p, 0700);
	under(p, sizeof(p), "boot");
	(void)mkdir(p, 0700);
	CHECK(m != NULL && esp_find(root, found, sizeof(found), m) == -1 && found[0] == '\0');
	if (m != NULL)
		fclose(m);
	CHECK(msg != NULL && strstr(msg, "name it with --esp DIR") != NULL);
	free(msg);
	if (geteuid() == 0) {
		char cmd[600];

		snprintf(cmd, sizeof(cmd), "mount -t tmpfs -o size=1m es-test '%s/boot' 2>/dev/null", root);
		if (system(cmd) == 0) {
			msg = NULL;
			m = open_memstream(&msg, &msglen);
			CHECK(m != NULL && esp_find(root, found, sizeof(found), m) == -1);
			if (m != NULL)
				fclose(m);
			CHECK(msg != NULL && strstr(msg, "/boot is a mount point but not FAT") != NULL);
			free(msg);
			snprintf(cmd, sizeof(cmd), "umount '%s/boot'", root);
			CHECK(system(cmd) == 0);
		}
	}
}

/* udev's database entry of the partition: the ESP's GPT type (any case) or
 * MBR 0xef; another type; none. */
static void test_udev_type(void)
{
	char p[400];

	under(p, sizeof(p), "udev");
	put(p, "S:disk/by-uuid/1234\nE:ID_PART_ENTRY_SCHEME=gpt\nE:ID_PART_ENTRY_TYPE=C12A7328-F81F-11D2-BA4B-00A0C93EC93B\n");
	CHECK(esp_udev_type(p) == 1);
	put(p, "E:ID_PART_ENTRY_SCHEME=dos\nE:ID_PART_ENTRY_TYPE=0xef\n");
	CHECK(esp_udev_type(p) == 1);
	put(p, "E:ID_PART_ENTRY_TYPE=0fc63daf-8483-4772-8e79-3d69d8477de4\n");
	CHECK(esp_udev_type(p) == 0);
	/* a partition type of FAT is no ESP: the firmware looks for the type */
	put(p, "E:ID_PART_ENTRY_SCHEME=dos\nE:ID_PART_ENTRY_TYPE=0xc\n");
	CHECK(esp_udev_type(p) == 0);
	put(p, "E:ID_FS_TYPE=vfat\n");
	CHECK(esp_udev_type(p) == -1);
	CHECK(unlink(p) == 0 && esp_udev_type(p) == -1);
}

/* --esp DIR wins and is taken as it is; without it, the search speaks. */
static void test_pick(void)
{
	char *o = NULL, *e = NULL;
	size_t on = 0, en = 0;
	FILE *out = open_memstream(&o, &on), *err = open_memstream(&e, &en);

	CHECK(out != NULL && err != NULL);
	if (out == NULL || err == NULL)
		return;
	CHECK(strcmp(esp_pick("/x/esp", out, err), "/x/esp") == 0);
	fflush(out);
	fflush(err);
	CHECK(on == 0 && en == 0);
	fclose(out);
	fclose(err);
	free(o);
	free(e);
}

/* A scratch directory is no FAT file system (the tests run on ext4/tmpfs). */
static void test_on_fat(void)
{
	FILE *f = fopen(root, "r");

	CHECK(f != NULL && !esp_on_fat(fileno(f)));
	if (f != NULL)
		fclose(f);
}

int main(void)
{
	snprintf(root, sizeof(root), "/tmp/es-esp-XXXXXX");
	if (mkdtemp(root) == NULL) {
		perror("mkdtemp");
		return 1;
	}
	RUN(test_no_esp);
	RUN(test_udev_type);
	RUN(test_pick);
	RUN(test_on_fat);
	check_rmtree(root);
	return check_done();
}
