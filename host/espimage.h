/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_HOST_ESPIMAGE_H
#define EARLYSEED_HOST_ESPIMAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/*
 * earlyseed's images on the ESP and in the package: where `install` and
 * `install --sd-boot` put them, how they are read, and which version each
 * carries (its .sbat line). `install`, `update`, `uninstall` and `status`
 * all look at them through here.
 */
#define ESPIMAGE_APP "\\EFI\\earlyseed\\earlyseed.efi"
/* systemd-boot's drivers folder (src/boot/efi/drivers.c load_drivers()) */
#define ESPIMAGE_DRIVERS "\\EFI\\systemd\\drivers\\"
/* The driver `install --sd-boot` installs unless --from says (the package's). */
#define ESPIMAGE_PKG_DRIVER "/usr/lib/earlyseed/earlyseed-driver.efi"
/* An image read whole is at most this (the app is under 100 KiB). */
#define ESPIMAGE_MAX (16u << 20)

/* One place update looks after, and its file in the package's folder. */
struct espimage_target {
	const char *rel;
	const char *pkg;
	bool driver;
};
extern const struct espimage_target espimage_targets[];
extern const size_t espimage_ntargets;

/* The UEFI file-name suffix of a PE machine (UEFI 2.10 section 3.5.1.1:
 * x64, aa64, riscv64), or NULL for another. */
const char *espimage_suffix(uint16_t machine);
/* The PE image at path (a file of the package, or one named on the command
 * line), read whole into a malloc'd buffer (*n bytes); NULL after a message
 * on err. */
uint8_t *espimage_slurp(const char *path, size_t *n, FILE *err);
/* rel on the ESP open at espfd, read whole below it (host/beneath.h): a
 * buffer (*n bytes), or NULL with *absent when it is not there, or NULL
 * after a message. */
uint8_t *espimage_read(int espfd, const char *rel, size_t *n, bool *absent, FILE *err);
/* The package's image for t in the folder from: NAME.signed when there
 * (what a distribution signs for Secure Boot, as systemd-boot's
 * .efi.signed), else NAME; its path in path. */
uint8_t *espimage_pkg_read(const char *from, const struct espimage_target *t, char *path, size_t cap, size_t *n,
			   FILE *err);
/* A PE32+ image's Machine (petool_inspect); 0 when it is not one. */
uint16_t espimage_machine(const uint8_t *img, size_t n);
/* The PE machine of the image at rel on the ESP open at espfd (0 when it
 * is no PE image), or -1 when it cannot be opened or read (why on err, when
 * not NULL). */
int espimage_machine_at(int espfd, const char *rel, FILE *err);
/* The image's version (its .sbat line), machine, subsystem and whether it
 * is signed (Authenticode: a certificate table): 0, or -1 when it carries
 * no earlyseed version. */
int espimage_version(const uint8_t *img, size_t n, char *v, size_t cap, uint16_t *machine, uint16_t *subsystem,
		     bool *is_signed);

/* One installed image and the package's: their versions ("" unknown). */
struct espimage_view {
	bool installed;
	char rel[64];         /* where on the ESP */
	char esp_version[32]; /* the ESP's copy's */
	char pkg_version[32]; /* the package's */
};
/* The app and the driver as they stand: view[0] the app, view[1] the
 * driver; from, the package's folder (NULL: MACHINE_PKG). Says nothing of
 * what it cannot read. */
void espimage_look(int espfd, const char *from, struct espimage_view view[2]);
/* Remove the driver (any architecture's) from the ESP open at espfd
 * (mounted at esp): 0, or 1 after a message; *removed when one was. */
int espimage_remove_drivers(int espfd, const char *esp, bool *removed, FILE *out, FILE *err);

#endif
