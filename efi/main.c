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
#include "devpath.h"
#include "guid.h"
#include "kerneltrust.h"
#include "log.h"
#include "main.h"
#include "pass.h"
#include "sealed.h"
#include "seedtable.h"
#include "stage.h"

static void load_config(EFI_LOADED_IMAGE *self, char self_path[ES_CONFIG_NEXT_MAX], struct es_config *cfg,
			struct es_outcome *o, bool *no_fs)
{
	const char *clash;

	es_config_defaults(cfg);
	*no_fs = false;
	if (self == NULL) {
		console_set_show(console_default);
		log_warn("config: no loaded-image protocol, using defaults");
		return;
	}
	devpath_file_ascii(self->FilePath, self_path, ES_CONFIG_NEXT_MAX);
	o->config_problems = conf_load(self->DeviceHandle, self_path, cfg, no_fs);
	/* From here on the config says what to print; the lines so far print
	 * now if it says every line. */
	console_set_show(cfg->verbose == ES_VERBOSE_YES	     ? CONSOLE_SHOW_ALL
			 : cfg->verbose == ES_VERBOSE_NO     ? CONSOLE_SHOW_SUMMARY
			 : cfg->verbose == ES_VERBOSE_QUIET  ? CONSOLE_SHOW_WARNINGS
								: console_default);
	clash = es_config_seed_file_clash(cfg, self_path);
	if (clash != NULL) {
		/* One typo would overwrite the kernel's first 4 KiB at every boot. */
		log_warn("config: seed_file %a names %a: the seed file is turned off", cfg->seed_file, clash);
		cfg->seed_file[0] = '\0';
		o->config_problems++;
	}
	log_line("config: next=%a cmdline=\"%a\" seed_file=%a", cfg->next, cfg->cmdline,
		 cfg->seed_file[0] != '\0' ? cfg->seed_file : "none");
}

/* One pass (efi/pass.c) with what the app sets: its seed file, the trust
 * of its kernel's command line. The session and the seed are the pass's
 * own and are wiped before it returns; what the firmware did and the verdict
 * are copied out for the record. Returns whether a table of ours may
 * outlive this chain: only one that rests on at least the gate's bits from
 * sources every kernel's trust counts (not the CPU) and that the next boot
 * option cannot get again (not the device tree's seed), since the
 * firmware's next boot option may start a kernel with other settings. */
/* Not inlined: its frame, and every frame below it, lie under efi_main's,
 * where es_wipe_stack() reaches (scripts/stackcheck.sh checks how deep). */
__attribute__((noinline)) static bool seed_this_boot(EFI_HANDLE image, EFI_HANDLE device, const char *seed_file,
						     const struct es_trust *trust, bool no_cmdline,
						     const struct es_config *cfg, struct stage_marker *marker,
						     struct es_outcome *out, struct es_verdict *v)
{
	struct pass p;
	const struct pass_in in = {
		.image = image,
		.device = device,
		.seed_file = stage_persisted_before(image) ? NULL : seed_file,
		.no_cmdline = no_cmdline,
		.may_hand_over = true,
		.trust = *trust,
		/* what the config turns off, and the VM generation ID's policy */
		.off = (cfg->tpm_off ? 1u << ES_SRC_TPM : 0u) | (cfg->vmgenid == ES_VMGENID_OFF ? 1u << ES_SRC_VMGENID : 0u),
		.genid_check = cfg->vmgenid == ES_VMGENID_CHECK,
		/* the owner's choice, from the image (Hardening V, 5); the
		 * config's key is named and ignored (main below) */
		.count_disk_token = sealed_disk_token_count(),
		.marker = marker,
	};
	struct es_audit_record a;
	char summary[ES_AUDIT_SUMMARY_MAX];
	bool outlive;
	uint64_t t1;

	pass_run(&p, &in, out);
	t1 = row_cycles();
	marker->persisted = !p.file.off;
	*out = p.out;
	*v = p.v;
	/* Not the device tree's seed either: it was removed from this tree for
	 * our table, but U-Boot hands every boot option a fresh copy of its
	 * tree with the seed back in it, which a kernel would credit beside
	 * our table. (A firmware that keeps one tree leaves the next boot
	 * option neither: fewer bits, never the same bits twice.) */
	outlive = p.v.made_of.other_bits - (p.v.bits[ES_SRC_RNG_SEED] < p.v.made_of.other_bits
						    ? p.v.bits[ES_SRC_RNG_SEED]
						    : p.v.made_of.other_bits) >= ES_GATE_BITS;
	es_wipe(&p, sizeof(p));
	es_audit_build(&a, out, v);
	es_audit_summary(&a, summary, sizeof(summary));
	log_summary("summary %a", summary);
	out->step_cycles[ES_STEP_END] += row_cycles() - t1;
	return outlive;
}

/* Publish the record of what happened so far (volatile: no NVRAM wear). */
static void publish(struct es_outcome *out, const struct es_verdict *v, uint64_t t0)
{
	struct es_audit_record a;
	uint64_t t1 = row_cycles();

	/* entry to chain-load: a record published again after the next stage
	 * returned keeps that time */
	if (out->elapsed_cycles == 0)
		out->elapsed_cycles = t1 - t0;
	es_audit_build(&a, out, v);
	auditvar_publish(&a, L"EarlyseedAudit");
	out->step_cycles[ES_STEP_NVRAM] += row_cycles() - t1;
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
		log_line("table: ours was replaced by a later stage; left as it is");
		return false;
	}
	/* The same address may be a later stage's table in reused pool memory:
	 * it is ours only if its size and bytes are what we installed. */
	ours = stage_owns(marker, now);
	status = seedtable_remove();
	if (EFI_ERROR(status)) {
		log_warn("table: cannot take ours back: %r", status);
		return false;
	}
	if (ours)
		seedtable_retire(now, ES_SEED_LEN);
	/* the constant tail as ASCII: a UCS-2 format costs two bytes a character */
	log_warn("table: taken back%a: %a", ours ? "" : " (removed, not freed: its bytes are not ours any more)",
		 "it rested on what only this command line's trust settings allowed, and the firmware's next boot "
		 "option may start another kernel");
	return true;
}

/* Called by GNU-EFI crt0-efi-x86_64.o with the SysV ABI: not EFIAPI. */
EFI_STATUS efi_main(EFI_HANDLE image, EFI_SYSTEM_TABLE *systab)
{
	struct es_outcome out;
	struct es_verdict v;
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
	t0 = row_cycles();
	/* Until the config says what to print, lines are kept, not shown. */
	console_begin();
	if (console_show != CONSOLE_SHOW_ALL)
		console_show = CONSOLE_SHOW_PENDING;
	log_line("start");
	before = stage_count_before(image);
	if (!es_stage_may_chain(before))
		return log_error_status(EFI_ABORTED,
					"%u earlyseed stages already run in this boot (a loop in the configs?); "
					"at most %u may, so this one does nothing and returns to the firmware",
					before, (UINT32)ES_MAX_STAGES);
	es_wipe(&out, sizeof(out));
	es_wipe(&v, sizeof(v));
	out.stage = (UINT16)(before + 1u);
	marker.stage = before + 1u;
	if (EFI_ERROR(stage_mark(image, &marker)))
		log_warn("stage: cannot mark this image; a loop of earlyseed stages would not be caught");

	status = uefi_call_wrapper(BS->HandleProtocol, 3, image, &guid_loaded_image, (void **)&self);
	if (EFI_ERROR(status))
		self = NULL;
	load_config(self, self_path, &cfg, &out, &no_fs);
	/* The ESP's config cannot say that a token the firmware keeps on that
	 * same disk counts: whoever writes the one writes the other. */
	if (cfg.disk_token)
		log_warn("config: disk_token = count ignored: the ESP that holds this config can hold the token too; the "
			 "owner's choice is sealed into the image (earlyseed seal --disk-token count)");
	/* The stage that keeps the seed file says where its config is. */
	if (self_path[0] != '\0' && cfg.seed_file[0] != '\0' && !no_fs && !stage_persisted_before(image)) {
		uint64_t t1 = row_cycles();

		auditvar_publish_image(self_path);
		out.step_cycles[ES_STEP_NVRAM] += row_cycles() - t1;
	}
	/* The trust settings of the kernel the command line goes to; with no
	 * command line the next stage is a boot loader: the kernel's defaults. */
	es_trust_defaults(&trust);
	es_trust_parse(&trust, cfg.cmdline);
	if (trust.cpu_set || trust.bootloader_set)
		log_line("trust: the command line sets random.trust_cpu=%a random.trust_bootloader=%a",
			 trust.cpu ? "on" : "off", trust.bootloader ? "on" : "off");
	/* What the OS recorded in NVRAM the firmware keeps (Hardening IV, 1)
	 * only takes the CPU's trust away, so it applies whatever the config
	 * says: a cmdline line an ESP writer adds to the config of a boot
	 * loader's chain (GRUB ignores its load options) must not lift it
	 * (Hardening V, 1). The seed file's header bit can only take more. */
	(void)kerneltrust_apply(&trust, cfg.cmdline[0] == '\0' ? "trust: no command line; " : "trust: ");
	/* everything so far but the NVRAM step (EarlyseedImage) */
	out.step_cycles[ES_STEP_START] += row_cycles() - t0 - out.step_cycles[ES_STEP_NVRAM];

	may_outlive = seed_this_boot(image, self != NULL ? self->DeviceHandle : NULL, cfg.seed_file, &trust,
				     cfg.cmdline[0] == '\0', &cfg, &marker, &out, &v);
	/* seed_this_boot's frames held the session, the seed and whatever the
	 * compiler spilled while hashing: erase that stack before going on. */
	{
		uint64_t t1 = row_cycles();

		es_wipe_stack();
		out.step_cycles[ES_STEP_END] += row_cycles() - t1;
	}
	publish(&out, &v, t0);

	if (self == NULL)
		status = log_error_status(EFI_LOAD_ERROR, "cannot load next stage %a: own volume unknown", cfg.next);
	else if (no_fs)
		/* PXE or HTTP boot: the table is installed; there is nothing to
		 * chain to, so the firmware's next boot option must go on. */
		status = log_error_status(EFI_NOT_FOUND,
					  "%a", "loaded from a device with no file system (a PXE or HTTP boot?): no config "
						 "and no next stage to load; the table is installed, the firmware goes on");
	else
		status = chain_start(image, self->DeviceHandle, &cfg);
	/* The next stage did not run (or failed): say so in the record the
	 * OS reads, since this boot goes on without earlyseed's kernel
	 * (`earlyseed status` reports it; the volatile record costs no NVRAM). */
	if (EFI_ERROR(status) && !no_fs) {
		out.next_failed = true;
		out.taken_back = take_back(&marker, may_outlive);
		publish(&out, &v, t0);
	} else {
		(void)take_back(&marker, may_outlive);
	}
	stage_unmark(image, &marker);
	es_wipe(marker.tag, sizeof(marker.tag));
	return status;
}
