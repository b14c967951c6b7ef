/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_EFI_TOKEN_H
#define EARLYSEED_EFI_TOKEN_H

#include <efi.h>
#include <stdbool.h>

#include "../core/earlyseed.h"

/*
 * The per-machine token: the non-volatile variable EarlyseedToken under
 * earlyseed's vendor GUID (ES_TOKEN_VAR_LEN bytes: the token and what it
 * rests on, core/earlyseed.h), written once and never again
 * (NVRAM wears; systemd's LoaderSystemToken, docs/RANDOM_SEEDS.md, is the
 * model). It lives in the machine, not on the disk, so a cloned disk image
 * has none.
 */
/* ES_HAVE_YES with the token in tok and what it rests on in *from;
 * ES_HAVE_NONE when there is none; ES_HAVE_BAD when it is unreadable or
 * malformed (*status says why). */
enum es_have token_read(UINT8 tok[ES_TOKEN_LEN], struct es_provenance *from, bool *runtime, EFI_STATUS *status);
/* Is Secure Boot on (the global SecureBoot variable is 1)? */
bool token_secure_boot(void);
/* Create it from its variable's bytes (es_token_encode(), made by
 * es_persist_prepare()); boot services only: NVRAM writes at runtime have
 * hung real firmware, Linux commit 69cbeb61ff90. */
EFI_STATUS token_create_var(const UINT8 var[ES_TOKEN_VAR_LEN]);

#endif
