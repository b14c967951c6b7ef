/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "trustvar.h"

#include <errno.h>
#include <fcntl.h>
#include <glob.h>
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

/* The text of path whole, NUL-terminated; 0, or -1 (unreadable, too long). */
static int read_cmdline_raw(const char *path, char *out, size_t cap)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	size_t n = 0;
	ssize_t r;

	errno = 0;
	if (fd < 0)
		return -1;
	while ((r = read(fd, out + n, cap - 1 - n)) > 0 && (n += (size_t)r) < cap - 1)
		;
	close(fd);
	if (r < 0 || n >= cap - 1)
		return -1;
	out[n] = '\0';
	return 0;
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

int trustvar_grub_cmdline(const char *path, char *out, size_t cap)
{
	static char text[16384];
	size_t n = 0;
	char *line, *save = NULL;

	if (cap == 0 || read_cmdline_raw(path, text, sizeof(text)) != 0)
		return -1;
	out[0] = '\0';
	/* GRUB's 10_linux puts both on every menu entry's linux line
	 * (util/grub.d/10_linux.in: GRUB_CMDLINE_LINUX, then ..._DEFAULT on
	 * the normal entries); a later assignment in a sourced file wins in
	 * the shell, but here every one is kept: the cautious view. */
	for (line = strtok_r(text, "\n", &save); line != NULL; line = strtok_r(NULL, "\n", &save)) {
		const char *v;
		size_t len;

		while (*line == ' ' || *line == '\t')
			line++;
		if (strncmp(line, "GRUB_CMDLINE_LINUX=", 19) == 0)
			v = line + 19;
		else if (strncmp(line, "GRUB_CMDLINE_LINUX_DEFAULT=", 27) == 0)
			v = line + 27;
		else
			continue;
		/* a quoted value up to its closing quote (a comment may follow);
		 * else up to a blank or a comment, as the shell reads it */
		if (*v == '"' || *v == '\'') {
			const char *close = strchr(v + 1, *v);

			if (close == NULL)
				return -1;
			len = (size_t)(close - v - 1);
			v++;
		} else {
			len = strcspn(v, " \t#");
		}
		if (n + len + 2 > cap)
			return -1;
		memcpy(out + n, v, len);
		n += len;
		out[n++] = ' ';
		out[n] = '\0';
	}
	return 0;
}

/* What the kernels earlyseed runs before trust, from the running one's
 * command line (path NULL: /proc/cmdline) and, without a path, the lines
 * the next kernels get where they are kept: systemd-boot's
 * (/etc/kernel/cmdline) and GRUB's (/etc/default/grub), when there are
 * any. The cautious view of each, combined. 0, or -1 after a message. */
static int cmdline_trust(const char *path, struct es_trust *t, char *from, size_t cap, FILE *err)
{
	static char cmd[2 * ES_KERNEL_CMDLINE_SIZE];
	const char *paths[2 + 1 + TRUSTVAR_GRUB_PARTS] = { path != NULL ? path : "/proc/cmdline",
							   path != NULL ? NULL : "/etc/kernel/cmdline" };
	size_t np = 2, grub_from = 2;
	glob_t g = { 0 };

	/* GRUB's defaults and the files grub-mkconfig reads after them
	 * (/etc/default/grub.d/\*.cfg, where cloud images set theirs) */
	if (path == NULL) {
		paths[np++] = TRUSTVAR_GRUB_DEFAULTS;
		if (glob(TRUSTVAR_GRUB_DEFAULTS ".d/*.cfg", 0, NULL, &g) == 0)
			for (size_t i = 0; i < g.gl_pathc && np < sizeof(paths) / sizeof(paths[0]); i++)
				paths[np++] = g.gl_pathv[i];
	}
	es_trust_defaults(t);
	from[0] = '\0';
	for (size_t i = 0; i < np; i++) {
		struct es_trust one;
		int r;

		if (paths[i] == NULL || (i > 0 && access(paths[i], F_OK) != 0))
			continue;
		r = i >= grub_from ? trustvar_grub_cmdline(paths[i], cmd, sizeof(cmd))
				   : read_cmdline(paths[i], cmd, sizeof(cmd));
		if (r != 0) {
			fprintf(err, "earlyseed: cannot read %s whole (%s): EarlyseedKernelTrust left as it is\n", paths[i],
				errno != 0 ? strerror(errno) : "too long");
			if (path == NULL)
				globfree(&g);
			return -1;
		}
		es_trust_defaults(&one);
		es_trust_parse(&one, cmd);
		t->cpu = t->cpu && one.cpu;
		t->bootloader = t->bootloader && one.bootloader;
		snprintf(from + strlen(from), cap - strlen(from), "%s%s", from[0] != '\0' ? " and " : "", paths[i]);
	}
	if (path == NULL)
		globfree(&g);
	return 0;
}

int trustvar_sync(const char *efivars, const char *cmdline_file, bool installed, FILE *out, FILE *err)
{
	char path[PATH_MAX], driver[PATH_MAX], from[128];
	uint8_t want[ES_TRUST_VAR_LEN], have[ES_TRUST_VAR_LEN + 1];
	ssize_t n;
	struct es_trust t;
	struct stat st;
	bool none_needed;

	if (efivars_path(efivars, TRUSTVAR_NAME, path, sizeof(path)) != 0 ||
	    efivars_path(efivars, TRUSTVAR_DRIVER_AUDIT, driver, sizeof(driver)) != 0)
		return 1;
	n = efivars_read(efivars, TRUSTVAR_NAME, have, sizeof(have), NULL);
	if (n < 0 && lstat(path, &st) == 0)
		n = 0; /* there, but not readable as ours: rewritten below */
	if (n < 0 && !installed && lstat(driver, &st) != 0)
		return 0; /* no earlyseed here: nothing reads it */
	if (stat(efivars != NULL ? efivars : EFIVARS_DIR, &st) != 0) {
		fprintf(out, "kernel trust: no efivarfs at %s: EarlyseedKernelTrust not written\n",
			efivars != NULL ? efivars : EFIVARS_DIR);
		return 0;
	}
	/* As earlyseed counts: the cautious view of the kernels it seeds. */
	if (cmdline_trust(cmdline_file, &t, from, sizeof(from), err) != 0)
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
		fprintf(out, "kernel trust: %s trusts the CPU and the boot loader: %s deleted (earlyseed counts as "
			     "the kernel's defaults)\n", from, path);
		return 0;
	}
	if (var_write(path, want) != 0) {
		fprintf(err, "earlyseed: cannot write %s: %s (what it said before, if anything, stays)\n", path,
			strerror(errno));
		return 1;
	}
	fprintf(out, "kernel trust: %s written: random.trust_cpu=%s random.trust_bootloader=%s, from %s "
		     "(earlyseed reads it at the next boot, whatever its config's command line)\n", path, onoff(t.cpu), onoff(t.bootloader), from);
	return 0;
}

int trustvar_remove(const char *efivars, FILE *out, FILE *err)
{
	char path[PATH_MAX];
	struct stat st;

	if (efivars_path(efivars, TRUSTVAR_NAME, path, sizeof(path)) != 0 || lstat(path, &st) != 0)
		return 0;
	if (efivars_delete(efivars, TRUSTVAR_NAME) != 0) {
		fprintf(err, "earlyseed: cannot delete %s: %s\n", path, strerror(errno));
		return 1;
	}
	fprintf(out, "removed %s\n", path);
	return 0;
}
