/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "sdboot.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "beneath.h"
#include "espimage.h"
#include "petool.h"
#include "esp.h"
#include "trustvar.h"

/* PE/COFF "Windows Subsystem": IMAGE_SUBSYSTEM_EFI_BOOT_SERVICE_DRIVER. */
#define PE_SUBSYSTEM_BOOT_SERVICE_DRIVER 11u


/* Is rel on the ESP a PE image for machine? */
static bool image_on_esp(int espfd, const char *rel, uint16_t machine)
{
	return espimage_machine_at(espfd, rel, NULL) == (int)machine;
}

int sdboot_install(const struct machine *m, const char *from, FILE *out, FILE *err)
{
	const char *suffix, *leaf, *why;
	char rel[128], loader[128], boot[64];
	struct pe_info info;
	uint8_t *img;
	size_t n;
	int espfd = -1, dirfd, rc = 1;

	if (from == NULL)
		from = ESPIMAGE_PKG_DRIVER;
	img = espimage_slurp(from, &n, err);
	if (img == NULL)
		return 1;
	if (petool_inspect(img, n, &info, &why) != 0 || info.subsystem != PE_SUBSYSTEM_BOOT_SERVICE_DRIVER ||
	    (suffix = espimage_suffix(info.machine)) == NULL) {
		fprintf(err, "earlyseed: %s is not earlyseed's firmware driver (an EFI boot-service driver for x64 "
			     "or aa64); nothing installed\n", from);
		goto out;
	}
	espfd = open(m->esp, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (espfd < 0) {
		fprintf(err, "earlyseed: no ESP directory at %s: %s\n", m->esp, strerror(errno));
		goto out;
	}
	if (!m->any_fs && !esp_on_fat(espfd)) {
		fprintf(err, "earlyseed: %s is not a FAT file system: is the ESP mounted there?\n", m->esp);
		goto out;
	}
	/* The drivers folder is systemd-boot's: without it nothing loads the
	 * driver from there (GRUB and shim do not). */
	snprintf(loader, sizeof(loader), SDBOOT_LOADER "%s.efi", suffix);
	snprintf(boot, sizeof(boot), "\\EFI\\BOOT\\BOOT%s.EFI", suffix);
	for (char *c = boot + 14; *c != '\0'; c++)
		*c = (char)toupper((unsigned char)*c);
	if (!image_on_esp(espfd, loader, info.machine)) {
		fprintf(err, "earlyseed: no systemd-boot on %s (%s): only systemd-boot loads drivers from %s; for "
			     "GRUB or shim run `earlyseed install` without --sd-boot. Nothing installed\n", m->esp,
			loader, ESPIMAGE_DRIVERS);
		goto out;
	}
	/* What the kernel trusts first: a driver must never run before the
	 * variable that takes the CPU's trust away where the kernel does. */
	if (trustvar_sync(m->efivars, m->cmdline_file, true, out, err) != 0) {
		fprintf(err, "earlyseed: nothing installed\n");
		goto out;
	}
	snprintf(rel, sizeof(rel), ESPIMAGE_DRIVERS "earlyseed%s.efi", suffix);
	dirfd = beneath_open_dir(espfd, rel, true, &leaf, err);
	if (dirfd < 0)
		goto out;
	rc = beneath_replace(dirfd, leaf, img, n, NULL, err) != 0;
	close(dirfd);
	if (rc != 0)
		goto out;
	fprintf(out, "installed %s/EFI/systemd/drivers/earlyseed%s.efi (from %s)\n", m->esp, suffix, from);
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

