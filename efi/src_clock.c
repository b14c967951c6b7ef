/* SPDX-License-Identifier: MIT */
/* The clocks: GetTime(), the cycle counter and the monotonic count. Mixed,
 * assumed to hold nothing (core/source.c); they make two boots differ. */
#include "row.h"

#include <efilib.h>

#include "log.h"

void src_clock(struct pass *p)
{
	struct {
		EFI_TIME time;
		uint64_t cycles;
		uint64_t count;
	} clock;
	EFI_STATUS status = uefi_call_wrapper(RT->GetTime, 2, &clock.time, NULL);
	bool time_ok = !EFI_ERROR(status), apart;

	if (EFI_ERROR(status)) {
		es_wipe(&clock.time, sizeof(clock.time));
		log_warn("clock: GetTime failed: %r, cycle counter only", status);
	}
	clock.cycles = row_cycles();
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
		log_line("clock: monotonic count failed: %r; %a", status, "a seed file does not count this boot");
	}
	p->out.calls[ES_SRC_CLOCK] = 2;
	(void)es_session_add(&p->s, ES_SRC_CLOCK, &clock, sizeof(clock));
	log_line("clock: time, cycle and monotonic counters mixed (%u bytes, assumed to hold no entropy)",
		 (UINT32)sizeof(clock));
	/* A count whose high half is 0 cannot be told from a fresh one (U-Boot
	 * starts it at 0 at every boot: lib/efi_loader/efi_boottime.c
	 * efi_get_next_monotonic_count): then
	 * only a set real-time clock tells this boot from an earlier one. */
	apart = es_clock_tells_boots_apart(!EFI_ERROR(status), clock.count, time_ok, clock.time.Year);
	if (!EFI_ERROR(status) && (clock.count >> 32) == 0)
		log_line(apart ? "clock: the monotonic count restarts at every boot; the real-time clock tells boots apart"
			       : "clock: the monotonic count restarts at every boot, no clock is set: no seed file counts");
	es_wipe(&clock, sizeof(clock));
	/* a fact of this row; the engine applies it to the seed file */
	es_session_counter(&p->s, apart);
}
