/* SPDX-License-Identifier: MIT */
/* `earlyseed seed install|refresh` (tools/seedtool.c) on a scratch ESP and a
 * scratch efivarfs directory. */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../tools/seedtool.h"
#include "check.h"

static char root[256], esp[300], efivars[300], seed[400], token[400];
static FILE *out, *err;
static char *outbuf, *errbuf;
static size_t outlen, errlen;

static int fake_random(uint8_t *p, size_t n)
{
	check_rand_fill(p, n);
	return 0;
}

static int fail_random(uint8_t *p, size_t n)
{
	(void)p;
	(void)n;
	errno = EIO;
	return -1;
}

static int fault_before_rename(enum seedtool_step step)
{
	return step == SEEDTOOL_BEFORE_RENAME;
}

static void fresh(bool with_efivars)
{
	char cmd[600];

	if (root[0] == '\0') {
		snprintf(root, sizeof(root), "/tmp/es-seedtool-XXXXXX");
		CHECK(mkdtemp(root) != NULL);
	}
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'/esp '%s'/efivars", root, root);
	CHECK(system(cmd) == 0);
	snprintf(esp, sizeof(esp), "%s/esp", root);
	snprintf(efivars, sizeof(efivars), "%s/efivars", root);
	snprintf(seed, sizeof(seed), "%s/" SEEDTOOL_FILE, esp);
	snprintf(token, sizeof(token), "%s/" SEEDTOOL_TOKEN_VAR, efivars);
	CHECK(mkdir(esp, 0700) == 0);
	if (with_efivars)
		CHECK(mkdir(efivars, 0700) == 0);
}

static int run(bool refresh, bool image, seedtool_fault_fn fault, int (*rnd)(uint8_t *, size_t))
{
	struct seedtool_opts o = { esp, efivars, image, refresh, fault, rnd };
	int rc;

	out = open_memstream(&outbuf, &outlen);
	err = open_memstream(&errbuf, &errlen);
	rc = seedtool_run(&o, out, err);
	fclose(out);
	fclose(err);
	return rc;
}

static void done(void)
{
	free(outbuf);
	free(errbuf);
}

static size_t slurp(const char *path, uint8_t *buf, size_t cap)
{
	FILE *f = fopen(path, "rb");
	size_t n;

	if (f == NULL)
		return SIZE_MAX;
	n = fread(buf, 1, cap, f);
	fclose(f);
	return n;
}

static size_t entries(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	size_t n = 0;

	if (d == NULL)
		return 0;
	while ((e = readdir(d)) != NULL)
		n += e->d_name[0] != '.' || (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0);
	closedir(d);
	return n;
}

static void test_install(void)
{
	uint8_t a[64], t1[64], t2[64];
	struct stat st;

	fresh(true);
	CHECK(run(false, false, NULL, fake_random) == 0);
	CHECK(slurp(seed, a, sizeof(a)) == SEEDTOOL_LEN);
	CHECK(stat(seed, &st) == 0 && (st.st_mode & 07777) == 0600);
	CHECK(strstr(outbuf, "token: created") != NULL);
	/* the token: efivarfs form, attributes NV|BS|RT then 32 bytes */
	CHECK(slurp(token, t1, sizeof(t1)) == 4 + 32);
	CHECK(t1[0] == 7 && t1[1] == 0 && t1[2] == 0 && t1[3] == 0);
	CHECK(memcmp(t1 + 4, a, 32) != 0);
	/* the ESP directory is 0700 here: no warning but that it is not FAT */
	CHECK(strstr(errbuf, "world-accessible") == NULL && strstr(errbuf, "is not a FAT file system") != NULL);
	done();
	/* again: a new file, the token untouched */
	CHECK(run(false, false, NULL, fake_random) == 0);
	CHECK(strstr(outbuf, "token: present, left as it is") != NULL);
	CHECK(slurp(token, t2, sizeof(t2)) == 36 && memcmp(t1, t2, 36) == 0);
	CHECK(slurp(seed, t2, sizeof(t2)) == 32 && memcmp(a, t2, 32) != 0);
	done();
	/* no temporary file left behind */
	snprintf((char *)t2, sizeof(t2), "%s", "");
	{
		char dir[400];

		snprintf(dir, sizeof(dir), "%s/EFI/earlyseed", esp);
		CHECK(entries(dir) == 1);
	}
}

static void test_atomic_replace(void)
{
	uint8_t a[64], b[64];
	char dir[400];

	fresh(true);
	CHECK(run(false, false, NULL, fake_random) == 0);
	done();
	CHECK(slurp(seed, a, sizeof(a)) == 32);
	/* a failure between the write and the rename: the old file stays */
	CHECK(run(true, false, fault_before_rename, fake_random) == 1);
	CHECK(strstr(errbuf, "cannot rename") != NULL);
	done();
	CHECK(slurp(seed, b, sizeof(b)) == 32 && memcmp(a, b, 32) == 0);
	snprintf(dir, sizeof(dir), "%s/EFI/earlyseed", esp);
	CHECK(entries(dir) == 1);
	/* no randomness: nothing written */
	CHECK(run(true, false, NULL, fail_random) == 1);
	done();
	CHECK(slurp(seed, b, sizeof(b)) == 32 && memcmp(a, b, 32) == 0);
}

static uint8_t fixed_fresh[SEEDTOOL_LEN];

static int fixed_random(uint8_t *p, size_t n)
{
	memcpy(p, fixed_fresh, n);
	return 0;
}

static void test_refresh(void)
{
	uint8_t a[64], b[64], want[32];
	static uint8_t big[8192];

	fresh(false);
	/* no ESP laid out (not mounted?): refused, nothing created */
	CHECK(run(true, false, NULL, fake_random) == 1);
	CHECK(strstr(errbuf, "does not exist: is the ESP mounted") != NULL);
	done();
	CHECK(slurp(seed, a, sizeof(a)) == SIZE_MAX);
	CHECK(run(false, false, NULL, fake_random) == 0); /* install (no efivarfs: said) */
	CHECK(strstr(outbuf, "no efivarfs") != NULL);
	done();
	CHECK(slurp(seed, a, sizeof(a)) == 32);
	/* refresh = BLAKE2s(label, length, old, fresh): the old file counts */
	check_rand_fill(fixed_fresh, sizeof(fixed_fresh));
	CHECK(run(true, false, NULL, fixed_random) == 0);
	CHECK(strstr(outbuf, "refreshed") != NULL && strstr(outbuf, "token") == NULL);
	done();
	seedtool_mix(a, 32, fixed_fresh, want);
	CHECK(slurp(seed, b, sizeof(b)) == 32 && memcmp(b, want, 32) == 0 && memcmp(a, b, 32) != 0);
	/* the same fresh bytes over another old file give another file */
	CHECK(run(true, false, NULL, fixed_random) == 0);
	done();
	CHECK(slurp(seed, a, sizeof(a)) == 32 && memcmp(a, b, 32) != 0);
	/* a larger file (written by the app, or by hand): its first 4 KiB */
	{
		FILE *f = fopen(seed, "wb");

		check_rand_fill(big, sizeof(big));
		CHECK(f != NULL && fwrite(big, 1, sizeof(big), f) == sizeof(big));
		if (f != NULL)
			fclose(f);
	}
	CHECK(run(true, false, NULL, fixed_random) == 0);
	done();
	seedtool_mix(big, 4096, fixed_fresh, want);
	CHECK(slurp(seed, b, sizeof(b)) == 32 && memcmp(b, want, 32) == 0);
}

/* The path the ESP's config names, as the app reads it; or none. */
static void test_config_path(void)
{
	char conf[512], other[512];
	uint8_t a[64];
	FILE *f;

	fresh(true);
	snprintf(conf, sizeof(conf), "%s/EFI", esp);
	CHECK(mkdir(conf, 0700) == 0 || errno == EEXIST);
	snprintf(conf, sizeof(conf), "%s/EFI/earlyseed", esp);
	CHECK(mkdir(conf, 0700) == 0 || errno == EEXIST);
	snprintf(conf, sizeof(conf), "%s/EFI/earlyseed/earlyseed.conf", esp);
	f = fopen(conf, "w");
	CHECK(f != NULL);
	if (f == NULL)
		return;
	fputs("next = \\vmlinuz\nseed_file = \\loader\\random-seed\n", f);
	fclose(f);
	CHECK(run(false, false, NULL, fake_random) == 0);
	done();
	snprintf(other, sizeof(other), "%s/loader/random-seed", esp);
	CHECK(slurp(other, a, sizeof(a)) == 32 && slurp(seed, a, sizeof(a)) == SIZE_MAX);
	CHECK(run(false, true, NULL, fake_random) == 0); /* --image removes that one */
	done();
	CHECK(slurp(other, a, sizeof(a)) == SIZE_MAX);
	f = fopen(conf, "w");
	if (f == NULL)
		return;
	fputs("seed_file = none\n", f);
	fclose(f);
	CHECK(run(false, false, NULL, fake_random) == 0);
	CHECK(strstr(outbuf, "turned off") != NULL);
	done();
	CHECK(slurp(seed, a, sizeof(a)) == SIZE_MAX && entries(efivars) == 1); /* the token from the first install */
}

static void test_image(void)
{
	uint8_t a[64];

	fresh(true);
	CHECK(run(false, false, NULL, fake_random) == 0);
	done();
	CHECK(unlink(token) == 0);
	/* an image: the seed file goes, no token is written */
	CHECK(run(false, true, NULL, fake_random) == 0);
	CHECK(strstr(outbuf, "none in the image") != NULL);
	done();
	CHECK(slurp(seed, a, sizeof(a)) == SIZE_MAX);
	CHECK(entries(efivars) == 0);
	/* twice is fine */
	CHECK(run(false, true, NULL, fake_random) == 0);
	done();
}

static void test_world_readable(void)
{
	fresh(true);
	CHECK(chmod(esp, 0755) == 0);
	CHECK(run(false, false, NULL, fake_random) == 0);
	CHECK(strstr(errbuf, "world-accessible") != NULL);
	done();
}

int main(void)
{
	char cmd[300];

	RUN(test_install);
	RUN(test_atomic_replace);
	RUN(test_refresh);
	RUN(test_image);
	RUN(test_config_path);
	RUN(test_world_readable);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	if (root[0] != '\0' && system(cmd) != 0)
		fprintf(stderr, "cannot remove %s\n", root);
	return check_done();
}
