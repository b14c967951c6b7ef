/* SPDX-License-Identifier: MIT */
/*
 * earlyseed as a UEFI application: firmware I/O around the engine
 * (core/earlyseed.h). Gather every source into a session, let the engine
 * judge them, install the table it allows, chain-load the next stage.
 * Order and rules: README "What the app does".
 */
#include <efi.h>
#include <efilib.h>

#include "../core/audit.h"
#include "../core/config.h"
#include "../core/earlyseed.h"
#include "auditvar.h"
#include "chain.h"
#include "conf.h"
#include "cpurng.h"
#include "devpath.h"
#include "guid.h"
#include "log.h"
#include "main.h"
#include "persist.h"
#include "rng.h"
#include "seedtable.h"
#include "stage.h"

static void gather_clock(struct es_session *s)
{
	struct {
		EFI_TIME time;
		uint64_t cycles;
	} clock;
	EFI_STATUS status = uefi_call_wrapper(RT->GetTime, 2, &clock.time, NULL);

	if (EFI_ERROR(status)) {
		es_wipe(&clock.time, sizeof(clock.time));
		log_line(L"clock: GetTime failed: %r, cycle counter only", status);
	}
	clock.cycles = cpurng_arch.cycles();
	(void)es_session_add(s, ES_SRC_CLOCK, &clock, sizeof(clock));
	log_line(L"clock: firmware time and cycle counter mixed (%u bytes, assumed to hold no entropy)",
		 (UINT32)sizeof(clock));
	es_wipe(&clock, sizeof(clock));
}

static struct es_table_seed *gather_prev(EFI_HANDLE image, struct es_session *s)
{
	struct es_table_seed *prev = seedtable_find();
	struct es_provenance from;
	bool known;

	if (prev == NULL) {
		log_line(L"prev_table: none");
		return NULL;
	}
	known = stage_provenance(image, prev, &from);
	es_session_add_table(s, prev, known ? &from : NULL);
	if (s->prev_oversized)
		log_line(L"prev_table: size %u over the kernel's %u-byte bound: bogus, not read", s->prev_size,
			 (UINT32)ES_TABLE_READ_MAX);
	else
		log_line(L"prev_table: %u bytes mixed%a", s->prev_size,
			 known ? " (installed by an earlier earlyseed stage)" : "");
	return prev;
}

static void gather_cpu(struct es_session *s, struct es_audit_record *a)
{
	struct es_cpu_report r;

	es_cpu_gather(s, &cpurng_arch, &r);
	log_line(L"cpu: rdseed %a, rdrand %a", r.present[ES_SRC_RDSEED] ? "present" : "absent",
		 r.present[ES_SRC_RDRAND] ? "present" : "absent");
	if (!r.present[ES_SRC_RDSEED] && !r.present[ES_SRC_RDRAND])
		return;
	a->cpu_longs_failed = (UINT16)r.failed;
	log_line(L"cpu: %u longs asked, %u from rdseed, %u from rdrand, %u failed", (UINT32)ES_CPU_LONGS,
		 r.longs[ES_SRC_RDSEED], r.longs[ES_SRC_RDRAND], r.failed);
}

/* One line per source that is present, and the trust lines. */
static void report(const struct es_verdict *v)
{
	for (unsigned int i = 0; i < ES_SRC_COUNT; i++) {
		const struct es_source_info *r = es_source((enum es_source)i);

		if (r->feed == ES_FEED_NONE || v->state[i] == ES_ABSENT)
			continue;
		if (v->state[i] == ES_FAIL)
			log_line(L"health: %a: fail: %a; its bytes are mixed but not counted", r->name, v->why[i]);
		else
			log_line(L"health: %a: pass (assumed %u of 8 bits per byte)", r->name, (UINT32)r->h_bits);
	}
	if (v->prev_overclaims)
		log_line(L"prev_table: an earlier earlyseed made it from sources this kernel's trust settings "
			 L"exclude; counted only for what it rests on");
	if (v->untrusted_bits > 0)
		log_line(L"trust: random.trust_cpu=off: the kernel will not credit the CPU's RNG, so its %u bits "
			 L"are mixed but not counted",
			 v->untrusted_bits);
	if (v->uncredited)
		log_line(L"trust: random.trust_bootloader=off: the kernel will mix the table but not credit it");
}

static struct es_table_seed *install(const struct es_verdict *v, const uint8_t *seed, struct es_audit_record *a)
{
	struct es_table_seed *t;
	EFI_STATUS status;

	if (!v->install) {
		log_line(L"table: none installed: counted sources hold an assumed %u of the %u bits a kernel "
			 L"would credit a table",
			 v->counted_bits, (UINT32)ES_GATE_BITS);
		return NULL;
	}
	status = seedtable_install(seed, ES_SEED_LEN, &t);
	if (EFI_ERROR(status)) {
		log_line(L"table: install failed: %r", status);
		a->flags |= ES_AUDIT_F_INSTALL_FAILED;
		return NULL;
	}
	log_line(L"table: installed %u bytes at 0x%lx (counted sources: an assumed %u bits)", t->size,
		 (UINT64)(UINTN)t, v->counted_bits);
	a->flags |= ES_AUDIT_F_TABLE;
	a->table_size = t->size;
	return t;
}

/* What becomes of a table an earlier stage left (es_verdict_prev()). */
static void settle_prev(const struct es_verdict *v, struct es_table_seed *prev, bool installed,
			struct es_audit_record *a)
{
	enum es_prev_action action = es_verdict_prev(v, installed);
	EFI_STATUS status;

	switch (action) {
	case ES_PREV_NONE:
		break;
	case ES_PREV_KEEP:
		log_line(L"prev_table: left in place");
		break;
	case ES_PREV_RETIRE:
		seedtable_retire(prev, v->prev_size);
		a->flags |= ES_AUDIT_F_PREV_RETIRED;
		log_line(L"prev_table: replaced by ours, wiped and freed");
		break;
	case ES_PREV_FORGET:
		log_line(L"prev_table: replaced by ours; its size field is bogus, so it is not freed");
		break;
	case ES_PREV_REMOVE_FREE:
	case ES_PREV_REMOVE:
		status = seedtable_remove();
		if (EFI_ERROR(status)) {
			log_line(L"prev_table: bad, but removing it failed: %r", status);
			break;
		}
		a->flags |= ES_AUDIT_F_PREV_REMOVED;
		if (action == ES_PREV_REMOVE_FREE) {
			seedtable_retire(prev, v->prev_size);
			log_line(L"prev_table: bad: removed so no kernel credits it, wiped and freed");
		} else {
			log_line(L"prev_table: bad: removed so no kernel credits it (not freed: its size is bogus)");
		}
		break;
	}
}

static void load_config(EFI_LOADED_IMAGE *self, struct es_config *cfg,
			struct es_audit_record *a, bool *no_fs)
{
	char self_path[ES_CONFIG_NEXT_MAX];

	es_config_defaults(cfg);
	*no_fs = false;
	if (self == NULL) {
		log_line(L"config: no loaded-image protocol, using defaults");
		return;
	}
	devpath_file_ascii(self->FilePath, self_path, sizeof(self_path));
	a->config_problems = conf_load(self->DeviceHandle, self_path, cfg, no_fs);
	log_line(L"config: next=%a cmdline=\"%a\" seed_file=%a", cfg->next, cfg->cmdline,
		 cfg->seed_file[0] != '\0' ? cfg->seed_file : "none");
}

/* Gather, judge, install, publish. The session and the seed are this
 * function's own and are wiped before it returns. Returns whether a table of
 * ours may outlive this chain: only one that rests on at least the gate's
 * bits from sources every kernel's trust counts (not the CPU), since the
 * firmware's next boot option may start a kernel with other settings. */
/* Not inlined: its frame, and every frame below it, lie under efi_main's,
 * where es_wipe_stack() reaches (tools/stackcheck.sh checks how deep). */
__attribute__((noinline)) static bool seed_this_boot(EFI_HANDLE image, EFI_HANDLE device, const char *seed_file,
						     const struct es_trust *trust, struct stage_marker *marker,
						     struct es_audit_record *a)
{
	struct es_session s;
	struct es_verdict v;
	struct persist p;
	uint8_t seed[ES_SEED_LEN];
	struct es_table_seed *prev, *mine;
	char summary[ES_AUDIT_SUMMARY_MAX];

	es_session_begin(&s);
	gather_clock(&s);
	prev = gather_prev(image, &s);
	rng_gather(&s, a);
	gather_cpu(&s, a);
	persist_gather(&p, &s, device, stage_persisted_before(image) ? NULL : seed_file);
	marker->persisted = !p.off;
	/* Write before use: the file is rewritten and flushed before the
	 * kernel's seed is extracted, and counts only if that worked. */
	persist_write(&p, &s, trust, a);
	persist_end(&p);
	(void)es_session_finish(&s, trust, seed, sizeof(seed), &v);
	report(&v);
	mine = install(&v, seed, a);
	es_wipe(seed, sizeof(seed));
	settle_prev(&v, prev, mine != NULL, a);
	if (mine != NULL) {
		marker->table = mine;
		marker->made_of = v.made_of;
		es_table_tag(mine, marker->tag);
	}
	es_audit_from_verdict(a, &v);
	es_audit_summary(a, summary, sizeof(summary));
	log_line(L"summary %a", summary);
	return v.made_of.other_bits >= ES_GATE_BITS;
}

/*
 * The next stage could not be started, or returned: the firmware goes on to
 * its next boot option, which may start a kernel with other trust settings.
 * A table of ours that only this kernel's settings allowed is taken back —
 * unless a later stage has already replaced it (then it is not ours to touch).
 */
static void take_back(const struct stage_marker *marker, bool may_outlive)
{
	EFI_STATUS status;

	if (marker->table == NULL || may_outlive)
		return;
	struct es_table_seed *now = seedtable_find();
	bool ours;

	if (now != marker->table) {
		log_line(L"table: ours was replaced by a later stage; left as it is");
		return;
	}
	/* The same address may be a later stage's table in reused pool memory:
	 * it is ours only if its size and bytes are what we installed. */
	ours = now->size == ES_SEED_LEN;
	if (ours) {
		uint8_t tag[sizeof(marker->tag)];

		es_table_tag(now, tag);
		ours = guid_equal((const EFI_GUID *)tag, (const EFI_GUID *)marker->tag);
		es_wipe(tag, sizeof(tag));
	}
	status = seedtable_remove();
	if (EFI_ERROR(status)) {
		log_line(L"table: cannot take ours back: %r", status);
		return;
	}
	if (ours)
		seedtable_retire(now, ES_SEED_LEN);
	log_line(L"table: taken back%a: it rested on what only this command line's trust settings allowed, and the "
		 L"firmware's next boot option may start another kernel",
		 ours ? "" : " (removed, not freed: its bytes are not ours any more)");
}

/* Called by GNU-EFI crt0-efi-x86_64.o with the SysV ABI: not EFIAPI. */
EFI_STATUS efi_main(EFI_HANDLE image, EFI_SYSTEM_TABLE *systab)
{
	struct es_audit_record audit;
	struct es_config cfg;
	struct es_trust trust;
	/* This stage's marker, on its image handle while it runs (efi/stage.c):
	 * in this frame, which lives until the next stage returns. */
	struct stage_marker marker = { 0 };
	EFI_LOADED_IMAGE *self = NULL;
	EFI_STATUS status;
	unsigned int before;
	bool no_fs, may_outlive;
	uint64_t t0;

	/* What GNU-EFI's InitializeLib() would set; libefi is not linked. */
	ST = systab;
	BS = systab->BootServices;
	RT = systab->RuntimeServices;
	t0 = cpurng_arch.cycles();
	log_line(L"start");
	before = stage_count_before(image);
	if (!es_stage_may_chain(before))
		return log_error_status(EFI_ABORTED,
					L"%u earlyseed stages already run in this boot (a loop in the configs?); "
					L"at most %u may, so this one does nothing and returns to the firmware",
					before, (UINT32)ES_MAX_STAGES);
	es_audit_init(&audit);
	audit.stage = (UINT16)(before + 1u);
	audit.arch = cpurng_arch.audit_arch;
	marker.stage = before + 1u;
	if (EFI_ERROR(stage_mark(image, &marker)))
		log_line(L"stage: cannot mark this image; a loop of earlyseed stages would not be caught");

	status = uefi_call_wrapper(BS->HandleProtocol, 3, image, &guid_loaded_image, (void **)&self);
	if (EFI_ERROR(status))
		self = NULL;
	load_config(self, &cfg, &audit, &no_fs);
	/* The trust settings of the kernel the command line goes to; with no
	 * command line the next stage is a boot loader: the kernel's defaults. */
	es_trust_defaults(&trust);
	es_trust_parse(&trust, cfg.cmdline);
	if (trust.cpu_set || trust.bootloader_set)
		log_line(L"trust: the command line sets random.trust_cpu=%a random.trust_bootloader=%a",
			 trust.cpu ? "on" : "off", trust.bootloader ? "on" : "off");

	may_outlive = seed_this_boot(image, self != NULL ? self->DeviceHandle : NULL, cfg.seed_file, &trust, &marker,
				     &audit);
	/* seed_this_boot's frames held the session, the seed and whatever the
	 * compiler spilled while hashing: erase that stack before going on. */
	es_wipe_stack();
	audit.elapsed_kcycles = (UINT32)((cpurng_arch.cycles() - t0) >> 10);
	auditvar_publish(&audit);

	if (self == NULL)
		status = log_error_status(EFI_LOAD_ERROR, L"cannot load next stage %a: own volume unknown", cfg.next);
	else if (no_fs)
		/* PXE or HTTP boot: the table is installed; there is nothing to
		 * chain to, so the firmware's next boot option must go on. */
		status = log_error_status(EFI_NOT_FOUND,
					  L"loaded from a device with no file system (a PXE or HTTP boot?): no config "
					  L"and no next stage to load; the table is installed, the firmware goes on");
	else
		status = chain_start(image, self->DeviceHandle, &cfg);
	take_back(&marker, may_outlive);
	stage_unmark(image, &marker);
	es_wipe(marker.tag, sizeof(marker.tag));
	return status;
}
