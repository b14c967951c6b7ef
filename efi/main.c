/* SPDX-License-Identifier: MIT */
/*
 * earlyseed: gather, mix (no credit), extract, install the Linux seed table,
 * chain-load the next stage. Order and rules: README "What the app does".
 */
#include <efi.h>
#include <efilib.h>

#include "../arch/x86_64/cpurng.h"
#include "../core/config.h"
#include "../core/pool.h"
#include "../core/seed.h"
#include "../core/table.h"
#include "../core/wipe.h"
#include "chain.h"
#include "conf.h"
#include "rng.h"
#include "seedtable.h"

/* v3.17 init_std_data() takes poolbytes / sizeof(long) longs: 512 / 8. */
#define CPU_LONGS ((POOL_WORDS * 4u) / 8u)

/* Every secret the app holds lives here, so one wipe covers them all. */
struct secrets {
	struct pool pool;
	uint8_t seed[SEED_DEFAULT_LEN];
	uint64_t rdseed[CPU_LONGS];
	uint64_t rdrand[CPU_LONGS];
	struct {
		EFI_TIME time;
		uint64_t cycles;
	} clock;
};

static struct secrets secrets;

static void gather_clock(struct secrets *s, struct seed_stats *st)
{
	EFI_STATUS status = uefi_call_wrapper(RT->GetTime, 2, &s->clock.time, NULL);

	if (EFI_ERROR(status))
		Print(L"earlyseed: clock: GetTime failed: %r, cycle counter only\n", status);
	s->clock.cycles = cpurng_cycles();
	(void)seed_absorb(&s->pool, st, SEED_SRC_CLOCK, &s->clock, sizeof(s->clock));
	Print(L"earlyseed: clock: firmware time and cycle counter mixed (%u bytes, assumed to hold no entropy)\n",
	      (UINT32)sizeof(s->clock));
}

/* Returns the previous table if it may be merged and retired later. */
static struct table_seed *gather_prev(struct secrets *s, struct seed_stats *st)
{
	struct table_seed *prev = seedtable_find();

	if (prev == NULL) {
		Print(L"earlyseed: prev_table: none\n");
		return NULL;
	}
	if (!table_prev_usable(prev->size)) {
		Print(L"earlyseed: prev_table: size %u over %u, corrupt, not read and left in place\n",
		      prev->size, (UINT32)TABLE_PREV_MAX);
		return NULL;
	}
	(void)seed_absorb(&s->pool, st, SEED_SRC_PREV_TABLE, prev->bits, prev->size);
	Print(L"earlyseed: prev_table: %u bytes mixed\n", prev->size);
	return prev;
}

static void gather_cpu(struct secrets *s, struct seed_stats *st)
{
	struct cpurng_caps caps;
	struct cpurng_counts n;

	cpurng_probe(&caps);
	Print(L"earlyseed: cpu: rdseed %a, rdrand %a\n", caps.rdseed ? "present" : "absent",
	      caps.rdrand ? "present" : "absent");
	if (!caps.rdseed && !caps.rdrand)
		return;
	cpurng_gather(&caps, s->rdseed, s->rdrand, CPU_LONGS, &n);
	(void)seed_absorb(&s->pool, st, SEED_SRC_RDSEED, s->rdseed, n.rdseed * sizeof(uint64_t));
	(void)seed_absorb(&s->pool, st, SEED_SRC_RDRAND, s->rdrand, n.rdrand * sizeof(uint64_t));
	Print(L"earlyseed: cpu: %u longs asked, %u from rdseed, %u from rdrand, %u failed\n",
	      (UINT32)CPU_LONGS, n.rdseed, n.rdrand, n.none);
}

static UINT32 install(struct secrets *s, const struct seed_stats *st, struct table_seed *prev)
{
	struct table_seed *t;
	EFI_STATUS status;

	if (!seed_has_hardware(st)) {
		Print(L"earlyseed: table: none installed: no RDSEED, RDRAND, EFI_RNG_PROTOCOL or previous table "
		      L"(a kernel would credit a table made from clocks alone)\n");
		return 0;
	}
	(void)seed_extract(&s->pool, s->seed, sizeof(s->seed));
	status = seedtable_install(s->seed, sizeof(s->seed), &t);
	if (EFI_ERROR(status)) {
		Print(L"earlyseed: table: install failed: %r; previous table left in place\n", status);
		return 0;
	}
	Print(L"earlyseed: table: installed %u bytes at 0x%lx\n", t->size, (UINT64)(UINTN)t);
	if (prev != NULL) {
		seedtable_retire(prev);
		Print(L"earlyseed: prev_table: wiped and freed\n");
	}
	return t->size;
}

/* Called by GNU-EFI crt0-efi-x86_64.o with the SysV ABI: not EFIAPI. */
EFI_STATUS efi_main(EFI_HANDLE image, EFI_SYSTEM_TABLE *systab)
{
	struct seed_stats st = { { 0 } };
	struct config cfg;
	struct table_seed *prev;
	EFI_LOADED_IMAGE *self = NULL;
	EFI_STATUS status;
	UINT32 table_bytes;

	InitializeLib(image, systab);
	Print(L"earlyseed: start\n");

	config_defaults(&cfg);
	status = uefi_call_wrapper(BS->HandleProtocol, 3, image, &LoadedImageProtocol, (void **)&self);
	if (EFI_ERROR(status) || self == NULL) {
		Print(L"earlyseed: config: no loaded-image protocol (%r), using defaults\n", status);
		self = NULL;
	} else {
		conf_load(self->DeviceHandle, &cfg);
	}
	Print(L"earlyseed: config: next=%a cmdline=\"%a\"\n", cfg.next, cfg.cmdline);

	pool_init(&secrets.pool);
	gather_clock(&secrets, &st);
	prev = gather_prev(&secrets, &st);
	rng_gather(&secrets.pool, &st);
	gather_cpu(&secrets, &st);
	table_bytes = install(&secrets, &st, prev);

	wipe_bytes(&secrets, sizeof(secrets));
	Print(L"earlyseed: summary rdseed=%u rdrand=%u efi_rng=%u prev_table=%u table=%u\n",
	      st.bytes[SEED_SRC_RDSEED], st.bytes[SEED_SRC_RDRAND], st.bytes[SEED_SRC_EFI_RNG],
	      st.bytes[SEED_SRC_PREV_TABLE], table_bytes);

	if (self == NULL) {
		Print(L"earlyseed: error: cannot load next stage %a: own volume unknown\n", cfg.next);
		return EFI_LOAD_ERROR;
	}
	return chain_start(image, self->DeviceHandle, &cfg);
}
