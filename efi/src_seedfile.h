/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_EFI_SRC_SEEDFILE_H
#define EARLYSEED_EFI_SRC_SEEDFILE_H

#include <efi.h>
#include <stdbool.h>

#include "row.h"

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
