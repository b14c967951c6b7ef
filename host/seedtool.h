/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_TOOLS_SEEDTOOL_H
#define EARLYSEED_TOOLS_SEEDTOOL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "beneath.h"
#include "machine.h"

/*
 * `earlyseed seed install|refresh`: the OS side of the seed file (docs/seed-file.md
 * "The seed file"), after systemd's `bootctl random-seed`: the file is
 * replaced atomically (beneath_replace), mode 0600; the token goes through
 * efivarfs once, never again (token_make).
 */

/* What the OS side writes after the header: a seed's worth, as bootctl does. */
#define SEEDTOOL_LEN 32u

/* What `seed install|refresh` was asked beyond the machine. */
struct seedtool_opts {
	bool image;   /* an image build: no seed file, no token */
	bool refresh; /* mix the old file in (refresh), or start anew (install) */
	/* Tests: a fault injected at a step of beneath_replace; NULL: none. */
	beneath_fault_fn fault;
};
/* Is name in dirfd a file that earlyseed may not rewrite, replace or delete
 * (es_seedfile_ours: not empty, not zeros, no ESSEED magic)? Then true,
 * after a warning on err naming shown. False when it is ours or absent. */
bool seedtool_foreign_file(int dirfd, const char *name, const char *shown, FILE *err);
/* refresh's new contents from the old file's first n bytes and 32 fresh ones. */
void seedtool_mix(const uint8_t *old, size_t n, const uint8_t fresh[SEEDTOOL_LEN], uint8_t out[SEEDTOOL_LEN]);
/* `seed install` / `seed refresh` / `seed install --image` on the seed file
 * the app's config names (read where the app reads it; by default
 * EFI/earlyseed/random-seed), opened below the ESP without following links:
 * 0 or 1. */
int seedtool_run(const struct machine *m, const struct seedtool_opts *o, FILE *out, FILE *err);

/* What `earlyseed --help` says of it, after the synopses the command
 * table (host/main.c) prints. */
#define HELP_SEED \
	"seed     keeps the seed file on the ESP (DIR/" SEEDTOOL_FILE ", or the config's\n" \
	"         seed_file; the config is read where the app reads it: beside its image\n" \
	"         (--app PATH on the ESP, else the EarlyseedImage variable the app left,\n" \
	"         else " SEEDTOOL_APP "), then \\EFI\\earlyseed\\earlyseed.conf;\n" \
	"         every path is opened below DIR without following links or entering\n" \
	"         another mount, and DIR must be FAT; without --esp, the ESP is found as\n" \
	"         bootctl finds it: /efi, /boot, /boot/efi, a FAT mount point on an EFI\n" \
	"         System Partition); both first make a token the OS made readable by\n" \
	"         root alone again (efivarfs shows it 0644 at every boot):\n" \
	"         install  writes a header and 32 bytes from getrandom(2) (mode 0600,\n" \
	"                  temporary file, fsync, rename) and creates the EarlyseedToken variable through\n" \
	"                  efivarfs when the machine has none (never rewritten);\n" \
	"                  --image: for image builders: removes any seed file and writes no\n" \
	"                  token, so no two clones share a seed\n" \
	"         refresh  once the kernel's pool is ready, hashes the old file with fresh\n" \
	"                  getrandom(2) bytes into a new one, atomically, and makes a token\n" \
	"                  the OS created readable by root alone again (efivarfs resets it\n" \
	"                  at boot); host/earlyseed-seed.service runs it at boot\n"

#endif
