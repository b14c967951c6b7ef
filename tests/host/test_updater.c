/* SPDX-License-Identifier: MIT */
/* `earlyseed update` (host/updater.c) on a scratch ESP and a scratch
 * package folder: only newer images replace the ESP's, a .efi.signed is
 * preferred, sealed settings are kept or the update refused, the config
 * and the seed file are never touched, and nothing installed is an error
 * only without --graceful (issue: what is installed stays current). */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../core/earlyseed.h"
#include "../../core/le.h"
#include "../../host/petool.h"
#include "../../host/sealtool.h"
#include "../../host/updater.h"
#include "../check.h"
#include "../mkpe.h"

static char root[] = "/tmp/es-update-XXXXXX";
static char esp[300], pkg[300];
static char outbuf[8192], errbuf[8192];

static void put_image(const char *path, const char *v, uint16_t subsystem, bool sealed, bool signed_)
{
	size_t n;
	uint8_t *img = mkpe_app(v, 0x8664, subsystem, subsystem == 10, signed_, &n);

	if (sealed) {
		const char *why;

		CHECK(sealtool_set(img, n, ES_SEALED_F_DISK_TOKEN_COUNT, &why) == 0);
	}
	check_put(path, img, n);
	free(img);
}

static uint8_t *slurp(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	uint8_t *b = malloc(1 << 20);

	*n = f != NULL ? fread(b, 1, 1 << 20, f) : 0;
	if (f != NULL)
		fclose(f);
	return b;
}

static bool same_file(const char *a, const char *b)
{
	size_t na, nb;
	uint8_t *x = slurp(a, &na), *y = slurp(b, &nb);
	bool same = na == nb && na > 0 && memcmp(x, y, na) == 0;

	free(x);
	free(y);
	return same;
}

static char *esp_path(const char *rel)
{
	static char p[2][400];
	static int k;

	k ^= 1;
	snprintf(p[k], sizeof(p[k]), "%s/%s", esp, rel);
	return p[k];
}

static char *pkg_path(const char *name)
{
	static char p[400];

	snprintf(p, sizeof(p), "%s/%s", pkg, name);
	return p;
}

static void fresh(void)
{
	check_rmtree(root);
	CHECK(mkdtemp(strcpy(root, "/tmp/es-update-XXXXXX")) != NULL);
	snprintf(esp, sizeof(esp), "%s/esp", root);
	snprintf(pkg, sizeof(pkg), "%s/pkg", root);
	CHECK(mkdir(esp, 0700) == 0 && mkdir(pkg, 0700) == 0);
	CHECK(mkdir(esp_path("EFI"), 0700) == 0 && mkdir(esp_path("EFI/earlyseed"), 0700) == 0);
	check_put(esp_path("EFI/earlyseed/earlyseed.conf"), "next = \\EFI\\debian\\shimx64.efi\n", 31);
	check_put(esp_path("EFI/earlyseed/random-seed"), "the seed file's bytes", 21);
}

static int run(bool graceful, bool with_esp)
{
	struct machine m = { .esp = with_esp ? esp : NULL, .pkg = pkg };
	struct updater_opts o = { graceful };
	FILE *out = fmemopen(outbuf, sizeof(outbuf), "w"), *err = fmemopen(errbuf, sizeof(errbuf), "w");
	int rc;

	machine_fill(&m);
	rc = updater_run(&m, &o, out, err);

	fclose(out);
	fclose(err);
	return rc;
}

static bool version_is(const char *path, const char *want)
{
	size_t n;
	uint8_t *img = slurp(path, &n);
	char v[32];
	bool ok = petool_version(img, n, v, sizeof(v)) == 0 && strcmp(v, want) == 0;

	free(img);
	return ok;
}

static void test_newer_only(void)
{
	const char *app = "EFI/earlyseed/earlyseed.efi";

	fresh();
	put_image(esp_path(app), "1.0", 10, false, false);
	put_image(pkg_path("earlyseed.efi"), "1.1", 10, false, false);
	CHECK(run(false, true) == 0 && strstr(outbuf, "updated from 1.0 to 1.1") != NULL);
	CHECK(same_file(esp_path(app), pkg_path("earlyseed.efi")));
	/* the config and the seed file as they were */
	{
		size_t n;
		uint8_t *c = slurp(esp_path("EFI/earlyseed/earlyseed.conf"), &n);

		CHECK(n == 31 && memcmp(c, "next = ", 7) == 0);
		free(c);
		c = slurp(esp_path("EFI/earlyseed/random-seed"), &n);
		CHECK(n == 21 && memcmp(c, "the seed file's bytes", 21) == 0);
		free(c);
	}
	/* again: current, nothing written */
	CHECK(run(false, true) == 0 && strstr(outbuf, "version 1.1, the same as the package's (1.1): left alone") != NULL);
	/* a downgrade never: the package older than the ESP's */
	put_image(pkg_path("earlyseed.efi"), "1.0", 10, false, false);
	CHECK(run(false, true) == 0 && strstr(outbuf, "version 1.1, newer than the package's (1.0): left alone") != NULL);
	CHECK(version_is(esp_path(app), "1.1"));
	/* the line builds before 1.1 carried: version "1", older than 1.1 */
	put_image(esp_path(app), "1", 10, false, false);
	put_image(pkg_path("earlyseed.efi"), "1.1", 10, false, false);
	CHECK(run(false, true) == 0 && version_is(esp_path(app), "1.1"));
	/* a .efi.signed beside the package's image is what goes on the ESP */
	put_image(pkg_path("earlyseed.efi"), "1.2", 10, false, false);
	put_image(pkg_path("earlyseed.efi.signed"), "1.2", 10, false, true);
	CHECK(run(false, true) == 0 && same_file(esp_path(app), pkg_path("earlyseed.efi.signed")));
	CHECK(strstr(outbuf, "earlyseed.efi.signed") != NULL);
}

static void test_sealed_and_strangers(void)
{
	const char *app = "EFI/earlyseed/earlyseed.efi";
	size_t n;
	uint32_t flags = 0;
	const char *why;
	uint8_t *img;

	/* the owner's sealed choice goes along into the new image */
	fresh();
	put_image(esp_path(app), "1.0", 10, true, false);
	put_image(pkg_path("earlyseed.efi"), "1.1", 10, false, false);
	CHECK(run(false, true) == 0 && strstr(outbuf, "its sealed settings kept") != NULL);
	img = slurp(esp_path(app), &n);
	CHECK(version_is(esp_path(app), "1.1") && sealtool_get(img, n, &flags, &why) == 0 &&
	      flags == ES_SEALED_F_DISK_TOKEN_COUNT);
	free(img);
	/* ... where it cannot (a signed image): refused, the ESP's kept */
	put_image(esp_path(app), "1.0", 10, true, false);
	put_image(pkg_path("earlyseed.efi.signed"), "1.1", 10, false, true);
	CHECK(run(false, true) == 1 && strstr(errbuf, "sealed into it") != NULL && version_is(esp_path(app), "1.0"));
	unlink(pkg_path("earlyseed.efi.signed"));
	/* an app the owner signed is never replaced by an unsigned one: the
	 * firmware would refuse it under Secure Boot */
	put_image(esp_path(app), "1.0", 10, false, true);
	put_image(pkg_path("earlyseed.efi"), "1.1", 10, false, false);
	CHECK(run(false, true) == 1 && strstr(errbuf, "is signed and") != NULL && version_is(esp_path(app), "1.0"));
	/* ... by a signed one, it is */
	put_image(pkg_path("earlyseed.efi.signed"), "1.1", 10, false, true);
	CHECK(run(false, true) == 0 && same_file(esp_path(app), pkg_path("earlyseed.efi.signed")));
	unlink(pkg_path("earlyseed.efi.signed"));
	/* sealed settings this tool cannot read: not dropped, not updated */
	put_image(esp_path(app), "1.0", 10, true, false);
	img = slurp(esp_path(app), &n);
	es_le_put32(img + 0x800 + 16, ES_SEALED_VERSION + 1u); /* a sealed version from the future */
	check_put(esp_path(app), img, n);
	free(img);
	CHECK(run(false, true) == 1 && strstr(errbuf, "sealed settings cannot be read") != NULL &&
	      version_is(esp_path(app), "1.0"));
	/* no earlyseed line in its .sbat: not earlyseed's, left alone */
	put_image(esp_path(app), NULL, 10, false, false);
	CHECK(run(false, true) == 0 && strstr(outbuf, "not earlyseed's image, left alone") != NULL);
	/* another architecture's image: refused */
	img = mkpe_app("1.0", 0xaa64, 10, true, false, &n);
	check_put(esp_path(app), img, n);
	free(img);
	CHECK(run(false, true) == 1 && strstr(errbuf, "not the same kind of image") != NULL);
	CHECK(version_is(esp_path(app), "1.0"));
	/* the app where the package has the driver's subsystem: refused too */
	put_image(esp_path(app), "1.0", 10, false, false);
	put_image(pkg_path("earlyseed.efi"), "1.1", 11, false, false);
	CHECK(run(false, true) == 1 && version_is(esp_path(app), "1.0"));
}

static void test_driver_and_nothing(void)
{
	fresh();
	/* nothing installed: an error, unless graceful */
	CHECK(run(false, true) == 1 && strstr(errbuf, "earlyseed is not installed on") != NULL);
	CHECK(run(true, true) == 0 && strstr(outbuf, "nothing to update") != NULL);
	/* the driver in systemd-boot's folder */
	CHECK(mkdir(esp_path("EFI/systemd"), 0700) == 0 && mkdir(esp_path("EFI/systemd/drivers"), 0700) == 0);
	put_image(esp_path("EFI/systemd/drivers/earlyseedx64.efi"), "1.0", 11, false, false);
	put_image(pkg_path("earlyseed-driver.efi"), "1.1", 11, false, false);
	CHECK(run(true, true) == 0 && version_is(esp_path("EFI/systemd/drivers/earlyseedx64.efi"), "1.1"));
	/* an ESP that is not there: graceful says so */
	check_rmtree(esp);
	CHECK(run(true, true) == 0 && strstr(outbuf, "nothing to update") != NULL);
	CHECK(run(false, true) == 1);
	check_rmtree(root);
}

int main(void)
{
	CHECK(setenv("EARLYSEED_ANY_FS", "1", 1) == 0);
	RUN(test_newer_only);
	RUN(test_sealed_and_strangers);
	RUN(test_driver_and_nothing);
	return check_done();
}
