/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_EFI_PASS_H
#define EARLYSEED_EFI_PASS_H

#include <efi.h>
#include <stdbool.h>

#include "../core/earlyseed.h"
#include "src_seedfile.h"
#include "stage.h"

/*
 * One pass, shared by the app and the driver: read every source in the
 * table (efi/sources.c) into one session, write before use where the front
 * end keeps a seed file, let the engine judge, install what it allows,
 * settle a previous table, and say what happened (the summary line and the
 * audit record, built by core/ from p->out). What differs between the front
 * ends is in the fields they set before pass_run().
 */
struct pass;

/* What the front end decided before the pass: the pass reads it, never
 * writes it. */
struct pass_in {
	EFI_HANDLE image;
	EFI_HANDLE device;            /* the app's volume: where the seed file is */
	const char *seed_file;        /* its path; "" turned off; NULL an earlier stage used it */
	bool driver;                  /* a driver: no seed file; replaces its own table of the last pass; skips our RNG */
	bool no_cmdline;              /* the next stage is a boot loader */
	bool want_drbg;               /* extract the DRBG's seed when the gate is met */
	bool may_hand_over;           /* false: install nothing (a driver that could not mark itself) */
	uint32_t off;                 /* a bit (1 << tag) per source the config turned off */
	bool genid_check;             /* a changed VM generation ID stops the seed file (vmgenid = check) */
	bool count_disk_token;        /* disk_token = count: a token the firmware keeps on the disk counts */
	struct es_trust trust;        /* the trust the pass starts from; the rows' facts settle it */
	struct stage_marker *marker;  /* where this stage records the table it installed, what it rests on */
};

/* The pass's own state: filled by pass_run(), secrets wiped when it returns
 * (the session) or by the front end (the rest, es_wipe of the struct). */
struct pass {
	const struct pass_in *in;
	struct es_trust trust;        /* in->trust, settled by the rows' facts */
	struct es_session s;
	struct es_verdict v;
	struct es_outcome out;        /* what happened, from the front end's start on */
	struct es_table_seed *prev;   /* a table an earlier stage left */
	struct es_table_seed *own;    /* the driver's table of its last pass */
	struct es_table_seed *mine;   /* the table this pass installed, or NULL */
	UINT32 rng_others;            /* EFI_RNG_PROTOCOL instances not earlyseed's */
	bool drbg;                    /* drbg_in holds the DRBG's seed */
	UINT8 drbg_in[ES_DRBG_SEED_LEN];
	struct src_seedfile file;     /* the seed file's row and its token (efi/src_seedfile.h) */
	struct es_cpu_facts cpu;      /* what the firmware says of the CPU: its device tree, for the ISA */
};

/* One source as the firmware side reads it: the tag whose time slot it
 * fills, the function that reads it into p->s, and (or NULL) what it does
 * once the pass has decided: the facts settled, the table handed over
 * (p->mine) or not. */
struct src_row {
	enum es_source tag;
	void (*gather)(struct pass *p);
	void (*settle)(struct pass *p);
};
extern const struct src_row src_rows[];
extern const unsigned int src_row_count;

/* A physical address a firmware table holds, as a pointer: boot services
 * run identity-mapped (UEFI 2.10 section 2.3.4). */
static inline const UINT8 *pass_phys(UINT64 a)
{
	return (const UINT8 *)(UINTN)a; // NOLINT(performance-no-int-to-ptr): the address is physical
}

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
/* The cycle counter (the architecture's). */
uint64_t pass_cycles(void);

#endif
