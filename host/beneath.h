/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_HOST_BENEATH_H
#define EARLYSEED_HOST_BENEATH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/*
 * Files below the ESP's directory, opened as the firmware would find them
 * and never elsewhere: no link followed, no other mount entered, no FIFO
 * waited on; replaced atomically (temporary file, fsync, rename, fsync of
 * the directory), as systemd's `bootctl random-seed` writes its file.
 */
enum beneath_step { BENEATH_BEFORE_RENAME };
/* A test's hook: called at each step; non-zero makes it fail there. */
typedef int (*beneath_fault_fn)(enum beneath_step step);

/* name below dirfd with flags (O_NOFOLLOW | O_CLOEXEC added): openat2()
 * with RESOLVE_NO_XDEV | RESOLVE_NO_SYMLINKS | RESOLVE_BENEATH, else
 * openat() and the same device as dirfd. A descriptor or -1 with errno. */
int beneath_open(int dirfd, const char *name, int flags);
/* The directory of the last component of rel (an absolute path on the ESP,
 * '\\' or '/'), opened from espfd one component at a time without following
 * links (with create, missing ones made 0700); *leaf points into rel.
 * A descriptor, or -1 after a message on err (none when err is NULL). */
int beneath_open_dir(int espfd, const char *rel, bool create, const char **leaf, FILE *err);
/* name in dirfd for reading: a regular file only, never through a link,
 * never waiting (a FIFO would hang). -1 with errno ENOENT when absent; -2
 * after a message on err naming shown. */
int beneath_open_file(int dirfd, const char *name, const char *shown, FILE *err);
/* Replace name in the directory dirfd with n bytes, atomically; 0, or -1
 * after a message on err (the old file, if any, is then as it was). */
int beneath_replace(int dirfd, const char *name, const uint8_t *data, size_t n, beneath_fault_fn fault,
		    FILE *err);
/* Tests: take the path a kernel without openat2() takes (O_NOFOLLOW and
 * the same device per component). */
extern bool beneath_no_openat2;

#endif
