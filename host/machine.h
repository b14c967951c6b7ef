/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_HOST_MACHINE_H
#define EARLYSEED_HOST_MACHINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * The machine the host tool runs on, as every command sees it: where its
 * ESP and efivarfs are, and the files the tool reads of it. main() fills
 * one from the shared options (--esp, --efivars, --app, --cmdline,
 * --kernel-cmdline, --kmsg) and the environment (machine_fill), and hands
 * it to the command; the helpers take it, never a command's options. A
 * NULL path is the system's own, named beside it.
 */
struct machine {
	const char *esp;          /* the ESP's mount point; NULL: found as bootctl finds it (esp_pick) */
	const char *efivars;      /* efivarfs; NULL: EFIVARS_DIR */
	const char *app;          /* the app's image on the ESP ('\' or '/'); NULL: EarlyseedImage, else SEEDTOOL_APP */
	const char *pkg;          /* the package's images; NULL: MACHINE_PKG */
	const char *cmdline_file; /* the running kernel's command line; NULL: /proc/cmdline */
	const char *cpuinfo_file; /* the CPU's feature list; NULL: /proc/cpuinfo */
	const char *dmi_file;     /* the SMBIOS structure table; NULL: $EARLYSEED_DMI, else KERNEL_DMI */
	const char *systemd_dir;  /* where an enabled unit's link is; NULL: $EARLYSEED_SYSTEMD_DIR, else TOKEN_SYSTEMD_DIR */
	const char *kmsg;         /* the kernel's log; NULL: /dev/kmsg (tests: a file of `dmesg` lines) */
	bool any_fs;              /* EARLYSEED_ANY_FS=1, tests only: a directory that is not FAT stands in for the ESP */
	/* The randomness: getrandom(2) blocking until the kernel's pool is
	 * ready (machine_getrandom); tests may swap it. 0, or -1 with errno. */
	int (*random)(uint8_t *p, size_t n);
};

/* Where the package puts its images (debian/, make install). */
#define MACHINE_PKG "/usr/lib/earlyseed"

/* The names earlyseed's app uses on the machine. */
#define SEEDTOOL_FILE "EFI/earlyseed/random-seed"
/* EarlyseedToken, EarlyseedAudit and EarlyseedImage under earlyseed's vendor
 * GUID (efi/guid.h ES_AUDIT_VARIABLE_GUID). */
#define SEEDTOOL_GUID "b1625ddc-bdd0-4e80-af05-adf6a6bdcd97"
#define SEEDTOOL_TOKEN_VAR "EarlyseedToken-" SEEDTOOL_GUID
#define SEEDTOOL_AUDIT_VAR "EarlyseedAudit-" SEEDTOOL_GUID
#define SEEDTOOL_IMAGE_VAR "EarlyseedImage-" SEEDTOOL_GUID
/* Where `make install` puts the app, when no EarlyseedImage says otherwise. */
#define SEEDTOOL_APP "\\EFI\\earlyseed\\earlyseed.efi"

/* What the options did not say: any_fs from the environment, random,
 * and the package's folder (MACHINE_PKG). */
void machine_fill(struct machine *m);
/* getrandom(2), flags 0: the default of machine.random. */
int machine_getrandom(uint8_t *p, size_t n);

#endif
