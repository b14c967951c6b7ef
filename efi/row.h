/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_EFI_ROW_H
#define EARLYSEED_EFI_ROW_H

#include <efi.h>
#include <stdbool.h>

#include "../core/earlyseed.h"
#include "cpurng.h"
#include "seedfile.h"
#include "stage.h"

/*
 * What a source's row (efi/src_<name>.c) reads and fills: what the front
 * end decided (struct pass_in) and the pass's state (struct pass). The
 * pass itself (efi/pass.h) runs the rows; a row includes this, not the
 * pass, so the pass may call a row's named step (the seed file's write
 * before use) without the row climbing back up into it.
 */
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
	struct src_seedfile file;     /* the seed file's row and its token (efi/src_seedfile.c) */
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

/* The cycle counter (the architecture's), for the rows' time slots. */
static inline uint64_t row_cycles(void)
{
	return cpurng_arch.cycles();
}

#endif
