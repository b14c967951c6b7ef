/* SPDX-License-Identifier: MIT */
/*
 * earlyseed as a UEFI boot-service driver (docs/driver.md "The firmware driver"):
 * the same engine and the same pass as the app (efi/pass.c), run when the firmware
 * loads it and again at every ReadyToBoot, so whatever boots next (a kernel
 * started directly, a boot loader, a network boot) finds one fresh seed
 * table of ours, and an EFI_RNG_PROTOCOL when the firmware has none.
 */
#include <efi.h>
#include <efilib.h>

#include "../core/earlyseed.h"
#include "auditvar.h"
#include "guid.h"
#include "kerneltrust.h"
#include "log.h"
#include "pass.h"
#include "rngsrv.h"
#include "seedtable.h"
#include "src_seedfile.h"
#include "stage.h"

/*
 * A driver sees no kernel command line: what it trusts is the integrator's
 * build setting (make DRIVER_TRUST_CPU=0), less what EarlyseedKernelTrust
 * takes away (driver_trust). The default trusts the CPU's RNG, as Linux >=
 * 6.2 does by default (drivers/char/random.c, random.trust_cpu).
 */
#ifndef ES_DRIVER_TRUST_CPU
#define ES_DRIVER_TRUST_CPU 1
#endif

static EFI_GUID ready_to_boot_guid = ES_EVENT_GROUP_READY_TO_BOOT_GUID;

static struct {
	EFI_HANDLE image;
	/* On the image handle while the driver is resident: a later earlyseed
	 * learns what the table and the RNG protocol rest on. */
	struct stage_marker marker;
	bool marked;
	UINT32 passes;
	struct es_audit_record at_load; /* printed at the first ReadyToBoot */
	bool load_told;
} drv;


/* What the driver was built to trust, less what the OS says its kernel does
 * not (efi/kerneltrust.c): EarlyseedKernelTrust, written by the OS tool. */
static void driver_trust(struct es_trust *t)
{
	es_trust_defaults(t);
	t->cpu = ES_DRIVER_TRUST_CPU != 0;
	(void)kerneltrust_apply(t, "driver: ");
}

/* The seed file's row (efi/src_seedfile.c, the app's): a driver keeps no
 * seed file, and its image carries none of that code. pass_run() skips the
 * write for a driver; its gather is called like every row's. */
void src_seedfile_gather(struct pass *p)
{
	(void)p;
}

void src_seedfile_write(struct pass *p)
{
	(void)p;
}

void src_seedfile_end(struct pass *p)
{
	(void)p;
}

/* One pass (efi/pass.c) with what the driver sets: no seed file, its own
 * table of the last pass refreshed rather than counted, the DRBG's seed.
 * Not inlined: es_wipe_stack() in the caller erases what it left. */
__attribute__((noinline)) static void driver_seed(struct es_outcome *out, struct es_verdict *v, uint64_t t0)
{
	struct pass p;
	struct pass_in in = { .driver = true, .want_drbg = true };
	struct es_audit_record a;
	char summary[ES_AUDIT_SUMMARY_MAX];

	/* Without its marker a later stage could not tell the table and the RNG
	 * from a firmware's and would count them in full under any trust:
	 * unmarked, the driver hands nothing over. */
	if (!drv.marked)
		drv.marked = !EFI_ERROR(stage_mark(drv.image, &drv.marker));
	in.image = drv.image;
	in.may_hand_over = drv.marked;
	in.marker = &drv.marker;
	driver_trust(&in.trust);
	if (!drv.marked)
		log_warn("driver: cannot mark this image, so a later stage could not tell what a table or RNG of "
			 "ours rests on: none handed over");
	out->step_cycles[ES_STEP_START] += row_cycles() - t0;
	pass_run(&p, &in, out);
	t0 = row_cycles();
	if (p.own != NULL)
		log_line("driver: table: %a", p.mine != NULL ? "our previous one wiped and freed"
							       : "ours from the last pass stays");
	if (p.drbg && rngsrv_seed(p.drbg_in, sizeof(p.drbg_in)) == 0) {
		if (!drv.marker.table)
			drv.marker.made_of = p.v.made_of;
		log_line("driver: rng: Hash_DRBG %a from the pool", drv.passes == 0 ? "seeded" : "reseeded");
	}
	es_wipe(p.drbg_in, sizeof(p.drbg_in));
	if (drv.marked && rngsrv_seeded() && !rngsrv_installed()) {
		if (p.rng_others > 0) {
			log_line("driver: rng: the firmware has an EFI_RNG_PROTOCOL; none installed");
		} else {
			EFI_STATUS status = rngsrv_install(drv.image);

			if (EFI_ERROR(status))
				log_warn("driver: rng: installing EFI_RNG_PROTOCOL failed: %r", status);
			else
				log_line("driver: rng: EFI_RNG_PROTOCOL installed (Hash_DRBG, SHA-256)");
		}
	}
	p.out.rng_protocol = rngsrv_installed();
	/* our table from this pass or the last, while it is still there */
	if (drv.marker.table != NULL && seedtable_find() == drv.marker.table) {
		p.out.table = true;
		p.out.table_size = ES_SEED_LEN;
	}
	*out = p.out;
	*v = p.v;
	es_wipe(&p, sizeof(p));
	es_audit_build(&a, out, v);
	es_audit_summary(&a, summary, sizeof(summary));
	log_summary("driver: summary %a", summary);
	out->step_cycles[ES_STEP_END] += row_cycles() - t0;
}

static void driver_pass(const CHAR16 *when)
{
	struct es_outcome out;
	struct es_verdict v;
	struct es_audit_record a;
	uint64_t t0 = row_cycles();

	es_wipe(&out, sizeof(out));
	out.driver = true;
	console_begin();
	log_summary("driver: %s: pass %u, built %a the CPU's RNG", when, drv.passes + 1,
		 ES_DRIVER_TRUST_CPU ? "trusting" : "not trusting (DRIVER_TRUST_CPU=0)");
	driver_seed(&out, &v, t0);
	{
		uint64_t t1 = row_cycles();

		es_wipe_stack();
		out.step_cycles[ES_STEP_END] += row_cycles() - t1;
	}
	out.elapsed_cycles = row_cycles() - t0;
	es_audit_build(&a, &out, &v);
	/* What happened at load is kept apart: the OS sees it and the last
	 * pass (the issue: "keep what happened at load in the audit record"). */
	if (drv.passes == 0) {
		drv.at_load = a;
		auditvar_publish(&a, L"EarlyseedDriverLoad");
	}
	drv.passes++;
	auditvar_publish(&a, L"EarlyseedDriverAudit");
}

/* ReadyToBoot: once per boot attempt, right before the firmware starts a
 * boot option (UEFI 2.10 section 7.1; OVMF also before a -kernel boot). The
 * console is connected now: what happened at load is said first. */
static VOID EFIAPI driver_ready(EFI_EVENT event, VOID *ctx)
{
	(void)event;
	(void)ctx;
	if (!drv.load_told) {
		char summary[ES_AUDIT_SUMMARY_MAX];

		drv.load_told = true;
		es_audit_summary(&drv.at_load, summary, sizeof(summary));
		log_summary("driver: at load: summary %a (%a)", summary,
			 (drv.at_load.flags & ES_AUDIT_F_TABLE) != 0 ? "a table installed" : "no table");
	}
	driver_pass(L"ReadyToBoot");
}

/* ExitBootServices: nobody may call GetRNG any more; forget the DRBG. */
static VOID EFIAPI driver_exit(EFI_EVENT event, VOID *ctx)
{
	(void)event;
	(void)ctx;
	rngsrv_wipe();
}

/* Called by GNU-EFI crt0 with the SysV ABI. Returns EFI_SUCCESS so the image
 * stays resident; nothing here can make the firmware's boot fail. */
EFI_STATUS efi_main(EFI_HANDLE image, EFI_SYSTEM_TABLE *systab)
{
	EFI_EVENT ev;
	EFI_STATUS status;

	ST = systab;
	BS = systab->BootServices;
	RT = systab->RuntimeServices;
	/* A fresh image has zeroed .bss; a host test loads it again and again. */
	es_wipe(&drv, sizeof(drv));
	rngsrv_reset();
	drv.image = image;
	drv.marker.stage = 0;
	drv.marker.driver = true;
	driver_pass(L"load"); /* marks the image first (driver_seed) */
	status = uefi_call_wrapper(BS->CreateEventEx, 6, (UINT32)EVT_NOTIFY_SIGNAL, (EFI_TPL)TPL_CALLBACK,
				   driver_ready, NULL, &ready_to_boot_guid, &ev);
	if (EFI_ERROR(status))
		log_warn("driver: no ReadyToBoot event (%r): the table from load is all there is", status);
	status = uefi_call_wrapper(BS->CreateEvent, 5, (UINT32)EVT_SIGNAL_EXIT_BOOT_SERVICES, (EFI_TPL)TPL_NOTIFY,
				   driver_exit, NULL, &ev);
	if (EFI_ERROR(status))
		log_warn("driver: no ExitBootServices event (%r)", status);
	return EFI_SUCCESS;
}
