/* SPDX-License-Identifier: MIT */
/* The OS's side of the per-machine token, EarlyseedToken through efivarfs (token.h). */
#define _GNU_SOURCE
#include "token.h"

#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../core/earlyseed.h"
#include "efivars.h"

/* UEFI 2.10 section 8.2: NON_VOLATILE | BOOTSERVICE_ACCESS | RUNTIME_ACCESS:
 * efivarfs can create no other kind (the app makes its own token boot-service
 * only, where the OS never sees it). */
#define TOKEN_ATTRS 0x7u

static int fail(FILE *err, const char *what, const char *path)
{
	fprintf(err, "earlyseed: %s %s: %s\n", what, path, strerror(errno));
	return -1;
}

static bool firmware_has_token(const struct machine *o)
{
	struct es_audit_record a;

	return efivars_audit_var(o->efivars, SEEDTOOL_AUDIT_VAR, &a) &&
	       (a.flags & (ES_AUDIT_F_TOKEN | ES_AUDIT_F_TOKEN_CREATED | ES_AUDIT_F_TOKEN_FAILED)) != 0;
}

/* The token through efivarfs, once: an existing one is never rewritten. */
int token_make(const struct machine *o, const struct es_provenance *pool, FILE *out, FILE *err)
{
	const char *dir = o->efivars != NULL ? o->efivars : EFIVARS_DIR;
	char path[PATH_MAX];
	uint8_t buf[4 + ES_TOKEN_VAR_LEN], tok[ES_TOKEN_LEN];
	struct stat st;
	int fd, rc = 0;

	if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
		fprintf(out, "token: no efivarfs at %s (not booted through UEFI?); earlyseed creates the token at "
			     "the next boot with a hardware RNG\n", dir);
		return 0;
	}
	if (efivars_path(dir, SEEDTOOL_TOKEN_VAR, path, sizeof(path)) != 0)
		return -1;
	if (lstat(path, &st) == 0) {
		fprintf(out, "token: present, left as it is\n");
		return 0;
	}
	if (efivars_secure_boot(o->efivars)) {
		/* A token the OS made is one it can read: under Secure Boot the
		 * file would then never count. The app makes its own (boot
		 * services only) at the next boot with a hardware RNG. */
		fprintf(out, "token: none made: Secure Boot is on, so the token is left to earlyseed's app (boot "
			     "services only), which makes it at a boot with a hardware RNG\n");
		return 0;
	}
	if (firmware_has_token(o)) {
		/* A second variable of the same name with runtime access would
		 * be made beside it by some firmware: leave it alone. */
		fprintf(out, "token: the firmware holds one (boot services only: the OS cannot see it), left as "
			     "it is\n");
		return 0;
	}
	if (!token_unit_enabled(o)) {
		/* Made now, it would be readable by every user after the next
		 * reboot (efivarfs shows every variable 0644 at mount) with
		 * nothing to hide it again (Hardening IV, 5). */
		fprintf(out, "token: none made: " TOKEN_UNIT " is not enabled, and nothing else would hide an "
			     "OS-made token again after a reboot; enable it (the package does: systemctl enable "
			     TOKEN_UNIT ") and run install again, or let earlyseed's app make its own at a boot "
			     "with a hardware RNG\n");
		return 0;
	}
	buf[0] = TOKEN_ATTRS;
	buf[1] = buf[2] = buf[3] = 0;
	if (o->random(tok, ES_TOKEN_LEN) != 0) {
		es_wipe(tok, sizeof(tok));
		return fail(err, "getrandom failed for", "the token");
	}
	/* It rests on the kernel's pool: recorded as that pool may be made
	 * (the CPU's unless the evidence says it cannot be: kernel_pool), so a
	 * file bound to it never counts for more under the app's trust. */
	es_token_encode(tok, pool, buf + 4);
	es_wipe(tok, sizeof(tok));
	/* efivarfs takes the attributes and the data in one write. */
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0 || write(fd, buf, sizeof(buf)) != (ssize_t)sizeof(buf))
		rc = fail(err, "cannot create the token", path);
	if (fd >= 0 && close(fd) != 0 && rc == 0)
		rc = fail(err, "cannot create the token", path);
	/* A failed efivarfs write can leave an empty entry behind: not a token. */
	if (rc != 0 && fd >= 0)
		(void)unlink(path);
	es_wipe(buf, sizeof(buf));
	if (rc == 0)
		fprintf(out, "token: created %s (readable by root alone); it rests on the kernel's pool: %u bits "
			     "not from the CPU, %u that may be\n", path, pool->other_bits, pool->cpu_bits);
	return rc;
}

/* chmod through efivarfs's immutable flag: clear it, chmod, set it again. */
static int chmod_mutable(const char *path, mode_t mode)
{
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC), rc;
	int flags = fd >= 0 ? efivars_unlock(fd) : -1;

	rc = fd >= 0 ? fchmod(fd, mode) : -1;
	if (flags >= 0 && (flags & FS_IMMUTABLE_FL) != 0)
		(void)ioctl(fd, FS_IOC_SETFLAGS, &flags);
	if (fd >= 0)
		close(fd);
	return rc;
}

/* efivarfs shows a variable 0644 again at every boot: a token the OS made
 * is made readable by root alone again (the service runs this at boot). */
void token_hide(const char *efivars, FILE *out, FILE *err)
{
	char path[PATH_MAX];
	struct stat st;

	if (efivars_path(efivars, SEEDTOOL_TOKEN_VAR, path, sizeof(path)) != 0 || lstat(path, &st) != 0 || !S_ISREG(st.st_mode) || (st.st_mode & 0077) == 0)
		return;
	if (chmod_mutable(path, 0600) != 0)
		fprintf(err, "earlyseed: warning: %s is readable by all and cannot be changed: %s\n", path,
			strerror(errno));
	else
		fprintf(out, "token: %s made readable by root alone\n", path);
}

/* A token the OS can read (one it made), decoded; false when there is none
 * or it is malformed. The caller wipes tok. */
bool token_os(const struct machine *o, uint8_t tok[ES_TOKEN_LEN], struct es_provenance *from)
{
	uint8_t raw[ES_TOKEN_VAR_LEN];
	ssize_t n = efivars_read(o->efivars, SEEDTOOL_TOKEN_VAR, raw, sizeof(raw), NULL);
	bool ok = n > 0 && es_token_decode(raw, (size_t)n, tok, from);

	es_wipe(raw, sizeof(raw));
	return ok;
}

bool token_unit_enabled(const struct machine *o)
{
	const char *dir = o->systemd_dir != NULL ? o->systemd_dir : getenv("EARLYSEED_SYSTEMD_DIR");
	char pattern[PATH_MAX];
	glob_t g;
	bool on;

	snprintf(pattern, sizeof(pattern), "%s/*.wants/" TOKEN_UNIT, dir != NULL ? dir : TOKEN_SYSTEMD_DIR);
	on = glob(pattern, GLOB_NOSORT, NULL, &g) == 0 && g.gl_pathc > 0;
	if (on)
		globfree(&g);
	return on;
}
