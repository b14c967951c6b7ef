/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_HOST_SEEDOPTS_H
#define EARLYSEED_HOST_SEEDOPTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "beneath.h"
#include "efivars.h"

/*
 * Where the host tool finds this machine's things (the ESP, efivarfs, the
 * kernel's command line, ...), as `seed`, `status`, `install` and
 * `uninstall` are told them, and the names earlyseed's app uses there.
 */
#define SEEDTOOL_FILE "EFI/earlyseed/random-seed"
/* EarlyseedToken, EarlyseedAudit and EarlyseedImage under earlyseed's vendor
 * GUID (efi/guid.h ES_AUDIT_VARIABLE_GUID). */
#define SEEDTOOL_GUID "b1625ddc-bdd0-4e80-af05-adf6a6bdcd97"
#define SEEDTOOL_TOKEN_VAR "EarlyseedToken-" SEEDTOOL_GUID
#define SEEDTOOL_AUDIT_VAR "EarlyseedAudit-" SEEDTOOL_GUID
#define SEEDTOOL_IMAGE_VAR "EarlyseedImage-" SEEDTOOL_GUID
/* Where `make install` puts the app, when no EarlyseedImage says otherwise. */
#define SEEDTOOL_APP "\\EFI\\earlyseed\\earlyseed.efi"
/* What the OS side writes after the header: a seed's worth, as bootctl does. */
#define SEEDTOOL_LEN 32u

struct seedtool_opts {
	const char *esp;     /* the ESP's mount point; NULL: found (esp_find) */
	const char *efivars; /* efivarfs; NULL: EFIVARS_DIR */
	bool image;          /* an image build: no seed file, no token */
	bool refresh;        /* mix the old file in (refresh), or start anew (install) */
	beneath_fault_fn fault;
	/* The randomness: getrandom(2) blocking until the kernel's pool is
	 * ready; tests may swap it. Returns 0 or -1 with errno. */
	int (*random)(uint8_t *p, size_t n);
	/* The app's image on the ESP ('\' or '/'): its config is read first,
	 * as the app reads it. NULL: the EarlyseedImage variable the app left,
	 * else SEEDTOOL_APP. */
	const char *app;
	/* The running kernel's command line; NULL: /proc/cmdline. */
	const char *cmdline_file;
	/* The CPU's feature list; NULL: /proc/cpuinfo. */
	const char *cpuinfo_file;
	/* Tests: a scratch directory stands in for the ESP (no FAT check). */
	bool any_fs;
	/* The firmware's SMBIOS structure table; NULL: $EARLYSEED_DMI, else
	 * KERNEL_DMI. */
	const char *dmi_file;
	/* Where an enabled unit's link is looked for; NULL:
	 * $EARLYSEED_SYSTEMD_DIR, else TOKEN_SYSTEMD_DIR. */
	const char *systemd_dir;
};

#endif
