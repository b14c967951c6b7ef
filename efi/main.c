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
#include "../core/health.h"
#include "../core/pool.h"
#include "../core/seed.h"
#include "../core/table.h"
#include "../core/wipe.h"
#include "auditvar.h"
#include "chain.h"
#include "conf.h"
#include "main.h"
#include "rng.h"
#include "seedtable.h"

struct secrets main_secrets;

/* One health test per hardware source; which exist is in the audit flags. */
struct health {
	struct es_health_test rdseed, rdrand, efi_rng;
};

static void gather_clock(struct secrets *s, struct es_seed_stats *st)
{
	EFI_STATUS status = uefi_call_wrapper(RT->GetTime, 2, &s->clock.time, NULL);

	if (EFI_ERROR(status))
		Print(L"earlyseed: clock: GetTime failed: %r, cycle counter only\n", status);
	s->clock.cycles = cpurng_cycles();
	(void)es_seed_absorb(&s->pool, st, ES_SEED_SRC_CLOCK, &s->clock, sizeof(s->clock));
	Print(L"earlyseed: clock: firmware time and cycle counter mixed (%u bytes, assumed to hold no entropy)\n",
	      (UINT32)sizeof(s->clock));
}

/* Returns the previous table if it may be merged and retired later. */
static struct es_table_seed *gather_prev(struct secrets *s, struct es_seed_stats *st, struct es_audit_record *a)
{
	struct es_table_seed *prev = seedtable_find();
	uint32_t size;

	if (prev == NULL) {
		Print(L"earlyseed: prev_table: none\n");
		return NULL;
	}
	a->flags |= ES_AUDIT_F_PREV_FOUND;
	/* Firmware memory has no known length: read at most what a table may hold. */
	if (es_table_prev_check(prev, es_table_alloc_size(ES_TABLE_PREV_MAX), &size) != ES_TABLE_PREV_OK) {
		a->flags |= ES_AUDIT_F_PREV_CORRUPT;
		a->prev_table_size = size;
		Print(L"earlyseed: prev_table: size %u over %u, corrupt, not read and left in place\n",
		      size, (UINT32)ES_TABLE_PREV_MAX);
		return NULL;
	}
	a->prev_table_size = size;
	(void)es_seed_absorb(&s->pool, st, ES_SEED_SRC_PREV_TABLE, prev->bits, size);
	Print(L"earlyseed: prev_table: %u bytes mixed\n", size);
	return prev;
}

/*
 * Linux's start-up test (x86_init_rdrand): nine RDRAND reads, the last eight
 * compared with their neighbours. Like the kernel, the samples are only
 * tested, never used. A failure distrusts RDSEED too (the kernel's rule).
 */
static void rdrand_startup(struct health *h)
{
	uint64_t s[ES_HEALTH_RDRAND_SAMPLES + 1];
	bool ok = true;

	for (unsigned int i = 0; i <= ES_HEALTH_RDRAND_SAMPLES && ok; i++)
		ok = cpurng_rdrand64(&s[i]);
	if (!ok)
		es_health_fail(&h->rdrand, "no result in 10 tries during the start-up test");
	else if (!es_health_rdrand_startup(s))
		es_health_fail(&h->rdrand, "fewer than 5 changes in 8 samples (Linux's start-up test)");
	if (h->rdrand.failed)
		es_health_fail(&h->rdseed, "distrusted: RDRAND failed its start-up test (Linux's rule)");
	es_wipe(s, sizeof(s));
}

static void gather_cpu(struct secrets *s, struct es_seed_stats *st, struct es_audit_record *a,
		       struct health *h)
{
	struct cpurng_caps caps;
	struct cpurng_counts n;

	cpurng_probe(&caps);
	a->flags |= (caps.rdseed ? ES_AUDIT_F_RDSEED : 0u) | (caps.rdrand ? ES_AUDIT_F_RDRAND : 0u);
	Print(L"earlyseed: cpu: rdseed %a, rdrand %a\n", caps.rdseed ? "present" : "absent",
	      caps.rdrand ? "present" : "absent");
	if (!caps.rdseed && !caps.rdrand)
		return;
	if (caps.rdrand)
		rdrand_startup(h);
	cpurng_gather(&caps, s->rdseed, s->rdrand, CPU_LONGS, &n);
	es_health_feed_u64(&h->rdseed, s->rdseed, n.rdseed);
	es_health_feed_u64(&h->rdrand, s->rdrand, n.rdrand);
	/* Mixed whatever the health verdict: mixing cannot remove unknownness. */
	(void)es_seed_absorb(&s->pool, st, ES_SEED_SRC_RDSEED, s->rdseed, n.rdseed * sizeof(uint64_t));
	(void)es_seed_absorb(&s->pool, st, ES_SEED_SRC_RDRAND, s->rdrand, n.rdrand * sizeof(uint64_t));
	a->cpu_longs_failed = (UINT16)n.none;
	Print(L"earlyseed: cpu: %u longs asked, %u from rdseed, %u from rdrand, %u failed\n",
	      (UINT32)CPU_LONGS, n.rdseed, n.rdrand, n.none);
}

/* Logs each source's verdict; returns the bits the passing sources hold. */
static UINT32 judge(struct health *h, const struct es_seed_stats *st, bool prev_usable,
		    struct es_audit_record *a)
{
	bool pass[ES_SEED_SRC_COUNT] = { false };
	const struct {
		const char *name;
		struct es_health_test *t;
		UINT32 present; /* audit flag: the source exists here */
		UINT32 flag;    /* audit flag: it failed */
		enum es_seed_source src;
		bool always_asked; /* RDRAND is asked only for longs RDSEED did not give */
	} src[] = {
		{ "rdseed", &h->rdseed, ES_AUDIT_F_RDSEED, ES_AUDIT_F_RDSEED_FAIL, ES_SEED_SRC_RDSEED, true },
		{ "rdrand", &h->rdrand, ES_AUDIT_F_RDRAND, ES_AUDIT_F_RDRAND_FAIL, ES_SEED_SRC_RDRAND, false },
		{ "efi_rng", &h->efi_rng, ES_AUDIT_F_EFI_RNG, ES_AUDIT_F_EFI_RNG_FAIL, ES_SEED_SRC_EFI_RNG, true },
	};

	for (unsigned int i = 0; i < sizeof(src) / sizeof(src[0]); i++) {
		if ((a->flags & src[i].present) == 0)
			continue;
		/* A source that is there and asked but gave nothing is not healthy. */
		if (src[i].always_asked && st->bytes[src[i].src] == 0)
			es_health_fail(src[i].t, "delivered no bytes");
		if (src[i].t->failed) {
			a->flags |= src[i].flag;
			Print(L"earlyseed: health: %a: fail: %a; its bytes are mixed but not counted\n",
			      src[i].name, src[i].t->why);
		} else {
			Print(L"earlyseed: health: %a: pass (assumed %u of 8 bits per byte)\n", src[i].name,
			      (UINT32)src[i].t->h);
			pass[src[i].src] = true;
		}
	}
	pass[ES_SEED_SRC_PREV_TABLE] = prev_usable;
	return es_health_entropy_bits(st, pass);
}

static void install(struct secrets *s, UINT32 bits, struct es_table_seed *prev, struct es_audit_record *a)
{
	struct es_table_seed *t;
	EFI_STATUS status;

	a->entropy_bits = bits;
	if (bits < ES_HEALTH_GATE_BITS) {
		a->flags |= ES_AUDIT_F_BELOW_GATE;
		Print(L"earlyseed: table: none installed: healthy sources hold an assumed %u of the %u bits a "
		      L"kernel would credit a table; previous table left in place\n",
		      bits, (UINT32)ES_HEALTH_GATE_BITS);
		return;
	}
	(void)es_seed_extract(&s->pool, s->seed, sizeof(s->seed));
	status = seedtable_install(s->seed, sizeof(s->seed), &t);
	if (EFI_ERROR(status)) {
		Print(L"earlyseed: table: install failed: %r; previous table left in place\n", status);
		a->flags |= ES_AUDIT_F_INSTALL_FAILED;
		return;
	}
	Print(L"earlyseed: table: installed %u bytes at 0x%lx (healthy sources: an assumed %u bits)\n",
	      t->size, (UINT64)(UINTN)t, bits);
	a->flags |= ES_AUDIT_F_TABLE;
	a->table_size = t->size;
	if (prev != NULL) {
		seedtable_retire(prev);
		a->flags |= ES_AUDIT_F_PREV_RETIRED;
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
	struct es_seed_stats st = { { 0 } };
	struct health health;
	struct es_audit_record audit;
	struct es_config cfg;
	struct es_table_seed *prev;
	EFI_LOADED_IMAGE *self = NULL;
	EFI_STATUS status;
	uint64_t t0;

	InitializeLib(image, systab);
	t0 = cpurng_cycles();
	Print(L"earlyseed: start\n");
	es_audit_init(&audit);

	es_config_defaults(&cfg);
	status = uefi_call_wrapper(BS->HandleProtocol, 3, image, &LoadedImageProtocol, (void **)&self);
	if (EFI_ERROR(status) || self == NULL) {
		Print(L"earlyseed: config: no loaded-image protocol (%r), using defaults\n", status);
		self = NULL;
	} else {
		CHAR16 *self_path = self->FilePath != NULL ? DevicePathToStr(self->FilePath) : NULL;

		audit.config_problems = conf_load(self->DeviceHandle, self_path, &cfg);
		if (self_path != NULL)
			FreePool(self_path);
	}
	Print(L"earlyseed: config: next=%a cmdline=\"%a\"\n", cfg.next, cfg.cmdline);

	es_pool_init(&main_secrets.pool);
	es_health_init(&health.rdseed, ES_HEALTH_H_RDSEED);
	es_health_init(&health.rdrand, ES_HEALTH_H_RDRAND);
	es_health_init(&health.efi_rng, ES_HEALTH_H_EFI_RNG);
	gather_clock(&main_secrets, &st);
	prev = gather_prev(&main_secrets, &st, &audit);
	rng_gather(&main_secrets.pool, &st, &audit, &health.efi_rng);
	gather_cpu(&main_secrets, &st, &audit, &health);
	es_health_wipe(&health.rdseed);
	es_health_wipe(&health.rdrand);
	es_health_wipe(&health.efi_rng);
	install(&main_secrets, judge(&health, &st, prev != NULL, &audit), prev, &audit);

	es_wipe(&main_secrets, sizeof(main_secrets));
	audit.bytes_clock = st.bytes[ES_SEED_SRC_CLOCK];
	audit.bytes_prev_table = st.bytes[ES_SEED_SRC_PREV_TABLE];
	audit.bytes_efi_rng = st.bytes[ES_SEED_SRC_EFI_RNG];
	audit.bytes_rdseed = st.bytes[ES_SEED_SRC_RDSEED];
	audit.bytes_rdrand = st.bytes[ES_SEED_SRC_RDRAND];
	/* From the record, as `earlyseed inspect` prints it in the booted OS. */
	Print(L"earlyseed: summary rdseed=%u rdrand=%u efi_rng=%u prev_table=%u table=%u "
	      L"health=rdseed:%a,rdrand:%a,efi_rng:%a\n",
	      audit.bytes_rdseed, audit.bytes_rdrand, audit.bytes_efi_rng, audit.bytes_prev_table,
	      audit.table_size, es_audit_verdict(&audit, ES_AUDIT_F_RDSEED, ES_AUDIT_F_RDSEED_FAIL),
	      es_audit_verdict(&audit, ES_AUDIT_F_RDRAND, ES_AUDIT_F_RDRAND_FAIL),
	      es_audit_verdict(&audit, ES_AUDIT_F_EFI_RNG, ES_AUDIT_F_EFI_RNG_FAIL));
	audit.elapsed_us = elapsed_us(t0);
	auditvar_publish(&audit);

	if (self == NULL) {
		Print(L"earlyseed: error: cannot load next stage %a: own volume unknown\n", cfg.next);
		return EFI_LOAD_ERROR;
	}
	return chain_start(image, self->DeviceHandle, &cfg);
}
