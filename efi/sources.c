/* SPDX-License-Identifier: MIT */
/*
 * What the firmware side reads, in the order it is read: a source is one
 * tag (core/earlyseed.h), one row in core/source.c (what it may count and
 * why), one row here and one efi/src_<name>.c. The clock comes first (the
 * seed file needs to know whether the monotonic count worked); the seed
 * file before the RNGs (its header may take the CPU's trust away).
 */
#include "pass.h"

/* The reading functions of the rows (efi/src_<name>.c). */
void src_clock(struct pass *p);
void src_vmgenid(struct pass *p);
void src_smbios(struct pass *p);
void src_oem0(struct pass *p);
void src_prev(struct pass *p);
void src_rng(struct pass *p);
void src_tpm(struct pass *p);
void src_cpu(struct pass *p);

const struct src_row src_rows[] = {
	{ ES_SRC_CLOCK, src_clock },
	{ ES_SRC_VMGENID, src_vmgenid },
	{ ES_SRC_SMBIOS, src_smbios },
	{ ES_SRC_OEM0, src_oem0 },
	{ ES_SRC_PREV_TABLE, src_prev },
	{ ES_SRC_SEED_FILE, pass_persist_gather }, /* and the token */
	{ ES_SRC_EFI_RNG, src_rng },
	{ ES_SRC_TPM, src_tpm },
	{ ES_SRC_RDSEED, src_cpu }, /* and RDRAND: v3.17 init_std_data() takes them together */
};
const unsigned int src_row_count = sizeof(src_rows) / sizeof(src_rows[0]);
