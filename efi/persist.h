/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_EFI_PERSIST_H
#define EARLYSEED_EFI_PERSIST_H

#include <efi.h>
#include <stdbool.h>

#include "../core/earlyseed.h"
#include "pass.h"
#include "seedfile.h"

/* The token and the seed file of one boot. Holds secrets (tok, f.buf):
 * the ops' end wipes them. */
struct persist {
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

/* The app's seed file and token for pass_run() (p->pst: a struct persist):
 * read the token and the file at p->seed_file on p->device and mix them;
 * after every other source, write before use (es_persist_prepare/_done);
 * then wipe, free, close. */
extern const struct pass_persist persist_ops;

#endif
