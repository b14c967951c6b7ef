/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_TOOLS_SEEDTOOL_H
#define EARLYSEED_TOOLS_SEEDTOOL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/*
 * `earlyseed seed install|refresh`: the OS side of the seed file (README
 * "The seed file"), after systemd's `bootctl random-seed`: the file is
 * replaced atomically (temporary file, fsync, rename, fsync of the
 * directory), mode 0600; the token goes through efivarfs once, never again.
 */
#define SEEDTOOL_FILE "EFI/earlyseed/random-seed"
#define SEEDTOOL_EFIVARS "/sys/firmware/efi/efivars"
/* EarlyseedToken under earlyseed's vendor GUID (efi/guid.h ES_AUDIT_VARIABLE_GUID). */
#define SEEDTOOL_TOKEN_VAR "EarlyseedToken-b1625ddc-bdd0-4e80-af05-adf6a6bdcd97"
/* What the OS side writes: a seed's worth, as bootctl does. */
#define SEEDTOOL_LEN 32u

enum seedtool_step { SEEDTOOL_BEFORE_RENAME };
/* A test's hook: called at each step; non-zero makes it fail there. */
typedef int (*seedtool_fault_fn)(enum seedtool_step step);

struct seedtool_opts {
	const char *esp;     /* the ESP's mount point */
	const char *efivars; /* efivarfs; NULL: SEEDTOOL_EFIVARS */
	bool image;          /* an image build: no seed file, no token */
	bool refresh;        /* mix the old file in (refresh), or start anew (install) */
	seedtool_fault_fn fault;
	/* The randomness: getrandom(2) blocking until the kernel's pool is
	 * ready; tests may swap it. Returns 0 or -1 with errno. */
	int (*random)(uint8_t *p, size_t n);
};

/* getrandom(2), flags 0: the default for seedtool_opts.random. */
int seedtool_getrandom(uint8_t *p, size_t n);
/* Replace dir/name with n bytes, atomically; 0, or -1 after a message on
 * err (the old file, if any, is then as it was). */
int seedtool_replace(const char *dir, const char *name, const uint8_t *data, size_t n, seedtool_fault_fn fault,
		     FILE *err);
/* refresh's new contents from the old file's first n bytes and 32 fresh ones. */
void seedtool_mix(const uint8_t *old, size_t n, const uint8_t fresh[SEEDTOOL_LEN], uint8_t out[SEEDTOOL_LEN]);
/* `seed install` / `seed refresh` / `seed install --image` on the seed file
 * the ESP's config names (DIR/EFI/earlyseed/earlyseed.conf `seed_file`, by
 * default EFI/earlyseed/random-seed): 0 or 1. */
int seedtool_run(const struct seedtool_opts *o, FILE *out, FILE *err);

#endif
