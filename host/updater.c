/* SPDX-License-Identifier: MIT */
/* `earlyseed update` (host/updater.h). */
#define _GNU_SOURCE
#include "updater.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../core/earlyseed.h"
#include "beneath.h"
#include "esp.h"
#include "installer.h"
#include "petool.h"
#include "sealtool.h"

#define IMAGE_MAX (16u << 20)

/* What update looks after: the app where `install` puts it, the driver
 * where `install --sd-boot` puts it (one name an architecture). */
struct target {
	const char *rel;
	const char *pkg; /* its file in the package's folder */
	bool driver;
};
static const struct target targets[] = {
	{ "\\EFI\\earlyseed\\earlyseed.efi", "earlyseed.efi", false },
	{ "\\EFI\\systemd\\drivers\\earlyseedx64.efi", "earlyseed-driver.efi", true },
	{ "\\EFI\\systemd\\drivers\\earlyseedaa64.efi", "earlyseed-driver.efi", true },
	{ "\\EFI\\systemd\\drivers\\earlyseedriscv64.efi", "earlyseed-driver.efi", true },
};

/* rel on the ESP, read whole: a buffer (*n bytes), or NULL with *absent
 * when it is not there, or NULL after a message. */
static uint8_t *esp_read(int espfd, const char *rel, size_t *n, bool *absent, FILE *err)
{
	const char *leaf;
	int dirfd = beneath_open_dir(espfd, rel, false, &leaf, NULL), fd;
	uint8_t *buf;
	ssize_t got;

	*absent = false;
	*n = 0;
	if (dirfd < 0) {
		*absent = true;
		return NULL;
	}
	fd = beneath_open_file(dirfd, leaf, rel, err);
	close(dirfd);
	if (fd == -1)
		*absent = true;
	if (fd < 0)
		return NULL;
	buf = malloc(IMAGE_MAX);
	got = 0;
	while (buf != NULL && (size_t)got < IMAGE_MAX) {
		ssize_t r = read(fd, buf + got, IMAGE_MAX - (size_t)got);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0) {
			got = r < 0 ? -1 : got;
			break;
		}
		got += r;
	}
	close(fd);
	if (buf == NULL || got < 0 || (size_t)got == IMAGE_MAX) {
		fprintf(err, "earlyseed: cannot read %s whole (at most %u bytes)\n", rel, IMAGE_MAX);
		free(buf);
		return NULL;
	}
	*n = (size_t)got;
	return buf;
}

/* The package's image for t: NAME.signed when there (what a distribution
 * signs for Secure Boot, as systemd-boot's .efi.signed), else NAME. */
static uint8_t *pkg_read(const char *from, const struct target *t, char *path, size_t cap, size_t *n, FILE *err)
{
	snprintf(path, cap, "%s/%s.signed", from, t->pkg);
	if (access(path, F_OK) != 0)
		snprintf(path, cap, "%s/%s", from, t->pkg);
	return installer_slurp(path, n, err);
}

/* The image's version, machine, subsystem and whether it is signed
 * (Authenticode: a certificate table). */
static int version_of(const uint8_t *img, size_t n, char *v, size_t cap, uint16_t *machine, uint16_t *subsystem,
		      bool *is_signed)
{
	struct pe_info info;
	const char *why;

	if (petool_inspect(img, n, &info, &why) != 0)
		return -1;
	*machine = info.machine;
	*subsystem = info.subsystem;
	*is_signed = info.is_signed;
	return petool_version(img, n, v, cap);
}

enum outcome { NOT_THERE, CURRENT, UPDATED, FAILED };

static enum outcome update_one(int espfd, const char *from, const struct target *t, FILE *out, FILE *err)
{
	char ev[32], pv[32], path[4200];
	uint16_t em, es, pm, ps;
	size_t en, pn;
	bool absent, esigned = false, psigned = false;
	int got;
	uint8_t *eimg = esp_read(espfd, t->rel, &en, &absent, err), *pimg = NULL;
	uint32_t sealed = 0;
	const char *why, *leaf;
	enum outcome r = FAILED;
	int dirfd;

	if (eimg == NULL)
		return absent ? NOT_THERE : FAILED;
	if (version_of(eimg, en, ev, sizeof(ev), &em, &es, &esigned) != 0) {
		/* earlyseed's own images have carried their version in .sbat
		 * since 1.1; the 1.0 line says "1" there */
		fprintf(out, "%s: no earlyseed version in its .sbat: not earlyseed's image, left alone\n", t->rel);
		r = CURRENT;
		goto done;
	}
	pimg = pkg_read(from, t, path, sizeof(path), &pn, err);
	if (pimg == NULL)
		goto done;
	if (version_of(pimg, pn, pv, sizeof(pv), &pm, &ps, &psigned) != 0) {
		fprintf(err, "earlyseed: %s carries no earlyseed version in its .sbat: not updating %s from it\n", path,
			t->rel);
		goto done;
	}
	if (pm != em || ps != es) {
		fprintf(err, "earlyseed: %s is not the same kind of image as %s (machine 0x%04x, subsystem %u; the "
			     "ESP's: 0x%04x, %u): left alone\n", path, t->rel, pm, ps, em, es);
		goto done;
	}
	if (es_version_cmp(pv, ev) <= 0) {
		fprintf(out, "%s: version %s, %s the package's (%s): left alone\n", t->rel, ev,
			es_version_cmp(pv, ev) == 0 ? "the same as" : "newer than", pv);
		r = CURRENT;
		goto done;
	}
	/* An image the owner signed for Secure Boot (their own db key) is
	 * never replaced by an unsigned one: the firmware would refuse it at
	 * the next boot. */
	if (esigned && !psigned) {
		fprintf(err, "earlyseed: %s is signed and %s is not: the firmware would refuse it under Secure Boot; "
			     "sign the new image (or put a .efi.signed beside it) and run update again; left at %s\n",
			t->rel, path, ev);
		goto done;
	}
	/* The owner's sealed choices (earlyseed seal) are kept: sealed into
	 * the new image where it can be, never dropped in silence (an app
	 * whose settings cannot be read is not updated either). */
	got = sealtool_get(eimg, en, &sealed, &why);
	if (got != 0 && !t->driver && strncmp(why, "no sealed settings", 18) != 0) {
		fprintf(err, "earlyseed: %s: its sealed settings cannot be read (%s): left at %s\n", t->rel, why, ev);
		goto done;
	}
	if (got == 0 && sealed != 0 && sealtool_set(pimg, pn, sealed, &why) != 0) {
		fprintf(err, "earlyseed: %s carries settings sealed into it (earlyseed seal), which %s cannot take (%s): "
			     "seal the new image (and sign it after) and install it yourself; left at %s\n", t->rel, path,
			why, ev);
		goto done;
	}
	dirfd = beneath_open_dir(espfd, t->rel, false, &leaf, err);
	if (dirfd < 0)
		goto done;
	if (beneath_replace(dirfd, leaf, pimg, pn, NULL, err) == 0) {
		fprintf(out, "%s: updated from %s to %s (%s%s)\n", t->rel, ev, pv, path,
			sealed != 0 ? ", its sealed settings kept" : "");
		r = UPDATED;
	}
	close(dirfd);
done:
	free(eimg);
	free(pimg);
	return r;
}

int updater_run(const struct updater_opts *o, FILE *out, FILE *err)
{
	char found[4096];
	const char *esp = o->esp, *from = o->from != NULL ? o->from : UPDATER_FROM_DEFAULT;
	int espfd, failed = 0, there = 0;

	if (esp == NULL) {
		if (esp_find(NULL, found, sizeof(found), o->graceful ? NULL : err) != 0) {
			if (o->graceful) {
				fprintf(out, "no ESP found: nothing to update\n");
				return 0;
			}
			return 1;
		}
		esp = found;
	}
	espfd = open(esp, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (espfd < 0) {
		if (o->graceful && errno == ENOENT) {
			fprintf(out, "no ESP at %s: nothing to update\n", esp);
			return 0;
		}
		fprintf(err, "earlyseed: no ESP directory at %s: %s\n", esp, strerror(errno));
		return 1;
	}
	if (!installer_any_fs() && !esp_on_fat(espfd)) {
		fprintf(err, "earlyseed: %s is not a FAT file system: is the ESP mounted there?\n", esp);
		close(espfd);
		return 1;
	}
	for (size_t i = 0; i < sizeof(targets) / sizeof(targets[0]); i++) {
		enum outcome r = update_one(espfd, from, &targets[i], out, err);

		there += r != NOT_THERE;
		failed += r == FAILED;
	}
	close(espfd);
	if (there == 0) {
		fprintf(o->graceful ? out : err, "%searlyseed is not installed on %s (no %s, no driver in "
						 "\\EFI\\systemd\\drivers\\): nothing to update\n",
			o->graceful ? "" : "earlyseed: ", esp, targets[0].rel);
		return o->graceful ? 0 : 1;
	}
	return failed != 0;
}

void updater_look(int espfd, const char *from, struct updater_view view[2])
{
	/* what it cannot read it says nothing of here: status says it */
	FILE *null = fopen("/dev/null", "w");

	memset(view, 0, 2 * sizeof(view[0]));
	if (null == NULL)
		return;
	for (size_t i = 0; i < sizeof(targets) / sizeof(targets[0]); i++) {
		struct updater_view *v = &view[targets[i].driver ? 1 : 0];
		char path[4200];
		uint16_t m, s;
		size_t n;
		bool absent, sg;
		uint8_t *img;

		if (v->installed)
			continue;
		img = esp_read(espfd, targets[i].rel, &n, &absent, null);
		if (img == NULL)
			continue;
		v->installed = true;
		snprintf(v->rel, sizeof(v->rel), "%s", targets[i].rel);
		(void)version_of(img, n, v->esp_version, sizeof(v->esp_version), &m, &s, &sg);
		free(img);
		img = pkg_read(from != NULL ? from : UPDATER_FROM_DEFAULT, &targets[i], path, sizeof(path), &n, null);
		if (img != NULL)
			(void)version_of(img, n, v->pkg_version, sizeof(v->pkg_version), &m, &s, &sg);
		free(img);
	}
	fclose(null);
}
