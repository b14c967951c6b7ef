/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_EFI_STAGE_H
#define EARLYSEED_EFI_STAGE_H

#include <efi.h>

#include "../core/earlyseed.h"

/*
 * One earlyseed stage in the chain of images of this boot. While it runs,
 * each earlyseed carries a marker protocol (ES_STAGE_PROTOCOL_GUID) on its
 * own image handle. The next image's EFI_LOADED_IMAGE.ParentHandle points
 * at it (UEFI 2.10 section 7.4.1, LoadImage()), so a stage can count the
 * earlyseed stages above it (the loop guard) and learn what the table an
 * earlier stage installed rests on.
 */
struct stage_marker {
	UINT32 magic;              /* STAGE_MAGIC */
	UINT32 stage;              /* 1 for the first earlyseed */
	struct es_table_seed *table; /* the table this stage installed, or NULL */
	uint8_t tag[16];             /* BLAKE2s-128 of its bytes: is it still ours? */
	struct es_provenance made_of;
	bool persisted;              /* it used (read, rewrote) the seed file and token */
	bool driver;                 /* a resident driver (its EFI_RNG_PROTOCOL is on the same handle) */
};
/* "3Sse": the marker's third layout (persisted, driver); an earlier
 * earlyseed's marker has another magic and is not read. */
#define STAGE_MAGIC 0x65735333u

/* Earlyseed stages above image (its parent chain, at most 64 deep). */
unsigned int stage_count_before(EFI_HANDLE image);
/* What an earlier stage (a parent, or a resident earlyseed driver) said table
 * rests on; false when no stage made it. */
bool stage_provenance(EFI_HANDLE image, const struct es_table_seed *table, struct es_provenance *out);
/* Has an earlier stage of this boot used the seed file? A later one must not
 * count the file again: what it held is in that stage's table, under that
 * stage's trust (a file rewritten from a trusted RDRAND a moment ago must not
 * count under random.trust_cpu=off). */
bool stage_persisted_before(EFI_HANDLE image);
/* The marker on handle h, or NULL (an earlyseed driver's RNG handle has one). */
const struct stage_marker *stage_marker_on(EFI_HANDLE h);
/* Is t the table the stage of marker m installed (its address, its size and
 * its tag)? The same address may be a later stage's table in reused pool
 * memory: only the bytes tell. */
bool stage_owns(const struct stage_marker *m, const struct es_table_seed *t);
/* Install / remove this stage's marker on its image handle. */
EFI_STATUS stage_mark(EFI_HANDLE image, struct stage_marker *m);
void stage_unmark(EFI_HANDLE image, struct stage_marker *m);

#endif
