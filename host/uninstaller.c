/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "uninstaller.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "../core/earlyseed.h"
#include "../core/le.h"
#include "beneath.h"
#include "bootentry.h"
#include "efivars.h"
#include "esp.h"
#include "espimage.h"
#include "machine.h"
#include "seedtool.h"
#include "trustvar.h"

#define APP_PATH ESPIMAGE_APP

/* BootOrder without the numbers in drop[0..nd). */
static int boot_order_remove(const char *dir, const unsigned int *drop, size_t nd, FILE *out, FILE *err)
{
	static const char name[] = "BootOrder-" EFIVARS_GLOBAL_GUID;
	uint8_t buf[EFIVARS_VAR_MAX], next[4 + EFIVARS_VAR_MAX];
	char path[PATH_MAX];
	uint32_t attrs = 0;
	ssize_t n = efivars_read(dir, name, buf, sizeof(buf), &attrs);
	size_t k = 4;
	int fd;

	if (n < 0 || n % 2 != 0)
		return 0; /* none, or not one to edit */
	es_le_put32(next, attrs);
	for (ssize_t i = 0; i + 1 < n; i += 2) {
		unsigned int num = es_le_get16(buf + i);
		bool keep = true;

		for (size_t d = 0; d < nd; d++)
			keep = keep && drop[d] != num;
		if (keep) {
			memcpy(next + k, buf + i, 2);
			k += 2;
		}
	}
	if (k == (size_t)n + 4)
		return 0;
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fd = open(path, O_WRONLY | O_NOFOLLOW | O_CLOEXEC);
	if (fd >= 0)
		(void)efivars_unlock(fd);
	/* efivarfs replaces a variable's data with one write: attributes,
	 * then the data (Documentation/filesystems/efivarfs.rst) */
	if (fd < 0 || write(fd, next, k) != (ssize_t)k) {
		fprintf(err, "earlyseed: cannot rewrite BootOrder: %s\n", strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	close(fd);
	fprintf(out, "BootOrder: earlyseed's entries taken out\n");
	return 0;
}

/* "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx" as EFI_GUID bytes (the first three
 * fields little-endian, as a device path holds them). */
static bool guid_parse(const char *t, uint8_t g[16])
{
	static const int order[16] = { 3, 2, 1, 0, 5, 4, 7, 6, 8, 9, 10, 11, 12, 13, 14, 15 };
	uint8_t raw[16];
	size_t k = 0;

	/* exactly 8-4-4-4-12 hex digits */
	if (strlen(t) != 36 || t[8] != '-' || t[13] != '-' || t[18] != '-' || t[23] != '-')
		return false;
	for (size_t i = 0; i < 36; i++) {
		char c = t[i];
		unsigned int v;

		if (i == 8 || i == 13 || i == 18 || i == 23)
			continue;
		if (c >= '0' && c <= '9')
			v = (unsigned int)(c - '0');
		else if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f')
			v = (unsigned int)((c | 0x20) - 'a' + 10);
		else
			return false;
		raw[k / 2] = (uint8_t)(k % 2 == 0 ? v << 4 : (raw[k / 2] | v));
		k++;
	}
	for (int i = 0; i < 16; i++)
		g[i] = raw[order[i]];
	return true;
}

/* The ESP's partition GUID: given, or udev's for the device mounted there. */
static bool esp_partition(const struct machine *m, const struct uninstaller_opts *o, uint8_t g[16])
{
	char udev[PATH_MAX], line[256];
	struct stat st;
	FILE *f;
	bool ok = false;

	if (o->esp_partuuid != NULL)
		return guid_parse(o->esp_partuuid, g);
	if (stat(m->esp, &st) != 0)
		return false;
	snprintf(udev, sizeof(udev), "/run/udev/data/b%u:%u", major(st.st_dev), minor(st.st_dev));
	f = fopen(udev, "re");
	if (f == NULL)
		return false;
	while (!ok && fgets(line, sizeof(line), f) != NULL) {
		if (strncmp(line, "E:ID_PART_ENTRY_UUID=", 21) == 0) {
			line[strcspn(line, "\n")] = '\0';
			ok = guid_parse(line + 21, g);
		}
	}
	fclose(f);
	return ok;
}

/* The same file path as the firmware would open, and not a look-alike: no
 * 8.3 alias, no other case of the same letters taken as another name;
 * '/' and '\\' alike, ASCII letters without case (FAT's). */
static bool exact_path(const char *a, const char *b)
{
	for (; *a != '\0' && *b != '\0'; a++, b++) {
		char x = *a == '/' ? '\\' : *a, y = *b == '/' ? '\\' : *b;

		if (x >= 'A' && x <= 'Z')
			x = (char)(x | 0x20);
		if (y >= 'A' && y <= 'Z')
			y = (char)(y | 0x20);
		if (x != y)
			return false;
	}
	return *a == *b;
}

/* Boot#### entries that start this install's app: its exact path on this
 * ESP's partition (an entry for a partition this one is not, or whose
 * partition cannot be compared, is left and said). Deleted, and out of
 * BootOrder. */
static int boot_entries(const struct machine *m, const struct uninstaller_opts *o, const char *dir, FILE *out, FILE *err)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	unsigned int drop[64];
	size_t nd = 0;
	int rc = 0;
	uint8_t mine[16];
	bool known = esp_partition(m, o, mine);

	if (d == NULL) {
		fprintf(out, "boot entries: no efivarfs at %s: none looked at\n", dir);
		return 0;
	}
	while ((e = readdir(d)) != NULL) {
		char path[ES_CONFIG_NEXT_MAX];
		uint8_t part[16];
		bool has_part;
		unsigned int num;

		if (strlen(e->d_name) != 9 + sizeof(EFIVARS_GLOBAL_GUID) - 1 || !bootentry_name(e->d_name, &num) ||
		    strcmp(e->d_name + 9, EFIVARS_GLOBAL_GUID) != 0)
			continue;
		if (!bootentry_entry(dir, num, path, sizeof(path), part, &has_part) || !exact_path(path, APP_PATH))
			continue;
		if (has_part && (!known || memcmp(part, mine, sizeof(part)) != 0)) {
			fprintf(out, "boot entry Boot%04X (%s): left: %s (efibootmgr -b %04X -B deletes it)\n", num, path,
				known ? "it names another partition than this ESP's"
				      : "this ESP's partition GUID is unknown (no udev data), so it cannot be told apart "
					"from another disk's",
				num);
			continue;
		}
		if (efivars_delete(dir, e->d_name) != 0) {
			fprintf(err, "earlyseed: cannot delete boot entry Boot%04X: %s\n", num, strerror(errno));
			rc = -1;
			continue;
		}
		fprintf(out, "boot entry Boot%04X (%s): deleted\n", num, path);
		if (nd < sizeof(drop) / sizeof(drop[0]))
			drop[nd++] = num;
	}
	closedir(d);
	if (nd == 0)
		fprintf(out, "boot entries: none starts %s on this ESP\n", APP_PATH);
	else if (boot_order_remove(dir, drop, nd, out, err) != 0)
		rc = -1;
	return rc;
}

/* One file below the ESP, if it is there; a seed file only if it is
 * earlyseed's (seed_file may name any file: a boot loader, a kernel). */
static int remove_file(int espfd, const char *rel, const char *esp, bool seed, FILE *out, FILE *err)
{
	const char *leaf;
	char shown[PATH_MAX];
	int dirfd = beneath_open_dir(espfd, rel, false, &leaf, NULL), rc = 0;
	struct stat st;

	if (dirfd < 0)
		return 0;
	/* one kind of separator, the OS's */
	snprintf(shown, sizeof(shown), "%s%s%s", esp, rel[0] == '\\' || rel[0] == '/' ? "" : "/", rel);
	for (char *p = shown; *p != '\0'; p++)
		*p = *p == '\\' ? '/' : *p;
	if (fstatat(dirfd, leaf, &st, AT_SYMLINK_NOFOLLOW) == 0) {
		if (!S_ISREG(st.st_mode)) {
			fprintf(err, "earlyseed: %s is not a regular file: left alone\n", shown);
			rc = -1;
		} else if (seed && seedtool_foreign_file(dirfd, leaf, shown, err)) {
			rc = -1;
		} else if (unlinkat(dirfd, leaf, 0) != 0) {
			fprintf(err, "earlyseed: cannot remove %s: %s\n", shown, strerror(errno));
			rc = -1;
		} else {
			fprintf(out, "removed %s\n", shown);
		}
	}
	close(dirfd);
	return rc;
}

int uninstaller_run(const struct machine *m, const struct uninstaller_opts *o, FILE *out, FILE *err)
{
	const char *dir = m->efivars != NULL ? m->efivars : EFIVARS_DIR;
	static struct es_config c;
	struct es_audit_record a;
	char tok[PATH_MAX];
	struct stat st;
	int espfd, rc = 0;

	if (boot_entries(m, o, dir, out, err) != 0)
		rc = 1;
	espfd = open(m->esp, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (espfd < 0 || (!m->any_fs && !esp_on_fat(espfd))) {
		fprintf(err, "earlyseed: %s is not a mounted ESP (FAT): its files are left; name it with --esp\n", m->esp);
		if (espfd >= 0)
			close(espfd);
		return 1;
	}
	/* the seed file the config names, then the installed layout */
	es_config_defaults(&c);
	{
		static uint8_t conf[ES_CONFIG_MAX_FILE + 1];
		const char *leaf;
		int dfd = beneath_open_dir(espfd, ES_CONFIG_PATH, false, &leaf, NULL);
		int fd;
		ssize_t n;

		fd = dfd >= 0 ? openat(dfd, leaf, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC) : -1;
		n = fd >= 0 ? read(fd, conf, sizeof(conf)) : -1;
		if (n > 0)
			(void)es_config_parse(&c, conf, (size_t)n, NULL, NULL);
		if (fd >= 0)
			close(fd);
		if (dfd >= 0)
			close(dfd);
	}
	/* every one tried, whatever the one before came to */
	if (c.seed_file[0] != '\0' && es_config_seed_file_clash(&c, APP_PATH) == NULL &&
	    remove_file(espfd, c.seed_file, m->esp, true, out, err) != 0)
		rc = 1;
	if (remove_file(espfd, ES_CONFIG_DEFAULT_SEED_FILE, m->esp, true, out, err) != 0)
		rc = 1;
	if (remove_file(espfd, ES_CONFIG_PATH, m->esp, false, out, err) != 0)
		rc = 1;
	if (remove_file(espfd, APP_PATH, m->esp, false, out, err) != 0)
		rc = 1;
	/* The kernel's trust goes only with the driver: a driver left behind
	 * must not count the CPU where the kernel does not. */
	{
		char drv[PATH_MAX];
		bool removed = false;

		if (espimage_remove_drivers(espfd, m->esp, &removed, out, err) != 0)
			rc = 1;
		/* a driver this uninstall does not own (built into the
		 * firmware, an option ROM) ran this boot: it reads the
		 * variable at every boot and would count the CPU again */
		snprintf(drv, sizeof(drv), "%s/" TRUSTVAR_DRIVER_AUDIT, dir);
		if (!removed && lstat(drv, &st) == 0)
			fprintf(out, "kernel trust: EarlyseedKernelTrust kept: earlyseed's driver ran this boot and is not "
				     "one this uninstall removed (the firmware's own, or an option ROM's); without the "
				     "variable it would count the CPU's RNG again\n");
		else if (trustvar_remove(m->efivars, out, err) != 0)
			rc = 1;
	}
	if (unlinkat(espfd, "EFI/earlyseed", AT_REMOVEDIR) == 0)
		fprintf(out, "removed %s/EFI/earlyseed\n", m->esp);
	else if (errno != ENOENT)
		fprintf(out, "left %s/EFI/earlyseed: %s (files earlyseed did not put there?)\n", m->esp,
			strerror(errno));
	close(espfd);
	/* the token: one the OS made can go; the app's cannot be seen here */
	if (efivars_path(dir, SEEDTOOL_TOKEN_VAR, tok, sizeof(tok)) == 0 && lstat(tok, &st) == 0) {
		if (efivars_delete(dir, SEEDTOOL_TOKEN_VAR) != 0) {
			fprintf(err, "earlyseed: cannot delete %s: %s\n", tok, strerror(errno));
			rc = 1;
		} else {
			fprintf(out, "token: %s deleted\n", tok);
		}
	} else if (efivars_audit_var(m->efivars, SEEDTOOL_AUDIT_VAR, &a) && (a.flags & (ES_AUDIT_F_TOKEN | ES_AUDIT_F_TOKEN_CREATED)) != 0) {
		/* the app's record says the firmware holds one */
		fprintf(out, "token: none the OS can see; the one earlyseed's app made is boot-service only and stays "
			     "(harmless alone; to remove it, in the UEFI shell: dmpstore -d EarlyseedToken -guid "
			     SEEDTOOL_GUID ")\n");
	} else {
		fprintf(out, "token: none the OS can see\n");
	}
	return rc;
}
