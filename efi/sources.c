/* SPDX-License-Identifier: MIT */
/*
 * What the firmware side reads: a source is one tag (core/earlyseed.h), one
 * row in core/source.c (what it may count and why), one row here and one
 * efi/src_<name>.c. A row hands the engine facts of its own tag only; the
 * rules that join them are the engine's (es_session_settle, judge), so the
 * rows may come in any order (the fault matrix, tests/efi/, runs them
 * reversed too). A row's
 * settle function, if any, acts once the pass has decided (under the trust
 * the seed file's header may have changed, knowing what was handed over).
 */
#include "row.h"
#include "src_seedfile.h"

/* The reading functions of the rows (efi/src_<name>.c). */
void src_clock(struct pass *p);
void src_vmgenid(struct pass *p);
void src_smbios(struct pass *p);
void src_oem0(struct pass *p);
void src_oem0_settle(struct pass *p);
void src_rng_seed(struct pass *p);
void src_rng_seed_settle(struct pass *p);
void src_prev(struct pass *p);
void src_rng(struct pass *p);
void src_rng_settle(struct pass *p);
void src_tpm(struct pass *p);
void src_cpu(struct pass *p);

const struct src_row src_rows[] = {
	{ ES_SRC_CLOCK, src_clock, NULL },
	{ ES_SRC_VMGENID, src_vmgenid, NULL },
	{ ES_SRC_SMBIOS, src_smbios, NULL },
	{ ES_SRC_OEM0, src_oem0, src_oem0_settle },
	{ ES_SRC_RNG_SEED, src_rng_seed, src_rng_seed_settle },
	{ ES_SRC_PREV_TABLE, src_prev, NULL },
	{ ES_SRC_SEED_FILE, src_seedfile_gather, NULL }, /* and the token */
	{ ES_SRC_EFI_RNG, src_rng, src_rng_settle },
	{ ES_SRC_TPM, src_tpm, NULL },
	{ ES_SRC_RDSEED, src_cpu, NULL }, /* and RDRAND: v3.17 init_std_data() takes them together */
};
const unsigned int src_row_count = sizeof(src_rows) / sizeof(src_rows[0]);
