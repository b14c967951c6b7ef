/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_EFI_SRC_SEEDFILE_H
#define EARLYSEED_EFI_SRC_SEEDFILE_H

#include <efi.h>
#include <stdbool.h>

#include "../core/earlyseed.h"
#include "seedfile.h"

struct pass;

/* The token and the seed file of one boot, the row's state in the pass
 * (struct pass's file). Holds secrets (tok, f.buf): src_seedfile_end()
 * wipes them. */
struct src_seedfile {
	EFI_FILE_HANDLE root;
	struct seedfile f;
	UINT8 tok[ES_TOKEN_LEN];
	struct es_provenance tok_from; /* what the token rests on */
	enum es_have token;
	bool token_runtime; /* the OS can read it (made through efivarfs) */
	UINT32 old_flags;   /* the file's header flags as found (0: none) */
	bool secure_boot;
	enum es_have file; /* ES_HAVE_BAD: there but not writable, or unreadable */
	bool off;
	bool uboot;         /* the firmware is U-Boot */
	bool var_file;      /* ... and its variable file is on a volume */
	/* a file on a volume holds a variable store with the token in it
	 * (efi/varfile.c): whoever the firmware is, the token is on a disk */
	enum es_varstore store;
	CHAR16 store_name[64];
};

/* The seed file's row (efi/sources.c): read the token and the file at
 * p->in->seed_file on p->in->device and mix them. A driver keeps no seed
 * file: nothing. */
void src_seedfile_gather(struct pass *p);
/* Write before use, once every other row is read and the facts settled
 * (es_persist_prepare/_done): the token first, then the file, flushed. */
void src_seedfile_write(struct pass *p);
/* Wipe, free, close. */
void src_seedfile_end(struct pass *p);

#endif
