/* SPDX-License-Identifier: MIT */
/*
 * earlyseed: gather, mix (no credit), extract, install the Linux seed table,
 * chain-load the next stage. Order and rules: README "What the app does".
 */
#include <efi.h>
#include <efilib.h>

#include "../arch/x86_64/cpurng.h"
#include "../core/audit.h"
#include "../core/config.h"
#include "../core/pool.h"
#include "../core/seed.h"
#include "../core/table.h"
#include "../core/wipe.h"
#include "auditvar.h"
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
static struct table_seed *gather_prev(struct secrets *s, struct seed_stats *st, struct audit_record *a)
{
	struct table_seed *prev = seedtable_find();

	if (prev == NULL) {
		Print(L"earlyseed: prev_table: none\n");
		return NULL;
	}
	a->flags |= AUDIT_F_PREV_FOUND;
	a->prev_table_size = prev->size;
	if (!table_prev_usable(prev->size)) {
		a->flags |= AUDIT_F_PREV_CORRUPT;
		Print(L"earlyseed: prev_table: size %u over %u, corrupt, not read and left in place\n",
		      prev->size, (UINT32)TABLE_PREV_MAX);
		return NULL;
	}
	(void)seed_absorb(&s->pool, st, SEED_SRC_PREV_TABLE, prev->bits, prev->size);
	Print(L"earlyseed: prev_table: %u bytes mixed\n", prev->size);
	return prev;
}

static void gather_cpu(struct secrets *s, struct seed_stats *st, struct audit_record *a)
{
	struct cpurng_caps caps;
	struct cpurng_counts n;

	cpurng_probe(&caps);
	a->flags |= (caps.rdseed ? AUDIT_F_RDSEED : 0u) | (caps.rdrand ? AUDIT_F_RDRAND : 0u);
	Print(L"earlyseed: cpu: rdseed %a, rdrand %a\n", caps.rdseed ? "present" : "absent",
	      caps.rdrand ? "present" : "absent");
	if (!caps.rdseed && !caps.rdrand)
		return;
	cpurng_gather(&caps, s->rdseed, s->rdrand, CPU_LONGS, &n);
	(void)seed_absorb(&s->pool, st, SEED_SRC_RDSEED, s->rdseed, n.rdseed * sizeof(uint64_t));
	(void)seed_absorb(&s->pool, st, SEED_SRC_RDRAND, s->rdrand, n.rdrand * sizeof(uint64_t));
	a->cpu_longs_failed = (UINT16)n.none;
	Print(L"earlyseed: cpu: %u longs asked, %u from rdseed, %u from rdrand, %u failed\n",
	      (UINT32)CPU_LONGS, n.rdseed, n.rdrand, n.none);
}

static void install(struct secrets *s, const struct seed_stats *st, struct table_seed *prev,
		    struct audit_record *a)
{
	struct table_seed *t;
	EFI_STATUS status;

	if (!seed_has_hardware(st)) {
		a->flags |= AUDIT_F_NO_SOURCE;
		Print(L"earlyseed: table: none installed: no RDSEED, RDRAND, EFI_RNG_PROTOCOL or previous table "
		      L"(a kernel would credit a table made from clocks alone)\n");
		return;
	}
	(void)seed_extract(&s->pool, s->seed, sizeof(s->seed));
	status = seedtable_install(s->seed, sizeof(s->seed), &t);
	if (EFI_ERROR(status)) {
		Print(L"earlyseed: table: install failed: %r; previous table left in place\n", status);
		a->flags |= AUDIT_F_INSTALL_FAILED;
		return;
	}
	Print(L"earlyseed: table: installed %u bytes at 0x%lx\n", t->size, (UINT64)(UINTN)t);
	a->flags |= AUDIT_F_TABLE;
	a->table_size = t->size;
	if (prev != NULL) {
		seedtable_retire(prev);
		a->flags |= AUDIT_F_PREV_RETIRED;
		Print(L"earlyseed: prev_table: wiped and freed\n");
	}
}

/* Microseconds since t0: the cycle counter, scaled by a 1 ms Stall(). */
static UINT32 elapsed_us(uint64_t t0)
{
	uint64_t t1 = cpurng_cycles();
	uint64_t per_ms;

	uefi_call_wrapper(BS->Stall, 1, (UINTN)1000);
	per_ms = cpurng_cycles() - t1;
	if (per_ms == 0)
		return 0;
	return (UINT32)((t1 - t0) * 1000u / per_ms);
}

/* Called by GNU-EFI crt0-efi-x86_64.o with the SysV ABI: not EFIAPI. */
EFI_STATUS efi_main(EFI_HANDLE image, EFI_SYSTEM_TABLE *systab)
{
	struct seed_stats st = { { 0 } };
	struct audit_record audit;
	struct config cfg;
	struct table_seed *prev;
	EFI_LOADED_IMAGE *self = NULL;
	EFI_STATUS status;
	uint64_t t0;

	InitializeLib(image, systab);
	t0 = cpurng_cycles();
	Print(L"earlyseed: start\n");
	audit_init(&audit);

	config_defaults(&cfg);
	status = uefi_call_wrapper(BS->HandleProtocol, 3, image, &LoadedImageProtocol, (void **)&self);
	if (EFI_ERROR(status) || self == NULL) {
		Print(L"earlyseed: config: no loaded-image protocol (%r), using defaults\n", status);
		self = NULL;
	} else {
		audit.config_problems = conf_load(self->DeviceHandle, &cfg);
	}
	Print(L"earlyseed: config: next=%a cmdline=\"%a\"\n", cfg.next, cfg.cmdline);

	pool_init(&secrets.pool);
	gather_clock(&secrets, &st);
	prev = gather_prev(&secrets, &st, &audit);
	rng_gather(&secrets.pool, &st, &audit);
	gather_cpu(&secrets, &st, &audit);
	install(&secrets, &st, prev, &audit);

	wipe_bytes(&secrets, sizeof(secrets));
	Print(L"earlyseed: summary rdseed=%u rdrand=%u efi_rng=%u prev_table=%u table=%u\n",
	      st.bytes[SEED_SRC_RDSEED], st.bytes[SEED_SRC_RDRAND], st.bytes[SEED_SRC_EFI_RNG],
	      st.bytes[SEED_SRC_PREV_TABLE], audit.table_size);
	audit.bytes_clock = st.bytes[SEED_SRC_CLOCK];
	audit.bytes_prev_table = st.bytes[SEED_SRC_PREV_TABLE];
	audit.bytes_efi_rng = st.bytes[SEED_SRC_EFI_RNG];
	audit.bytes_rdseed = st.bytes[SEED_SRC_RDSEED];
	audit.bytes_rdrand = st.bytes[SEED_SRC_RDRAND];
	audit.elapsed_us = elapsed_us(t0);
	auditvar_publish(&audit);

	if (self == NULL) {
		Print(L"earlyseed: error: cannot load next stage %a: own volume unknown\n", cfg.next);
		return EFI_LOAD_ERROR;
	}
	return chain_start(image, self->DeviceHandle, &cfg);
}
