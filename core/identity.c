/* SPDX-License-Identifier: MIT */
/*
 * The machine's identities, as a table (core/earlyseed.h "The machine's
 * identities"): what a seed file is sealed under, and what a mismatch
 * means. core/seedfile.c seals and checks by these rows, the session
 * records them as their sources' rows hand them, the OS's reseal keeps
 * what it cannot see; none of them names an identity.
 */
#include <string.h>

#include "earlyseed.h"

/* The header's slots (core/earlyseed.h "The seed file's format"): the
 * binding at 16, then one 8-byte tag per identity, then the MAC at 48. */
#define SLOT(i) (16u + ES_SEEDFILE_BIND_LEN + (i) * ES_SEEDFILE_TAG_LEN)
#ifndef ES_ID_MORE_ROWS
#define ES_ID_MORE_ROWS
#endif

static const struct es_identity_info rows[ES_ID_COUNT] = {
	/* Microsoft "Virtual Machine Generation ID" (QEMU
	 * docs/specs/vmgenid.rst): changes when the VM is cloned or a
	 * snapshot is reverted. Held only under vmgenid = check (the
	 * default): `mix` asks that a file written under another ID still
	 * count. ES_ID_MUST_HOLD is 0, the default of the rows below. */
	[ES_ID_GENID] = { .label = ES_LABEL_GENID, .flag = ES_SEEDFILE_F_VMGENID,
			  .source = ES_SRC_VMGENID, .mismatch = ES_FILE_VM_CHANGED, .checked_only = 1, .at = SLOT(0) },
	/* SMBIOS DSP0134 section 7.2.1, the type-1 system UUID: another one is
	 * a copied disk and variable store (a cloud image, a cloned domain).
	 * The OS reads it too (/sys/class/dmi/id/product_uuid). */
	[ES_ID_UUID] = { .label = ES_LABEL_UUID, .flag = ES_SEEDFILE_F_SMBIOS,
			 .source = ES_SRC_SMBIOS, .mismatch = ES_FILE_ID_CHANGED, .at = SLOT(1) },
	/* The digest of the TPM's first GetRandom block: a TPM that answers
	 * the same one at a later boot (stuck, or an emulator started from a
	 * fixed state) would be credited for the same bytes again. */
	[ES_ID_TPM] = { .label = ES_LABEL_TPM, .flag = ES_SEEDFILE_F_TPM,
			.source = ES_SRC_TPM, .from_digest = 1, .rule = ES_ID_MUST_CHANGE, .at = SLOT(2) },
	/* a build's own rows after these (core/earlyseed.h ES_ID_MORE) */
	ES_ID_MORE_ROWS
};
_Static_assert(SLOT(ES_ID_COUNT) == ES_SEEDFILE_MACED, "the tags end where the MAC's input ends");
_Static_assert(ES_BLOCK_DIGEST == ES_ID_LEN, "a first block's digest is tagged like an ID");
_Static_assert(ES_VMGENID_LEN == ES_ID_LEN && ES_UUID_LEN == ES_ID_LEN, "identities are 16 bytes");

const struct es_identity_info *es_identity(enum es_identity id)
{
	return (unsigned int)id < ES_ID_COUNT ? &rows[id] : NULL;
}

void es_ids_set(struct es_ids *ids, enum es_identity what, const uint8_t id[ES_ID_LEN])
{
	uint32_t bit;

	if ((unsigned int)what >= ES_ID_COUNT)
		return;
	bit = 1u << what;
	if ((ids->have & bit) != 0)
		return;
	memcpy(ids->id[what], id, ES_ID_LEN);
	ids->have |= bit;
}
