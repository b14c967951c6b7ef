/* SPDX-License-Identifier: MIT */
/*
 * The fault matrix (tests/efi/matrix.h) for efi/src_clock.c: the monotonic
 * count that fails or restarts at every boot.
 */
#include <stdio.h>
#include <string.h>

#include "matrix.h"

/* U-Boot's monotonic count starts at 0 at every boot: a count whose high
 * half is 0 is no evidence that this boot differs from an earlier one. */
static void test_monotonic_count_from_zero(void)
{
	struct es_audit_record a;

	check_rand_fill(token_bytes, sizeof(token_bytes));
	make_seed_file(file_old, ES_SEED_FILE_MIN, HDR_GOOD, token_bytes);
	file_machine(file_old);
	fake.monotonic = 3;  /* high half 0 */
	fake.time_year = 1970; /* a board without a battery: its epoch */
	finish(false, true);
	CHECK(audit_decode_ok(&a) && a.seed_file_reason == ES_FILE_NO_COUNTER);
	CHECK(count_lines("clock: the monotonic count restarts at every boot, no clock is set") == 1);
	/* ... no clock at all */
	file_machine(file_old);
	fake.monotonic = 3;
	fake.time_status = EFI_UNSUPPORTED;
	finish(false, true);
	CHECK(audit_decode_ok(&a) && a.seed_file_reason == ES_FILE_NO_COUNTER);
	/* ... a set real-time clock tells the boots apart: counted */
	file_machine(file_old);
	fake.monotonic = 3;
	finish(true, true);
	CHECK(audit_decode_ok(&a) && a.seed_file_reason == ES_FILE_COUNTED);
	CHECK(logged("clock: the monotonic count restarts at every boot; the real-time clock tells boots apart"));
	/* the same with a count that grew across boots: counted */
	file_machine(file_old);
	finish(true, true);
	CHECK(audit_decode_ok(&a) && a.seed_file_reason == ES_FILE_COUNTED);
}

/* GetNextMonotonicCount fails (Hardening III, 6): a lost write could make
 * this boot's pool an earlier one's, so the file does not count; one
 * warning says so, and the audit record gives the reason. */
static void test_seed_file_no_counter(void)
{
	struct es_audit_record a;

	check_rand_fill(token_bytes, sizeof(token_bytes));
	make_seed_file(file_old, ES_SEED_FILE_MIN, HDR_GOOD, token_bytes);
	file_only_boot(file_old, NULL, true);
	CHECK(audit_decode_ok(&a) && a.seed_file_reason == ES_FILE_NO_COUNTER);
	CHECK(es_audit_failed(&a, ES_SRC_SEED_FILE) && (a.flags & ES_AUDIT_F_TABLE) == 0);
	CHECK(count_lines("clock: monotonic count failed") == 1);
	CHECK(count_lines("health: seed_file: fail: the monotonic count failed") == 1);
	/* what a boot prints by default (the summary and warnings): one line
	 * says it */
	file_only_boot(file_old, "next = \\vmlinuz\nverbose = no\n", true);
	CHECK(count_lines("monotonic count failed") == 1);
	if (check_failures_in_test() > 0)
		printf("#   quiet log:\n%s", fake.log);
	/* still rewritten (write before use), from a pool that counted
	 * nothing: the next boot does not count it either, until hardware or
	 * the OS's refresh (its service runs at every boot) rewrites it */
	CHECK((a.flags & ES_AUDIT_F_SEED_FILE_WRITTEN) != 0);
	memcpy(file_before, fake_file(SEED_PATH)->data, ES_SEED_FILE_MIN);
	file_only_boot(file_before, NULL, false);
	CHECK(audit_decode_ok(&a) && a.seed_file_reason == ES_FILE_UNSEEDED);
	if (check_failures_in_test() > 0)
		printf("#   log:\n%s", fake.log);
}

int main(void)
{
	matrix_start();
	RUN(test_seed_file_no_counter);
	RUN(test_monotonic_count_from_zero);
	return matrix_done();
}
