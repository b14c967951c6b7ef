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
#include "espimage.h"
#include "machine.h"
#include "petool.h"
#include "sealtool.h"




enum outcome { NOT_THERE, CURRENT, UPDATED, FAILED };

static enum outcome update_one(int espfd, const char *from, const struct espimage_target *t, FILE *out, FILE *err)
{
	char ev[32], pv[32], path[4200];
	uint16_t em, es, pm, ps;
	size_t en, pn;
	bool absent, esigned = false, psigned = false;
	int got;
	uint8_t *eimg = espimage_read(espfd, t->rel, &en, &absent, err), *pimg = NULL;
	uint32_t sealed = 0;
	const char *why, *leaf;
	enum outcome r = FAILED;
	int dirfd;

	if (eimg == NULL)
		return absent ? NOT_THERE : FAILED;
	if (espimage_version(eimg, en, ev, sizeof(ev), &em, &es, &esigned) != 0) {
		/* earlyseed's own images have carried their version in .sbat
		 * since 1.1; the 1.0 line says "1" there */
		fprintf(out, "%s: no earlyseed version in its .sbat: not earlyseed's image, left alone\n", t->rel);
		r = CURRENT;
		goto done;
	}
	pimg = espimage_pkg_read(from, t, path, sizeof(path), &pn, err);
	if (pimg == NULL)
		goto done;
	if (espimage_version(pimg, pn, pv, sizeof(pv), &pm, &ps, &psigned) != 0) {
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

int updater_run(const struct machine *m, const struct updater_opts *o, FILE *out, FILE *err)
{
	char found[4096];
	const char *esp = m->esp, *from = m->pkg != NULL ? m->pkg : MACHINE_PKG;
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
	if (!m->any_fs && !esp_on_fat(espfd)) {
		fprintf(err, "earlyseed: %s is not a FAT file system: is the ESP mounted there?\n", esp);
		close(espfd);
		return 1;
	}
	for (size_t i = 0; i < espimage_ntargets; i++) {
		enum outcome r = update_one(espfd, from, &espimage_targets[i], out, err);

		there += r != NOT_THERE;
		failed += r == FAILED;
	}
	close(espfd);
	if (there == 0) {
		fprintf(o->graceful ? out : err, "%searlyseed is not installed on %s (no %s, no driver in "
						 "\\EFI\\systemd\\drivers\\): nothing to update\n",
			o->graceful ? "" : "earlyseed: ", esp, espimage_targets[0].rel);
		return o->graceful ? 0 : 1;
	}
	return failed != 0;
}

