/* SPDX-License-Identifier: MIT */
/*
 * The fault matrix (tests/efi/matrix.h) for efi/src_tpm.c: a TPM 2.0 alone,
 * its faults, and a TPM that repeats its first block at every boot.
 */
#include <stdio.h>
#include <string.h>

#include "matrix.h"

/* The machine earlyseed is for: no CPU RNG, no firmware RNG, a TPM. */
static void tpm_only(enum fake_tpm tpm)
{
	base();
	fake_insn.leaf1_ecx = 0;
	fake_insn.leaf7_ebx = 0;
	fake.no_rng_protocol = true;
	fake.tpm = tpm;
}

static void test_tpm_alone_seeds(void)
{
	struct es_audit_record a;

	tpm_only(FAKE_TPM_OK);
	finish(true, true);
	CHECK(logged("earlyseed: tpm: TPM2_GetRandom: 64 bytes in 2 calls"));
	CHECK(logged("health: tpm: pass (assumed 4 of 8 bits per byte)"));
	CHECK(logged(" tpm=64 ") && logged(",tpm:pass"));
	CHECK(fake.tpm_calls == 2 && fake.tpm_bad_commands == 0 && fake.events == 0);
	CHECK(audit_decode_ok(&a) && es_audit_present(&a, ES_SRC_TPM) && !es_audit_failed(&a, ES_SRC_TPM));
	CHECK(a.bytes[ES_SRC_TPM] == 64 && a.calls[ES_SRC_TPM] == 2 && a.entropy_bits == 256);
	/* a TPM is not the CPU: random.trust_cpu=off does not touch it */
	tpm_only(FAKE_TPM_OK);
	fake.files[0].data = (const uint8_t *)"next = \\vmlinuz\ncmdline = random.trust_cpu=off\n";
	fake.files[0].len = strlen((const char *)fake.files[0].data);
	finish(true, true);
	/* the config turns it off: nothing else here, no table */
	tpm_only(FAKE_TPM_OK);
	fake.files[0].data = (const uint8_t *)"next = \\vmlinuz\ntpm = off\n";
	fake.files[0].len = strlen((const char *)fake.files[0].data);
	finish(false, true);
	CHECK(logged("earlyseed: tpm: turned off (tpm = off)") && fake.tpm_calls == 0);
	/* the protocol with the TPM turned off in setup: absent, not failed */
	tpm_only(FAKE_TPM_OFF);
	finish(false, true);
	CHECK(logged("no TPM 2.0 present") && fake.tpm_calls == 0 && !logged(",tpm:"));
	/* and none: the same machine without a TPM gets no table */
	tpm_only(FAKE_TPM_NONE);
	finish(false, true);
	CHECK(logged("earlyseed: tpm: no EFI_TCG2_PROTOCOL (Not Found)") && !logged(",tpm:") && !logged(" tpm="));
}

/* A TPM that errs, answers short, repeats itself, or takes too long is
 * mixed, counts nothing, and the boot goes on. */
static void test_tpm_faults(void)
{
	static const struct {
		enum fake_tpm tpm;
		const char *said;
	} cases[] = {
		{ FAKE_TPM_SUBMIT_FAILS, "SubmitCommand failed (Device Error" },
		{ FAKE_TPM_RC_ERROR, "it answered an error code (Success, an error response code, rc 0x101)" },
		{ FAKE_TPM_SHORT, "it answered short: fewer bytes than asked within its 8 calls" },
		{ FAKE_TPM_REPEATS, "returned the same block twice" },
		{ FAKE_TPM_ZEROS, "returned a block of zeros" },
		{ FAKE_TPM_MALFORMED, "it answered a malformed response" },
		{ FAKE_TPM_TOO_LONG, "it answered a malformed response (Success, more bytes than asked" },
		{ FAKE_TPM_SLOW, "it took longer than its time bound (100 ms)" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct es_audit_record a;

		tpm_only(cases[i].tpm);
		finish(false, true);
		CHECK(logged(cases[i].said));
		CHECK(logged(",tpm:fail"));
		CHECK(audit_decode_ok(&a) && es_audit_failed(&a, ES_SRC_TPM) && a.entropy_bits == 0);
		CHECK(fake.tpm_calls <= 8 && fake.events == 0);
		if (!logged(cases[i].said))
			printf("#   case %zu\n%s", i, fake.log);
	}
	/* with the CPU's RNG beside it, a bad TPM costs only its own credit */
	base();
	fake.tpm = FAKE_TPM_REPEATS;
	finish(true, true);
	CHECK(logged(",tpm:fail") && logged("rdrand:pass"));
	/* TPM_RC_RETRY and TPM_RC_TESTING ask again (Linux retries both):
	 * within the call bound the TPM still seeds; past it, it fails */
	{
		static const uint32_t warn[] = { 0x922, 0x90a };

		for (size_t i = 0; i < 2; i++) {
			tpm_only(FAKE_TPM_OK);
			fake.tpm_warn_rc = warn[i];
			fake.tpm_warn_calls = 3;
			finish(true, true);
			CHECK(logged("tpm: TPM2_GetRandom: 64 bytes in 5 calls (3 asked again: busy or self-testing)"));
			CHECK(logged("tpm:pass"));
		}
		tpm_only(FAKE_TPM_OK);
		fake.tpm_warn_rc = 0x922;
		fake.tpm_warn_calls = 100;
		finish(false, true);
		CHECK(logged(",tpm:fail") && fake.tpm_calls == 8);
		CHECK(logged("it stayed busy or self-testing (TPM_RC_RETRY, TPM_RC_TESTING) through its 8 calls"));
		fake.tpm_warn_calls = 0;
	}
}

/* A TPM whose first block is the same at every boot (a stuck one, an
 * emulator started from a fixed state) would be credited 256 bits at every
 * boot for the same bytes (Hardening IV, 7): the seed file keeps a
 * token-keyed tag of its first block, and a TPM that repeats it fails. The
 * fake's TPM starts its output over at every boot. */
static void test_tpm_same_every_boot(void)
{
	struct es_audit_record a;

	tpm_only(FAKE_TPM_OK);
	finish(true, true);
	if (!keep_boot())
		return;
	CHECK((boot_file[0][12] & ES_SEEDFILE_F_TPM) != 0);
	/* the same first block: the TPM fails, the file still seeds */
	tpm_only(FAKE_TPM_OK);
	add_file(SEED_PATH, boot_file[0], ES_SEED_FILE_MIN, false);
	fake_set_token(boot_token, ES_TOKEN_VAR_LEN, TOKEN_ATTRS_APP);
	finish(true, true);
	CHECK(logged("health: tpm: fail: returned the same first block as at the boot that wrote the seed file"));
	CHECK(logged("health: seed_file: pass"));
	CHECK(audit_decode_ok(&a) && es_audit_failed(&a, ES_SRC_TPM) && !es_audit_failed(&a, ES_SRC_SEED_FILE));
	/* a TPM that moved on counts */
	tpm_only(FAKE_TPM_OK);
	add_file(SEED_PATH, boot_file[0], ES_SEED_FILE_MIN, false);
	fake_set_token(boot_token, ES_TOKEN_VAR_LEN, TOKEN_ATTRS_APP);
	fake.tpm_counter = 4096;
	finish(true, true);
	CHECK(logged("health: tpm: pass") && logged("health: seed_file: pass"));
	/* the tag is keyed with the token: a file of another machine's says nothing */
	tpm_only(FAKE_TPM_OK);
	add_file(SEED_PATH, boot_file[0], ES_SEED_FILE_MIN, false);
	check_rand_fill(token_bytes, sizeof(token_bytes));
	put_token(token_bytes, TOKEN_ATTRS_APP, ES_GATE_BITS, 0);
	finish(true, true);
	CHECK(logged("health: tpm: pass") && !logged("health: seed_file: pass"));
}

int main(void)
{
	matrix_start();
	RUN(test_tpm_alone_seeds);
	RUN(test_tpm_faults);
	RUN(test_tpm_same_every_boot);
	return matrix_done();
}
