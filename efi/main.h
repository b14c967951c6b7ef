/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_EFI_MAIN_H
#define EARLYSEED_EFI_MAIN_H

#include <efi.h>
#include <stdint.h>

#include "../core/pool.h"
#include "../core/seed.h"

/* v3.17 init_std_data() takes poolbytes / sizeof(long) longs: 512 / 8. */
#define CPU_LONGS ((ES_POOL_WORDS * 4u) / 8u)

/*
 * Every secret the app holds lives here, so one wipe covers them all before
 * the next stage starts. Global (not static) so the host fault matrix
 * (tests/test_matrix.c) can check that it is zero when StartImage runs.
 */
struct secrets {
	struct es_pool pool;
	uint8_t seed[ES_SEED_DEFAULT_LEN];
	uint64_t rdseed[CPU_LONGS];
	uint64_t rdrand[CPU_LONGS];
	struct {
		EFI_TIME time;
		uint64_t cycles;
	} clock;
};

extern struct secrets main_secrets;

EFI_STATUS efi_main(EFI_HANDLE image, EFI_SYSTEM_TABLE *systab);

#endif
