/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_EFI_PASS_H
#define EARLYSEED_EFI_PASS_H

#include <efi.h>
#include <stdbool.h>

#include "../core/earlyseed.h"
#include "row.h"

/*
 * One pass, shared by the app and the driver: read every source in the
 * table (efi/sources.c) into one session, write before use where the front
 * end keeps a seed file, let the engine judge, install what it allows,
 * settle a previous table, and say what happened (the summary line and the
 * audit record, built by core/ from p->out). What differs between the front
 * ends is in the fields they set before pass_run().
 */
/* The ACPI tables the firmware published (the XSDT's entries), at most max
 * of them, each with its header's length: what a row that reads a table
 * walks (src_vmgenid.c, src_oem0.c). Boot services map them writable. */
#define PASS_ACPI_MAX 64u
#define PASS_ACPI_TABLE_MAX (1u << 20)
struct pass_acpi {
	UINT8 *t;
	uint32_t len;
};
unsigned int pass_acpi_tables(struct pass_acpi *out, unsigned int max);

/* The position in src_rows[] the pass reads i-th: i. A test may read them
 * in another order (tests/efi/matrix.c's, a strong definition over this
 * weak one). */
unsigned int pass_row_index(unsigned int i);

/* Run the pass over p (all of it set here) as in decided, its outcome
 * starting from so_far; the caller's frame holds p (es_wipe_stack() after
 * it). */
void pass_run(struct pass *p, const struct pass_in *in, const struct es_outcome *so_far);

#endif
