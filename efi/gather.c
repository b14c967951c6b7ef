/* SPDX-License-Identifier: MIT */
/* The sources every front end gathers (the app, the driver): the clocks, a
 * previous table, the CPU's instructions. The firmware RNG is efi/rng.c. */
#include "gather.h"

#include <efilib.h>

#include "cpurng.h"
#include "log.h"
#include "seedtable.h"
#include "stage.h"

bool gather_clock(struct es_session *s)
{
	struct {
		EFI_TIME time;
		uint64_t cycles;
		uint64_t count;
	} clock;
	EFI_STATUS status = uefi_call_wrapper(RT->GetTime, 2, &clock.time, NULL);

	if (EFI_ERROR(status)) {
		es_wipe(&clock.time, sizeof(clock.time));
		log_warn(L"clock: GetTime failed: %r, cycle counter only", status);
	}
	clock.cycles = cpurng_arch.cycles();
	/* UEFI 2.10 section 7.5.2: the high 32 bits are non-volatile and grow
	 * at every boot, so no two boots mix the same inputs even when the
	 * firmware lost the seed file's last write (systemd-boot
	 * random-seed.c mixes it for the same reason). */
	clock.count = 0;
	status = uefi_call_wrapper(BS->GetNextMonotonicCount, 1, &clock.count);
	if (EFI_ERROR(status)) {
		/* Without it, a boot after a lost seed file write could mix
		 * what an earlier one mixed and hand on a pool that was
		 * already counted once: the file does not count this boot. */
		clock.count = 0;
		/* a plain line: where there is a seed file, its health line
		 * is the one warning that says what this cost */
		log_line(L"clock: monotonic count failed: %r; %a", status, "a seed file does not count this boot");
	}
	(void)es_session_add(s, ES_SRC_CLOCK, &clock, sizeof(clock));
	log_line(L"clock: time, cycle and monotonic counters mixed (%u bytes, assumed to hold no entropy)",
		 (UINT32)sizeof(clock));
	es_wipe(&clock, sizeof(clock));
	return !EFI_ERROR(status);
}

struct es_table_seed *gather_prev(EFI_HANDLE image, struct es_session *s)
{
	struct es_table_seed *prev = seedtable_find();
	struct es_provenance from;
	uint32_t size;
	bool known;

	if (prev == NULL) {
		log_line(L"prev_table: none");
		return NULL;
	}
	known = stage_provenance(image, prev, &from);
	if (!es_session_add_table(s, prev, known ? &from : NULL, &size))
		log_warn(L"prev_table: size %u over the kernel's %u-byte bound: bogus, not read", size,
			 (UINT32)ES_TABLE_READ_MAX);
	else
		log_line(L"prev_table: %u bytes mixed%a", size, known ? " (installed by an earlier earlyseed stage)" : "");
	return prev;
}

void gather_cpu(struct es_session *s, struct es_audit_record *a)
{
	struct es_cpu_report r;

	es_cpu_gather(s, &cpurng_arch, &r);
	const char *seed = es_source_name(ES_SRC_RDSEED, cpurng_arch.audit_arch);
	const char *drbg = es_source_name(ES_SRC_RDRAND, cpurng_arch.audit_arch);

	log_line(L"cpu: %a %a, %a %a", seed, r.present[ES_SRC_RDSEED] ? "present" : "absent", drbg,
		 r.present[ES_SRC_RDRAND] ? "present" : "absent");
	if (!r.present[ES_SRC_RDSEED] && !r.present[ES_SRC_RDRAND])
		return;
	a->cpu_longs_failed = (UINT16)r.failed;
	log_line(L"cpu: %u longs asked, %u from %a, %u from %a, %u failed", (UINT32)ES_CPU_LONGS,
		 r.longs[ES_SRC_RDSEED], seed, r.longs[ES_SRC_RDRAND], drbg, r.failed);
}

