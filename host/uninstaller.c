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
#include <unistd.h>

#include "../core/earlyseed.h"
#include "../core/le.h"
#include "bootentry.h"
#include "sdboot.h"
#include "seedtool.h"
#include "trustvar.h"

#define APP_PATH "\\EFI\\earlyseed\\earlyseed.efi"

/* BootOrder without the numbers in drop[0..nd). */
static int boot_order_remove(const char *dir, const unsigned int *drop, size_t nd, FILE *out, FILE *err)
{
	static const char name[] = "BootOrder-" SEEDTOOL_GLOBAL_GUID;
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

/* Boot#### entries that start earlyseed's app: deleted, and out of BootOrder. */
static int boot_entries(const char *dir, FILE *out, FILE *err)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	unsigned int drop[64];
	size_t nd = 0;
	int rc = 0;

	if (d == NULL) {
		fprintf(out, "boot entries: no efivarfs at %s: none looked at\n", dir);
		return 0;
	}
	while ((e = readdir(d)) != NULL) {
		char path[ES_CONFIG_NEXT_MAX];
		char *hex_end = NULL;
		unsigned int num;

		if (strlen(e->d_name) != 9 + sizeof(SEEDTOOL_GLOBAL_GUID) - 1 || strncmp(e->d_name, "Boot", 4) != 0 ||
		    e->d_name[8] != '-' || strcmp(e->d_name + 9, SEEDTOOL_GLOBAL_GUID) != 0)
			continue;
		/* Boot#### : four hex digits (UEFI 2.10 section 3.1.1) */
		num = (unsigned int)strtoul(e->d_name + 4, &hex_end, 16);
		if (hex_end != e->d_name + 8 || !bootentry_path(dir, num, path, sizeof(path)) ||
		    !es_config_same_path(path, APP_PATH))
			continue;
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
		fprintf(out, "boot entries: none starts %s\n", APP_PATH);
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
	int dirfd = seedtool_open_dir(espfd, rel, false, &leaf, NULL), rc = 0;
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

int uninstaller_run(const struct uninstaller_opts *o, FILE *out, FILE *err)
{
	const char *dir = o->efivars != NULL ? o->efivars : EFIVARS_DIR;
	static struct es_config c;
	char tok[PATH_MAX];
	struct stat st;
	int espfd, rc = 0;

	if (boot_entries(dir, out, err) != 0)
		rc = 1;
	espfd = open(o->esp, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (espfd < 0 || (!o->any_fs && !seedtool_on_fat(espfd))) {
		fprintf(err, "earlyseed: %s is not a mounted ESP (FAT): its files are left; name it with --esp\n", o->esp);
		if (espfd >= 0)
			close(espfd);
		return 1;
	}
	/* the seed file the config names, then the installed layout */
	es_config_defaults(&c);
	{
		static uint8_t conf[ES_CONFIG_MAX_FILE + 1];
		const char *leaf;
		int dfd = seedtool_open_dir(espfd, ES_CONFIG_PATH, false, &leaf, NULL);
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
	    remove_file(espfd, c.seed_file, o->esp, true, out, err) != 0)
		rc = 1;
	if (remove_file(espfd, ES_CONFIG_DEFAULT_SEED_FILE, o->esp, true, out, err) != 0)
		rc = 1;
	if (remove_file(espfd, ES_CONFIG_PATH, o->esp, false, out, err) != 0)
		rc = 1;
	if (remove_file(espfd, APP_PATH, o->esp, false, out, err) != 0)
		rc = 1;
	/* The kernel's trust goes only with the driver: a driver left behind
	 * must not count the CPU where the kernel does not. */
	if (sdboot_remove(espfd, o->esp, out, err) != 0 || trustvar_remove(o->efivars, out, err) != 0)
		rc = 1;
	if (unlinkat(espfd, "EFI/earlyseed", AT_REMOVEDIR) == 0)
		fprintf(out, "removed %s/EFI/earlyseed\n", o->esp);
	else if (errno != ENOENT)
		fprintf(out, "left %s/EFI/earlyseed: %s (files earlyseed did not put there?)\n", o->esp,
			strerror(errno));
	close(espfd);
	/* the token: one the OS made can go; the app's cannot be seen here */
	snprintf(tok, sizeof(tok), "%s/%s", dir, SEEDTOOL_TOKEN_VAR);
	if (lstat(tok, &st) == 0) {
		if (efivars_delete(dir, SEEDTOOL_TOKEN_VAR) != 0) {
			fprintf(err, "earlyseed: cannot delete %s: %s\n", tok, strerror(errno));
			rc = 1;
		} else {
			fprintf(out, "token: %s deleted\n", tok);
		}
	} else {
		fprintf(out, "token: none the OS can see; one earlyseed's app made is boot-service only and stays "
			     "(harmless alone; to remove it, in the UEFI shell: dmpstore -d EarlyseedToken -guid "
			     SEEDTOOL_GUID ")\n");
	}
	return rc;
}
