/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_TOOLS_SEEDTOOL_H
#define EARLYSEED_TOOLS_SEEDTOOL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include "efivars.h"
#include "../core/earlyseed.h"

/*
 * `earlyseed seed install|refresh`: the OS side of the seed file (docs/seed-file.md
 * "The seed file"), after systemd's `bootctl random-seed`: the file is
 * replaced atomically (temporary file, fsync, rename, fsync of the
 * directory), mode 0600; the token goes through efivarfs once, never again.
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

enum seedtool_step { SEEDTOOL_BEFORE_RENAME };
/* A test's hook: called at each step; non-zero makes it fail there. */
typedef int (*seedtool_fault_fn)(enum seedtool_step step);

struct seedtool_opts {
	const char *esp;     /* the ESP's mount point; NULL: found (seedtool_find_esp) */
	const char *efivars; /* efivarfs; NULL: EFIVARS_DIR */
	bool image;          /* an image build: no seed file, no token */
	bool refresh;        /* mix the old file in (refresh), or start anew (install) */
	seedtool_fault_fn fault;
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
	 * SEEDTOOL_DMI. */
	const char *dmi_file;
	/* Where an enabled unit's link is looked for; NULL:
	 * $EARLYSEED_SYSTEMD_DIR, else SEEDTOOL_SYSTEMD_DIR. */
	const char *systemd_dir;
};

/* systemctl enable (and the package's deb-systemd-helper) link the unit
 * into <target>.wants/ here. */
#define SEEDTOOL_SYSTEMD_DIR "/etc/systemd/system"
#define SEEDTOOL_UNIT "earlyseed-seed.service"
/* Is earlyseed-seed.service enabled (a link to it in some *.wants/)? It
 * hides an OS-made token again at every boot (efivarfs shows every
 * variable 0644 at mount): without it the OS makes no token. */
bool seedtool_unit_enabled(const struct seedtool_opts *o);

/* The SMBIOS structures as Linux exports them (drivers/firmware/dmi-sysfs.c,
 * dmi_scan.c: /sys/firmware/dmi/tables/DMI, root only), the same bytes the
 * app reads from the firmware's SMBIOS table. */
#define SEEDTOOL_DMI "/sys/firmware/dmi/tables/DMI"
/* This machine's SMBIOS system UUID (type 1, raw bytes as the app reads
 * them; core/smbios.c): true and uuid, or false (none, all zeros or all
 * 0xFF, unreadable). */
bool seedtool_uuid(const struct seedtool_opts *o, uint8_t uuid[ES_UUID_LEN]);
/* Is name in dirfd a file that earlyseed may not rewrite, replace or delete
 * (es_seedfile_ours: not empty, not zeros, no ESSEED magic)? Then true,
 * after a warning on err naming shown. False when it is ours or absent. */
bool seedtool_foreign_file(int dirfd, const char *name, const char *shown, FILE *err);

/* The seed file as `earlyseed status` sees it, found as `seed` finds it. */
struct seedtool_peek {
	char path[4096];   /* under the ESP, '/' separators; "" when turned off */
	bool off;          /* seed_file = none, or it names a file the boot needs */
	bool exists;       /* a regular file */
	size_t size;       /* its bytes (at most ES_SEED_FILE_MAX read) */
	bool header;       /* in earlyseed's format */
	uint32_t other_bits, cpu_bits, flags;
	bool token_visible;        /* EarlyseedToken in efivarfs (the OS made it) */
	bool token_known;          /* ... and it decodes: what it rests on is below */
	uint32_t token_other_bits, token_cpu_bits;
	bool secure_boot;          /* SecureBoot is 1 */
};
/* Fill *p; 0, or -1 when the ESP cannot be opened. Reads only. */
int seedtool_peek(const struct seedtool_opts *o, struct seedtool_peek *p, FILE *err);

/* The directory of the last component of rel (an absolute path on the ESP,
 * '\\' or '/'), opened from espfd one component at a time without following
 * links (with create, missing ones made 0700); *leaf points into rel.
 * A descriptor, or -1 after a message on err (none when err is NULL). */
int seedtool_open_dir(int espfd, const char *rel, bool create, const char **leaf, FILE *err);

/* This boot's audit record (EarlyseedAudit) through efivarfs (NULL: the
 * system's): true and *a, or false. */
struct es_audit_record;
bool seedtool_audit(const char *efivars, struct es_audit_record *a);
/* ... of the variable name (EarlyseedDriverAudit-<guid>: the driver's). */
bool seedtool_audit_var(const char *efivars, const char *name, struct es_audit_record *a);
/* The running kernel's trust from its command line (path NULL:
 * /proc/cmdline): *t as earlyseed counts by (es_trust_parse), *most (may be
 * NULL) the most any kernel may trust (es_trust_parse_most). */
struct es_trust;
void seedtool_kernel_trust(const char *path, struct es_trust *t, struct es_trust *most);

/* What the running kernel's pool may rest on, from evidence: none of it
 * the CPU's when no kernel could trust the CPU under its command line, or
 * when the CPU has no RNG instruction (x86 rdrand/rdseed, arm64 rng in
 * cpuinfo); else all of it may be (paths NULL: /proc/cmdline, /proc/cpuinfo). */
struct es_provenance;
void seedtool_kernel_pool(const char *cmdline_file, const char *cpuinfo_file, struct es_provenance *from);
/* Does the CPU described by cpuinfo (path NULL: /proc/cpuinfo) have an RNG
 * the kernel's random.trust_cpu governs? x86 rdrand/rdseed; arm64 rng, or
 * the firmware's SMCCC TRNG (SEEDTOOL_SMCCC_TRNG; with a cpuinfo path,
 * "smccc_trng" beside it). true also when it cannot be read (then it may). */
#define SEEDTOOL_SMCCC_TRNG "/sys/bus/platform/devices/smccc_trng"
bool seedtool_cpu_rng(const char *cpuinfo_file);
/* Make an OS-made EarlyseedToken readable by root alone again (efivarfs
 * shows it 0644 at every boot); says what it did on out/err. */
void seedtool_token_hide(const char *efivars, FILE *out, FILE *err);
/* Where the ESP is mounted, found as bootctl finds it: the first of
 * prefix/efi, prefix/boot, prefix/boot/efi that is a mount point of a FAT
 * file system whose partition (udev's database under prefix/run/udev/data)
 * is an EFI System Partition. 0 and its path in out, or -1 (why on err, if
 * not NULL). */
int seedtool_find_esp(const char *prefix, char *out, size_t cap, FILE *err);
/* The udev database entry of a block device (path): 1 when it names the
 * EFI System Partition's type (GPT c12a7328-f81f-11d2-ba4b-00a0c93ec93b,
 * or MBR 0xef), 0 when another type, -1 when it says none or is missing. */
int seedtool_udev_esp(const char *path);
/* Tests: take the path a kernel without openat2() takes (O_NOFOLLOW and
 * the same device per component). */
extern bool seedtool_no_openat2;
/* EFI_GLOBAL_VARIABLE (UEFI 2.10 section 3.3): SecureBoot, Boot####, BootOrder. */
#define SEEDTOOL_GLOBAL_GUID "8be4df61-93ca-11d2-aa0d-00e098032b8c"
/* The FAT magic of statfs(2) (linux/magic.h MSDOS_SUPER_MAGIC). */
#define SEEDTOOL_FAT_MAGIC 0x4d44
/* Is fd on a FAT file system (what the firmware reads the ESP through)? */
bool seedtool_on_fat(int fd);
/* getrandom(2), flags 0: the default for seedtool_opts.random. */
int seedtool_getrandom(uint8_t *p, size_t n);
/* Replace name in the directory dirfd with n bytes, atomically (temporary
 * file, fsync, rename, fsync of the directory); 0, or -1 after a message on
 * err (the old file, if any, is then as it was). */
int seedtool_replace(int dirfd, const char *name, const uint8_t *data, size_t n, seedtool_fault_fn fault,
		     FILE *err);
/* refresh's new contents from the old file's first n bytes and 32 fresh ones. */
void seedtool_mix(const uint8_t *old, size_t n, const uint8_t fresh[SEEDTOOL_LEN], uint8_t out[SEEDTOOL_LEN]);
/* `seed install` / `seed refresh` / `seed install --image` on the seed file
 * the app's config names (read where the app reads it; by default
 * EFI/earlyseed/random-seed), opened below the ESP without following links:
 * 0 or 1. */
int seedtool_run(const struct seedtool_opts *o, FILE *out, FILE *err);

#endif
