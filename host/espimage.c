/* SPDX-License-Identifier: MIT */
/* earlyseed's images on the ESP and in the package (host/espimage.h). */
#define _GNU_SOURCE
#include "espimage.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "beneath.h"
#include "machine.h"
#include "petool.h"

/* What update looks after: the app where `install` puts it, the driver
 * where `install --sd-boot` puts it (one name an architecture). */
const struct espimage_target espimage_targets[] = {
	{ ESPIMAGE_APP, "earlyseed.efi", false },
	{ ESPIMAGE_DRIVERS "earlyseedx64.efi", "earlyseed-driver.efi", true },
	{ ESPIMAGE_DRIVERS "earlyseedaa64.efi", "earlyseed-driver.efi", true },
	{ ESPIMAGE_DRIVERS "earlyseedriscv64.efi", "earlyseed-driver.efi", true },
};
const size_t espimage_ntargets = sizeof(espimage_targets) / sizeof(espimage_targets[0]);

const char *espimage_suffix(uint16_t machine)
{
	return machine == PE_MACHINE_X64       ? "x64"
	       : machine == PE_MACHINE_AARCH64 ? "aa64"
	       : machine == PE_MACHINE_RISCV64 ? "riscv64"
					       : NULL;
}

uint8_t *espimage_slurp(const char *path, size_t *n, FILE *err)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf = malloc(ESPIMAGE_MAX);

	*n = 0;
	if (f == NULL || buf == NULL) {
		fprintf(err, "earlyseed: cannot read %s: %s\n", path, strerror(errno));
		if (f != NULL)
			fclose(f);
		free(buf);
		return NULL;
	}
	*n = fread(buf, 1, ESPIMAGE_MAX, f);
	if (ferror(f) || !feof(f) || fgetc(f) != EOF) {
		fprintf(err, "earlyseed: cannot read %s whole (at most %u bytes)\n", path, ESPIMAGE_MAX);
		fclose(f);
		free(buf);
		return NULL;
	}
	fclose(f);
	if (*n < 2 || buf[0] != 'M' || buf[1] != 'Z') {
		fprintf(err, "earlyseed: %s is not a PE image\n", path);
		free(buf);
		return NULL;
	}
	return buf;
}

uint8_t *espimage_read(int espfd, const char *rel, size_t *n, bool *absent, FILE *err)
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
	buf = malloc(ESPIMAGE_MAX);
	got = 0;
	while (buf != NULL && (size_t)got < ESPIMAGE_MAX) {
		ssize_t r = read(fd, buf + got, ESPIMAGE_MAX - (size_t)got);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0) {
			got = r < 0 ? -1 : got;
			break;
		}
		got += r;
	}
	close(fd);
	if (buf == NULL || got < 0 || (size_t)got == ESPIMAGE_MAX) {
		fprintf(err, "earlyseed: cannot read %s whole (at most %u bytes)\n", rel, ESPIMAGE_MAX);
		free(buf);
		return NULL;
	}
	*n = (size_t)got;
	return buf;
}

uint8_t *espimage_pkg_read(const char *from, const struct espimage_target *t, char *path, size_t cap, size_t *n, FILE *err)
{
	snprintf(path, cap, "%s/%s.signed", from, t->pkg);
	if (access(path, F_OK) != 0)
		snprintf(path, cap, "%s/%s", from, t->pkg);
	return espimage_slurp(path, n, err);
}

uint16_t espimage_machine(const uint8_t *img, size_t n)
{
	struct pe_info info;
	const char *why;

	return petool_inspect(img, n, &info, &why) == 0 ? info.machine : 0;
}

int espimage_machine_at(int espfd, const char *rel, FILE *err)
{
	const char *leaf;
	int dirfd = beneath_open_dir(espfd, rel, false, &leaf, err), fd = -1;
	uint8_t head[4096];
	ssize_t n = -1;

	if (dirfd >= 0) {
		fd = openat(dirfd, leaf, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
		close(dirfd);
	}
	if (fd >= 0) {
		n = read(fd, head, sizeof(head));
		close(fd);
	}
	return n < 0 ? -1 : espimage_machine(head, (size_t)n);
}

int espimage_version(const uint8_t *img, size_t n, char *v, size_t cap, uint16_t *machine, uint16_t *subsystem,
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

void espimage_look(int espfd, const char *from, struct espimage_view view[2])
{
	/* what it cannot read it says nothing of here: status says it */
	FILE *null = fopen("/dev/null", "w");

	memset(view, 0, 2 * sizeof(view[0]));
	if (from == NULL)
		from = MACHINE_PKG;
	if (null == NULL)
		return;
	for (size_t i = 0; i < espimage_ntargets; i++) {
		struct espimage_view *v = &view[espimage_targets[i].driver ? 1 : 0];
		char path[4200];
		uint16_t m, s;
		size_t n;
		bool absent, sg;
		uint8_t *img;

		if (v->installed)
			continue;
		img = espimage_read(espfd, espimage_targets[i].rel, &n, &absent, null);
		if (img == NULL)
			continue;
		v->installed = true;
		snprintf(v->rel, sizeof(v->rel), "%s", espimage_targets[i].rel);
		(void)espimage_version(img, n, v->esp_version, sizeof(v->esp_version), &m, &s, &sg);
		free(img);
		img = espimage_pkg_read(from, &espimage_targets[i], path, sizeof(path), &n, null);
		if (img != NULL)
			(void)espimage_version(img, n, v->pkg_version, sizeof(v->pkg_version), &m, &s, &sg);
		free(img);
	}
	fclose(null);
}

int espimage_remove_drivers(int espfd, const char *esp, bool *removed, FILE *out, FILE *err)
{
	static const char *const suffixes[] = { "x64", "aa64", "riscv64" };
	int rc = 0;

	*removed = false;
	for (size_t i = 0; i < sizeof(suffixes) / sizeof(suffixes[0]); i++) {
		char rel[128];
		const char *leaf;
		int dirfd;
		struct stat st;

		snprintf(rel, sizeof(rel), ESPIMAGE_DRIVERS "earlyseed%s.efi", suffixes[i]);
		dirfd = beneath_open_dir(espfd, rel, false, &leaf, NULL);
		if (dirfd < 0)
			continue;
		if (fstatat(dirfd, leaf, &st, AT_SYMLINK_NOFOLLOW) == 0) {
			if (!S_ISREG(st.st_mode) || unlinkat(dirfd, leaf, 0) != 0) {
				fprintf(err, "earlyseed: cannot remove %s/EFI/systemd/drivers/%s: %s\n", esp, leaf,
					S_ISREG(st.st_mode) ? strerror(errno) : "not a regular file");
				rc = 1;
			} else {
				fprintf(out, "removed %s/EFI/systemd/drivers/%s\n", esp, leaf);
				*removed = true;
			}
		}
		close(dirfd);
	}
	return rc;
}
