/* SPDX-License-Identifier: MIT */
/*
 * The source table: one row per source earlyseed mixes. Names, assumed
 * entropy, health feed, trust class and audit flags all come from here (the
 * summary line, `earlyseed inspect`, the gate).
 */
#include "audit.h"
#include "earlyseed.h"

/*
 * Assumed min-entropy per output byte, in bits, and why:
 * RDSEED    4  Intel specifies full entropy (an SP 800-90B/C ENRNG); halved,
 *              as Linux 3.15 counted RDSEED "50% entropic"
 *              (drivers/char/random.c, add_interrupt_randomness()).
 * RDRAND    1  a CTR_DRBG output: its unknownness is bounded by how often the
 *              DRNG reseeds (Intel DRNG guide: at least every 511 calls), so
 *              it is counted at an eighth of its size.
 * EFI_RNG   4  the firmware's algorithm is unknown (raw noise or a DRBG);
 *              halved, as for RDSEED. The Linux stub trusts it in full
 *              (drivers/firmware/efi/libstub/random.c).
 * PREV      8  a table an earlier stage left: a kernel credits it in full
 *              whether or not earlyseed runs (drivers/firmware/efi/efi.c), so
 *              counting it changes nothing; it must pass its tests first.
 * CLOCK     0  firmware time and the cycle counter are predictable to anyone
 *              who knows the boot.
 */
static const struct es_source_info rows[ES_SRC_COUNT] = {
	[ES_SRC_CLOCK] = { "clock", 0, ES_FEED_NONE, false, false, false, -1, 0, 0 },
	[ES_SRC_PREV_TABLE] = { "prev_table", 8, ES_FEED_TABLE, false, false, false, -1,
				ES_AUDIT_F_PREV_FOUND, ES_AUDIT_F_PREV_FAIL },
	[ES_SRC_EFI_RNG] = { "efi_rng", 4, ES_FEED_BLOCKS, false, true, true, -1, ES_AUDIT_F_EFI_RNG,
			     ES_AUDIT_F_EFI_RNG_FAIL },
	/* RDRAND is asked only for the longs RDSEED did not give, so it need
	 * not deliver; its start-up test already demands nine results. */
	[ES_SRC_RDSEED] = { "rdseed", 4, ES_FEED_WORDS, true, true, true, ES_SRC_RDRAND, ES_AUDIT_F_RDSEED,
			    ES_AUDIT_F_RDSEED_FAIL },
	[ES_SRC_RDRAND] = { "rdrand", 1, ES_FEED_WORDS, true, false, true, -1, ES_AUDIT_F_RDRAND,
			    ES_AUDIT_F_RDRAND_FAIL },
};

const enum es_source es_source_summary_order[4] = { ES_SRC_RDSEED, ES_SRC_RDRAND, ES_SRC_EFI_RNG,
						    ES_SRC_PREV_TABLE };

const struct es_source_info *es_source(enum es_source src)
{
	return (unsigned int)src < ES_SRC_COUNT ? &rows[src] : NULL;
}
