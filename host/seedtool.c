/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "seedtool.h"

#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <linux/fs.h>
#include <linux/openat2.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>

#include "../core/blake2s.h"
#include "../core/earlyseed.h"
#include "trustvar.h"

/* The old file's bytes earlyseed's app would read (ES_SEED_FILE_MAX). */
#define OLD_MAX ES_SEED_FILE_MAX
/* Hashes the old file with fresh kernel randomness (bootctl random-seed). */
#define REFRESH_LABEL "earlyseed v1 seed refresh"
/* UEFI 2.10 section 8.2: NON_VOLATILE | BOOTSERVICE_ACCESS | RUNTIME_ACCESS:
 * efivarfs can create no other kind (the app makes its own token boot-service
 * only, where the OS never sees it). */
#define TOKEN_ATTRS 0x7u
/* The most of a variable's data the tool reads (after its 4 attribute bytes). */
#define VAR_MAX EFIVARS_VAR_MAX

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


int seedtool_replace(int dirfd, const char *name, const uint8_t *data, size_t n, seedtool_fault_fn fault,
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
	if ((fault != NULL && fault(SEEDTOOL_BEFORE_RENAME) != 0) || renameat(dirfd, tmp, dirfd, name) != 0) {
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

static int get_random(uint8_t *p, size_t n)
{
	/* flags 0: blocks until the kernel's crng is ready, then never fails
	 * for n <= 256 (getrandom(2)). */
	while (n > 0) {
		ssize_t r = getrandom(p, n, 0);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return -1;
		p += r;
		n -= (size_t)r;
	}
	return 0;
}

static ssize_t var_read(const char *efivars, const char *name, uint8_t *buf, size_t cap)
{
	return efivars_read(efivars, name, buf, cap, NULL);
}

bool seedtool_on_fat(int fd)
{
	struct statfs fs;

	return fstatfs(fd, &fs) == 0 && fs.f_type == SEEDTOOL_FAT_MAGIC;
}

static const char *efivars_dir(const struct seedtool_opts *o)
{
	return o->efivars != NULL ? o->efivars : EFIVARS_DIR;
}

/* Did this boot's earlyseed find (or make) a token? Its audit record says
 * so, also of a boot-service-only token efivarfs cannot show. */
bool seedtool_audit(const char *efivars, struct es_audit_record *a)
{
	return seedtool_audit_var(efivars, SEEDTOOL_AUDIT_VAR, a);
}

bool seedtool_audit_var(const char *efivars, const char *name, struct es_audit_record *a)
{
	uint8_t buf[VAR_MAX];
	ssize_t n = var_read(efivars != NULL ? efivars : EFIVARS_DIR, name, buf, sizeof(buf));

	return n > 0 && es_audit_decode(buf, (size_t)n, a) == ES_AUDIT_OK;
}

static bool firmware_has_token(const struct seedtool_opts *o)
{
	struct es_audit_record a;

	return seedtool_audit(efivars_dir(o), &a) &&
	       (a.flags & (ES_AUDIT_F_TOKEN | ES_AUDIT_F_TOKEN_CREATED | ES_AUDIT_F_TOKEN_FAILED)) != 0;
}

/* Is Secure Boot on? (SecureBoot under EFI_GLOBAL_VARIABLE, UEFI 2.10
 * section 3.3: one byte, 1 when enforced.) */
static bool secure_boot(const struct seedtool_opts *o)
{
	uint8_t v[VAR_MAX];

	return var_read(efivars_dir(o), "SecureBoot-" SEEDTOOL_GLOBAL_GUID, v, sizeof(v)) == 1 &&
	       v[0] == 1;
}

/* The token through efivarfs, once: an existing one is never rewritten. */
static int token(const struct seedtool_opts *o, FILE *out, FILE *err)
{
	const char *dir = efivars_dir(o);
	char path[PATH_MAX];
	uint8_t buf[4 + ES_TOKEN_VAR_LEN], tok[ES_TOKEN_LEN];
	struct es_provenance from;
	struct stat st;
	int fd, rc = 0;

	if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
		fprintf(out, "token: no efivarfs at %s (not booted through UEFI?); earlyseed creates the token at "
			     "the next boot with a hardware RNG\n", dir);
		return 0;
	}
	if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir, SEEDTOOL_TOKEN_VAR) >= sizeof(path))
		return -1;
	if (lstat(path, &st) == 0) {
		fprintf(out, "token: present, left as it is\n");
		return 0;
	}
	if (secure_boot(o)) {
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
	if (!seedtool_unit_enabled(o)) {
		/* Made now, it would be readable by every user after the next
		 * reboot (efivarfs shows every variable 0644 at mount) with
		 * nothing to hide it again (Hardening IV, 5). */
		fprintf(out, "token: none made: " SEEDTOOL_UNIT " is not enabled, and nothing else would hide an "
			     "OS-made token again after a reboot; enable it (the package does: systemctl enable "
			     SEEDTOOL_UNIT ") and run install again, or let earlyseed's app make its own at a boot "
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
	 * (the CPU's unless the evidence says it cannot be), so a file bound
	 * to it never counts for more under the app's trust. */
	seedtool_kernel_pool(o->cmdline_file, o->cpuinfo_file, &from);
	es_token_encode(tok, &from, buf + 4);
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
			     "not from the CPU, %u that may be\n", path, from.other_bits, from.cpu_bits);
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
void seedtool_token_hide(const char *efivars, FILE *out, FILE *err)
{
	char path[PATH_MAX];
	struct stat st;

	if ((size_t)snprintf(path, sizeof(path), "%s/%s", efivars != NULL ? efivars : EFIVARS_DIR,
			     SEEDTOOL_TOKEN_VAR) >= sizeof(path) ||
	    lstat(path, &st) != 0 || !S_ISREG(st.st_mode) || (st.st_mode & 0077) == 0)
		return;
	if (chmod_mutable(path, 0600) != 0)
		fprintf(err, "earlyseed: warning: %s is readable by all and cannot be changed: %s\n", path,
			strerror(errno));
	else
		fprintf(out, "token: %s made readable by root alone\n", path);
}

/* A token the OS can read (one it made), decoded; false when there is none
 * or it is malformed. The caller wipes tok. */
static bool os_token(const struct seedtool_opts *o, uint8_t tok[ES_TOKEN_LEN], struct es_provenance *from)
{
	uint8_t raw[ES_TOKEN_VAR_LEN];
	ssize_t n = var_read(efivars_dir(o), SEEDTOOL_TOKEN_VAR, raw, sizeof(raw));
	bool ok = n > 0 && es_token_decode(raw, (size_t)n, tok, from);

	es_wipe(raw, sizeof(raw));
	return ok;
}

/* The app's image on the ESP: --app, else what the app left in
 * EarlyseedImage (UCS-2), else SEEDTOOL_APP. */
static void app_path(const struct seedtool_opts *o, char *app, size_t cap)
{
	uint8_t buf[2 * ES_CONFIG_NEXT_MAX];
	ssize_t n;
	size_t k = 0;

	snprintf(app, cap, "%s", o->app != NULL ? o->app : SEEDTOOL_APP);
	if (o->app != NULL)
		return;
	n = var_read(efivars_dir(o), SEEDTOOL_IMAGE_VAR, buf, sizeof(buf));
	if (n < 2 || n % 2 != 0)
		return;
	for (ssize_t i = 0; i + 1 < n && k + 1 < cap; i += 2) {
		unsigned int c = (unsigned int)buf[i] | (unsigned int)buf[i + 1] << 8;

		if (c == 0)
			break;
		if (c < 0x20 || c > 0x7e) {
			/* not a path earlyseed wrote: the default place */
			snprintf(app, cap, "%s", SEEDTOOL_APP);
			return;
		}
		app[k++] = (char)c;
	}
	app[k] = '\0';
	if (app[0] != '\\' && app[0] != '/')
		snprintf(app, cap, "%s", SEEDTOOL_APP);
}

/* name below dirfd, never through a link and never onto another mount
 * (a bind mount inside the ESP made refresh write under /etc): openat2()
 * with RESOLVE_NO_XDEV | RESOLVE_NO_SYMLINKS | RESOLVE_BENEATH (Linux 5.6),
 * else openat(O_NOFOLLOW) and the same device as dirfd (st_dev). */
bool seedtool_no_openat2;

static int open_beneath(int dirfd, const char *name, int flags)
{
	struct open_how how = { .flags = (uint64_t)(unsigned int)(flags | O_NOFOLLOW | O_CLOEXEC),
				.resolve = (uint64_t)(RESOLVE_NO_XDEV | RESOLVE_NO_SYMLINKS | RESOLVE_BENEATH) };
	struct stat a, b;
	long fd = -1;

	errno = ENOSYS;
	if (!seedtool_no_openat2)
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
int seedtool_open_dir(int espfd, const char *rel, bool create, const char **leaf, FILE *err)
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
		next = open_beneath(fd, comp, O_RDONLY | O_DIRECTORY);
		if (next < 0 && errno == ENOENT && create && mkdirat(fd, comp, 0700) == 0)
			next = open_beneath(fd, comp, O_RDONLY | O_DIRECTORY);
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
static int open_regular(int dirfd, const char *name, const char *shown, FILE *err)
{
	struct stat st;
	int fd = open_beneath(dirfd, name, O_RDONLY | O_NONBLOCK);

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

static bool foreign(int fd, const uint8_t *buf, size_t n, const char *shown, FILE *err);

/* The old file's first OLD_MAX bytes (n = 0 when there is none); -1 for
 * one that is not earlyseed's. */
static int read_old(int dirfd, const char *name, const char *shown, uint8_t *buf, size_t *n, FILE *err)
{
	int fd = open_regular(dirfd, name, shown, err);
	ssize_t r;

	*n = 0;
	if (fd == -1)
		return 0;
	if (fd < 0)
		return -1;
	r = efivars_read_fd(fd, buf, OLD_MAX);
	if (r < 0) {
		close(fd);
		return fail(err, "cannot read", shown);
	}
	*n = (size_t)r;
	if (foreign(fd, buf, *n, shown, err)) {
		close(fd);
		return -1;
	}
	close(fd);
	return 0;
}

/* seed_file may name any file: rewrite only one that is earlyseed's. */
static bool foreign(int fd, const uint8_t *buf, size_t n, const char *shown, FILE *err)
{
	struct stat st;

	if (fstat(fd, &st) == 0 && es_seedfile_ours(buf, n, (uint64_t)st.st_size))
		return false;
	fprintf(err, "earlyseed: %s is not earlyseed's seed file (not empty, not zeros, no ESSEED magic): left as "
		     "it is; point seed_file at a file of its own\n", shown);
	return true;
}

bool seedtool_foreign_file(int dirfd, const char *name, const char *shown, FILE *err)
{
	static uint8_t buf[OLD_MAX];
	int fd = open_regular(dirfd, name, shown, err);
	ssize_t r;
	bool no;

	if (fd == -1)
		return false;
	if (fd < 0)
		return true;
	r = efivars_read_fd(fd, buf, sizeof(buf));
	no = r < 0 || foreign(fd, buf, (size_t)r, shown, err);
	close(fd);
	es_wipe(buf, sizeof(buf));
	return no;
}

static void warn_exposed(const char *esp, int dirfd, const char *name, const char *shown, FILE *err)
{
	struct stat st;

	/* bootctl warns the same way: anyone who reads the seed file knows
	 * what the next boot's pool holds. */
	if (stat(esp, &st) == 0 && (st.st_mode & 0007) != 0)
		fprintf(err, "earlyseed: warning: %s is world-accessible (mode %04o); mount the ESP with "
			     "umask=0077 (fmask=0177,dmask=0077) so the seed file is not readable by all\n",
			esp, (unsigned int)(st.st_mode & 07777));
	else if (fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && (st.st_mode & 0077) != 0)
		fprintf(err, "earlyseed: warning: %s has mode %04o (the ESP's mount options decide it); it "
			     "should be readable by root alone\n",
			shown, (unsigned int)(st.st_mode & 07777));
}

/* The config the app reads (es_config_places(): beside its image, then the
 * default place), opened below the ESP like the seed file. */
static void read_config(int espfd, const char *app, struct es_config *c, FILE *out, FILE *err)
{
	char places[ES_CONFIG_PLACES][ES_CONFIG_NEXT_MAX];
	unsigned int n = es_config_places(app, places);
	static uint8_t buf[ES_CONFIG_MAX_FILE + 1];

	es_config_defaults(c);
	for (unsigned int i = 0; i < n; i++) {
		const char *leaf;
		int dfd = seedtool_open_dir(espfd, places[i], false, &leaf, err), fd = -1;
		ssize_t len;

		if (dfd >= 0) {
			fd = open_regular(dfd, leaf, places[i], err);
			close(dfd);
		}
		if (fd < 0)
			continue;
		len = efivars_read_fd(fd, buf, sizeof(buf));
		close(fd);
		if (len < 0)
			continue;
		fprintf(out, "config: %s\n", places[i]);
		(void)es_config_parse(c, buf, (size_t)len, NULL, NULL);
		return;
	}
}

/* What the OS's new contents rest on: its pool was ready (getrandom
 * blocked until then), worth the gate; when the running kernel cannot have
 * used the CPU's RNG (seedtool_kernel_pool), none of it is the CPU's. The old file's own
 * non-CPU bits stay. The header's flags record that kernel's trust, for an
 * app whose next stage is a boot loader. */
static void os_provenance(const struct seedtool_opts *o, const struct es_seedfile_header *old, bool have_old,
			  struct es_provenance *from, uint32_t *flags)
{
	struct es_trust t;
	struct es_provenance pool;

	seedtool_kernel_trust(o->cmdline_file, &t, NULL);
	seedtool_kernel_pool(o->cmdline_file, o->cpuinfo_file, &pool);
	from->other_bits = have_old ? old->from.other_bits : 0u;
	if (pool.other_bits > from->other_bits)
		from->other_bits = pool.other_bits;
	from->cpu_bits = ES_GATE_BITS - from->other_bits;
	/* and what the app takes when its next stage is a boot loader */
	*flags = es_seedfile_flags(&t);
}

/*
 * The header of the OS's new contents (docs/seed-file.md "Who can do what").
 * With a token the OS can read (one it made), the OS seals the header: the
 * counts its pool vouches for, this machine's SMBIOS UUID, and the VM
 * generation and TPM tags of an old file that passes the MAC (the OS never
 * sees the ID nor the TPM's block; a clone's app finds the tag stale). Without one (the app's token is
 * boot-service only) it cannot seal: it keeps the app's header as it is —
 * counts, tags, MAC — and sets only the bit outside the MAC, which can only
 * take the CPU's trust away; a file with no header of the app's gets an
 * unbound one, which counts nowhere until the app rewrites it. An OS refresh
 * never raises what the app said.
 */
static void os_header(const struct seedtool_opts *o, const uint8_t *old, size_t n, uint8_t hdr[ES_SEEDFILE_HEADER],
		      FILE *out)
{
	struct es_seedfile_header h = { 0 }, old_h;
	struct es_provenance tfrom;
	uint8_t tok[ES_TOKEN_LEN], uuid[ES_UUID_LEN];
	bool have_old = es_seedfile_parse(old, n, &old_h), have_uuid = seedtool_uuid(o, uuid);
	uint32_t flags;

	if (os_token(o, tok, &tfrom)) {
		enum es_file_reason r = have_old ? es_seedfile_check(old, n, tok, NULL, NULL, false) : ES_FILE_NO_HEADER;
		bool old_ok = r == ES_FILE_COUNTED || r == ES_FILE_ID_CHANGED; /* bound here, MAC good */
		os_provenance(o, &old_h, old_ok && o->refresh, &h.from, &h.flags);
		es_seedfile_seal(&h, tok, NULL, have_uuid ? uuid : NULL, NULL, hdr);
		if (old_ok && (old_h.flags & ES_SEEDFILE_F_VMGENID) != 0) {
			h.flags |= ES_SEEDFILE_F_VMGENID;
			memcpy(h.genid_tag, old_h.genid_tag, sizeof(h.genid_tag));
		}
		if (old_ok && (old_h.flags & ES_SEEDFILE_F_TPM) != 0) { /* the app's TPM, too */
			h.flags |= ES_SEEDFILE_F_TPM;
			memcpy(h.tpm_tag, old_h.tpm_tag, sizeof(h.tpm_tag));
		}
		if (old_ok && !have_uuid && (old_h.flags & ES_SEEDFILE_F_SMBIOS) != 0) {
			h.flags |= ES_SEEDFILE_F_SMBIOS;
			memcpy(h.uuid_tag, old_h.uuid_tag, sizeof(h.uuid_tag));
		}
		es_seedfile_sign(&h, tok, hdr);
	} else if (have_old) {
		os_provenance(o, &old_h, false, &h.from, &flags);
		memcpy(hdr, old, ES_SEEDFILE_HEADER);
		hdr[12] = (uint8_t)((hdr[12] & ~ES_SEEDFILE_F_NO_CPU_TRUST) | (flags & ES_SEEDFILE_F_NO_CPU_TRUST));
		fprintf(out, "seed file: the app's header kept as it is (the OS cannot sign a new one)\n");
	} else {
		os_provenance(o, &old_h, false, &h.from, &h.flags);
		es_seedfile_encode(&h, hdr);
		fprintf(out, "seed file: not bound to this machine yet (its token is the firmware's alone): "
			     "earlyseed binds it at the next boot\n");
	}
	es_wipe(tok, sizeof(tok));
	es_wipe(uuid, sizeof(uuid));
	es_wipe(&h, sizeof(h));
}

bool seedtool_unit_enabled(const struct seedtool_opts *o)
{
	const char *dir = o->systemd_dir != NULL ? o->systemd_dir : getenv("EARLYSEED_SYSTEMD_DIR");
	char pattern[PATH_MAX];
	glob_t g;
	bool on;

	snprintf(pattern, sizeof(pattern), "%s/*.wants/" SEEDTOOL_UNIT, dir != NULL ? dir : SEEDTOOL_SYSTEMD_DIR);
	on = glob(pattern, GLOB_NOSORT, NULL, &g) == 0 && g.gl_pathc > 0;
	if (on)
		globfree(&g);
	return on;
}

bool seedtool_uuid(const struct seedtool_opts *o, uint8_t uuid[ES_UUID_LEN])
{
	const char *path = o->dmi_file != NULL ? o->dmi_file : getenv("EARLYSEED_DMI");
	static uint8_t table[1u << 16];
	int fd = open(path != NULL ? path : SEEDTOOL_DMI, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	ssize_t n;

	if (fd < 0)
		return false;
	n = efivars_read_fd(fd, table, sizeof(table));
	close(fd);
	return n > 0 && es_smbios_uuid(table, (size_t)n, uuid);
}

void seedtool_kernel_trust(const char *path, struct es_trust *t, struct es_trust *most)
{
	static char cmd[ES_CONFIG_CMDLINE_MAX + 1];
	FILE *f = fopen(path != NULL ? path : "/proc/cmdline", "re");
	size_t n = 0;

	if (f != NULL) {
		n = fread(cmd, 1, sizeof(cmd) - 1, f);
		fclose(f);
	}
	cmd[n] = '\0';
	es_trust_defaults(t);
	es_trust_parse(t, cmd);
	if (most != NULL) {
		es_trust_defaults(most);
		es_trust_parse_most(most, cmd);
	}
}

bool seedtool_cpu_rng(const char *cpuinfo_file)
{
	FILE *f = fopen(cpuinfo_file != NULL ? cpuinfo_file : "/proc/cpuinfo", "re");
	char line[4096];
	bool listed = false, rng = false, feats = false;

	if (f == NULL)
		return true;
	/* x86: "flags : ... rdrand ... rdseed" (arch/x86/kernel/cpu/proc.c);
	 * arm64: "Features : ... rng" (FEAT_RNG, arch/arm64/kernel/cpuinfo.c). */
	while (!rng && fgets(line, sizeof(line), f) != NULL) {
		bool flags = strncmp(line, "flags", 5) == 0;

		feats = feats || strncmp(line, "Features", 8) == 0;
		if (!flags && strncmp(line, "Features", 8) != 0)
			continue;
		listed = true;
		for (char *w = strtok(strchr(line, ':') != NULL ? strchr(line, ':') + 1 : line, " \t\n"); w != NULL;
		     w = strtok(NULL, " \t\n"))
			rng = rng || (flags && (strcmp(w, "rdrand") == 0 || strcmp(w, "rdseed") == 0)) ||
			      (feats && strcmp(w, "rng") == 0);
	}
	fclose(f);
	if (!rng && listed && feats) {
		/* arm64: the kernel's CPU seed also comes from the firmware's
		 * SMCCC TRNG (arch/arm64/include/asm/archrandom.h), which
		 * random.trust_cpu governs and cpuinfo does not list; its
		 * driver's device says it is there (drivers/char/hw_random/
		 * arm_smccc_trng.c, platform device "smccc_trng") */
		char dev[PATH_MAX];
		const char *slash = cpuinfo_file != NULL ? strrchr(cpuinfo_file, '/') : NULL;

		if (cpuinfo_file == NULL)
			snprintf(dev, sizeof(dev), "%s", SEEDTOOL_SMCCC_TRNG);
		else
			snprintf(dev, sizeof(dev), "%.*s/smccc_trng", slash != NULL ? (int)(slash - cpuinfo_file) : 1,
				 slash != NULL ? cpuinfo_file : ".");
		rng = access(dev, F_OK) == 0;
	}
	return rng || !listed;
}

void seedtool_kernel_pool(const char *cmdline_file, const char *cpuinfo_file, struct es_provenance *from)
{
	struct es_trust t, most;

	seedtool_kernel_trust(cmdline_file, &t, &most);
	/* none of it the CPU's only if no kernel could have trusted the CPU
	 * (random.trust_cpu=true is trust from 5.19 on), or the CPU has no
	 * RNG instruction for any kernel to trust */
	from->other_bits = !most.cpu || !seedtool_cpu_rng(cpuinfo_file) ? ES_GATE_BITS : 0u;
	from->cpu_bits = ES_GATE_BITS - from->other_bits;
}

/* The EFI System Partition's GPT type (UEFI 2.10 section 5.3.3, table 5-7)
 * and MBR type (section 5.2.2). */
#define ESP_GPT_TYPE "c12a7328-f81f-11d2-ba4b-00a0c93ec93b"

int seedtool_udev_esp(const char *path)
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
	if (statfs(dir, &fs) != 0 || fs.f_type != SEEDTOOL_FAT_MAGIC) {
		if (err != NULL)
			fprintf(err, "earlyseed: %s is a mount point but not FAT: not an ESP\n", dir);
		return false;
	}
	snprintf(udev, sizeof(udev), "%s/run/udev/data/b%u:%u", prefix, major(st.st_dev), minor(st.st_dev));
	type = seedtool_udev_esp(udev);
	if (type == 0) {
		if (err != NULL)
			fprintf(err, "earlyseed: %s is FAT but its partition is not an EFI System Partition\n", dir);
		return false;
	}
	return true;
}

int seedtool_find_esp(const char *prefix, char *out, size_t cap, FILE *err)
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

static int run(const struct seedtool_opts *o, int espfd, FILE *out, FILE *err)
{
	char app[ES_CONFIG_NEXT_MAX], shown[PATH_MAX];
	const char *name, *clash;
	struct es_config c;
	static uint8_t old[OLD_MAX];
	uint8_t fresh[SEEDTOOL_LEN], next[ES_SEEDFILE_HEADER + SEEDTOOL_LEN];
	size_t n = 0;
	int dirfd, rc = 1, tok_rc;

	app_path(o, app, sizeof(app));
	read_config(espfd, app, &c, out, err);
	clash = es_config_seed_file_clash(&c, app);
	if (clash != NULL) {
		fprintf(err, "earlyseed: seed_file %s names %s: the app turns the seed file off, and so does this "
			     "tool (fix the config)\n", c.seed_file, clash);
		return 1;
	}
	if (c.seed_file[0] == '\0') {
		fprintf(out, "seed file: turned off in the config (seed_file = none); nothing to do\n");
		return 0;
	}
	snprintf(shown, sizeof(shown), "%s%s", o->esp, c.seed_file);
	for (char *p = shown; *p != '\0'; p++)
		*p = *p == '\\' ? '/' : *p;
	/* The app reads the file through the firmware's FAT driver: anywhere
	 * else it is not the file the app reads (an ESP not mounted, a
	 * directory on the root file system), and nothing is made there, not
	 * even a directory. */
	if (!o->image && !o->any_fs && !seedtool_on_fat(espfd)) {
		fprintf(err, "earlyseed: %s is not a FAT file system: is the ESP mounted there?\n", o->esp);
		return 1;
	}
	/* Install makes the directories; refresh never creates the place: an
	 * ESP that is not mounted must not get a seed file on the root file
	 * system instead. */
	dirfd = seedtool_open_dir(espfd, c.seed_file, !o->refresh && !o->image, &name, err);
	if (dirfd < 0) {
		if (o->refresh)
			fprintf(err, "earlyseed: is the ESP mounted at %s? (install first: earlyseed seed install "
				     "--esp %s)\n", o->esp, o->esp);
		return o->image ? 0 : 1;
	}
	if (o->image) {
		struct stat st;

		/* A golden image must not ship one seed to every clone
		 * (systemd#32802): no file, no token. */
		if (fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && !S_ISREG(st.st_mode))
			fprintf(err, "earlyseed: %s is not a regular file: left alone\n", shown);
		else if (seedtool_foreign_file(dirfd, name, shown, err))
			rc = 1;
		else if (unlinkat(dirfd, name, 0) != 0 && errno != ENOENT)
			fail(err, "cannot remove", shown);
		else
			rc = 0;
		if (rc == 0)
			fprintf(out, "seed file: none in the image (each machine makes its own: at its first boot with "
				     "a hardware RNG, or by `earlyseed seed refresh` once its kernel's pool is ready)\n");
		close(dirfd);
		return rc;
	}
	if (read_old(dirfd, name, shown, old, &n, err) != 0)
		goto out;
	/* Install: the token first, so the file can be bound to one the OS
	 * made (no file without a token, as in the app). */
	tok_rc = o->refresh ? 0 : token(o, out, err);
	if (o->random(fresh, sizeof(fresh)) != 0) {
		fail(err, "getrandom failed for", shown);
		goto out;
	}
	os_header(o, old, n, next, out);
	if (o->refresh && n > 0)
		seedtool_mix(old, n, fresh, next + ES_SEEDFILE_HEADER);
	else
		memcpy(next + ES_SEEDFILE_HEADER, fresh, SEEDTOOL_LEN);
	if (seedtool_replace(dirfd, name, next, sizeof(next), o->fault, err) != 0)
		goto out;
	fprintf(out, "seed file: %s %s (%u bytes)\n", shown, o->refresh && n > 0 ? "refreshed" : "written",
		(unsigned int)sizeof(next));
	warn_exposed(o->esp, dirfd, name, shown, err);
	/* The token only at install: refresh runs at every boot, and NVRAM is
	 * written rarely (a missing token is the app's to create); refresh
	 * hides one the OS made again, as efivarfs shows it 0644 at boot. */
	rc = tok_rc == 0 ? 0 : 1;
out:
	close(dirfd);
	es_wipe(old, sizeof(old));
	es_wipe(fresh, sizeof(fresh));
	es_wipe(next, sizeof(next));
	return rc;
}

/* The seed file's size and header, read only. */
static void peek_file(int espfd, const char *seed_file, struct seedtool_peek *p, FILE *quiet)
{
	struct es_seedfile_header h;
	const char *name;
	int dirfd = seedtool_open_dir(espfd, seed_file, false, &name, quiet);
	int fd = dirfd >= 0 ? open_regular(dirfd, name, p->path, quiet) : -1;

	if (fd >= 0) {
		static uint8_t buf[OLD_MAX];
		ssize_t n = efivars_read_fd(fd, buf, sizeof(buf));

		p->exists = true;
		p->size = n > 0 ? (size_t)n : 0;
		p->header = n > 0 && es_seedfile_parse(buf, (size_t)n, &h);
		if (p->header) {
			p->other_bits = h.from.other_bits;
			p->cpu_bits = h.from.cpu_bits;
			p->flags = h.flags;
		}
		es_wipe(buf, sizeof(buf));
		close(fd);
	}
	if (dirfd >= 0)
		close(dirfd);
}

int seedtool_peek(const struct seedtool_opts *o, struct seedtool_peek *p, FILE *err)
{
	char app[ES_CONFIG_NEXT_MAX], tok[PATH_MAX];
	struct es_config c;
	FILE *quiet = fopen("/dev/null", "w");
	struct stat st;
	int espfd = open(o->esp, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	memset(p, 0, sizeof(*p));
	if ((size_t)snprintf(tok, sizeof(tok), "%s/%s", efivars_dir(o), SEEDTOOL_TOKEN_VAR) < sizeof(tok))
		p->token_visible = lstat(tok, &st) == 0;
	p->secure_boot = secure_boot(o);
	if (p->token_visible) {
		uint8_t t[ES_TOKEN_LEN];
		struct es_provenance from;

		p->token_known = os_token(o, t, &from);
		p->token_other_bits = p->token_known ? from.other_bits : 0u;
		p->token_cpu_bits = p->token_known ? from.cpu_bits : 0u;
		es_wipe(t, sizeof(t));
	}
	if (espfd < 0 || quiet == NULL) {
		if (espfd >= 0)
			close(espfd);
		if (quiet != NULL)
			fclose(quiet);
		return fail(err, "no ESP directory at", o->esp);
	}
	app_path(o, app, sizeof(app));
	read_config(espfd, app, &c, quiet, quiet);
	p->off = c.seed_file[0] == '\0' || es_config_seed_file_clash(&c, app) != NULL;
	if (!p->off) {
		snprintf(p->path, sizeof(p->path), "%s%s", o->esp, c.seed_file);
		for (char *q = p->path; *q != '\0'; q++)
			*q = *q == '\\' ? '/' : *q;
		peek_file(espfd, c.seed_file, p, quiet);
	}
	close(espfd);
	fclose(quiet);
	return 0;
}

/* Is the app's image at app on the ESP? */
static bool app_on_esp(int espfd, const char *app)
{
	const char *leaf;
	int dirfd = seedtool_open_dir(espfd, app, false, &leaf, NULL);
	struct stat st;
	bool there = dirfd >= 0 && fstatat(dirfd, leaf, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(st.st_mode);

	if (dirfd >= 0)
		close(dirfd);
	return there;
}

/* This boot ran earlyseed's driver, or kept its kernel-trust variable, and
 * not its app (install --sd-boot): there may be no seed file, and none is
 * missing. */
static bool driver_only(const struct seedtool_opts *o)
{
	char path[PATH_MAX], kt[PATH_MAX];
	struct stat st;

	if ((size_t)snprintf(path, sizeof(path), "%s/%s", efivars_dir(o), TRUSTVAR_DRIVER_AUDIT) >= sizeof(path) ||
	    (size_t)snprintf(kt, sizeof(kt), "%s/%s", efivars_dir(o), TRUSTVAR_NAME) >= sizeof(kt) ||
	    (lstat(path, &st) != 0 && lstat(kt, &st) != 0))
		return false;
	return (size_t)snprintf(path, sizeof(path), "%s/%s", efivars_dir(o), SEEDTOOL_AUDIT_VAR) < sizeof(path) &&
	       lstat(path, &st) != 0;
}

int seedtool_run(const struct seedtool_opts *o, FILE *out, FILE *err)
{
	static char found[PATH_MAX];
	struct seedtool_opts at = *o;
	FILE *quiet = NULL;
	bool only_driver = o->refresh && !o->image && driver_only(o);
	int espfd, rc, trust_rc = 0;

	/* First, whatever happens next (no ESP, seed_file = none, a
	 * read-only volume, getrandom killed): an OS-made token is shown
	 * 0644 at every boot until this runs (systemd's PID 1 does the same
	 * for LoaderSystemToken, src/core/efi-random.c). */
	seedtool_token_hide(efivars_dir(o), out, err);
	/* Then what the kernel trusts, for earlyseed's driver and its app with
	 * a boot loader next (they see no command line): at install and at
	 * every boot, written only when it changes (Hardening IV, 1). */
	if (!o->image)
		trust_rc = trustvar_sync(o->efivars, o->cmdline_file, true, out, err);
	if (at.esp == NULL) {
		if (only_driver)
			quiet = fopen("/dev/null", "w");
		if (seedtool_find_esp(NULL, found, sizeof(found), only_driver ? quiet : err) != 0) {
			if (quiet != NULL)
				fclose(quiet);
			if (!only_driver)
				return 1;
			fprintf(out, "seed file: none to refresh: earlyseed's driver ran this boot, not its app, and "
				     "the driver keeps none\n");
			return trust_rc;
		}
		if (quiet != NULL)
			fclose(quiet);
		fprintf(out, "esp: %s\n", found);
		at.esp = found;
	}
	espfd = open(at.esp, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (espfd < 0)
		return fail(err, "no ESP directory at", at.esp) != 0 || trust_rc != 0;
	if (only_driver) {
		char app[ES_CONFIG_NEXT_MAX];

		app_path(o, app, sizeof(app));
		if (!app_on_esp(espfd, app)) {
			fprintf(out, "seed file: none to refresh: earlyseed's app is not on %s, only its driver ran "
				     "(it keeps none)\n", at.esp);
			close(espfd);
			return trust_rc;
		}
	}
	rc = run(&at, espfd, out, err);
	close(espfd);
	return rc != 0 || trust_rc != 0;
}

void seedtool_mix(const uint8_t *old, size_t n, const uint8_t fresh[SEEDTOOL_LEN], uint8_t out[SEEDTOOL_LEN])
{
	/* out = BLAKE2s-256(label || le32(n) || old || fresh): as unknown as
	 * the better of the two (bootctl random-seed hashes the same way). */
	struct es_blake2s c;
	uint8_t len[4] = { (uint8_t)n, (uint8_t)(n >> 8), (uint8_t)(n >> 16), (uint8_t)(n >> 24) };

	(void)es_blake2s_init(&c, SEEDTOOL_LEN, NULL, 0);
	es_blake2s_update(&c, REFRESH_LABEL, sizeof(REFRESH_LABEL) - 1);
	es_blake2s_update(&c, len, sizeof(len));
	es_blake2s_update(&c, old, n);
	es_blake2s_update(&c, fresh, SEEDTOOL_LEN);
	es_blake2s_final(&c, out);
	es_wipe(&c, sizeof(c));
}

int seedtool_getrandom(uint8_t *p, size_t n)
{
	return get_random(p, n);
}
