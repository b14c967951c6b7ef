/* SPDX-License-Identifier: MIT */
/* `earlyseed seed install|refresh`: the OS side of the seed file (seedtool.h). */
#define _GNU_SOURCE
#include "seedtool.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../core/blake2s.h"
#include "../core/earlyseed.h"
#include "appconf.h"
#include "efivars.h"
#include "beneath.h"
#include "esp.h"
#include "kernel.h"
#include "token.h"
#include "trustvar.h"

/* The old file's bytes earlyseed's app would read (ES_SEED_FILE_MAX). */
#define OLD_MAX ES_SEED_FILE_MAX
/* Hashes the old file with fresh kernel randomness (bootctl random-seed). */
#define REFRESH_LABEL "earlyseed v1 seed refresh"

static int fail(FILE *err, const char *what, const char *path)
{
	fprintf(err, "earlyseed: %s %s: %s\n", what, path, strerror(errno));
	return -1;
}

static bool foreign(int fd, const uint8_t *buf, size_t n, const char *shown, FILE *err);

/* The old file's first OLD_MAX bytes (n = 0 when there is none); -1 for
 * one that is not earlyseed's. */
static int read_old(int dirfd, const char *name, const char *shown, uint8_t *buf, size_t *n, FILE *err)
{
	int fd = beneath_open_file(dirfd, name, shown, err);
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
	int fd = beneath_open_file(dirfd, name, shown, err);
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

/* What the OS's new contents rest on: its pool was ready (getrandom
 * blocked until then), worth the gate; when the running kernel cannot have
 * used the CPU's RNG (kernel_pool), none of it is the CPU's. The old file's own
 * non-CPU bits stay. The header's flags record that kernel's trust, for an
 * app whose next stage is a boot loader. */
static void os_provenance(const struct machine *m, const struct es_seedfile_header *old, bool have_old,
			  struct es_provenance *from, uint32_t *flags)
{
	struct es_trust t;
	struct es_provenance pool;

	kernel_trust(m->cmdline_file, &t, NULL);
	kernel_pool(m->cmdline_file, m->cpuinfo_file, &pool);
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
static void os_header(const struct machine *m, const struct seedtool_opts *o, const uint8_t *old, size_t n, uint8_t hdr[ES_SEEDFILE_HEADER],
		      FILE *out)
{
	struct es_seedfile_header h = { 0 }, old_h;
	struct es_provenance tfrom;
	uint8_t tok[ES_TOKEN_LEN], uuid[ES_UUID_LEN];
	bool have_old = es_seedfile_parse(old, n, &old_h);
	struct es_ids ids = { 0 };
	uint32_t flags;

	if (kernel_uuid(m, uuid))
		es_ids_set(&ids, ES_ID_UUID, uuid);
	if (token_os(m, tok, &tfrom)) {
		enum es_file_reason r = have_old ? es_seedfile_check(old, n, tok, NULL, false) : ES_FILE_NO_HEADER;
		bool old_ok = r == ES_FILE_COUNTED || r == ES_FILE_ID_CHANGED; /* bound here, MAC good */
		os_provenance(m, &old_h, old_ok && o->refresh, &h.from, &h.flags);
		/* the identities the OS sees, sealed anew; the others (the VM
		 * generation ID, the app's TPM) as the app sealed them */
		es_seedfile_reseal(&h, tok, &ids, old_ok ? &old_h : NULL, hdr);
	} else if (have_old) {
		os_provenance(m, &old_h, false, &h.from, &flags);
		memcpy(hdr, old, ES_SEEDFILE_HEADER);
		hdr[12] = (uint8_t)((hdr[12] & ~ES_SEEDFILE_F_NO_CPU_TRUST) | (flags & ES_SEEDFILE_F_NO_CPU_TRUST));
		fprintf(out, "seed file: the app's header kept as it is (the OS cannot sign a new one)\n");
	} else {
		os_provenance(m, &old_h, false, &h.from, &h.flags);
		es_seedfile_encode(&h, hdr);
		fprintf(out, "seed file: not bound to this machine yet (its token is the firmware's alone): "
			     "earlyseed binds it at the next boot\n");
	}
	es_wipe(tok, sizeof(tok));
	es_wipe(uuid, sizeof(uuid));
	es_wipe(&ids, sizeof(ids));
	es_wipe(&h, sizeof(h));
}

/* An image build: a golden image must not ship one seed to every clone
 * (systemd#32802): no file, no token. 0 or 1. */
static int image_no_file(int dirfd, const char *name, const char *shown, FILE *out, FILE *err)
{
	struct stat st;

	if (fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && !S_ISREG(st.st_mode)) {
		fprintf(err, "earlyseed: %s is not a regular file: left alone\n", shown);
		return 1;
	}
	if (seedtool_foreign_file(dirfd, name, shown, err))
		return 1;
	if (unlinkat(dirfd, name, 0) != 0 && errno != ENOENT) {
		fail(err, "cannot remove", shown);
		return 1;
	}
	fprintf(out, "seed file: none in the image (each machine makes its own: at its first boot with "
		     "a hardware RNG, or by `earlyseed seed refresh` once its kernel's pool is ready)\n");
	return 0;
}

static int run(const struct machine *m, const struct seedtool_opts *o, int espfd, FILE *out, FILE *err)
{
	char app[ES_CONFIG_NEXT_MAX], shown[PATH_MAX];
	const char *name, *clash;
	struct es_config c;
	static uint8_t old[OLD_MAX];
	uint8_t fresh[SEEDTOOL_LEN], next[ES_SEEDFILE_HEADER + SEEDTOOL_LEN];
	struct es_provenance pool;
	size_t n = 0;
	int dirfd, rc = 1, tok_rc;

	appconf_path(m, app, sizeof(app));
	appconf_read(espfd, app, &c, out, err);
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
	snprintf(shown, sizeof(shown), "%s%s", m->esp, c.seed_file);
	for (char *p = shown; *p != '\0'; p++)
		*p = *p == '\\' ? '/' : *p;
	/* The app reads the file through the firmware's FAT driver: anywhere
	 * else it is not the file the app reads (an ESP not mounted, a
	 * directory on the root file system), and nothing is made there, not
	 * even a directory. */
	if (!o->image && !m->any_fs && !esp_on_fat(espfd)) {
		fprintf(err, "earlyseed: %s is not a FAT file system: is the ESP mounted there?\n", m->esp);
		return 1;
	}
	/* Install makes the directories; refresh never creates the place: an
	 * ESP that is not mounted must not get a seed file on the root file
	 * system instead. */
	dirfd = beneath_open_dir(espfd, c.seed_file, !o->refresh && !o->image, &name, err);
	if (dirfd < 0) {
		if (o->refresh)
			fprintf(err, "earlyseed: is the ESP mounted at %s? (install first: earlyseed seed install "
				     "--esp %s)\n", m->esp, m->esp);
		return o->image ? 0 : 1;
	}
	if (o->image) {
		rc = image_no_file(dirfd, name, shown, out, err);
		close(dirfd);
		return rc;
	}
	if (read_old(dirfd, name, shown, old, &n, err) != 0)
		goto out;
	/* Install: the token first, so the file can be bound to one the OS
	 * made (no file without a token, as in the app). */
	if (!o->refresh)
		kernel_pool(m->cmdline_file, m->cpuinfo_file, &pool);
	tok_rc = o->refresh ? 0 : token_make(m, &pool, out, err);
	if (m->random(fresh, sizeof(fresh)) != 0) {
		fail(err, "getrandom failed for", shown);
		goto out;
	}
	os_header(m, o, old, n, next, out);
	if (o->refresh && n > 0)
		seedtool_mix(old, n, fresh, next + ES_SEEDFILE_HEADER);
	else
		memcpy(next + ES_SEEDFILE_HEADER, fresh, SEEDTOOL_LEN);
	if (beneath_replace(dirfd, name, next, sizeof(next), o->fault, err) != 0)
		goto out;
	fprintf(out, "seed file: %s %s (%u bytes)\n", shown, o->refresh && n > 0 ? "refreshed" : "written",
		(unsigned int)sizeof(next));
	warn_exposed(m->esp, dirfd, name, shown, err);
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

/* Is the app's image at app on the ESP? */
static bool app_on_esp(int espfd, const char *app)
{
	const char *leaf;
	int dirfd = beneath_open_dir(espfd, app, false, &leaf, NULL);
	struct stat st;
	bool there = dirfd >= 0 && fstatat(dirfd, leaf, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(st.st_mode);

	if (dirfd >= 0)
		close(dirfd);
	return there;
}

/* This boot ran earlyseed's driver, or kept its kernel-trust variable, and
 * not its app (install --sd-boot): there may be no seed file, and none is
 * missing. */
static bool driver_only(const struct machine *m)
{
	return (efivars_exists(m->efivars, TRUSTVAR_DRIVER_AUDIT) || efivars_exists(m->efivars, TRUSTVAR_NAME)) &&
	       !efivars_exists(m->efivars, SEEDTOOL_AUDIT_VAR);
}

int seedtool_run(const struct machine *m, const struct seedtool_opts *o, FILE *out, FILE *err)
{
	static char found[PATH_MAX];
	struct machine at = *m;
	FILE *quiet = NULL;
	bool only_driver = o->refresh && !o->image && driver_only(m);
	int espfd, rc, trust_rc = 0;

	/* First, whatever happens next (no ESP, seed_file = none, a
	 * read-only volume, getrandom killed): an OS-made token is shown
	 * 0644 at every boot until this runs (systemd's PID 1 does the same
	 * for LoaderSystemToken, src/core/efi-random.c). */
	token_hide(m->efivars, out, err);
	/* Then what the kernel trusts, for earlyseed's driver and its app with
	 * a boot loader next (they see no command line): at install and at
	 * every boot, written only when it changes (Hardening IV, 1). */
	if (!o->image)
		trust_rc = trustvar_sync(m->efivars, m->cmdline_file, true, out, err);
	if (at.esp == NULL) {
		if (only_driver)
			quiet = fopen("/dev/null", "w");
		if (esp_find(NULL, found, sizeof(found), only_driver ? quiet : err) != 0) {
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

		appconf_path(m, app, sizeof(app));
		if (!app_on_esp(espfd, app)) {
			fprintf(out, "seed file: none to refresh: earlyseed's app is not on %s, only its driver ran "
				     "(it keeps none)\n", at.esp);
			close(espfd);
			return trust_rc;
		}
	}
	rc = run(&at, o, espfd, out, err);
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
