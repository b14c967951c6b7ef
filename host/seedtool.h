/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_TOOLS_SEEDTOOL_H
#define EARLYSEED_TOOLS_SEEDTOOL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "seedopts.h"

/*
 * `earlyseed seed install|refresh`: the OS side of the seed file (docs/seed-file.md
 * "The seed file"), after systemd's `bootctl random-seed`: the file is
 * replaced atomically (beneath_replace), mode 0600; the token goes through
 * efivarfs once, never again (token_make).
 */
/* Is name in dirfd a file that earlyseed may not rewrite, replace or delete
 * (es_seedfile_ours: not empty, not zeros, no ESSEED magic)? Then true,
 * after a warning on err naming shown. False when it is ours or absent. */
bool seedtool_foreign_file(int dirfd, const char *name, const char *shown, FILE *err);
/* getrandom(2), flags 0: the default for seedtool_opts.random. */
int seedtool_getrandom(uint8_t *p, size_t n);
/* refresh's new contents from the old file's first n bytes and 32 fresh ones. */
void seedtool_mix(const uint8_t *old, size_t n, const uint8_t fresh[SEEDTOOL_LEN], uint8_t out[SEEDTOOL_LEN]);
/* `seed install` / `seed refresh` / `seed install --image` on the seed file
 * the app's config names (read where the app reads it; by default
 * EFI/earlyseed/random-seed), opened below the ESP without following links:
 * 0 or 1. */
int seedtool_run(const struct seedtool_opts *o, FILE *out, FILE *err);

#endif
