/* SPDX-License-Identifier: MIT */
/*
 * The fault matrix (tests/efi/matrix.h) for efi/pass.c: one pass over every
 * source row, a healthy machine, and the rows read in either order giving the
 * same verdict and record.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "matrix.h"

static void test_healthy_machine(void)
{
	base();
	finish(true, true);
	CHECK(strcmp(fake.started_path, "\\vmlinuz") == 0);
	CHECK(strcmp(fake.options, "console=ttyS0") == 0);
	CHECK(logged("health=rdseed:pass,rdrand:pass,efi_rng:pass"));
	CHECK(logged("efi_rng=64 "));
}

/* Rows in any order (efi/sources.c): each row hands the engine facts of its
 * own tag, and the engine joins them; the same machine read in both orders
 * gets the same verdict and the same record (the seed differs: the pool
 * mixes in reading order, and nothing needs it not to). */
static void record_of(struct es_audit_record *a)
{
	memset(a, 0, sizeof(*a));
	if (!audit_decode_ok(a))
		return;
	/* time is not a verdict */
	a->elapsed_kcycles = 0;
	memset(a->kcycles, 0, sizeof(a->kcycles));
	memset(a->step_kcycles, 0, sizeof(a->step_kcycles));
}

static void both_orders(const char *name, void (*machine)(void))
{
	struct es_audit_record fwd, rev;

	rows_reversed = false;
	machine();
	record_of(&fwd);
	rows_reversed = true;
	machine();
	record_of(&rev);
	rows_reversed = getenv("ES_ROWS_REVERSED") != NULL;
	CHECK(fwd.version != 0 && memcmp(&fwd, &rev, sizeof(fwd)) == 0);
	for (size_t i = 0; i < sizeof(fwd); i++) {
		if (((const uint8_t *)&fwd)[i] != ((const uint8_t *)&rev)[i]) {
			printf("#   %s: the two orders' records differ at byte %zu\n", name, i);
			break;
		}
	}
}

static void order_no_counter(void)
{
	file_only_boot(file_old, NULL, true);
}

static void order_file_alone(void)
{
	file_machine(file_old);
	finish(true, true);
}

static void order_trust_from_file(void)
{
	rdrand_machine("next = \\EFI\\debian\\grubx64.efi\n");
	add_file(SEED_PATH, file_before, ES_SEED_FILE_MIN, false);
	put_token(token_bytes, TOKEN_ATTRS_APP, ES_GATE_BITS, 0);
	finish(true, true);
}

static void order_vmgenid(void)
{
	static const uint8_t id[16] = { 1, 2, 3 };

	file_machine(file_old);
	fake_set_vmgenid(id);
	finish(false, true);
}

static void order_healthy(void)
{
	base();
	finish(true, true);
}

static void test_rows_in_any_order(void)
{
	struct es_seedfile_header h = { .from = { .other_bits = ES_GATE_BITS }, .flags = ES_SEEDFILE_F_NO_CPU_TRUST };

	check_rand_fill(token_bytes, sizeof(token_bytes));
	make_seed_file(file_old, ES_SEED_FILE_MIN, HDR_GOOD, token_bytes);
	memcpy(file_before, file_old, ES_SEED_FILE_MIN);
	es_seedfile_seal(&h, token_bytes, NULL, file_before);
	both_orders("healthy", order_healthy);
	both_orders("the seed file alone", order_file_alone);
	both_orders("a failed monotonic count", order_no_counter);
	both_orders("the seed file's trust", order_trust_from_file);
	both_orders("another VM generation ID", order_vmgenid);
}

int main(void)
{
	matrix_start();
	RUN(test_healthy_machine);
	RUN(test_rows_in_any_order);
	return matrix_done();
}
