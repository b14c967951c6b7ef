/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "trustvar.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <string.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../core/earlyseed.h"
#include "efivars.h"

/* UEFI 2.10 section 8.2: NON_VOLATILE | BOOTSERVICE_ACCESS | RUNTIME_ACCESS,
 * the one kind efivarfs creates. */
#define TRUSTVAR_ATTRS 0x7u

static int path_of(const char *efivars, const char *name, char *path, size_t cap)
{
	return (size_t)snprintf(path, cap, "%s/%s", efivars != NULL ? efivars : EFIVARS_DIR, name) < cap ? 0
														: -1;
}

static const char *onoff(bool b)
{
	return b ? "on" : "off";
}

/* Replace the variable: efivarfs takes the attributes and the data in one
 * write, and a write to an existing file replaces it (no APPEND_WRITE);
 * its immutable flag is cleared for the write and set again after. */
static int var_write(const char *path, const uint8_t v[ES_TRUST_VAR_LEN])
{
	uint8_t buf[4 + ES_TRUST_VAR_LEN] = { TRUSTVAR_ATTRS, 0, 0, 0 };
	int fd = open(path, O_WRONLY | O_NOFOLLOW | O_CLOEXEC), rc = 0, flags = -1;

	memcpy(buf + 4, v, ES_TRUST_VAR_LEN);
	if (fd >= 0)
		flags = efivars_unlock(fd);
	else if (errno == ENOENT)
		fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
	if (fd < 0)
		return -1;
	if (write(fd, buf, sizeof(buf)) != (ssize_t)sizeof(buf))
		rc = -1;
	if (flags >= 0 && (flags & FS_IMMUTABLE_FL) != 0)
		(void)ioctl(fd, FS_IOC_SETFLAGS, &flags);
	if (close(fd) != 0)
		rc = -1;
	return rc;
}

/* The command line in path, its lines joined by blanks (kernel-install
 * joins /etc/kernel/cmdline's lines the same way) into out; 0, or -1 when
 * it cannot be read, or not whole: then nothing is judged from it. */
static int read_cmdline(const char *path, char *out, size_t cap)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	size_t n = 0;
	ssize_t r;

	if (fd < 0)
		return -1;
	while ((r = read(fd, out + n, cap - n)) > 0 && (n += (size_t)r) < cap)
		;
	close(fd);
	if (r < 0 || n >= cap)
		return -1;
	out[n] = '\0';
	for (size_t i = 0; i < n; i++)
		out[i] = out[i] == '\n' || out[i] == '\r' ? ' ' : out[i];
	return 0;
}

/* What the kernels the driver runs before trust, from the running one's
 * command line (path NULL: /proc/cmdline) and, without a path, the line
 * systemd-boot's entries get (/etc/kernel/cmdline, when there is one): the
 * cautious view of each, combined. 0, or -1 after a message on err. */
static int kernel_trust(const char *path, struct es_trust *t, char *from, size_t cap, FILE *err)
{
	static char cmd[2 * ES_KERNEL_CMDLINE_SIZE];
	const char *paths[2] = { path != NULL ? path : "/proc/cmdline", path != NULL ? NULL : "/etc/kernel/cmdline" };

	es_trust_defaults(t);
	from[0] = '\0';
	for (size_t i = 0; i < 2 && paths[i] != NULL; i++) {
		struct es_trust one;

		if (i == 1 && access(paths[i], F_OK) != 0)
			break;
		if (read_cmdline(paths[i], cmd, sizeof(cmd)) != 0) {
			fprintf(err, "earlyseed: cannot read %s whole (%s): EarlyseedKernelTrust left as it is\n", paths[i],
				errno != 0 ? strerror(errno) : "too long");
			return -1;
		}
		es_trust_defaults(&one);
		es_trust_parse(&one, cmd);
		t->cpu = t->cpu && one.cpu;
		t->bootloader = t->bootloader && one.bootloader;
		snprintf(from + strlen(from), cap - strlen(from), "%s%s", i > 0 ? " and " : "", paths[i]);
	}
	return 0;
}

int trustvar_sync(const char *efivars, const char *cmdline_file, bool driver_installed, FILE *out, FILE *err)
{
	char path[PATH_MAX], driver[PATH_MAX], from[128];
	uint8_t want[ES_TRUST_VAR_LEN], have[ES_TRUST_VAR_LEN + 1];
	ssize_t n;
	struct es_trust t;
	struct stat st;
	bool none_needed;

	if (path_of(efivars, TRUSTVAR_NAME, path, sizeof(path)) != 0 ||
	    path_of(efivars, TRUSTVAR_DRIVER_AUDIT, driver, sizeof(driver)) != 0)
		return 1;
	n = efivars_read(efivars, TRUSTVAR_NAME, have, sizeof(have), NULL);
	if (n < 0 && lstat(path, &st) == 0)
		n = 0; /* there, but not readable as ours: rewritten below */
	if (n < 0 && !driver_installed && lstat(driver, &st) != 0)
		return 0; /* no driver here: nothing reads it */
	/* As earlyseed counts: the cautious view of the kernels it seeds. */
	if (kernel_trust(cmdline_file, &t, from, sizeof(from), err) != 0)
		return 1;
	es_trust_var_encode(&t, want);
	none_needed = t.cpu && t.bootloader;
	if (none_needed && n < 0)
		return 0;
	if (!none_needed && n == (ssize_t)sizeof(want) && memcmp(have, want, sizeof(want)) == 0) {
		fprintf(out, "kernel trust: %s says random.trust_cpu=%s random.trust_bootloader=%s, as %s does\n",
			path, onoff(t.cpu), onoff(t.bootloader), from);
		return 0;
	}
	/* NVRAM is written here only when the kernel's trust changed. */
	if (none_needed) {
		if (efivars_delete(efivars, TRUSTVAR_NAME) != 0) {
			fprintf(err, "earlyseed: cannot delete %s: %s\n", path, strerror(errno));
			return 1;
		}
		fprintf(out, "kernel trust: %s trusts the CPU and the boot loader: %s deleted (the driver counts as "
			     "it was built to)\n", from, path);
		return 0;
	}
	if (var_write(path, want) != 0) {
		fprintf(err, "earlyseed: cannot write %s: %s (what it said before, if anything, stays)\n", path,
			strerror(errno));
		return 1;
	}
	fprintf(out, "kernel trust: %s written: random.trust_cpu=%s random.trust_bootloader=%s, from %s "
		     "(earlyseed's driver reads it at the next boot)\n", path, onoff(t.cpu), onoff(t.bootloader), from);
	return 0;
}

int trustvar_remove(const char *efivars, FILE *out, FILE *err)
{
	char path[PATH_MAX];
	struct stat st;

	if (path_of(efivars, TRUSTVAR_NAME, path, sizeof(path)) != 0 || lstat(path, &st) != 0)
		return 0;
	if (efivars_delete(efivars, TRUSTVAR_NAME) != 0) {
		fprintf(err, "earlyseed: cannot delete %s: %s\n", path, strerror(errno));
		return 1;
	}
	fprintf(out, "removed %s\n", path);
	return 0;
}
