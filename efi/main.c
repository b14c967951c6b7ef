/* SPDX-License-Identifier: MIT */
/*
 * earlyseed as a UEFI application: firmware I/O around the engine
 * (core/earlyseed.h). Gather every source into a session, let the engine
 * judge them, install the table it allows, chain-load the next stage.
 * Order and rules: docs/app.md "What the app does".
 */
#include <efi.h>
#include <efilib.h>

#include "../core/earlyseed.h"
#include "auditvar.h"
#include "chain.h"
#include "conf.h"
#include "cpurng.h"
#include "gather.h"
#include "devpath.h"
#include "guid.h"
#include "log.h"
#include "main.h"
#include "persist.h"
#include "rng.h"
#include "seedtable.h"
#include "stage.h"
#include "verdict.h"

static void load_config(EFI_LOADED_IMAGE *self, char self_path[ES_CONFIG_NEXT_MAX], struct es_config *cfg,
			struct es_audit_record *a, bool *no_fs)
{
	const char *clash;

	es_config_defaults(cfg);
	*no_fs = false;
	if (self == NULL) {
		console_set_show(console_default);
		log_warn(L"config: no loaded-image protocol, using defaults");
		return;
	}
	devpath_file_ascii(self->FilePath, self_path, ES_CONFIG_NEXT_MAX);
	a->config_problems = conf_load(self->DeviceHandle, self_path, cfg, no_fs);
	/* From here on the config says what to print; the lines so far print
	 * now if it says every line. */
	console_set_show(cfg->verbose == ES_VERBOSE_YES	     ? CONSOLE_SHOW_ALL
			 : cfg->verbose == ES_VERBOSE_NO     ? CONSOLE_SHOW_SUMMARY
			 : cfg->verbose == ES_VERBOSE_QUIET  ? CONSOLE_SHOW_WARNINGS
								: console_default);
	clash = es_config_seed_file_clash(cfg, self_path);
	if (clash != NULL) {
		/* One typo would overwrite the kernel's first 4 KiB at every boot. */
		log_warn(L"config: seed_file %a names %a: the seed file is turned off", cfg->seed_file, clash);
		cfg->seed_file[0] = '\0';
		a->config_problems++;
	}
	log_line(L"config: next=%a cmdline=\"%a\" seed_file=%a", cfg->next, cfg->cmdline,
		 cfg->seed_file[0] != '\0' ? cfg->seed_file : "none");
}

/* Gather, judge, install, publish. The session and the seed are this
 * function's own and are wiped before it returns. Returns whether a table of
 * ours may outlive this chain: only one that rests on at least the gate's
 * bits from sources every kernel's trust counts (not the CPU), since the
 * firmware's next boot option may start a kernel with other settings. */
/* Not inlined: its frame, and every frame below it, lie under efi_main's,
 * where es_wipe_stack() reaches (scripts/stackcheck.sh checks how deep). */
__attribute__((noinline)) static bool seed_this_boot(EFI_HANDLE image, EFI_HANDLE device, const char *seed_file,
						     struct es_trust *trust, bool no_cmdline, struct stage_marker *marker,
						     struct es_audit_record *a)
{
	struct es_session s;
	struct es_verdict v;
	struct persist p;
	uint8_t seed[ES_SEED_LEN];
	struct es_table_seed *prev, *mine;
	char summary[ES_AUDIT_SUMMARY_MAX];
	bool counter;

	es_session_begin(&s);
	counter = gather_clock(&s);
	prev = gather_prev(image, &s);
	persist_gather(&p, &s, device, stage_persisted_before(image) ? NULL : seed_file, counter);
	marker->persisted = !p.off;
	/* A boot loader next: its kernel's trust is what the OS recorded in the
	 * seed file (`earlyseed seed refresh`), before anything is judged. */
	if (no_cmdline && (p.old_flags & ES_SEEDFILE_F_NO_CPU_TRUST) != 0) {
		es_trust_from_seedfile(trust, p.old_flags);
		log_line(L"trust: no command line; the seed file says the last kernel had random.trust_cpu=off");
	}
	(void)rng_gather(&s, a, trust);
	gather_cpu(&s, a);
	/* Write before use: the file is rewritten and flushed before the
	 * kernel's seed is extracted, and counts only if that worked. */
	persist_write(&p, &s, trust, a);
	persist_end(&p);
	(void)es_session_finish(&s, trust, seed, sizeof(seed), &v);
	verdict_report(&v);
	mine = verdict_install(&v, seed, a);
	es_wipe(seed, sizeof(seed));
	verdict_settle_prev(&v, prev, mine != NULL, a);
	if (mine != NULL) {
		marker->table = mine;
		marker->made_of = v.made_of;
		es_table_tag(mine, marker->tag);
	}
	es_audit_from_verdict(a, &v);
	es_audit_summary(a, summary, sizeof(summary));
	log_summary(L"summary %a", summary);
	return v.made_of.other_bits >= ES_GATE_BITS;
}

/*
 * The next stage could not be started, or returned: the firmware goes on to
 * its next boot option, which may start a kernel with other trust settings.
 * A table of ours that only this kernel's settings allowed is taken back —
 * unless a later stage has already replaced it (then it is not ours to touch).
 */
static bool take_back(const struct stage_marker *marker, bool may_outlive)
{
	EFI_STATUS status;

	if (marker->table == NULL || may_outlive)
		return false;
	struct es_table_seed *now = seedtable_find();
	bool ours;

	if (now != marker->table) {
		log_line(L"table: ours was replaced by a later stage; left as it is");
		return false;
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
		log_warn(L"table: cannot take ours back: %r", status);
		return false;
	}
	if (ours)
		seedtable_retire(now, ES_SEED_LEN);
	/* the constant tail as ASCII: a UCS-2 format costs two bytes a character */
	log_warn(L"table: taken back%a: %a", ours ? "" : " (removed, not freed: its bytes are not ours any more)",
		 "it rested on what only this command line's trust settings allowed, and the firmware's next boot "
		 "option may start another kernel");
	return true;
}

/* Called by GNU-EFI crt0-efi-x86_64.o with the SysV ABI: not EFIAPI. */
EFI_STATUS efi_main(EFI_HANDLE image, EFI_SYSTEM_TABLE *systab)
{
	struct es_audit_record audit;
	struct es_config cfg;
	char self_path[ES_CONFIG_NEXT_MAX] = "";
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
	/* Until the config says what to print, lines are kept, not shown. */
	console_begin();
	if (console_show != CONSOLE_SHOW_ALL)
		console_show = CONSOLE_SHOW_PENDING;
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
		log_warn(L"stage: cannot mark this image; a loop of earlyseed stages would not be caught");

	status = uefi_call_wrapper(BS->HandleProtocol, 3, image, &guid_loaded_image, (void **)&self);
	if (EFI_ERROR(status))
		self = NULL;
	load_config(self, self_path, &cfg, &audit, &no_fs);
	/* The stage that keeps the seed file says where its config is. */
	if (self_path[0] != '\0' && cfg.seed_file[0] != '\0' && !no_fs && !stage_persisted_before(image))
		auditvar_publish_image(self_path);
	/* The trust settings of the kernel the command line goes to; with no
	 * command line the next stage is a boot loader: the kernel's defaults. */
	es_trust_defaults(&trust);
	es_trust_parse(&trust, cfg.cmdline);
	if (trust.cpu_set || trust.bootloader_set)
		log_line(L"trust: the command line sets random.trust_cpu=%a random.trust_bootloader=%a",
			 trust.cpu ? "on" : "off", trust.bootloader ? "on" : "off");

	may_outlive = seed_this_boot(image, self != NULL ? self->DeviceHandle : NULL, cfg.seed_file, &trust,
				     cfg.cmdline[0] == '\0', &marker, &audit);
	/* seed_this_boot's frames held the session, the seed and whatever the
	 * compiler spilled while hashing: erase that stack before going on. */
	es_wipe_stack();
	audit.elapsed_kcycles = (UINT32)((cpurng_arch.cycles() - t0) >> 10);
	auditvar_publish(&audit, L"EarlyseedAudit");

	if (self == NULL)
		status = log_error_status(EFI_LOAD_ERROR, L"cannot load next stage %a: own volume unknown", cfg.next);
	else if (no_fs)
		/* PXE or HTTP boot: the table is installed; there is nothing to
		 * chain to, so the firmware's next boot option must go on. */
		status = log_error_status(EFI_NOT_FOUND,
					  L"%a", "loaded from a device with no file system (a PXE or HTTP boot?): no config "
						 "and no next stage to load; the table is installed, the firmware goes on");
	else
		status = chain_start(image, self->DeviceHandle, &cfg);
	/* The next stage did not run (or failed): say so in the record the
	 * OS reads, since this boot goes on without earlyseed's kernel
	 * (`earlyseed status` reports it; the volatile record costs no NVRAM). */
	if (EFI_ERROR(status) && !no_fs) {
		audit.flags |= ES_AUDIT_F_NEXT_FAILED;
		if (take_back(&marker, may_outlive))
			audit.flags |= ES_AUDIT_F_TAKEN_BACK;
		auditvar_publish(&audit, L"EarlyseedAudit");
	} else {
		(void)take_back(&marker, may_outlive);
	}
	stage_unmark(image, &marker);
	es_wipe(marker.tag, sizeof(marker.tag));
	return status;
}
