/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_EFI_PERSIST_H
#define EARLYSEED_EFI_PERSIST_H

#include <efi.h>
#include <stdbool.h>

#include "../core/earlyseed.h"
#include "seedfile.h"

/* The token and the seed file of one boot. Holds secrets (tok, f.buf):
 * persist_end() wipes them. */
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
};

/* Read the token and the file at path (ASCII; "" = turned off, NULL = an
 * earlier stage of this boot used them) on device and mix them into s.
 * counter: GetNextMonotonicCount worked (gather_clock()); without it the
 * file does not count this boot. */
void persist_gather(struct persist *p, struct es_session *s, EFI_HANDLE device, const char *path, bool counter);
/* After every other source is in: create the token if the plan says so,
 * rewrite the file, and commit it to the session only when that worked. */
void persist_write(struct persist *p, struct es_session *s, const struct es_trust *trust, struct es_audit_record *a);
/* Wipe and free; close the volume. */
void persist_end(struct persist *p);

#endif
