/* SPDX-License-Identifier: MIT */
/* `earlyseed seed install|refresh` (host/seedtool.c) on a scratch ESP and a
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

#include "../../core/earlyseed.h"
#include "../../host/seedtool.h"
#include "../../host/token.h"
#include "../../host/kernel.h"
#include "../../host/beneath.h"
#include "../../host/trustvar.h"
#include "../check.h"

static char root[256], esp[300], efivars[300], seed[400], token[400], cmdline[300], cpuinfo[300], dmi[300], units[300];
static const char *app; /* --app, or NULL */
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

static int fault_before_rename(enum beneath_step step)
{
	return step == BENEATH_BEFORE_RENAME;
}

/* Write s to path (creating it). */
static void put(const char *path, const char *s)
{
	check_put(path, s, strlen(s));
}

/* EarlyseedImage in the scratch efivarfs: 4 attribute bytes, then UCS-2. */
static void put_image_var(const uint8_t *var, size_t n)
{
	char p[400];

	snprintf(p, sizeof(p), "%s/" SEEDTOOL_IMAGE_VAR, efivars);
	check_put(p, var, n);
}

static void fresh(bool with_efivars)
{
	char cmd[1400];

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
	snprintf(cmdline, sizeof(cmdline), "%s/cmdline", root);
	put(cmdline, "quiet\n");
	/* no SMBIOS table unless a test writes one (never the host's) */
	snprintf(dmi, sizeof(dmi), "%s/DMI", root);
	(void)unlink(dmi);
	/* earlyseed-seed.service enabled, as the package leaves it */
	snprintf(units, sizeof(units), "%s/systemd", root);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s' && mkdir -p '%s/sysinit.target.wants' && ln -s /dev/null "
		 "'%s/sysinit.target.wants/earlyseed-seed.service'", units, units, units);
	CHECK(system(cmd) == 0);
	snprintf(cpuinfo, sizeof(cpuinfo), "%s/cpuinfo", root);
	put(cpuinfo, "processor\t: 0\nflags\t\t: fpu sse2 rdrand\n");
	app = NULL;
	CHECK(mkdir(esp, 0700) == 0);
	if (with_efivars)
		CHECK(mkdir(efivars, 0700) == 0);
}

/* seedtool_run(m, o), its output in outbuf and errbuf (done() frees them). */
static int run_opts(const struct machine *m, const struct seedtool_opts *o)
{
	int rc;

	out = open_memstream(&outbuf, &outlen);
	err = open_memstream(&errbuf, &errlen);
	rc = seedtool_run(m, o, out, err);
	fclose(out);
	fclose(err);
	return rc;
}

static int run(bool refresh, bool image, beneath_fault_fn fault, int (*rnd)(uint8_t *, size_t))
{
	struct machine m = { .esp = esp, .efivars = efivars, .app = app, .cmdline_file = cmdline, .cpuinfo_file = cpuinfo,
				   .dmi_file = dmi, .systemd_dir = units, .any_fs = true, .random = rnd };
	struct seedtool_opts o = { image, refresh, fault };

	return run_opts(&m, &o);
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

/* The header as written: magic, what it rests on, the binding. */
static bool header(const uint8_t *b, size_t n, uint32_t other, uint32_t cpu, const uint8_t *bind)
{
	struct es_seedfile_header h;

	return es_seedfile_parse(b, n, &h) && h.from.other_bits == other && h.from.cpu_bits == cpu &&
	       (bind == NULL || memcmp(h.bind, bind, ES_SEEDFILE_BIND_LEN) == 0);
}

#define FILE_LEN (ES_SEEDFILE_HEADER + SEEDTOOL_LEN)

static void mkdirs(const char *rel);
static void put_conf(const char *rel, const char *text);

static void test_install(void)
{
	uint8_t a[128], t1[64], t2[128], bind[ES_SEEDFILE_BIND_LEN];
	struct stat st;

	fresh(true);
	CHECK(run(false, false, NULL, fake_random) == 0);
	CHECK(slurp(seed, a, sizeof(a)) == FILE_LEN);
	CHECK(stat(seed, &st) == 0 && (st.st_mode & 07777) == 0600);
	CHECK(strstr(outbuf, "token: created") != NULL);
	/* the token: efivarfs form, attributes NV|BS|RT then the token and
	 * what it rests on (the kernel's pool, the CPU's: it has rdrand and
	 * the kernel trusts it), 0600 */
	CHECK(slurp(token, t1, sizeof(t1)) == 4 + ES_TOKEN_VAR_LEN);
	{
		uint8_t tok[ES_TOKEN_LEN];
		struct es_provenance from;

		CHECK(es_token_decode(t1 + 4, ES_TOKEN_VAR_LEN, tok, &from) && from.cpu_bits == ES_GATE_BITS &&
		      from.other_bits == 0);
	}
	CHECK(t1[0] == 7 && t1[1] == 0 && t1[2] == 0 && t1[3] == 0);
	CHECK(stat(token, &st) == 0 && (st.st_mode & 07777) == 0600);
	CHECK(memcmp(t1 + 4, a + ES_SEEDFILE_HEADER, 32) != 0);
	/* made first, so the file is bound to it; the OS's pool was ready and
	 * the kernel trusts the CPU: it may all be the CPU's */
	es_seedfile_bind(t1 + 4, bind);
	CHECK(header(a, FILE_LEN, 0, ES_GATE_BITS, bind));
	/* and sealed with it: the app counts it (no SMBIOS table here) */
	CHECK(es_seedfile_check(a, FILE_LEN, t1 + 4, NULL, true) == ES_FILE_COUNTED);
	/* the ESP directory is 0700 here: no warning */
	CHECK(strstr(errbuf, "world-accessible") == NULL);
	done();
	/* again: a new file, the token untouched */
	CHECK(run(false, false, NULL, fake_random) == 0);
	CHECK(strstr(outbuf, "token: present, left as it is") != NULL);
	CHECK(slurp(token, t2, sizeof(t2)) == 4 + ES_TOKEN_VAR_LEN && memcmp(t1, t2, 4 + ES_TOKEN_VAR_LEN) == 0);
	CHECK(slurp(seed, t2, sizeof(t2)) == FILE_LEN && memcmp(a, t2, FILE_LEN) != 0);
	CHECK(header(t2, FILE_LEN, 0, ES_GATE_BITS, bind));
	done();
	/* no temporary file left behind */
	{
		char dir[400];

		snprintf(dir, sizeof(dir), "%s/EFI/earlyseed", esp);
		CHECK(entries(dir) == 1);
	}
	/* a kernel that does not trust the CPU: none of it is the CPU's */
	put(cmdline, "root=/dev/vda random.trust_cpu=off quiet\n");
	CHECK(run(false, false, NULL, fake_random) == 0);
	done();
	CHECK(slurp(seed, a, sizeof(a)) == FILE_LEN && header(a, FILE_LEN, ES_GATE_BITS, 0, bind));
	/* "true" is trust on Linux >= 5.19: that pool may rest on the CPU, so
	 * it claims no CPU-free bits, though the flag (for the app) says off */
	put(cmdline, "random.trust_cpu=true\n");
	CHECK(run(false, false, NULL, fake_random) == 0);
	done();
	CHECK(slurp(seed, a, sizeof(a)) == FILE_LEN && header(a, FILE_LEN, 0, ES_GATE_BITS, bind));
	CHECK(a[12] == ES_SEEDFILE_F_NO_CPU_TRUST);
}

/* What the OS's token and file rest on, from evidence (Hardening III, 1;
 * issue: a real Debian machine, 6): a CPU with no RNG instruction gives the
 * kernel nothing of the CPU's to credit. */
static void test_os_account(void)
{
	uint8_t a[128], t[64], tok[ES_TOKEN_LEN];
	struct es_provenance from;

	fresh(true);
	put(cpuinfo, "processor\t: 0\nflags\t\t: fpu sse2 sse4_2\nprocessor\t: 1\nflags\t\t: fpu sse2\n");
	CHECK(run(false, false, NULL, fake_random) == 0);
	done();
	CHECK(slurp(token, t, sizeof(t)) == 4 + ES_TOKEN_VAR_LEN);
	CHECK(es_token_decode(t + 4, ES_TOKEN_VAR_LEN, tok, &from) && from.other_bits == ES_GATE_BITS &&
	      from.cpu_bits == 0);
	CHECK(slurp(seed, a, sizeof(a)) == FILE_LEN && header(a, FILE_LEN, ES_GATE_BITS, 0, NULL));
	/* arm64: FEAT_RNG is "rng" in Features */
	put(cpuinfo, "processor\t: 0\nFeatures\t: fp asimd rng\n");
	CHECK(kernel_cpu_rng(cpuinfo));
	put(cpuinfo, "processor\t: 0\nFeatures\t: fp asimd\n");
	CHECK(!kernel_cpu_rng(cpuinfo));
	/* ... but the firmware's SMCCC TRNG feeds the kernel's CPU seed too */
	{
		char trng[300];

		snprintf(trng, sizeof(trng), "%s/smccc_trng", root);
		CHECK(mkdir(trng, 0700) == 0);
		CHECK(kernel_cpu_rng(cpuinfo));
		CHECK(rmdir(trng) == 0);
	}
	put(cpuinfo, "processor\t: 0\nflags\t\t: fpu rdseed\n");
	CHECK(kernel_cpu_rng(cpuinfo));
	/* no list to read: it may have one */
	put(cpuinfo, "processor\t: 0\n");
	CHECK(kernel_cpu_rng(cpuinfo));
	{
		char none[300];

		snprintf(none, sizeof(none), "%s/none", root);
		CHECK(kernel_cpu_rng(none));
	}
	es_wipe(tok, sizeof(tok));
}

/* Not FAT (an ESP that is not mounted): install and refresh refuse and
 * write nothing (Hardening III, 7). */
static void test_not_fat(void)
{
	struct machine m = { .esp = esp, .efivars = efivars, .app = NULL, .cmdline_file = cmdline, .cpuinfo_file = cpuinfo,
				   .dmi_file = dmi, .systemd_dir = units, .any_fs = false, .random = fake_random };
	struct seedtool_opts o = { false, false, NULL };

	fresh(true);
	CHECK(run_opts(&m, &o) == 1);
	CHECK(strstr(errbuf, "is not a FAT file system") != NULL);
	done();
	o.refresh = true;
	CHECK(run_opts(&m, &o) == 1);
	CHECK(strstr(errbuf, "is not a FAT file system") != NULL);
	CHECK(entries(esp) == 0); /* not even a directory (the unit would take it for an install) */
	CHECK(slurp(seed, (uint8_t[8]){ 0 }, 8) == SIZE_MAX && entries(efivars) == 0);
	done();
}

/* EarlyseedImage with a byte outside ASCII (not a path earlyseed wrote):
 * the default place, and no read past what was set (Hardening III, 4;
 * valgrind saw an unterminated path before). */
static void test_image_var_not_ascii(void)
{
	/* a prefix longer than the default path: the old code left the path
	 * it had copied so far unterminated, and read a config beside it */
	static const char prefix[] = "\\EFI\\aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\\";
	uint8_t var[4 + 2 * (sizeof(prefix) + 4)] = { 6 };
	size_t k = 4;
	char p[512];
	uint8_t a[128];

	for (size_t i = 0; i + 1 < sizeof(prefix); i++, k += 2)
		var[k] = (uint8_t)prefix[i];
	var[k] = 0xe9; /* not ASCII */
	k += 2;
	var[k] = 'x';
	k += 4; /* then a UCS-2 NUL */
	fresh(true);
	mkdirs("EFI/earlyseed");
	mkdirs("EFI/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa");
	put_conf("EFI/earlyseed/earlyseed.conf", "seed_file = \\EFI\\earlyseed\\other\n");
	put_conf("EFI/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/earlyseed.conf", "seed_file = \\EFI\\earlyseed\\wrong\n");
	put_image_var(var, k);
	CHECK(run(false, false, NULL, fake_random) == 0);
	CHECK(strstr(outbuf, "config: \\EFI\\earlyseed\\earlyseed.conf") != NULL);
	done();
	snprintf(p, sizeof(p), "%s/EFI/earlyseed/other", esp);
	CHECK(slurp(p, a, sizeof(a)) == FILE_LEN);
	snprintf(p, sizeof(p), "%s/EFI/earlyseed/wrong", esp);
	CHECK(slurp(p, a, sizeof(a)) == SIZE_MAX);
}

/* The token is hidden first, whatever happens next (Hardening III, 2):
 * the file turned off, the ESP missing, getrandom failing. */
static void test_token_hidden_first(void)
{
	struct stat st;
	char gone[400];

	fresh(true);
	CHECK(run(false, false, NULL, fake_random) == 0);
	done();
	mkdirs("EFI/earlyseed");
	put_conf("EFI/earlyseed/earlyseed.conf", "seed_file = none\n");
	CHECK(chmod(token, 0644) == 0);
	CHECK(run(true, false, NULL, fake_random) == 0);
	CHECK(strstr(outbuf, "made readable by root alone") != NULL);
	done();
	CHECK(stat(token, &st) == 0 && (st.st_mode & 07777) == 0600);
	put_conf("EFI/earlyseed/earlyseed.conf", "seed_file = \\EFI\\earlyseed\\random-seed\n");
	CHECK(chmod(token, 0644) == 0);
	CHECK(run(true, false, NULL, fail_random) == 1);
	done();
	CHECK(stat(token, &st) == 0 && (st.st_mode & 07777) == 0600);
	/* no ESP at all */
	CHECK(chmod(token, 0644) == 0);
	snprintf(gone, sizeof(gone), "%s/gone", root);
	{
		struct machine m = { .esp = gone, .efivars = efivars, .app = NULL, .cmdline_file = cmdline, .cpuinfo_file = cpuinfo,
					   .dmi_file = dmi, .systemd_dir = units, .any_fs = true, .random = fake_random };
		struct seedtool_opts o = { false, true, NULL };

		CHECK(run_opts(&m, &o) == 1);
		done();
	}
	CHECK(stat(token, &st) == 0 && (st.st_mode & 07777) == 0600);
}

/* Another file system mounted inside the ESP is never entered (Hardening
 * III, 7): a mount there made refresh write outside the ESP. Needs root
 * to mount a tmpfs. */
static void test_mount_inside_esp(void)
{
	char dir[400], cmd[600], p[500];
	uint8_t a[128];

	fresh(true);
	mkdirs("EFI/earlyseed");
	snprintf(dir, sizeof(dir), "%s/EFI/earlyseed", esp);
	snprintf(cmd, sizeof(cmd), "mount -t tmpfs -o size=1m,mode=0700 es-test '%s' 2>/dev/null", dir);
	if (geteuid() != 0 || system(cmd) != 0) {
		check_skip("test_mount_inside_esp", "cannot mount a tmpfs here (not root?)");
		return;
	}
	put_conf("EFI/earlyseed/earlyseed.conf", "seed_file = \\EFI\\earlyseed\\random-seed\n");
	CHECK(run(false, false, NULL, fake_random) == 1);
	CHECK(strstr(errbuf, "another file system mounted inside the ESP") != NULL);
	done();
	CHECK(run(true, false, NULL, fake_random) == 1);
	done();
	snprintf(p, sizeof(p), "%s/random-seed", dir);
	CHECK(slurp(p, a, sizeof(a)) == SIZE_MAX);
	snprintf(cmd, sizeof(cmd), "umount '%s'", dir);
	CHECK(system(cmd) == 0);
}

/* The same without openat2() (Linux before 5.6, or a seccomp filter that
 * refuses it): links, FIFOs and mounts inside the ESP refused all the same. */
static void test_stays_in_the_esp(void);
static void test_without_openat2(void)
{
	beneath_no_openat2 = true;
	test_stays_in_the_esp();
	test_mount_inside_esp();
	beneath_no_openat2 = false;
}

/* The ESP found as bootctl finds it (Hardening III, 2): only a FAT mount
 * point on an EFI System Partition, by udev's word. */
/* A token the firmware made is boot-service only: efivarfs does not show
 * it, the audit record says it is there, and no second one is made. */
static void test_firmware_token(void)
{
	uint8_t rec[4 + ES_AUDIT_SIZE], a[128];
	struct es_audit_record r;
	char path[400];

	fresh(true);
	es_audit_init(&r);
	r.flags = ES_AUDIT_F_TOKEN;
	memset(rec, 0, 4);
	rec[0] = 6;
	es_audit_encode(&r, rec + 4);
	snprintf(path, sizeof(path), "%s/" SEEDTOOL_AUDIT_VAR, efivars);
	check_put(path, rec, sizeof(rec));
	CHECK(run(false, false, NULL, fake_random) == 0);
	CHECK(strstr(outbuf, "the firmware holds one") != NULL && strstr(outbuf, "not bound to this machine yet"));
	done();
	CHECK(slurp(token, a, sizeof(a)) == SIZE_MAX && entries(efivars) == 1);
	/* unbound (zeros): the app binds it at the next boot */
	CHECK(slurp(seed, a, sizeof(a)) == FILE_LEN);
	{
		static const uint8_t zero[ES_SEEDFILE_BIND_LEN];

		CHECK(header(a, FILE_LEN, 0, ES_GATE_BITS, zero));
	}
}

/* Under Secure Boot the OS makes no token: one it can read would keep the
 * file from counting; the app makes its own, boot services only. */
static void test_no_os_token_under_secure_boot(void)
{
	static const uint8_t sb[5] = { 6, 0, 0, 0, 1 };
	char path[400];
	uint8_t a[128];

	fresh(true);
	snprintf(path, sizeof(path), "%s/SecureBoot-8be4df61-93ca-11d2-aa0d-00e098032b8c", efivars);
	check_put(path, sb, sizeof(sb));
	CHECK(run(false, false, NULL, fake_random) == 0);
	CHECK(strstr(outbuf, "none made: Secure Boot is on") != NULL);
	done();
	CHECK(slurp(token, a, sizeof(a)) == SIZE_MAX && slurp(seed, a, sizeof(a)) == FILE_LEN);
}

/* efivarfs shows every variable 0644 at boot: refresh makes an OS-made
 * token readable by root alone again. */
static void test_token_hidden_at_refresh(void)
{
	struct stat st;

	fresh(true);
	CHECK(run(false, false, NULL, fake_random) == 0);
	done();
	CHECK(chmod(token, 0644) == 0);
	CHECK(run(true, false, NULL, fake_random) == 0);
	CHECK(strstr(outbuf, "made readable by root alone") != NULL);
	done();
	CHECK(stat(token, &st) == 0 && (st.st_mode & 07777) == 0600);
	/* already hidden: nothing said */
	CHECK(run(true, false, NULL, fake_random) == 0);
	CHECK(strstr(outbuf, "made readable") == NULL);
	done();
}

static void test_atomic_replace(void)
{
	uint8_t a[128], b[128];
	char dir[400];

	fresh(true);
	CHECK(run(false, false, NULL, fake_random) == 0);
	done();
	CHECK(slurp(seed, a, sizeof(a)) == FILE_LEN);
	/* a failure between the write and the rename: the old file stays */
	CHECK(run(true, false, fault_before_rename, fake_random) == 1);
	CHECK(strstr(errbuf, "cannot rename") != NULL);
	done();
	CHECK(slurp(seed, b, sizeof(b)) == FILE_LEN && memcmp(a, b, FILE_LEN) == 0);
	snprintf(dir, sizeof(dir), "%s/EFI/earlyseed", esp);
	CHECK(entries(dir) == 1);
	/* no randomness: nothing written */
	CHECK(run(true, false, NULL, fail_random) == 1);
	done();
	CHECK(slurp(seed, b, sizeof(b)) == FILE_LEN && memcmp(a, b, FILE_LEN) == 0);
}

static uint8_t fixed_fresh[SEEDTOOL_LEN];

static int fixed_random(uint8_t *p, size_t n)
{
	memcpy(p, fixed_fresh, n);
	return 0;
}

static void test_refresh(void)
{
	uint8_t a[128], b[128], want[32];
	static uint8_t big[8192];
	struct es_seedfile_header h;

	fresh(false);
	/* no ESP laid out (not mounted?): refused, nothing created */
	CHECK(run(true, false, NULL, fake_random) == 1);
	CHECK(strstr(errbuf, "is the ESP mounted") != NULL);
	done();
	CHECK(slurp(seed, a, sizeof(a)) == SIZE_MAX && entries(esp) == 0);
	CHECK(run(false, false, NULL, fake_random) == 0); /* install (no efivarfs: said) */
	CHECK(strstr(outbuf, "no efivarfs") != NULL);
	done();
	CHECK(slurp(seed, a, sizeof(a)) == FILE_LEN);
	/* refresh = header, then BLAKE2s(label, length, old, fresh) */
	check_rand_fill(fixed_fresh, sizeof(fixed_fresh));
	CHECK(run(true, false, NULL, fixed_random) == 0);
	CHECK(strstr(outbuf, "refreshed") != NULL && strstr(outbuf, "token") == NULL);
	done();
	seedtool_mix(a, FILE_LEN, fixed_fresh, want);
	CHECK(slurp(seed, b, sizeof(b)) == FILE_LEN && memcmp(b + ES_SEEDFILE_HEADER, want, 32) == 0);
	CHECK(memcmp(a, b, FILE_LEN) != 0);
	/* the same fresh bytes over another old file give another file */
	CHECK(run(true, false, NULL, fixed_random) == 0);
	done();
	CHECK(slurp(seed, a, sizeof(a)) == FILE_LEN && memcmp(a, b, FILE_LEN) != 0);
	/* no token the OS can read (the app's is boot-service only): the
	 * app's header is kept as it is, counts, tags and MAC, and only the
	 * trust bit outside the MAC follows the running kernel (Hardening IV, 2) */
	{
		struct es_seedfile_header g = { .from = { .cpu_bits = 10, .other_bits = 123 } };
		const uint8_t genid[ES_VMGENID_LEN] = { 1, 2, 3 }, uuid[ES_UUID_LEN] = { 7 }, tok[ES_TOKEN_LEN] = { 4, 5, 6 };

		g.flags = ES_SEEDFILE_F_NO_CPU_TRUST;
		es_seedfile_seal(&g, tok, check_ids(genid, uuid, NULL), a);
		check_put(seed, a, FILE_LEN);
		CHECK(run(true, false, NULL, fixed_random) == 0);
		CHECK(strstr(outbuf, "the app's header kept") != NULL);
		done();
		CHECK(slurp(seed, b, sizeof(b)) == FILE_LEN && es_seedfile_parse(b, FILE_LEN, &h));
		CHECK(h.from.other_bits == 123 && h.from.cpu_bits == 10 && b[12] == (a[12] & ~1u));
		CHECK(memcmp(a + 13, b + 13, ES_SEEDFILE_HEADER - 13) == 0 && memcmp(a, b, 12) == 0);
		CHECK(es_seedfile_check(b, FILE_LEN, tok, check_ids(genid, uuid, NULL), true) == ES_FILE_COUNTED);
		/* a kernel with trust_cpu=off sets the bit; the MAC still holds */
		put(cmdline, "random.trust_cpu=off\n");
		CHECK(run(true, false, NULL, fixed_random) == 0);
		done();
		put(cmdline, "quiet\n");
		CHECK(slurp(seed, b, sizeof(b)) == FILE_LEN && (b[12] & ES_SEEDFILE_F_NO_CPU_TRUST) != 0);
		CHECK(es_seedfile_check(b, FILE_LEN, tok, check_ids(genid, uuid, NULL), true) == ES_FILE_COUNTED);
	}
	/* a larger file (written by the app, or by hand): its first 4 KiB */
	{
		check_rand_fill(big, sizeof(big));
		memcpy(big, ES_SEEDFILE_MAGIC, 8);
		check_put(seed, big, sizeof(big));
	}
	CHECK(run(true, false, NULL, fixed_random) == 0);
	done();
	seedtool_mix(big, 4096, fixed_fresh, want);
	CHECK(slurp(seed, b, sizeof(b)) == FILE_LEN && memcmp(b + ES_SEEDFILE_HEADER, want, 32) == 0);
}

static void mkdirs(const char *rel)
{
	char p[512];

	snprintf(p, sizeof(p), "%s/%s", esp, rel);
	for (char *q = p + strlen(esp) + 1; *q != '\0'; q++) {
		if (*q == '/') {
			*q = '\0';
			CHECK(mkdir(p, 0700) == 0 || errno == EEXIST);
			*q = '/';
		}
	}
	CHECK(mkdir(p, 0700) == 0 || errno == EEXIST);
}

static void put_conf(const char *rel, const char *text)
{
	char p[512];

	snprintf(p, sizeof(p), "%s/%s", esp, rel);
	put(p, text);
}

/* The path the ESP's config names, as the app reads it; or none. */
static void test_config_path(void)
{
	char other[512];
	uint8_t a[128];

	fresh(true);
	mkdirs("EFI/earlyseed");
	put_conf("EFI/earlyseed/earlyseed.conf", "next = \\vmlinuz\nseed_file = \\loader\\random-seed\n");
	CHECK(run(false, false, NULL, fake_random) == 0);
	done();
	snprintf(other, sizeof(other), "%s/loader/random-seed", esp);
	CHECK(slurp(other, a, sizeof(a)) == FILE_LEN && slurp(seed, a, sizeof(a)) == SIZE_MAX);
	CHECK(run(false, true, NULL, fake_random) == 0); /* --image removes that one */
	done();
	CHECK(slurp(other, a, sizeof(a)) == SIZE_MAX);
	put_conf("EFI/earlyseed/earlyseed.conf", "seed_file = none\n");
	CHECK(run(false, false, NULL, fake_random) == 0);
	CHECK(strstr(outbuf, "turned off") != NULL);
	done();
	CHECK(slurp(seed, a, sizeof(a)) == SIZE_MAX && entries(efivars) == 1); /* the token from the first install */
}

/* The config beside the app's image first, as the app reads it: the image
 * from EarlyseedImage, or --app. */
static void test_config_beside_app(void)
{
	static const uint8_t var[] = { 6, 0, 0, 0, '\\', 0, 'E', 0, 'F', 0, 'I', 0, '\\', 0, 'B', 0, 'O', 0, 'O', 0,
				       'T', 0, '\\', 0, 'B', 0, 'O', 0, 'O', 0, 'T', 0, 'X', 0, '6', 0, '4', 0,
				       '.', 0, 'E', 0, 'F', 0, 'I', 0, 0, 0 };
	char p[512];
	uint8_t a[128];

	fresh(true);
	mkdirs("EFI/BOOT");
	mkdirs("EFI/earlyseed");
	put_conf("EFI/BOOT/earlyseed.conf", "seed_file = \\EFI\\BOOT\\seed\n");
	put_conf("EFI/earlyseed/earlyseed.conf", "seed_file = \\EFI\\earlyseed\\other\n");
	/* no variable: the default place */
	CHECK(run(false, false, NULL, fake_random) == 0);
	done();
	snprintf(p, sizeof(p), "%s/EFI/earlyseed/other", esp);
	CHECK(slurp(p, a, sizeof(a)) == FILE_LEN);
	CHECK(unlink(p) == 0);
	/* the app at \EFI\BOOT\BOOTX64.EFI said so */
	put_image_var(var, sizeof(var));
	CHECK(run(true, false, NULL, fake_random) == 0);
	CHECK(strstr(outbuf, "config: \\EFI\\BOOT\\earlyseed.conf") != NULL);
	done();
	snprintf(p, sizeof(p), "%s/EFI/BOOT/seed", esp);
	CHECK(slurp(p, a, sizeof(a)) == FILE_LEN);
	/* --app wins over the variable */
	app = "/EFI/earlyseed/earlyseed.efi";
	CHECK(run(true, false, NULL, fake_random) == 0);
	done();
	snprintf(p, sizeof(p), "%s/EFI/earlyseed/other", esp);
	CHECK(slurp(p, a, sizeof(a)) == FILE_LEN);
}

/* Nothing outside the ESP is written, removed or created, whatever the
 * config or the ESP holds (issue: Hardening II, 1 and 4). */
static void test_stays_in_the_esp(void)
{
	char victim[400], p[512], link[512];
	uint8_t a[128];
	struct stat st;

	fresh(true);
	snprintf(victim, sizeof(victim), "%s/victim", root);
	put(victim, "precious");
	mkdirs("EFI/earlyseed");
	/* ".." in the config: the line is refused, the default is used */
	put_conf("EFI/earlyseed/earlyseed.conf", "seed_file = \\..\\victim\n");
	CHECK(run(false, false, NULL, fake_random) == 0);
	done();
	CHECK(slurp(victim, a, sizeof(a)) == 8 && memcmp(a, "precious", 8) == 0);
	CHECK(slurp(seed, a, sizeof(a)) == FILE_LEN);
	put_conf("EFI/earlyseed/earlyseed.conf", "seed_file = /EFI/../../victim\n");
	CHECK(run(true, false, NULL, fake_random) == 0);
	done();
	CHECK(run(false, true, NULL, fake_random) == 0);
	done();
	CHECK(slurp(victim, a, sizeof(a)) == 8 && memcmp(a, "precious", 8) == 0);
	/* a link as a directory on the way: never followed */
	put_conf("EFI/earlyseed/earlyseed.conf", "seed_file = \\EFI\\lnk\\random-seed\n");
	snprintf(link, sizeof(link), "%s/EFI/lnk", esp);
	CHECK(symlink(root, link) == 0);
	snprintf(p, sizeof(p), "%s/random-seed", root);
	put(p, "outside!");
	CHECK(run(false, false, NULL, fake_random) == 1);
	CHECK(strstr(errbuf, "never followed") != NULL);
	done();
	CHECK(run(true, false, NULL, fake_random) == 1);
	done();
	CHECK(run(false, true, NULL, fake_random) == 0); /* --image: nothing to remove here */
	done();
	CHECK(slurp(p, a, sizeof(a)) == 8 && memcmp(a, "outside!", 8) == 0);
	CHECK(unlink(link) == 0);
	/* the seed file itself a link to a file outside */
	put_conf("EFI/earlyseed/earlyseed.conf", "seed_file = \\EFI\\earlyseed\\random-seed\n");
	(void)unlink(seed);
	CHECK(symlink(victim, seed) == 0);
	CHECK(run(true, false, NULL, fake_random) == 1);
	CHECK(strstr(errbuf, "symbolic link") != NULL);
	done();
	CHECK(run(false, false, NULL, fake_random) == 1);
	done();
	CHECK(run(false, true, NULL, fake_random) == 1);
	done();
	CHECK(lstat(seed, &st) == 0 && S_ISLNK(st.st_mode));
	CHECK(slurp(victim, a, sizeof(a)) == 8 && memcmp(a, "precious", 8) == 0);
	/* a FIFO must not hang the boot; a directory is no seed file */
	CHECK(unlink(seed) == 0 && mkfifo(seed, 0600) == 0);
	alarm(20);
	CHECK(run(true, false, NULL, fake_random) == 1);
	alarm(0);
	CHECK(strstr(errbuf, "not a regular file") != NULL);
	done();
	CHECK(lstat(seed, &st) == 0 && S_ISFIFO(st.st_mode));
	CHECK(unlink(seed) == 0 && mkdir(seed, 0700) == 0);
	CHECK(run(true, false, NULL, fake_random) == 1);
	CHECK(strstr(errbuf, "not a regular file") != NULL);
	done();
	CHECK(rmdir(seed) == 0);
	/* no directory made outside the ESP */
	snprintf(p, sizeof(p), "%s/loader", root);
	CHECK(stat(p, &st) != 0);
}

/* seed_file may not name the next stage, the app or a config it reads. */
static void test_seed_file_clash(void)
{
	static const char *const confs[] = {
		"next = \\EFI\\Linux\\vmlinuz.efi\nseed_file = \\efi\\linux\\VMLINUZ.EFI\n",
		"seed_file = \\EFI\\earlyseed\\earlyseed.efi\n",
		"seed_file = \\EFI\\earlyseed\\earlyseed.conf\n",
		"seed_file = /EFI/earlyseed/earlyseed.conf\n",
	};
	char p[512];
	uint8_t a[128];

	for (size_t i = 0; i < sizeof(confs) / sizeof(confs[0]); i++) {
		fresh(true);
		mkdirs("EFI/earlyseed");
		mkdirs("EFI/Linux");
		put_conf("EFI/Linux/vmlinuz.efi", "MZ kernel");
		put_conf("EFI/earlyseed/earlyseed.efi", "MZ app");
		put_conf("EFI/earlyseed/earlyseed.conf", confs[i]);
		CHECK(run(false, false, NULL, fake_random) == 1);
		CHECK(strstr(errbuf, "names") != NULL);
		done();
		CHECK(run(true, false, NULL, fake_random) == 1);
		done();
		snprintf(p, sizeof(p), "%s/EFI/Linux/vmlinuz.efi", esp);
		CHECK(slurp(p, a, sizeof(a)) == 9 && memcmp(a, "MZ kernel", 9) == 0);
		snprintf(p, sizeof(p), "%s/EFI/earlyseed/earlyseed.efi", esp);
		CHECK(slurp(p, a, sizeof(a)) == 6 && memcmp(a, "MZ app", 6) == 0);
		snprintf(p, sizeof(p), "%s/EFI/earlyseed/earlyseed.conf", esp);
		CHECK(slurp(p, a, sizeof(a)) == strlen(confs[i]));
	}
}

static void test_image(void)
{
	uint8_t a[128];

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

/* An OS-made token stays secret after a reboot only while the unit hides it
 * again at every boot (Hardening IV, 5): without it, none is made. */
static void test_token_needs_the_unit(void)
{
	char cmd[1400];
	uint8_t a[128];

	fresh(true);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s/sysinit.target.wants'", units);
	CHECK(system(cmd) == 0);
	CHECK(run(false, false, NULL, fake_random) == 0);
	CHECK(strstr(outbuf, "token: none made: earlyseed-seed.service is not enabled") != NULL);
	done();
	CHECK(slurp(token, a, sizeof(a)) == SIZE_MAX);
	/* the file is written, unbound: the app binds it at its next boot */
	CHECK(slurp(seed, a, sizeof(a)) == FILE_LEN);
	/* enabled (any target's .wants): made */
	snprintf(cmd, sizeof(cmd), "mkdir -p '%s/multi-user.target.wants' && ln -s /dev/null "
		 "'%s/multi-user.target.wants/earlyseed-seed.service'", units, units);
	CHECK(system(cmd) == 0);
	CHECK(run(false, false, NULL, fake_random) == 0);
	CHECK(strstr(outbuf, "token: created") != NULL);
	done();
}

/* A file that is not earlyseed's (Hardening IV, 4): seed_file may name
 * any file; refresh, install, --image and uninstall leave it as it is. */
static void test_foreign_file(void)
{
	static const char pe[] = "MZ\x90 this is shimx64.efi, not a seed file";
	uint8_t a[128];
	char conf[600];

	fresh(true);
	mkdirs("EFI/debian");
	mkdirs("EFI/earlyseed");
	snprintf(conf, sizeof(conf), "%s/EFI/debian/shimx64.efi", esp);
	put(conf, pe);
	put_conf("EFI/earlyseed/earlyseed.conf", "seed_file = \\EFI\\debian\\shimx64.efi\n");
	CHECK(run(true, false, NULL, fake_random) == 1);
	CHECK(strstr(errbuf, "shimx64.efi is not earlyseed's seed file") != NULL);
	done();
	CHECK(run(false, false, NULL, fake_random) == 1);
	done();
	CHECK(run(false, true, NULL, fake_random) == 1);
	CHECK(strstr(errbuf, "not earlyseed's seed file") != NULL);
	done();
	CHECK(slurp(conf, a, sizeof(a)) == sizeof(pe) - 1 && memcmp(a, pe, sizeof(pe) - 1) == 0);
	/* empty, or zeros: taken */
	put(conf, "");
	CHECK(run(true, false, NULL, fake_random) == 0);
	done();
	CHECK(slurp(conf, a, sizeof(a)) == FILE_LEN && memcmp(a, ES_SEEDFILE_MAGIC, 8) == 0);
}

/* The machine's identity (Hardening IV, 3): the OS records the SMBIOS
 * system UUID it reads (a raw structure table, as the app reads it) in a
 * header it seals with a token it made; the app's VM generation tag stays. */
static void put_dmi(const uint8_t uuid[16])
{
	uint8_t t[27 + 2 + 4 + 2] = { 1, 27, 0x01, 0x00 };
	FILE *f = fopen(dmi, "wb");

	memcpy(t + 8, uuid, 16);
	t[27 + 2] = 127;
	t[27 + 3] = 4;
	CHECK(f != NULL && fwrite(t, 1, sizeof(t), f) == sizeof(t));
	if (f != NULL)
		fclose(f);
}

/* `seed refresh` over a seed file of f's FILE_LEN bytes; the file it wrote
 * in b (cap bytes). */
static void refresh_over(const uint8_t *f, uint8_t *b, size_t cap)
{
	check_put(seed, f, FILE_LEN);
	CHECK(run(true, false, NULL, fake_random) == 0);
	done();
	CHECK(slurp(seed, b, cap) == FILE_LEN);
}

static void test_os_uuid(void)
{
	const uint8_t u[16] = { 0xde, 0xad, 1, 2, 3 }, w[16] = { 0xbe, 0xef }, genid[16] = { 5 };
	uint8_t a[128], b[128], t[64], tok[ES_TOKEN_LEN], got[16];
	struct es_provenance from;
	struct machine o = { .dmi_file = dmi, .systemd_dir = units };

	fresh(true);
	put_dmi(u);
	CHECK(kernel_uuid(&o, got) && memcmp(got, u, 16) == 0);
	CHECK(run(false, false, NULL, fake_random) == 0);
	done();
	CHECK(slurp(token, t, sizeof(t)) == 4 + ES_TOKEN_VAR_LEN && es_token_decode(t + 4, ES_TOKEN_VAR_LEN, tok, &from));
	CHECK(slurp(seed, a, sizeof(a)) == FILE_LEN);
	CHECK(es_seedfile_check(a, FILE_LEN, tok, check_ids(NULL, u, NULL), true) == ES_FILE_COUNTED);
	CHECK(es_seedfile_check(a, FILE_LEN, tok, check_ids(NULL, w, NULL), true) == ES_FILE_ID_CHANGED);
	CHECK(es_seedfile_check(a, FILE_LEN, tok, NULL, true) == ES_FILE_ID_CHANGED);
	/* the app rewrote it under a VM generation ID: refresh keeps the tag */
	{
		struct es_seedfile_header g = { .from = { .other_bits = 256 } };

		es_seedfile_seal(&g, tok, check_ids(genid, u, NULL), a);
		refresh_over(a, b, sizeof(b));
	}
	CHECK(es_seedfile_check(b, FILE_LEN, tok, check_ids(genid, u, NULL), true) == ES_FILE_COUNTED);
	CHECK(es_seedfile_check(b, FILE_LEN, tok, check_ids(w, u, NULL), true) == ES_FILE_VM_CHANGED);
	/* an edited header is not carried: its tag is dropped */
	b[40] ^= 1;
	refresh_over(b, b, sizeof(b));
	CHECK(es_seedfile_check(b, FILE_LEN, tok, check_ids(genid, u, NULL), true) == ES_FILE_VM_CHANGED);
	CHECK(es_seedfile_check(b, FILE_LEN, tok, check_ids(NULL, u, NULL), true) == ES_FILE_COUNTED);
	/* all zeros, all 0xFF: no UUID */
	memset(got, 0, sizeof(got));
	put_dmi(got);
	CHECK(!kernel_uuid(&o, got));
	memset(got, 0xff, sizeof(got));
	put_dmi(got);
	CHECK(!kernel_uuid(&o, got));
	es_wipe(tok, sizeof(tok));
}

static void test_world_readable(void)
{
	fresh(true);
	CHECK(chmod(esp, 0755) == 0);
	CHECK(run(false, false, NULL, fake_random) == 0);
	CHECK(strstr(errbuf, "world-accessible") != NULL);
	done();
}

/* EarlyseedKernelTrust at refresh: made only where earlyseed's driver runs,
 * rewritten only when the kernel's trust changes, gone when it trusts all;
 * a boot that ran only the driver has no seed file to miss. */
/* GRUB's defaults (Hardening IV, 1): the two assignments its menu entries
 * get, unquoted; anything else in the file ignored. */
static void test_grub_defaults(void)
{
	char path[400], line[256];
	struct es_trust t;

	fresh(true);
	snprintf(path, sizeof(path), "%s/grub", root);
	put(path, "# comment GRUB_CMDLINE_LINUX=\"random.trust_cpu=off\"\nGRUB_DEFAULT=0\n"
		  "GRUB_CMDLINE_LINUX_DEFAULT=\"quiet splash\"\n  GRUB_CMDLINE_LINUX='console=ttyS0 random.trust_cpu=off'\n"
		  "GRUB_CMDLINE_LINUX_RECOVERY=\"random.trust_bootloader=off\"\n");
	CHECK(trustvar_grub_cmdline(path, line, sizeof(line)) == 0);
	CHECK(strcmp(line, "quiet splash console=ttyS0 random.trust_cpu=off ") == 0);
	es_trust_defaults(&t);
	es_trust_parse(&t, line);
	CHECK(!t.cpu && t.bootloader);
	/* a comment after the quotes, an unquoted word, as the shell reads them */
	put(path, "GRUB_CMDLINE_LINUX='random.trust_cpu=off' # distrust\nGRUB_CMDLINE_LINUX_DEFAULT=nosmt #x\n");
	CHECK(trustvar_grub_cmdline(path, line, sizeof(line)) == 0 && strcmp(line, "random.trust_cpu=off nosmt ") == 0);
	put(path, "GRUB_CMDLINE_LINUX=\"unclosed\n");
	CHECK(trustvar_grub_cmdline(path, line, sizeof(line)) == -1);
	put(path, "GRUB_CMDLINE_LINUX=\"\"\n");
	CHECK(trustvar_grub_cmdline(path, line, sizeof(line)) == 0 && strcmp(line, " ") == 0);
	CHECK(trustvar_grub_cmdline(path, line, 1) == -1);
	snprintf(path, sizeof(path), "%s/no-such-grub", root);
	CHECK(trustvar_grub_cmdline(path, line, sizeof(line)) == -1);
}

static void test_kernel_trust_var(void)
{
	char var[400], drv[400];
	uint8_t b[64], want[ES_TRUST_VAR_LEN];
	struct es_trust t;
	struct stat st;

	fresh(true);
	snprintf(var, sizeof(var), "%s/" TRUSTVAR_NAME, efivars);
	snprintf(drv, sizeof(drv), "%s/" TRUSTVAR_DRIVER_AUDIT, efivars);
	put(cmdline, "quiet\n");
	CHECK(run(false, false, NULL, fake_random) == 0); /* install: the app's seed file */
	done();
	/* a kernel that trusts all: nothing to take away, nothing written */
	CHECK(run(true, false, NULL, fake_random) == 0);
	done();
	CHECK(lstat(var, &st) != 0);
	/* the app reads it too (a boot loader next: Hardening IV, 1): written
	 * at install, with or without a driver, attributes first */
	put(cmdline, "quiet random.trust_cpu=off\n");
	CHECK(run(false, false, NULL, fake_random) == 0);
	CHECK(strstr(outbuf, "random.trust_cpu=off random.trust_bootloader=on, from ") != NULL);
	done();
	put(drv, "xxxx");
	es_trust_defaults(&t);
	t.cpu = false;
	es_trust_var_encode(&t, want);
	CHECK(slurp(var, b, sizeof(b)) == 4 + ES_TRUST_VAR_LEN && b[0] == 7 && b[1] == 0 &&
	      memcmp(b + 4, want, sizeof(want)) == 0);
	/* the same again: said, not written */
	CHECK(run(true, false, NULL, fake_random) == 0);
	CHECK(strstr(outbuf, "/cmdline does") != NULL && strstr(outbuf, "written") == NULL);
	done();
	/* trust_bootloader too */
	put(cmdline, "random.trust_cpu=0 random.trust_bootloader=no\n");
	CHECK(run(true, false, NULL, fake_random) == 0);
	done();
	CHECK(slurp(var, b, sizeof(b)) == 12 && b[4 + 5] == (ES_TRUST_VAR_F_NO_CPU | ES_TRUST_VAR_F_NO_BOOTLOADER));
	/* a command line that cannot be read leaves it as it is, and says so */
	{
		char gone[400];
		struct machine m = { .esp = esp, .efivars = efivars, .app = NULL, .cmdline_file = gone, .cpuinfo_file = cpuinfo,
					   .dmi_file = dmi, .systemd_dir = units, .any_fs = true, .random = fake_random };
		struct seedtool_opts o = { false, true, NULL };

		snprintf(gone, sizeof(gone), "%s/no-such-cmdline", root);
		CHECK(run_opts(&m, &o) != 0);
		CHECK(strstr(errbuf, "cannot read") != NULL && strstr(errbuf, "left as it is") != NULL);
		done();
		CHECK(slurp(var, b, sizeof(b)) == 12 && b[4 + 5] == (ES_TRUST_VAR_F_NO_CPU | ES_TRUST_VAR_F_NO_BOOTLOADER));
	}
	/* lines are joined, as kernel-install joins /etc/kernel/cmdline's */
	put(cmdline, "root=/dev/vda2\nrandom.trust_cpu=off\n");
	CHECK(run(true, false, NULL, fake_random) == 0);
	done();
	CHECK(slurp(var, b, sizeof(b)) == 12 && b[4 + 5] == ES_TRUST_VAR_F_NO_CPU);
	/* the kernel trusts all again: deleted */
	put(cmdline, "quiet\n");
	CHECK(run(true, false, NULL, fake_random) == 0);
	CHECK(strstr(outbuf, "deleted") != NULL);
	done();
	CHECK(lstat(var, &st) != 0);
	/* one that is not ours, with no driver now: rewritten all the same */
	CHECK(unlink(drv) == 0);
	check_put(var, "\7\0\0\0garbage!", 12);
	put(cmdline, "random.trust_cpu=off\n");
	CHECK(run(true, false, NULL, fake_random) == 0);
	done();
	CHECK(slurp(var, b, sizeof(b)) == 12 && memcmp(b + 4, want, sizeof(want)) == 0);
	/* driver only (install --sd-boot): no app on the ESP, no app audit */
	fresh(true);
	put(drv, "xxxx");
	CHECK(run(true, false, NULL, fake_random) == 0);
	CHECK(strstr(outbuf, "none to refresh") != NULL);
	done();
	CHECK(lstat(seed, &st) != 0);
	/* ... but where the app is on the ESP, its seed file is refreshed */
	mkdirs("EFI/earlyseed");
	put_conf("EFI/earlyseed/earlyseed.efi", "MZ");
	CHECK(run(true, false, NULL, fake_random) == 0);
	CHECK(strstr(outbuf, "none to refresh") == NULL);
	done();
	CHECK(lstat(seed, &st) == 0);
}

int main(void)
{
	RUN(test_kernel_trust_var);
	RUN(test_grub_defaults);
	char cmd[300];

	RUN(test_install);
	RUN(test_os_account);
	RUN(test_not_fat);
	RUN(test_image_var_not_ascii);
	RUN(test_token_hidden_first);
	RUN(test_mount_inside_esp);
	RUN(test_without_openat2);
	RUN(test_firmware_token);
	RUN(test_no_os_token_under_secure_boot);
	RUN(test_token_hidden_at_refresh);
	RUN(test_config_beside_app);
	RUN(test_stays_in_the_esp);
	RUN(test_seed_file_clash);
	RUN(test_atomic_replace);
	RUN(test_refresh);
	RUN(test_image);
	RUN(test_config_path);
	RUN(test_world_readable);
	RUN(test_foreign_file);
	RUN(test_token_needs_the_unit);
	RUN(test_os_uuid);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	if (root[0] != '\0' && system(cmd) != 0)
		fprintf(stderr, "cannot remove %s\n", root);
	return check_done();
}
