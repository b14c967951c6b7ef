/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_EFI_SEEDFILE_H
#define EARLYSEED_EFI_SEEDFILE_H

#include <efi.h>
#include <stdbool.h>

#include "../core/earlyseed.h"

/* The seed file as found. buf is the caller's (ES_SEED_FILE_MAX bytes, from
 * the pool, wiped before it is freed): it holds a secret. */
struct seedfile {
	CHAR16 path[ES_CONFIG_NEXT_MAX];
	UINT8 *buf;
	UINT64 size;      /* on disk */
	UINT32 n;         /* bytes read into buf: at most ES_SEED_FILE_MAX */
	bool exists;
	bool ro_volume;   /* EFI_FILE_SYSTEM_INFO.ReadOnly */
	bool ro_attr;     /* EFI_FILE_READ_ONLY */
	EFI_STATUS status; /* of the last firmware call that failed, else EFI_SUCCESS */
	uint64_t write_cycles; /* seedfile_write(): the write, and the flush */
	uint64_t flush_cycles;
};

/* Open path (ASCII, absolute) on root read-only and read up to
 * ES_SEED_FILE_MAX bytes; a missing file is not an error (exists false,
 * status EFI_SUCCESS). */
void seedfile_read(EFI_FILE_HANDLE root, const char *path, struct seedfile *f);
/* Write n bytes at offset 0 (creating the file and its directories when it
 * did not exist), flush and close. ES_FILE_COUNTED when all of it reached the
 * volume, else why not (f->status holds the firmware's answer). */
enum es_file_reason seedfile_write(EFI_FILE_HANDLE root, struct seedfile *f, const UINT8 *data, UINTN n);

#endif
