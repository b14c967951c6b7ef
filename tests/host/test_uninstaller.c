/* SPDX-License-Identifier: MIT */
/* `earlyseed uninstall` (host/uninstaller.c) on a scratch ESP and a scratch
 * efivarfs directory: boot entries, BootOrder, the ESP's files, the token. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../core/earlyseed.h"
#include "../../core/le.h"
#include "../../host/bootentry.h"
#include "../../host/installer.h"
#include "../../host/seedtool.h"
#include "../../host/trustvar.h"
#include "../../host/uninstaller.h"
#include "../check.h"

#define GLOBAL "8be4df61-93ca-11d2-aa0d-00e098032b8c"

static char root[] = "/tmp/es-uninstall-XXXXXX";
static char esp[300], efivars[300];

/* An EFI_LOAD_OPTION as efivarfs shows it (4 attribute bytes first): a
 * hard-drive node, then a file path node for path, then the end node. */
static const uint8_t *option_part; /* the next load_option()'s partition GUID, or NULL */

static size_t load_option(uint8_t *b, const char *desc, const char *path)
{
	size_t k = 0, dp, plen = strlen(path);

	es_le_put32(b, 7); /* NV|BS|RT */
	k = 4;
	es_le_put32(b + k, 1); /* LOAD_OPTION_ACTIVE */
	k += 4;
	dp = k; /* FilePathListLength, set below */
	k += 2;
	for (const char *c = desc; *c != '\0'; c++, k += 2)
		es_le_put16(b + k, (uint16_t)*c);
	es_le_put16(b + k, 0);
	k += 2;
	{
		size_t start = k;

		b[k] = 4; /* media: hard drive, 42 bytes of zeros for its fields */
		b[k + 1] = 1;
		es_le_put16(b + k + 2, 42);
		memset(b + k + 4, 0, 38);
		if (option_part != NULL) {
			memcpy(b + k + 24, option_part, 16);
			b[k + 40] = 2; /* GPT */
			b[k + 41] = 2; /* a GUID signature */
		}
		k += 42;
		b[k] = 4; /* media: file path */
		b[k + 1] = 4;
		es_le_put16(b + k + 2, (uint16_t)(4 + 2 * (plen + 1)));
		for (size_t i = 0; i <= plen; i++)
			es_le_put16(b + k + 4 + 2 * i, (uint16_t)path[i]);
		k += 4 + 2 * (plen + 1);
		b[k] = 0x7f;
		b[k + 1] = 0xff;
		es_le_put16(b + k + 2, 4);
		k += 4;
		es_le_put16(b + dp, (uint16_t)(k - start));
	}
	return k;
}

static void put(const char *dir, const char *name, const void *p, size_t n)
{
	char path[600];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "wb");
	CHECK(f != NULL && fwrite(p, 1, n, f) == n);
	if (f != NULL)
		fclose(f);
}

static bool unlink_var(const char *dir, const char *name)
{
	char path[600];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return unlink(path) == 0;
}

static bool exists(const char *dir, const char *name)
{
	char path[600];
	struct stat st;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return lstat(path, &st) == 0;
}

/* What the last run printed (capture(), then done() frees it). */
static char *out, *err;
static size_t outlen, errlen;
static FILE *fo, *fe;

static void capture(void)
{
	fo = open_memstream(&out, &outlen);
	fe = open_memstream(&err, &errlen);
}

static void captured(void)
{
	fclose(fo);
	fclose(fe);
}

/* call's status, its output captured in out and err. */
static int captured_rc;
#define CAPTURED(call) (capture(), captured_rc = (call), captured(), captured_rc)

static void done(void)
{
	free(out);
	free(err);
	out = err = NULL;
}

static void test_load_option_path(void)
{
	uint8_t b[512];
	char path[256];
	size_t n = load_option(b, "earlyseed", "\\EFI\\earlyseed\\earlyseed.efi");

	CHECK(bootentry_option_path(b + 4, n - 4, path, sizeof(path)));
	CHECK(strcmp(path, "\\EFI\\earlyseed\\earlyseed.efi") == 0);
	/* cut anywhere: never read past the end, never a path */
	for (size_t cut = 0; cut < n - 4; cut++)
		CHECK(!bootentry_option_path(b + 4, cut, path, sizeof(path)) || cut >= n - 4 - 4);
	/* a path that does not fit the caller's buffer, a node of length 0 */
	CHECK(!bootentry_option_path(b + 4, n - 4, path, 8));
	/* the file path node's length (after the option's 6 bytes, the
	 * description's 20 and the hard-drive node's 42) */
	b[4 + 6 + 20 + 42 + 2] = 0;
	b[4 + 6 + 20 + 42 + 3] = 0;
	CHECK(!bootentry_option_path(b + 4, n - 4, path, sizeof(path)));
}

/* Only this install's entries (Hardening IV, 6): the app's exact path on
 * this ESP's partition. Not another disk's, not an 8.3 alias, not a name
 * that is not Boot####; an entry with a partition this ESP's cannot be
 * compared with is left and said. */
static void test_only_this_install(void)
{
	/* EFI_GUID bytes of 0b7c2f64-5f1e-4a57-9a3e-7d2b1c0e9f10 and of another */
	static const uint8_t mine[16] = { 0x64, 0x2f, 0x7c, 0x0b, 0x1e, 0x5f, 0x57, 0x4a,
					  0x9a, 0x3e, 0x7d, 0x2b, 0x1c, 0x0e, 0x9f, 0x10 };
	static const uint8_t other[16] = { 0x64, 0x2f, 0x7c, 0x0b, 0x1e, 0x5f, 0x57, 0x4a,
					   0x9a, 0x3e, 0x7d, 0x2b, 0x1c, 0x0e, 0x9f, 0x11 };
	struct machine m = { .esp = esp, .efivars = efivars, .any_fs = true };
	struct uninstaller_opts o = { "0b7c2f64-5f1e-4a57-9a3e-7d2b1c0e9f10" };
	uint8_t b[512];
	char cmd[1200];
	size_t n;

	static char r2[] = "/tmp/es-uninstall2-XXXXXX";

	CHECK(mkdtemp(r2) != NULL);
	snprintf(esp, sizeof(esp), "%s/esp", r2);
	snprintf(efivars, sizeof(efivars), "%s/efivars", r2);
	snprintf(cmd, sizeof(cmd), "mkdir -p '%s' '%s'", esp, efivars);
	CHECK(system(cmd) == 0);
	option_part = mine;
	n = load_option(b, "earlyseed", "\\EFI\\earlyseed\\earlyseed.efi");
	put(efivars, "Boot0001-" GLOBAL, b, n);
	n = load_option(b, "earlyseed", "/efi/EARLYSEED/earlyseed.EFI"); /* the same file, as written elsewhere */
	put(efivars, "Boot0002-" GLOBAL, b, n);
	n = load_option(b, "alias", "\\EFI\\EARLYS~1\\EARLYS~1.EFI");
	put(efivars, "Boot0003-" GLOBAL, b, n);
	n = load_option(b, "earlyseed", "\\EFI\\earlyseed\\earlyseed.efi");
	put(efivars, "Boot00a4-" GLOBAL, b, n); /* not four uppercase hex digits */
	option_part = other;
	n = load_option(b, "earlyseed on another disk", "\\EFI\\earlyseed\\earlyseed.efi");
	put(efivars, "Boot0005-" GLOBAL, b, n);
	option_part = NULL;
	(void)CAPTURED(uninstaller_run(&m, &o, fo, fe));
	CHECK(!exists(efivars, "Boot0001-" GLOBAL) && !exists(efivars, "Boot0002-" GLOBAL));
	CHECK(exists(efivars, "Boot0003-" GLOBAL) && exists(efivars, "Boot00a4-" GLOBAL));
	CHECK(exists(efivars, "Boot0005-" GLOBAL));
	CHECK(strstr(out, "boot entry Boot0005 (\\EFI\\earlyseed\\earlyseed.efi): left: it names another partition") != NULL);
	done();
	/* this ESP's partition unknown: an entry that names one is left, said */
	o.esp_partuuid = "not a guid";
	(void)CAPTURED(uninstaller_run(&m, &o, fo, fe));
	CHECK(exists(efivars, "Boot0005-" GLOBAL));
	CHECK(strstr(out, "this ESP's partition GUID is unknown") != NULL && strstr(out, "efibootmgr -b 0005 -B") != NULL);
	done();
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", r2);
	CHECK(system(cmd) == 0);
}

static void test_uninstall(void)
{
	uint8_t b[512], order[4 + 6] = { 7, 0, 0, 0 };
	struct machine m = { .esp = esp, .efivars = efivars, .any_fs = true };
	struct uninstaller_opts o = { NULL };
	char cmd[1200];
	size_t n;

	CHECK(mkdtemp(root) != NULL);
	snprintf(esp, sizeof(esp), "%s/esp", root);
	snprintf(efivars, sizeof(efivars), "%s/efivars", root);
	snprintf(cmd, sizeof(cmd), "mkdir -p '%s/EFI/earlyseed' '%s/EFI/debian' '%s'", esp, esp, efivars);
	CHECK(system(cmd) == 0);
	put(esp, "EFI/earlyseed/earlyseed.efi", "MZ", 2);
	put(esp, "EFI/earlyseed/earlyseed.conf", "next = \\EFI\\debian\\grubx64.efi\nseed_file = \\EFI\\debian\\seed\n", 61);
	put(esp, "EFI/earlyseed/random-seed", "ESSEEDv2", 8);
	put(esp, "EFI/debian/seed", "ESSEEDv1", 8);
	put(esp, "EFI/debian/grubx64.efi", "MZ", 2);
	n = load_option(b, "earlyseed", "\\EFI\\earlyseed\\earlyseed.efi");
	put(efivars, "Boot0003-" GLOBAL, b, n);
	n = load_option(b, "debian", "\\EFI\\debian\\grubx64.efi");
	put(efivars, "Boot0000-" GLOBAL, b, n);
	es_le_put16(order + 4, 3);
	es_le_put16(order + 6, 0);
	es_le_put16(order + 8, 0x10);
	put(efivars, "BootOrder-" GLOBAL, order, sizeof(order));
	put(efivars, SEEDTOOL_TOKEN_VAR, "\x07\0\0\0token", 9);

	CHECK(CAPTURED(uninstaller_run(&m, &o, fo, fe)) == 0);
	/* earlyseed's entry gone, out of BootOrder; the other entry stays */
	CHECK(!exists(efivars, "Boot0003-" GLOBAL) && exists(efivars, "Boot0000-" GLOBAL));
	{
		FILE *f;
		uint8_t now[16];
		char p[600];

		snprintf(p, sizeof(p), "%s/BootOrder-" GLOBAL, efivars);
		f = fopen(p, "rb");
		/* efivarfs replaces the data with one write; a plain file
		 * keeps the old tail past it */
		CHECK(f != NULL && fread(now, 1, sizeof(now), f) >= 8);
		if (f != NULL)
			fclose(f);
		CHECK(es_le_get16(now + 4) == 0 && es_le_get16(now + 6) == 0x10);
	}
	/* the app, its config, both seed files and the directory; not GRUB */
	CHECK(!exists(esp, "EFI/earlyseed") && !exists(esp, "EFI/debian/seed") && exists(esp, "EFI/debian/grubx64.efi"));
	CHECK(!exists(efivars, SEEDTOOL_TOKEN_VAR));
	CHECK(strstr(out, "boot entry Boot0003") != NULL && strstr(out, "token: ") != NULL);
	done();
	/* again: nothing left, nothing fails; no app's record here, so no
	 * word of an app-made token (Hardening IV, 6) */
	CHECK(CAPTURED(uninstaller_run(&m, &o, fo, fe)) == 0);
	CHECK(strstr(out, "boot entries: none starts") != NULL && strstr(out, "token: none the OS can see\n") != NULL);
	CHECK(strstr(out, "dmpstore") == NULL);
	done();
	/* the app's record says the firmware holds its token: where it stays */
	{
		struct es_audit_record r;
		uint8_t rec[4 + ES_AUDIT_SIZE] = { 6 };

		es_audit_init(&r);
		r.flags = ES_AUDIT_F_TOKEN;
		es_audit_encode(&r, rec + 4);
		put(efivars, SEEDTOOL_AUDIT_VAR, rec, sizeof(rec));
	}
	CHECK(CAPTURED(uninstaller_run(&m, &o, fo, fe)) == 0);
	CHECK(strstr(out, "dmpstore -d EarlyseedToken") != NULL);
	done();
	/* a driver it did not install ran this boot: the kernel's trust stays */
	put(efivars, TRUSTVAR_NAME, "\x07\0\0\0ESKT\x01\x01\0\0", 12);
	put(efivars, TRUSTVAR_DRIVER_AUDIT, "\x06\0\0\0x", 5);
	CHECK(CAPTURED(uninstaller_run(&m, &o, fo, fe)) == 0);
	CHECK(exists(efivars, TRUSTVAR_NAME) && strstr(out, "EarlyseedKernelTrust kept") != NULL);
	done();
	/* no driver ran: it goes */
	CHECK(unlink_var(efivars, TRUSTVAR_DRIVER_AUDIT));
	CHECK(CAPTURED(uninstaller_run(&m, &o, fo, fe)) == 0);
	CHECK(!exists(efivars, TRUSTVAR_NAME));
	done();
	/* seed_file naming a boot loader (Hardening IV, 4): it stays, and
	 * the path is shown with one kind of separator */
	snprintf(cmd, sizeof(cmd), "mkdir -p '%s/EFI/earlyseed' '%s/EFI/debian'", esp, esp);
	CHECK(system(cmd) == 0);
	put(esp, "EFI/earlyseed/earlyseed.conf", "seed_file = \\EFI\\debian\\shimx64.efi\n", 36);
	put(esp, "EFI/debian/shimx64.efi", "MZ\x90\0shim", 8);
	CHECK(CAPTURED(uninstaller_run(&m, &o, fo, fe)) == 1);
	CHECK(exists(esp, "EFI/debian/shimx64.efi") && !exists(esp, "EFI/earlyseed/earlyseed.conf"));
	CHECK(strstr(err, "/EFI/debian/shimx64.efi is not earlyseed's seed file") != NULL);
	CHECK(strstr(out, "removed ") != NULL);
	for (const char *l = strstr(out, "removed "); l != NULL; l = strstr(l + 1, "removed "))
		CHECK(strcspn(l, "\\\n") == strcspn(l, "\n")); /* no '\\' in a removed line */
	done();
	/* not FAT: the ESP's files are left, and it says so */
	m.any_fs = false;
	CHECK(CAPTURED(uninstaller_run(&m, &o, fo, fe)) == 1);
	CHECK(strstr(err, "is not a mounted ESP") != NULL);
	done();
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	CHECK(system(cmd) == 0);
}

/* A PE32+ image's headers for machine (what install reads of one): the
 * COFF header, a 240-byte optional header, one section. */
static void put_pe(const char *dir, const char *name, uint16_t machine)
{
	uint8_t b[512] = { 'M', 'Z' };

	es_le_put32(b + 0x3c, 0x80);
	memcpy(b + 0x80, "PE\0\0", 4);
	es_le_put16(b + 0x84, machine);
	es_le_put16(b + 0x86, 1);        /* one section */
	es_le_put16(b + 0x94, 240);      /* SizeOfOptionalHeader */
	es_le_put16(b + 0x98, 0x20b);    /* PE32+ */
	es_le_put32(b + 0x98 + 32, 0x1000); /* SectionAlignment */
	es_le_put32(b + 0x98 + 36, 0x200);  /* FileAlignment */
	memcpy(b + 0x98 + 240, ".text", 5);
	put(dir, name, b, sizeof(b));
}

/* Without --next, install takes the stage the machine boots today
 * (BootCurrent, then BootOrder), skipping earlyseed itself, a loader that
 * is not on this ESP and one of another architecture (issue: a real Debian
 * machine, 1); then uninstall takes it all away again. */
static void test_install_picks_next(void)
{
	char dir[] = "/tmp/es-install-XXXXXX", e[300], v[300], app[300], cmd[1000];
	uint8_t b[512], cur[6] = { 7, 0, 0, 0, 2, 0 }, order[4 + 8] = { 7, 0, 0, 0 };
	size_t n;
	struct installer_opts io = { 0 };
	struct uninstaller_opts uo = { 0 };
	struct machine im = { 0 };

	CHECK(mkdtemp(dir) != NULL);
	snprintf(e, sizeof(e), "%s/esp", dir);
	snprintf(v, sizeof(v), "%s/efivars", dir);
	snprintf(app, sizeof(app), "%s/earlyseed.efi", dir);
	snprintf(cmd, sizeof(cmd), "mkdir -p '%s/EFI/debian' '%s/EFI/BOOT' '%s'", e, e, v);
	CHECK(system(cmd) == 0);
	put_pe(dir, "earlyseed.efi", 0x8664);
	put_pe(e, "EFI/debian/shimx64.efi", 0x8664);
	put_pe(e, "EFI/BOOT/BOOTAA64.EFI", 0xaa64);
	/* BootCurrent 0002: earlyseed itself (a re-install); BootOrder 2, 5
	 * (missing file), 4 (arm64), 1 (shim) */
	n = load_option(b, "earlyseed", "\\EFI\\earlyseed\\earlyseed.efi");
	put(v, "Boot0002-" GLOBAL, b, n);
	n = load_option(b, "gone", "\\EFI\\old\\grubx64.efi");
	put(v, "Boot0005-" GLOBAL, b, n);
	n = load_option(b, "arm", "\\EFI\\BOOT\\BOOTAA64.EFI");
	put(v, "Boot0004-" GLOBAL, b, n);
	n = load_option(b, "debian", "\\EFI\\debian\\shimx64.efi");
	put(v, "Boot0001-" GLOBAL, b, n);
	put(v, "BootCurrent-" GLOBAL, cur, sizeof(cur));
	es_le_put16(order + 4, 2);
	es_le_put16(order + 6, 5);
	es_le_put16(order + 8, 4);
	es_le_put16(order + 10, 1);
	put(v, "BootOrder-" GLOBAL, order, sizeof(order));
	CHECK(setenv("EARLYSEED_ANY_FS", "1", 1) == 0);
	im.esp = e;
	im.efivars = v;
	machine_fill(&im);
	io.from = app;
	CHECK(im.any_fs && im.random != NULL);
	CHECK(CAPTURED(installer_run(&im, &io, fo, fe)) == 0);
	CHECK(out != NULL && strstr(out, "next stage: \\EFI\\debian\\shimx64.efi, from Boot0001") != NULL);
	{
		char c[600];
		FILE *f;
		size_t got;

		snprintf(c, sizeof(c), "%s/EFI/earlyseed/earlyseed.conf", e);
		f = fopen(c, "rb");
		got = f != NULL ? fread(c, 1, sizeof(c) - 1, f) : 0;
		if (f != NULL)
			fclose(f);
		c[got] = '\0';
		CHECK(strstr(c, "next = \\EFI\\debian\\shimx64.efi\n") != NULL);
	}
	done();
	/* and the way out */
	CHECK(CAPTURED(uninstaller_run(&im, &uo, fo, fe)) == 0);
	CHECK(!exists(e, "EFI/earlyseed") && !exists(v, "Boot0002-" GLOBAL) && exists(v, "Boot0001-" GLOBAL));
	CHECK(exists(e, "EFI/debian/shimx64.efi"));
	done();
	CHECK(unsetenv("EARLYSEED_ANY_FS") == 0);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	CHECK(system(cmd) == 0);
}

int main(void)
{
	RUN(test_load_option_path);
	RUN(test_uninstall);
	RUN(test_only_this_install);
	RUN(test_install_picks_next);
	return check_done();
}
