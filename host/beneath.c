/* SPDX-License-Identifier: MIT */
/* Files below the ESP, opened as the firmware finds them and replaced atomically (beneath.h). */
#define _GNU_SOURCE
#include "beneath.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <string.h>
#include <linux/openat2.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static int fail(FILE *err, const char *what, const char *path)
{
	fprintf(err, "earlyseed: %s %s: %s\n", what, path, strerror(errno));
	return -1;
}

static int write_all(int fd, const uint8_t *p, size_t n)
{
	while (n > 0) {
		ssize_t w = write(fd, p, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

int beneath_replace(int dirfd, const char *name, const uint8_t *data, size_t n, beneath_fault_fn fault,
		     FILE *err)
{
	char tmp[NAME_MAX + 1];
	int fd = -1;

	/* O_EXCL | O_NOFOLLOW: a name someone planted is never written through. */
	for (unsigned int i = 0; i < 100 && fd < 0; i++) {
		if ((size_t)snprintf(tmp, sizeof(tmp), ".%s.%ld.%lx.%u", name, (long)getpid(),
				     (unsigned long)time(NULL), i) >= sizeof(tmp)) {
			fprintf(err, "earlyseed: name too long: %s\n", name);
			return -1;
		}
		fd = openat(dirfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
		if (fd < 0 && errno != EEXIST)
			break;
	}
	if (fd < 0)
		return fail(err, "cannot create a temporary file for", name);
	/* On a FAT ESP the mode comes from the mount options; elsewhere this
	 * makes it 0600 whatever the umask. */
	(void)fchmod(fd, 0600);
	if (write_all(fd, data, n) != 0 || fsync(fd) != 0) {
		fail(err, "cannot write", tmp);
		close(fd);
		unlinkat(dirfd, tmp, 0);
		return -1;
	}
	if (close(fd) != 0) {
		fail(err, "cannot write", tmp);
		unlinkat(dirfd, tmp, 0);
		return -1;
	}
	if ((fault != NULL && fault(BENEATH_BEFORE_RENAME) != 0) || renameat(dirfd, tmp, dirfd, name) != 0) {
		fail(err, "cannot rename the new seed over", name);
		unlinkat(dirfd, tmp, 0);
		return -1;
	}
	/* The rename itself must reach the disk; only its durability is in
	 * doubt if this fails. */
	if (fsync(dirfd) != 0)
		fprintf(err, "earlyseed: warning: cannot fsync the directory of %s: %s\n", name, strerror(errno));
	return 0;
}

/* name below dirfd, never through a link and never onto another mount
 * (a bind mount inside the ESP made refresh write under /etc): openat2()
 * with RESOLVE_NO_XDEV | RESOLVE_NO_SYMLINKS | RESOLVE_BENEATH (Linux 5.6),
 * else openat(O_NOFOLLOW) and the same device as dirfd (st_dev). */
bool beneath_no_openat2;

int beneath_open(int dirfd, const char *name, int flags)
{
	struct open_how how = { .flags = (uint64_t)(unsigned int)(flags | O_NOFOLLOW | O_CLOEXEC),
				.resolve = (uint64_t)(RESOLVE_NO_XDEV | RESOLVE_NO_SYMLINKS | RESOLVE_BENEATH) };
	struct stat a, b;
	long fd = -1;

	errno = ENOSYS;
	if (!beneath_no_openat2)
		fd = syscall(SYS_openat2, dirfd, name, &how, sizeof(how));
	/* ENOSYS: before Linux 5.6; EPERM: a seccomp filter that refuses it */
	if (fd >= 0 || (errno != ENOSYS && errno != E2BIG && errno != EPERM))
		return (int)fd;
	fd = openat(dirfd, name, flags | O_NOFOLLOW | O_CLOEXEC);
	if (fd >= 0 && (fstat(dirfd, &a) != 0 || fstat((int)fd, &b) != 0 || a.st_dev != b.st_dev)) {
		close((int)fd);
		errno = EXDEV;
		return -1;
	}
	return (int)fd;
}

/* The directory holding the last component of rel (an absolute ESP path,
 * '\\' or '/'), opened from the ESP one component at a time without
 * following links; with create, missing directories are made (0700).
 * *leaf points into rel. -1 after a message. */
int beneath_open_dir(int espfd, const char *rel, bool create, const char **leaf, FILE *err)
{
	char comp[NAME_MAX + 1];
	const char *p = rel;
	int fd = dup(espfd);

	while (fd >= 0) {
		size_t n = 0;
		int next;

		while (*p == '\\' || *p == '/')
			p++;
		while (p[n] != '\0' && p[n] != '\\' && p[n] != '/')
			n++;
		if (n == 0 || n > NAME_MAX || (n == 1 && p[0] == '.') || (n == 2 && p[0] == '.' && p[1] == '.')) {
			if (err != NULL)
				fprintf(err, "earlyseed: seed file path %s: empty, . or .. component, or too long\n",
					rel);
			break;
		}
		if (p[n] == '\0') {
			*leaf = p;
			return fd;
		}
		memcpy(comp, p, n);
		comp[n] = '\0';
		next = beneath_open(fd, comp, O_RDONLY | O_DIRECTORY);
		if (next < 0 && errno == ENOENT && create && mkdirat(fd, comp, 0700) == 0)
			next = beneath_open(fd, comp, O_RDONLY | O_DIRECTORY);
		if (next < 0) {
			if (err != NULL)
				fprintf(err, "earlyseed: %s: cannot open directory %s%s: %s\n", rel, comp,
					errno == ELOOP || errno == ENOTDIR
						? " (a link or not a directory: never followed)"
					: errno == EXDEV ? " (another file system mounted inside the ESP: never entered)"
							 : "",
					strerror(errno));
			break;
		}
		close(fd);
		fd = next;
		p += n;
	}
	if (fd >= 0)
		close(fd);
	return -1;
}

/* Open name in dirfd for reading: a regular file only, never through a
 * link, never waiting (a FIFO would hang the boot). -1 with errno ENOENT
 * when absent; -2 after a message. */
int beneath_open_file(int dirfd, const char *name, const char *shown, FILE *err)
{
	struct stat st;
	int fd = beneath_open(dirfd, name, O_RDONLY | O_NONBLOCK);

	if (fd < 0 && errno == ENOENT)
		return -1;
	if (fd < 0) {
		fprintf(err, "earlyseed: cannot open %s: %s\n", shown,
			errno == ELOOP ? "it is a symbolic link (never followed)"
			: errno == EXDEV ? "another file system is mounted there (never entered)"
					 : strerror(errno));
		return -2;
	}
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		fprintf(err, "earlyseed: %s is not a regular file: left alone\n", shown);
		close(fd);
		return -2;
	}
	return fd;
}
