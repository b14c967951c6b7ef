/* SPDX-License-Identifier: MIT */
/*
 * The fault matrix (tests/efi/matrix.h) for efi/src_seedfile.c: the seed kept
 * across reboots, boot after boot: turned off, after a crash, chained, and
 * the trust the file's header records.
 */
#include <string.h>

#include "matrix.h"

/* seed_file = none: nothing read, written or created, even with hardware. */
static void test_seed_file_off(void)
{
	static const char conf[] = "next = \\vmlinuz\nseed_file = none\n";

	base();
	fake.files[0].data = (const uint8_t *)conf;
	fake.files[0].len = sizeof(conf) - 1;
	finish(true, true);
	CHECK(fake.nv_writes == 0 && fake.write_attempts == 0 && fake_file(SEED_PATH) == NULL);
	CHECK(logged("seed_file: turned off (seed_file = none)"));
}

static void test_seed_file_boots(void)
{
	struct fake_file_entry *e;
	uint8_t seed1[ES_SEED_LEN];

	boot_with(NULL, false, true);
	finish(true, true);
	e = fake_file(SEED_PATH);
	CHECK(e != NULL && e->len == ES_SEED_FILE_MIN && fake_token() != NULL);
	if (e == NULL || fake_token() == NULL)
		return;
	memcpy(boot_file[0], e->data, ES_SEED_FILE_MIN);
	CHECK(fake_token()->len == ES_TOKEN_VAR_LEN);
	memcpy(boot_token, fake_token()->data, ES_TOKEN_VAR_LEN);
	for (int b = 1; b <= 2; b++) {
		boot_with(boot_file[b - 1], true, false);
		finish(true, true);
		CHECK(logged("health: seed_file: pass") && fake.nv_writes == 0);
		e = fake_file(SEED_PATH);
		memcpy(boot_file[b], e->data, ES_SEED_FILE_MIN);
		for (int k = 0; k < b; k++)
			CHECK(memcmp(boot_file[b], boot_file[k], ES_SEED_FILE_MIN) != 0);
	}
	/* the firmware lost the last write: the same file and token again,
	 * the clocks as before; the monotonic count alone makes the seed new */
	boot_with(boot_file[1], true, false);
	finish(true, true);
	memcpy(seed1, fake.table_bytes_at_start + 4, sizeof(seed1));
	boot_with(boot_file[1], true, false);
	finish(true, true);
	CHECK(memcmp(seed1, fake.table_bytes_at_start + 4, sizeof(seed1)) != 0);
	/* the clone: same disk, no token, no hardware */
	boot_with(boot_file[2], false, false);
	finish(false, true);
	CHECK(logged("no EarlyseedToken") && fake.nv_writes == 0);
	/* the file copied onto another machine with its own token */
	boot_token[0] ^= 1;
	boot_with(boot_file[2], true, false);
	finish(false, true);
	CHECK(logged(es_file_reason_text(ES_FILE_OTHER_MACHINE)));
}

/* What a crash mid-write leaves (zeros), then boots with no hardware RNG:
 * the rewrite rests on nothing and never counts, boot after boot, until a
 * boot with real sources rewrites it (issue: Hardening II, 2). */
static void test_seed_file_after_a_crash(void)
{
	static uint8_t zero[ES_SEED_FILE_MIN];
	struct fake_file_entry *e;

	const struct es_provenance firmware_rng = { .cpu_bits = 0, .other_bits = ES_GATE_BITS };
	uint8_t tok[ES_TOKEN_LEN];

	check_rand_fill(tok, sizeof(tok));
	es_token_encode(tok, &firmware_rng, boot_token);
	memset(boot_file[0], 0, ES_SEED_FILE_MIN);
	boot_with(zero, true, false);
	finish(false, true);
	CHECK(logged(es_file_reason_text(ES_FILE_NO_HEADER)) && logged("it rests on 0 bits"));
	e = fake_file(SEED_PATH);
	CHECK(e != NULL && e->len == ES_SEED_FILE_MIN);
	if (e == NULL)
		return;
	memcpy(boot_file[1], e->data, ES_SEED_FILE_MIN);
	for (int b = 2; b <= 3; b++) {
		boot_with(boot_file[b - 1], true, false);
		finish(false, true);
		CHECK(logged(es_file_reason_text(ES_FILE_UNSEEDED)) && !logged("health: seed_file: pass"));
		e = fake_file(SEED_PATH);
		memcpy(boot_file[b], e->data, ES_SEED_FILE_MIN);
	}
	/* a boot with a firmware RNG refreshes it: the next one counts it */
	boot_with(boot_file[3], true, true);
	finish(true, true);
	e = fake_file(SEED_PATH);
	memcpy(boot_file[0], e->data, ES_SEED_FILE_MIN);
	boot_with(boot_file[0], true, false);
	finish(true, true);
	CHECK(logged("health: seed_file: pass"));
}

/* Two earlyseed in one boot: the first uses the file (and counts it, as
 * bits no CPU trust touches); the second leaves it alone and counts the
 * first's table for what it rests on under its own random.trust_cpu=off. */
static void test_seed_file_chained(void)
{
	static const char first[] = "next = \\EFI\\es2\\earlyseed.efi\n";
	static const char second[] = "next = \\vmlinuz\ncmdline = random.trust_cpu=off\n";
	struct fake_file_entry *e;

	base();
	fake_insn.leaf7_ebx = 0;
	fake.no_rng_protocol = true;
	fake.files[0].data = (const uint8_t *)first;
	fake.files[0].len = sizeof(first) - 1;
	add_file("\\EFI\\es2\\earlyseed.efi", kernel_image, sizeof(kernel_image), true)->earlyseed = true;
	add_file("\\EFI\\es2\\earlyseed.conf", second, sizeof(second) - 1, false);
	check_rand_fill(token_bytes, sizeof(token_bytes));
	make_seed_file(file_old, ES_SEED_FILE_MIN, HDR_GOOD, token_bytes);
	add_file(SEED_PATH, file_old, ES_SEED_FILE_MIN, false);
	put_token(token_bytes, TOKEN_ATTRS, ES_GATE_BITS, 0);
	rc = efi_main(fake_image_handle(), ST);
	e = fake_file(SEED_PATH);
	CHECK(fake.started && fake.stages_started == 1);
	CHECK(e != NULL && e->writes == 1 && e->flushes == 1); /* the first stage's rewrite only */
	CHECK(logged("seed_file: an earlier earlyseed stage of this boot used it"));
	CHECK(fake.table_at_start != NULL); /* the file's 256 bits, under any CPU trust */
	CHECK(logged("prev_table: 32 bytes mixed (installed by an earlier earlyseed stage)"));
	CHECK(!logged("prev_table: bad"));
}

/* No command line (a boot loader next): the trust the OS recorded in the
 * seed file's header is taken, and only to take trust away (issue: Secure
 * Boot and shim, trust for boot-loader chains). RDRAND only, a counting
 * file whose last kernel had random.trust_cpu=off. */
static void trust_file_case(const char *conf, bool flag, bool want_cpu_counted)
{
	struct es_seedfile_header h = { .from = { .other_bits = ES_GATE_BITS } };
	struct es_audit_record a;
	struct fake_file_entry *e;
	struct es_seedfile_header now;

	rdrand_machine(conf);
	check_rand_fill(token_bytes, sizeof(token_bytes));
	make_seed_file(file_old, ES_SEED_FILE_MIN, HDR_GOOD, token_bytes);
	h.flags = flag ? ES_SEEDFILE_F_NO_CPU_TRUST : 0;
	es_seedfile_seal(&h, token_bytes, NULL, file_old);
	add_file(SEED_PATH, file_old, ES_SEED_FILE_MIN, false);
	put_token(token_bytes, TOKEN_ATTRS_APP, ES_GATE_BITS, 0);
	finish(true, true);
	CHECK(audit_decode_ok(&a));
	CHECK(((a.flags & ES_AUDIT_F_CPU_UNTRUSTED) == 0) == want_cpu_counted);
	CHECK(logged("health: seed_file: pass"));
	CHECK(logged("the seed file says the last kernel had random.trust_cpu=off") == (flag && !want_cpu_counted));
	/* the rewrite carries the trust this boot judged by */
	e = fake_file(SEED_PATH);
	CHECK(rewritten_header(e, &now) && (now.flags == ES_SEEDFILE_F_NO_CPU_TRUST) == !want_cpu_counted);
}

static void test_trust_from_the_seed_file(void)
{
	trust_file_case("next = \\EFI\\debian\\grubx64.efi\n", true, false);
	trust_file_case("next = \\EFI\\debian\\grubx64.efi\n", false, true);
	/* a command line in the config does not lift the flag (Hardening V, 1):
	 * it only takes the CPU's trust away, whatever the config says */
	trust_file_case("next = \\EFI\\debian\\grubx64.efi\ncmdline = quiet\n", true, false);
	trust_file_case("next = \\vmlinuz\ncmdline = quiet\n", true, false);
	trust_file_case("next = \\vmlinuz\ncmdline = quiet\n", false, true);
}

int main(void)
{
	matrix_start();
	RUN(test_seed_file_off);
	RUN(test_seed_file_boots);
	RUN(test_seed_file_after_a_crash);
	RUN(test_trust_from_the_seed_file);
	RUN(test_seed_file_chained);
	return matrix_done();
}
