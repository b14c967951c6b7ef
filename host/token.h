/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_HOST_TOKEN_H
#define EARLYSEED_HOST_TOKEN_H

#include <stdbool.h>
#include <stdio.h>

#include "../core/earlyseed.h"
#include "machine.h"

/*
 * The per-machine token as the OS sees it (EarlyseedToken through
 * efivarfs; docs/seed-file.md "The token"): made once at install when
 * nothing better can, never rewritten, hidden from users again at boot.
 */
/* systemctl enable (and the package's deb-systemd-helper) link the unit
 * into <target>.wants/ here. */
#define TOKEN_SYSTEMD_DIR "/etc/systemd/system"
#define TOKEN_UNIT "earlyseed-seed.service"
/* Make the token through efivarfs when none is there, Secure Boot is off,
 * the firmware keeps none and the unit that hides it is enabled, recorded
 * as resting on pool (what the running kernel's pool may be made of:
 * kernel_pool); says what it did on out. 0, or -1 after a message on err. */
int token_make(const struct machine *m, const struct es_provenance *pool, FILE *out, FILE *err);
/* Is earlyseed-seed.service enabled (a link to it in some *.wants/)? It
 * hides an OS-made token again at every boot (efivarfs shows every
 * variable 0644 at mount): without it the OS makes no token. */
bool token_unit_enabled(const struct machine *m);
/* Make an OS-made EarlyseedToken readable by root alone again (efivarfs
 * shows it 0644 at every boot); says what it did on out/err. */
void token_hide(const char *efivars, FILE *out, FILE *err);
/* A token the OS can read (one it made), decoded; false when there is none
 * or it is malformed. The caller wipes tok. */
bool token_os(const struct machine *m, uint8_t tok[ES_TOKEN_LEN], struct es_provenance *from);

#endif
