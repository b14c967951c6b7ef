/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "sdboot.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "petool.h"
#include "seedtool.h"
#include "beneath.h"
#include "esp.h"
#include "trustvar.h"

/* PE/COFF "Windows Subsystem": IMAGE_SUBSYSTEM_EFI_BOOT_SERVICE_DRIVER. */
#define PE_SUBSYSTEM_BOOT_SERVICE_DRIVER 11u

const char *sdboot_suffix(uint16_t machine)
{
	return machine == PE_MACHINE_X64       ? "x64"
	       : machine == PE_MACHINE_AARCH64 ? "aa64"
	       : machine == PE_MACHINE_RISCV64 ? "riscv64"
					       : NULL;
}

/* Is rel on the ESP a PE image for machine? */
static bool image_on_esp(int espfd, const char *rel, uint16_t machine)
{
	return installer_pe_machine_on_esp(espfd, rel, NULL) == (int)machine;
}

int sdboot_install(const struct installer_opts *o, FILE *out, FILE *err)
{
	const char *from = o->from != NULL ? o->from : SDBOOT_DRIVER_DEFAULT, *suffix, *leaf, *why;
	char rel[128], loader[128], boot[64];
	struct pe_info info;
	uint8_t *img;
	size_t n;
	int espfd = -1, dirfd, rc = 1;

	if (o->next != NULL || o->cmdline != NULL) {
		fprintf(err, "earlyseed: install --sd-boot takes no --next or --cmdline: systemd-boot chooses what "
			     "boots; nothing installed\n");
		return 1;
	}
	img = installer_slurp(from, &n, err);
	if (img == NULL)
		return 1;
	if (petool_inspect(img, n, &info, &why) != 0 || info.subsystem != PE_SUBSYSTEM_BOOT_SERVICE_DRIVER ||
	    (suffix = sdboot_suffix(info.machine)) == NULL) {
		fprintf(err, "earlyseed: %s is not earlyseed's firmware driver (an EFI boot-service driver for x64 "
			     "or aa64); nothing installed\n", from);
		goto out;
	}
	espfd = open(o->esp, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (espfd < 0) {
		fprintf(err, "earlyseed: no ESP directory at %s: %s\n", o->esp, strerror(errno));
		goto out;
	}
	if (!installer_any_fs() && !esp_on_fat(espfd)) {
		fprintf(err, "earlyseed: %s is not a FAT file system: is the ESP mounted there?\n", o->esp);
		goto out;
	}
	/* The drivers folder is systemd-boot's: without it nothing loads the
	 * driver from there (GRUB and shim do not). */
	snprintf(loader, sizeof(loader), SDBOOT_LOADER "%s.efi", suffix);
	snprintf(boot, sizeof(boot), "\\EFI\\BOOT\\BOOT%s.EFI", strcmp(suffix, "x64") == 0 ? "X64" : "AA64");
	if (!image_on_esp(espfd, loader, info.machine)) {
		fprintf(err, "earlyseed: no systemd-boot on %s (%s): only systemd-boot loads drivers from %s; for "
			     "GRUB or shim run `earlyseed install` without --sd-boot. Nothing installed\n", o->esp,
			loader, SDBOOT_DRIVERS);
		goto out;
	}
	/* What the kernel trusts first: a driver must never run before the
	 * variable that takes the CPU's trust away where the kernel does. */
	if (trustvar_sync(o->efivars, o->cmdline_file, true, out, err) != 0) {
		fprintf(err, "earlyseed: nothing installed\n");
		goto out;
	}
	snprintf(rel, sizeof(rel), SDBOOT_DRIVERS "earlyseed%s.efi", suffix);
	dirfd = beneath_open_dir(espfd, rel, true, &leaf, err);
	if (dirfd < 0)
		goto out;
	rc = beneath_replace(dirfd, leaf, img, n, NULL, err) != 0;
	close(dirfd);
	if (rc != 0)
		goto out;
	fprintf(out, "installed %s/EFI/systemd/drivers/earlyseed%s.efi (from %s)\n", o->esp, suffix, from);
	fprintf(out, "systemd-boot loads it before its menu at the next boot; no boot entry was changed\n");
	if (!image_on_esp(espfd, boot, info.machine))
		fprintf(out, "note: %s is not there: the firmware must start systemd-boot through its own boot "
			     "entry (bootctl install makes both)\n", boot);
out:
	if (espfd >= 0)
		close(espfd);
	free(img);
	return rc;
}

int sdboot_remove(int espfd, const char *esp, bool *removed, FILE *out, FILE *err)
{
	static const char *const suffixes[] = { "x64", "aa64", "riscv64" };
	int rc = 0;

	*removed = false;
	for (size_t i = 0; i < sizeof(suffixes) / sizeof(suffixes[0]); i++) {
		char rel[128];
		const char *leaf;
		int dirfd;
		struct stat st;

		snprintf(rel, sizeof(rel), SDBOOT_DRIVERS "earlyseed%s.efi", suffixes[i]);
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
