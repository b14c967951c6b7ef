/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "efivars.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../core/earlyseed.h"

ssize_t efivars_read_fd(int fd, uint8_t *buf, size_t cap)
{
	size_t n = 0;

	while (n < cap) {
		ssize_t r = read(fd, buf + n, cap - n);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -1;
		if (r == 0)
			break;
		n += (size_t)r;
	}
	return (ssize_t)n;
}

int efivars_path(const char *efivars, const char *name, char *path, size_t cap)
{
	return (size_t)snprintf(path, cap, "%s/%s", efivars != NULL ? efivars : EFIVARS_DIR, name) < cap ? 0 : -1;
}

bool efivars_exists(const char *efivars, const char *name)
{
	char path[PATH_MAX];
	struct stat st;

	return efivars_path(efivars, name, path, sizeof(path)) == 0 && lstat(path, &st) == 0;
}

ssize_t efivars_read(const char *efivars, const char *name, uint8_t *buf, size_t cap, uint32_t *attrs)
{
	char path[PATH_MAX];
	uint8_t raw[4 + EFIVARS_VAR_MAX + 1]; /* one byte more: a larger one is refused, not cut */
	ssize_t n;
	int fd;

	if (efivars_path(efivars, name, path, sizeof(path)) != 0)
		return -1;
	fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return -1;
	n = efivars_read_fd(fd, raw, sizeof(raw));
	close(fd);
	if (n < 4 || (size_t)(n - 4) > cap || (size_t)(n - 4) > EFIVARS_VAR_MAX) {
		es_wipe(raw, sizeof(raw));
		return -1;
	}
	if (attrs != NULL)
		*attrs = (uint32_t)raw[0] | (uint32_t)raw[1] << 8 | (uint32_t)raw[2] << 16 | (uint32_t)raw[3] << 24;
	memcpy(buf, raw + 4, (size_t)(n - 4));
	es_wipe(raw, sizeof(raw));
	return n - 4;
}

int efivars_unlock(int fd)
{
	int flags = 0;

	/* fs/efivarfs/inode.c sets S_IMMUTABLE on every variable not in its
	 * removable list: chmod, unlink and a rewrite fail with EPERM until
	 * the flag is cleared */
	if (ioctl(fd, FS_IOC_GETFLAGS, &flags) != 0)
		return -1;
	if ((flags & FS_IMMUTABLE_FL) != 0) {
		int cleared = flags & ~FS_IMMUTABLE_FL;

		if (ioctl(fd, FS_IOC_SETFLAGS, &cleared) != 0)
			return -1;
	}
	return flags;
}

int efivars_delete(const char *efivars, const char *name)
{
	char path[PATH_MAX];
	int fd;

	if (efivars_path(efivars, name, path, sizeof(path)) != 0)
		return -1;
	/* fs/efivarfs/inode.c: immutable until the flag is cleared */
	fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd >= 0) {
		(void)efivars_unlock(fd);
		close(fd);
	}
	return unlink(path) == 0 || errno == ENOENT ? 0 : -1;
}

bool efivars_audit_var(const char *efivars, const char *name, struct es_audit_record *a)
{
	uint8_t buf[EFIVARS_VAR_MAX];
	ssize_t n = efivars_read(efivars, name, buf, sizeof(buf), NULL);

	return n > 0 && es_audit_decode(buf, (size_t)n, a) == ES_AUDIT_OK;
}

/* Is Secure Boot on? (SecureBoot under EFI_GLOBAL_VARIABLE, UEFI 2.10
 * section 3.3: one byte, 1 when enforced.) */
bool efivars_secure_boot(const char *efivars)
{
	uint8_t v[EFIVARS_VAR_MAX];

	return efivars_read(efivars, "SecureBoot-" EFIVARS_GLOBAL_GUID, v, sizeof(v), NULL) == 1 &&
	       v[0] == 1;
}
