/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "seedtool.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <unistd.h>

#include "../core/blake2s.h"
#include "../core/config.h"
#include "../core/earlyseed.h"

/* The old file's bytes earlyseed's app would read (ES_SEED_FILE_MAX). */
#define OLD_MAX ES_SEED_FILE_MAX
/* Hashes the old file with fresh kernel randomness (bootctl random-seed). */
#define REFRESH_LABEL "earlyseed v1 seed refresh"
/* UEFI 2.10 section 8.2: NON_VOLATILE | BOOTSERVICE_ACCESS | RUNTIME_ACCESS,
 * the attributes efi/token.c gives the token. */
#define TOKEN_ATTRS 0x7u

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

int seedtool_replace(const char *dir, const char *name, const uint8_t *data, size_t n, seedtool_fault_fn fault,
		     FILE *err)
{
	char tmp[PATH_MAX], dst[PATH_MAX];
	int fd, dfd;

	if ((size_t)snprintf(dst, sizeof(dst), "%s/%s", dir, name) >= sizeof(dst) ||
	    (size_t)snprintf(tmp, sizeof(tmp), "%s/.%s.XXXXXX", dir, name) >= sizeof(tmp)) {
		fprintf(err, "earlyseed: path too long: %s/%s\n", dir, name);
		return -1;
	}
	fd = mkostemp(tmp, O_CLOEXEC); /* mode 0600 */
	if (fd < 0)
		return fail(err, "cannot create a temporary file in", dir);
	/* On a FAT ESP the mode comes from the mount options; elsewhere this
	 * makes it 0600 whatever the umask. */
	(void)fchmod(fd, 0600);
	if (write_all(fd, data, n) != 0 || fsync(fd) != 0) {
		fail(err, "cannot write", tmp);
		close(fd);
		unlink(tmp);
		return -1;
	}
	if (close(fd) != 0) {
		fail(err, "cannot write", tmp);
		unlink(tmp);
		return -1;
	}
	if ((fault != NULL && fault(SEEDTOOL_BEFORE_RENAME) != 0) || rename(tmp, dst) != 0) {
		fail(err, "cannot rename the new seed over", dst);
		unlink(tmp);
		return -1;
	}
	/* The rename itself must reach the disk. */
	dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd < 0 || fsync(dfd) != 0) {
		/* The new file is in place; only its durability is in doubt. */
		fprintf(err, "earlyseed: warning: cannot fsync %s: %s\n", dir, strerror(errno));
	}
	if (dfd >= 0)
		close(dfd);
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

/* The token through efivarfs, once: an existing one is never rewritten. */
static int token(const struct seedtool_opts *o, FILE *out, FILE *err)
{
	const char *dir = o->efivars != NULL ? o->efivars : SEEDTOOL_EFIVARS;
	char path[PATH_MAX];
	uint8_t buf[4 + ES_TOKEN_LEN];
	struct stat st;
	int fd, rc = 0;

	if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
		fprintf(out, "token: no efivarfs at %s (not booted through UEFI?); earlyseed creates the token at "
			     "the next boot with a hardware RNG\n", dir);
		return 0;
	}
	if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir, SEEDTOOL_TOKEN_VAR) >= sizeof(path))
		return -1;
	if (stat(path, &st) == 0) {
		fprintf(out, "token: present, left as it is\n");
		return 0;
	}
	buf[0] = TOKEN_ATTRS;
	buf[1] = buf[2] = buf[3] = 0;
	if (o->random(buf + 4, ES_TOKEN_LEN) != 0) {
		es_wipe(buf, sizeof(buf));
		return fail(err, "getrandom failed for", "the token");
	}
	/* efivarfs takes the attributes and the data in one write. */
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (fd < 0 || write(fd, buf, sizeof(buf)) != (ssize_t)sizeof(buf))
		rc = fail(err, "cannot create the token", path);
	if (fd >= 0 && close(fd) != 0 && rc == 0)
		rc = fail(err, "cannot create the token", path);
	/* A failed efivarfs write can leave an empty entry behind: not a token. */
	if (rc != 0 && fd >= 0)
		(void)unlink(path);
	es_wipe(buf, sizeof(buf));
	if (rc == 0)
		fprintf(out, "token: created %s\n", path);
	return rc;
}

/* The old file's first OLD_MAX bytes, or n = 0 when there is none. */
static int read_old(const char *path, uint8_t *buf, size_t *n, FILE *err)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	*n = 0;
	if (fd < 0)
		return errno == ENOENT ? 0 : fail(err, "cannot read", path);
	while (*n < OLD_MAX) {
		ssize_t r = read(fd, buf + *n, OLD_MAX - *n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			close(fd);
			return fail(err, "cannot read", path);
		}
		if (r == 0)
			break;
		*n += (size_t)r;
	}
	close(fd);
	return 0;
}

static void warn_exposed(const char *esp, const char *file, FILE *err)
{
	struct stat st;

	/* bootctl warns the same way: anyone who reads the seed file knows
	 * what the next boot's pool holds. */
	if (stat(esp, &st) == 0 && (st.st_mode & 0007) != 0)
		fprintf(err, "earlyseed: warning: %s is world-accessible (mode %04o); mount the ESP with "
			     "umask=0077 (fmask=0177,dmask=0077) so the seed file is not readable by all\n",
			esp, (unsigned int)(st.st_mode & 07777));
	else if (stat(file, &st) == 0 && (st.st_mode & 0077) != 0)
		fprintf(err, "earlyseed: warning: %s has mode %04o (the ESP's mount options decide it); it "
			     "should be readable by root alone\n",
			file, (unsigned int)(st.st_mode & 07777));
}

/* The seed file's path: `seed_file` of DIR/EFI/earlyseed/earlyseed.conf (the
 * config `make install` writes), as the app reads it; "" when turned off.
 * Returns 0, or -1 after a message. */
static int seed_path(const char *esp, char *file, size_t cap, FILE *err)
{
	char conf[PATH_MAX];
	struct es_config c;
	FILE *f;

	es_config_defaults(&c);
	if ((size_t)snprintf(conf, sizeof(conf), "%s/EFI/earlyseed/earlyseed.conf", esp) >= sizeof(conf))
		return -1;
	f = fopen(conf, "rb");
	if (f != NULL) {
		static uint8_t buf[ES_CONFIG_MAX_FILE + 1];
		size_t n = fread(buf, 1, sizeof(buf), f);

		fclose(f);
		(void)es_config_parse(&c, buf, n, NULL, NULL);
	}
	if (c.seed_file[0] == '\0') {
		file[0] = '\0';
		return 0;
	}
	for (char *p = c.seed_file; *p != '\0'; p++) {
		if (*p == '\\')
			*p = '/';
	}
	if ((size_t)snprintf(file, cap, "%s%s", esp, c.seed_file) >= cap) {
		fprintf(err, "earlyseed: --esp path too long\n");
		return -1;
	}
	return 0;
}

/* mkdir -p of the directories above file, below esp. */
static int make_parents(const char *esp, const char *file, FILE *err)
{
	char p[PATH_MAX];
	size_t base = strlen(esp);

	snprintf(p, sizeof(p), "%s", file);
	for (size_t i = base + 1; p[i] != '\0'; i++) {
		if (p[i] != '/')
			continue;
		p[i] = '\0';
		if (mkdir(p, 0700) != 0 && errno != EEXIST)
			return fail(err, "cannot create", p);
		p[i] = '/';
	}
	return 0;
}

/* The FAT magic of statfs(2) (linux/magic.h MSDOS_SUPER_MAGIC). */
#define MSDOS_MAGIC 0x4d44

int seedtool_run(const struct seedtool_opts *o, FILE *out, FILE *err)
{
	char dir[PATH_MAX], file[PATH_MAX];
	const char *name;
	static uint8_t old[OLD_MAX];
	uint8_t fresh[SEEDTOOL_LEN], next[SEEDTOOL_LEN];
	struct statfs fs;
	struct stat st;
	size_t n = 0;
	int rc = 1;

	if (stat(o->esp, &st) != 0 || !S_ISDIR(st.st_mode))
		return fail(err, "no ESP directory at", o->esp) != 0;
	if (seed_path(o->esp, file, sizeof(file), err) != 0)
		return 1;
	if (file[0] == '\0') {
		fprintf(out, "seed file: turned off in the config (seed_file = none); nothing to do\n");
		return 0;
	}
	snprintf(dir, sizeof(dir), "%s", file);
	*strrchr(dir, '/') = '\0';
	name = strrchr(file, '/') + 1;
	if (o->image) {
		/* A golden image must not ship one seed to every clone
		 * (systemd#32802): no file, no token. */
		if (unlink(file) != 0 && errno != ENOENT)
			return fail(err, "cannot remove", file) != 0;
		fprintf(out, "seed file: none in the image (each machine makes its own: at its first boot with a "
			     "hardware RNG, or by `earlyseed seed refresh` once its kernel's pool is ready)\n");
		return 0;
	}
	if (statfs(o->esp, &fs) == 0 && fs.f_type != MSDOS_MAGIC)
		fprintf(err, "earlyseed: warning: %s is not a FAT file system: is the ESP mounted there?\n", o->esp);
	if (o->refresh) {
		/* Never create the place: an ESP that is not mounted must not
		 * get a seed file on the root file system instead. */
		if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
			fprintf(err, "earlyseed: %s does not exist: is the ESP mounted at %s? (install first: "
				     "earlyseed seed install --esp %s)\n", dir, o->esp, o->esp);
			return 1;
		}
		if (read_old(file, old, &n, err) != 0)
			goto out;
	} else if (make_parents(o->esp, file, err) != 0) {
		return 1;
	}
	if (o->random(fresh, sizeof(fresh)) != 0) {
		fail(err, "getrandom failed for", file);
		goto out;
	}
	if (n > 0)
		seedtool_mix(old, n, fresh, next);
	else
		memcpy(next, fresh, sizeof(next));
	if (seedtool_replace(dir, name, next, sizeof(next), o->fault, err) != 0)
		goto out;
	fprintf(out, "seed file: %s %s (%u bytes)\n", file, n > 0 ? "refreshed" : "written",
		(unsigned int)sizeof(next));
	warn_exposed(o->esp, file, err);
	/* The token only at install: refresh runs at every boot, and NVRAM is
	 * written rarely (a missing token is the app's to create). */
	rc = o->refresh ? 0 : (token(o, out, err) == 0 ? 0 : 1);
out:
	es_wipe(old, sizeof(old));
	es_wipe(fresh, sizeof(fresh));
	es_wipe(next, sizeof(next));
	return rc;
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
