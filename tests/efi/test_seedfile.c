/* SPDX-License-Identifier: MIT */
/*
 * The fault matrix (tests/efi/matrix.h) for efi/seedfile.c: the seed file on
 * the volume, case by case (length, header, token, read-only volume or file,
 * failed writes, creation).
 */
#include <stdio.h>
#include <string.h>

#include "matrix.h"

static void test_read_only_volume(void)
{
	base();
	fake.read_only = true;
	finish(true, true);
	CHECK(fake.write_attempts == 0);
}

enum { TOKEN_NONE, TOKEN_YES, TOKEN_BAD, TOKEN_VOLATILE, TOKEN_SAME, TOKEN_BS };

struct pcase {
	const char *name;
	long len;       /* -1: no file */
	bool zero;      /* all-zero contents (no header either) */
	int token;
	bool hw;        /* RDSEED, RDRAND and an EFI RNG; else nothing at all */
	bool ro_volume, ro_unreported, ro_attr, write_short;
	EFI_STATUS write_status, flush_status, token_set_status, mkdir_status;
	/* expected */
	bool counts, written, token_created, file_created;
	enum es_file_reason reason;
	int hdr;
	bool secure_boot;
};

static void set_secure_boot(bool on)
{
	static const EFI_GUID global = ES_EFI_GLOBAL_VARIABLE_GUID; /* EFI_GLOBAL_VARIABLE */
	uint8_t v = on ? 1 : 0;

	fake_set_var(u"SecureBoot", &global, &v, 1, EFI_VARIABLE_BOOTSERVICE_ACCESS | EFI_VARIABLE_RUNTIME_ACCESS);
}

static void persist_run(const struct pcase *c)
{
	struct fake_file_entry *e;
	struct es_audit_record a;
	struct es_seedfile_header h;
	size_t rewritten;
	bool table;
	unsigned int failed_before = check_failures_in_test();

	base();
	if (!c->hw) {
		no_cpu_rng();
		fake.no_rng_protocol = true;
	}
	check_rand_fill(token_bytes, sizeof(token_bytes));
	if (c->len >= 0) {
		if (c->zero)
			memset(file_old, 0, (size_t)c->len);
		else
			make_seed_file(file_old, (size_t)c->len, c->hdr, token_bytes);
		memcpy(file_before, file_old, (size_t)c->len);
		e = add_file(SEED_PATH, file_old, (size_t)c->len, false);
		e->ro_attr = c->ro_attr;
		e->write_status = c->write_status;
		e->flush_status = c->flush_status;
		e->write_short = c->write_short;
		/* zeros are everywhere, a header is public: nothing to look for */
		if (!c->zero && (size_t)c->len > ES_SEEDFILE_HEADER)
			fake_note_source(file_old + ES_SEEDFILE_HEADER,
					 ((size_t)c->len < ES_SEED_FILE_MAX ? (size_t)c->len : ES_SEED_FILE_MAX) -
						 ES_SEEDFILE_HEADER);
	}
	if (c->token == TOKEN_YES)
		put_token(token_bytes, TOKEN_ATTRS, ES_GATE_BITS, 0);
	else if (c->token == TOKEN_BS)
		put_token(token_bytes, TOKEN_ATTRS_APP, ES_GATE_BITS, 0);
	else if (c->token == TOKEN_BAD)
		fake_set_token(token_bytes, 16, TOKEN_ATTRS);
	else if (c->token == TOKEN_VOLATILE)
		fake_set_token(token_bytes, ES_TOKEN_LEN, EFI_VARIABLE_BOOTSERVICE_ACCESS | EFI_VARIABLE_RUNTIME_ACCESS);
	else if (c->token == TOKEN_SAME) {
		memset(token_bytes, 0x5a, sizeof(token_bytes));
		fake_set_token(token_bytes, ES_TOKEN_LEN, TOKEN_ATTRS);
	}
	if (c->secure_boot)
		set_secure_boot(true);
	fake.read_only = c->ro_volume;
	fake.ro_unreported = c->ro_unreported;
	fake.token_set_status = c->token_set_status;
	fake.mkdir_status = c->mkdir_status;
	table = c->counts || c->hw;
	finish(table, true);
	CHECK(audit_decode_ok(&a));
	CHECK(((a.flags & ES_AUDIT_F_SEED_FILE_WRITTEN) != 0) == c->written);
	CHECK(((a.flags & ES_AUDIT_F_SEED_FILE_CREATED) != 0) == c->file_created);
	CHECK(((a.flags & ES_AUDIT_F_TOKEN_CREATED) != 0) == c->token_created);
	CHECK(((a.flags & ES_AUDIT_F_TOKEN) != 0) == (c->token == TOKEN_YES || c->token == TOKEN_BS));
	CHECK(a.seed_file_reason == c->reason);
	CHECK(a.bytes[ES_SRC_SEED_FILE] == (c->len < 0 ? 0u : (uint32_t)(c->len < ES_SEED_FILE_MAX ? c->len : ES_SEED_FILE_MAX)));
	if (c->counts) {
		CHECK(a.entropy_bits >= ES_GATE_BITS && !es_audit_failed(&a, ES_SRC_SEED_FILE));
		CHECK(logged("health: seed_file: pass"));
	} else if (c->len >= 0) {
		CHECK(es_audit_failed(&a, ES_SRC_SEED_FILE));
		/* one line says why */
		CHECK(logged("health: seed_file: fail: "));
		if (c->reason != ES_FILE_HEALTH) /* that line names the test */
			CHECK(logged(es_file_reason_text(c->reason)));
	}
	/* NVRAM: the token at most once, only when created */
	CHECK(fake.nv_writes == (c->token == TOKEN_NONE && c->hw ? 1u : 0u));
	if (c->token_created) /* the app's own: boot services only */
		CHECK(fake_token() != NULL && fake_token()->len == ES_TOKEN_VAR_LEN && fake_token()->attr == TOKEN_ATTRS_APP);
	if (c->token != TOKEN_NONE && !c->token_created) /* never rewritten */
		CHECK(fake_token() != NULL && memcmp(fake_token()->data, token_bytes,
						     fake_token()->len < ES_TOKEN_LEN ? fake_token()->len : ES_TOKEN_LEN) == 0);
	if (c->token == TOKEN_NONE && !c->token_created)
		CHECK(fake_token() == NULL);
	if (c->token_created && fake_token() != NULL) {
		/* the token is not the seed, nor the file's new contents */
		CHECK(memmem(fake.table_bytes_at_start + 4, ES_SEED_LEN, fake_token()->data, 8) == NULL);
		e = fake_file(SEED_PATH);
		if (e != NULL)
			for (size_t k = 0; k + 8 <= ES_TOKEN_LEN; k += 8)
				CHECK(memmem(e->data, e->len, fake_token()->data + k, 8) == NULL);
	}
	e = fake_file(SEED_PATH);
	CHECK((e != NULL) == (c->len >= 0 || c->file_created));
	if (e != NULL && c->written) {
		long old = c->len < 0 ? 0 : c->len;
		const uint8_t *tok = c->token_created && fake_token() != NULL ? fake_token()->data : token_bytes;
		uint8_t bind[ES_SEEDFILE_BIND_LEN];

		rewritten = old < ES_SEED_FILE_MIN ? ES_SEED_FILE_MIN : old > ES_SEED_FILE_MAX ? ES_SEED_FILE_MAX : (size_t)old;
		CHECK(e->flushes == 1);
		/* never truncated; the rewritten part differs from the old bytes
		 * and holds neither the seed nor the token */
		CHECK(e->len == (size_t)(old > (long)rewritten ? old : (long)rewritten));
		if (old > 0)
			CHECK(memcmp(e->data, file_before, (size_t)old < rewritten ? (size_t)old : rewritten) != 0);
		if (c->len > ES_SEED_FILE_MAX)
			CHECK(memcmp(e->data + ES_SEED_FILE_MAX, file_before + ES_SEED_FILE_MAX,
				     (size_t)c->len - ES_SEED_FILE_MAX) == 0);
		if (fake.table_at_start != NULL)
			CHECK(memmem(e->data, rewritten, fake.table_bytes_at_start + 4, 8) == NULL);
		CHECK(memmem(e->data, rewritten, token_bytes, 8) == NULL);
		/* its header: ours; bound to the token (none without one); resting
		 * on what the pool held: the gate's worth with hardware or a file
		 * that counted, nothing otherwise (it must not count next boot) */
		CHECK(rewritten_header(e, &h));
		if (c->token == TOKEN_YES || c->token == TOKEN_BS || c->token_created) {
			es_seedfile_bind(tok, bind);
			CHECK(memcmp(h.bind, bind, sizeof(bind)) == 0);
		} else {
			static const uint8_t none[ES_SEEDFILE_BIND_LEN];

			CHECK(memcmp(h.bind, none, sizeof(none)) == 0);
		}
		if (c->hw || c->counts)
			CHECK(h.from.other_bits + h.from.cpu_bits >= ES_GATE_BITS);
		else
			CHECK(h.from.other_bits == 0 && h.from.cpu_bits == 0);
	} else if (e != NULL && c->len >= 0 && c->write_status == EFI_SUCCESS && !c->write_short &&
		   c->flush_status == EFI_SUCCESS) {
		CHECK(e->len == (size_t)c->len && memcmp(e->data, file_before, (size_t)c->len) == 0);
	}
	/* secrets: wiped before FreePool, never printed (finish() checked the
	 * stack when the kernel started) */
	CHECK(!fake.secret_freed);
	CHECK(!fake_source_bytes_logged());
	if (check_failures_in_test() != failed_before)
		printf("#   case %s\n#   log:\n%s", c->name, fake.log);
}

#define MIN ES_SEED_FILE_MIN

static void test_seed_file(void)
{
	static const struct pcase cases[] = {
		/* name, len, zero, token, hw, ro_vol, ro_unrep, ro_attr, short, write, flush, tokset, mkdir,
		 * counts, written, token_created, file_created, reason, header, secure boot */
		{ "token+64", MIN, false, TOKEN_YES, false, false, false, false, false, 0, 0, 0, 0,
		  true, true, false, false, ES_FILE_COUNTED, HDR_GOOD, false },
		{ "token+4096", 4096, false, TOKEN_YES, false, false, false, false, false, 0, 0, 0, 0,
		  true, true, false, false, ES_FILE_COUNTED, HDR_GOOD, false },
		{ "token+1MiB", 1 << 20, false, TOKEN_YES, false, false, false, false, false, 0, 0, 0, 0,
		  true, true, false, false, ES_FILE_COUNTED, HDR_GOOD, false },
		{ "token+63", MIN - 1, false, TOKEN_YES, false, false, false, false, false, 0, 0, 0, 0,
		  false, true, false, false, ES_FILE_SHORT, HDR_GOOD, false },
		{ "token+empty", 0, false, TOKEN_YES, false, false, false, false, false, 0, 0, 0, 0,
		  false, true, false, false, ES_FILE_SHORT, HDR_GOOD, false },
		/* what a crash mid-write leaves, and no hardware: rewritten, marked
		 * as resting on nothing */
		{ "token+zero", MIN, true, TOKEN_YES, false, false, false, false, false, 0, 0, 0, 0,
		  false, true, false, false, ES_FILE_NO_HEADER, HDR_NONE, false },
		/* not earlyseed's (seed_file may name a boot loader): mixed,
		 * never rewritten (Hardening IV, 4) */
		{ "token+raw 32", 32, false, TOKEN_YES, false, false, false, false, false, 0, 0, 0, 0,
		  false, false, false, false, ES_FILE_NOT_OURS, HDR_NONE, false },
		{ "token+raw 128", 128, false, TOKEN_YES, false, false, false, false, false, 0, 0, 0, 0,
		  false, false, false, false, ES_FILE_NOT_OURS, HDR_NONE, false },
		{ "token+raw 128, hardware", 128, false, TOKEN_YES, true, false, false, false, false, 0, 0, 0, 0,
		  false, false, false, false, ES_FILE_NOT_OURS, HDR_NONE, false },
		/* an ESP writer's counts (Hardening IV, 2); an earlier release's file */
		{ "token+forged counts", MIN, false, TOKEN_YES, false, false, false, false, false, 0, 0, 0, 0,
		  false, true, false, false, ES_FILE_BAD_MAC, HDR_FORGED, false },
		{ "token+ESSEEDv1", MIN, false, TOKEN_YES, false, false, false, false, false, 0, 0, 0, 0,
		  false, true, false, false, ES_FILE_OLD_FORMAT, HDR_V1, false },
		{ "token+unseeded", MIN, false, TOKEN_YES, false, false, false, false, false, 0, 0, 0, 0,
		  false, true, false, false, ES_FILE_UNSEEDED, HDR_UNSEEDED, false },
		{ "token+another machine's file", MIN, false, TOKEN_YES, false, false, false, false, false, 0, 0, 0, 0,
		  false, true, false, false, ES_FILE_OTHER_MACHINE, HDR_OTHER, false },
		{ "token+cpu-made, trust_cpu on", MIN, false, TOKEN_YES, false, false, false, false, false, 0, 0, 0, 0,
		  true, true, false, false, ES_FILE_COUNTED, HDR_CPU, false },
		{ "secure boot, OS-made token", MIN, false, TOKEN_YES, false, false, false, false, false, 0, 0, 0, 0,
		  false, true, false, false, ES_FILE_TOKEN_EXPOSED, HDR_GOOD, true },
		{ "secure boot, boot-service token", MIN, false, TOKEN_BS, false, false, false, false, false, 0, 0, 0, 0,
		  true, true, false, false, ES_FILE_COUNTED, HDR_GOOD, true },
		{ "no token (a clone)", MIN, false, TOKEN_NONE, false, false, false, false, false, 0, 0, 0, 0,
		  false, true, false, false, ES_FILE_NO_TOKEN, HDR_GOOD, false },
		{ "bad token: 16 bytes", MIN, false, TOKEN_BAD, false, false, false, false, false, 0, 0, 0, 0,
		  false, true, false, false, ES_FILE_TOKEN_BAD, HDR_GOOD, false },
		{ "bad token: volatile", MIN, false, TOKEN_VOLATILE, false, false, false, false, false, 0, 0, 0, 0,
		  false, true, false, false, ES_FILE_TOKEN_BAD, HDR_GOOD, false },
		{ "bad token: all bytes equal", MIN, false, TOKEN_SAME, false, false, false, false, false, 0, 0, 0, 0,
		  false, true, false, false, ES_FILE_TOKEN_BAD, HDR_GOOD, false },
		{ "bad token, hw: nothing created", -1, false, TOKEN_BAD, true, false, false, false, false, 0, 0, 0, 0,
		  false, false, false, false, ES_FILE_MISSING, HDR_GOOD, false },
		{ "read-only volume", MIN, false, TOKEN_YES, false, true, false, false, false, 0, 0, 0, 0,
		  false, false, false, false, ES_FILE_RO_VOLUME, HDR_GOOD, false },
		{ "read-only volume, unreported", MIN, false, TOKEN_YES, false, true, true, false, false, 0, 0, 0, 0,
		  false, false, false, false, ES_FILE_RO_VOLUME, HDR_GOOD, false },
		{ "read-only attribute", MIN, false, TOKEN_YES, false, false, false, true, false, 0, 0, 0, 0,
		  false, false, false, false, ES_FILE_RO_ATTR, HDR_GOOD, false },
		{ "write fails", MIN, false, TOKEN_YES, false, false, false, false, false, EFI_DEVICE_ERROR, 0, 0, 0,
		  false, false, false, false, ES_FILE_WRITE_FAILED, HDR_GOOD, false },
		{ "short write", MIN, false, TOKEN_YES, false, false, false, false, true, 0, 0, 0, 0,
		  false, false, false, false, ES_FILE_WRITE_FAILED, HDR_GOOD, false },
		{ "flush fails", MIN, false, TOKEN_YES, false, false, false, false, false, 0, EFI_DEVICE_ERROR, 0, 0,
		  false, false, false, false, ES_FILE_FLUSH_FAILED, HDR_GOOD, false },
		/* creation: only from the hardware */
		{ "first boot: hw creates both", -1, false, TOKEN_NONE, true, false, false, false, false, 0, 0, 0, 0,
		  false, true, true, true, ES_FILE_MISSING, HDR_GOOD, false },
		{ "hw, token there, file created", -1, false, TOKEN_YES, true, false, false, false, false, 0, 0, 0, 0,
		  false, true, false, true, ES_FILE_MISSING, HDR_GOOD, false },
		{ "hw, file there, token created", MIN, false, TOKEN_NONE, true, false, false, false, false, 0, 0, 0, 0,
		  false, true, true, false, ES_FILE_NO_TOKEN, HDR_GOOD, false },
		{ "hw, SetVariable fails: no file without a token", -1, false, TOKEN_NONE, true, false, false, false,
		  false, 0, 0, EFI_OUT_OF_RESOURCES, 0, false, false, false, false, ES_FILE_MISSING, HDR_GOOD, false },
		{ "hw, read-only volume", -1, false, TOKEN_NONE, true, true, false, false, false, 0, 0, 0, 0,
		  false, false, true, false, ES_FILE_MISSING, HDR_GOOD, false },
		{ "hw, directory cannot be made", -1, false, TOKEN_YES, true, false, false, false, false, 0, 0, 0,
		  EFI_DEVICE_ERROR, false, false, false, false, ES_FILE_MISSING, HDR_GOOD, false },
		{ "no hw, no token, no file: nothing", -1, false, TOKEN_NONE, false, false, false, false, false, 0, 0,
		  0, 0, false, false, false, false, ES_FILE_MISSING, HDR_GOOD, false },
		{ "hw and a file that counts", MIN, false, TOKEN_YES, true, false, false, false, false, 0, 0, 0, 0,
		  true, true, false, false, ES_FILE_COUNTED, HDR_GOOD, false },
		{ "hw rebinds another machine's file", MIN, false, TOKEN_YES, true, false, false, false, false, 0, 0, 0,
		  0, false, true, false, false, ES_FILE_OTHER_MACHINE, HDR_OTHER, false },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		persist_run(&cases[i]);
}

int main(void)
{
	matrix_start();
	RUN(test_read_only_volume);
	RUN(test_seed_file);
	return matrix_done();
}
