/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_ARCH_AARCH64_CPURNG_H
#define EARLYSEED_ARCH_AARCH64_CPURNG_H

#include <stdbool.h>
#include <stdint.h>

/*
 * Bounded retries. RNDR fails only when the DRBG cannot produce a number in
 * "a reasonable period of time" (Arm ARM, RNDR); Linux tries once
 * (arch/arm64/include/asm/archrandom.h __arm64_rndr). RNDRRS reseeds first and
 * may fail more often under load: as RDSEED on x86, a few more tries.
 */
#define CPURNG_RNDR_TRIES 10u
#define CPURNG_RNDRRS_TRIES 100u
/* ID_AA64ISAR0_EL1.RNDR, bits [63:60]: 0b0001 = FEAT_RNG. */
#define CPURNG_ISAR0_RNDR_SHIFT 60u

#include "../../core/earlyseed.h"

/* FEAT_RNG: RNDR and RNDRRS exist. */
bool cpurng_has_rng(void);
/* True and *v set on success; false (and *v = 0) after the retry bound. */
bool cpurng_rndr64(uint64_t *v);
bool cpurng_rndrrs64(uint64_t *v);
uint64_t cpurng_cycles(void);

/* RNDRRS (seeding, in the place of RDSEED), then RNDR (in RDRAND's), and
 * CNTVCT_EL0 as the cycle counter. */
extern const struct es_cpu_arch cpurng_arch;

#endif
