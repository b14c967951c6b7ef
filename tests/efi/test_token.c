/* SPDX-License-Identifier: MIT */
/*
 * The fault matrix (tests/efi/matrix.h) for efi/token.c: the token's own
 * account, and a token U-Boot keeps on a disk.
 */
#include <string.h>

#include "matrix.h"
#include "../../efi/sealed.h"

/* The token's own account (Hardening III, 1): made on an RDRAND-only
 * machine it rests on the CPU; an ESP writer forges the file's header
 * (256 non-CPU bits, the real binding), and a boot with
 * random.trust_cpu=off and no hardware must count nothing. */
static void test_token_account(void)
{
	static const char distrust[] = "next = \\vmlinuz\ncmdline = random.trust_cpu=off\n";
	const struct es_seedfile_header forged_from = { .from = { .cpu_bits = 0, .other_bits = ES_GATE_BITS } };
	struct es_seedfile_header h;
	struct fake_file_entry *e;
	struct es_audit_record a;
	struct es_provenance from;
	static uint8_t tok[ES_TOKEN_LEN]; /* not on the stack the scan reads */

	/* boot 1: RDRAND alone, trusted: token and file made from it */
	base();
	fake_insn.leaf7_ebx = 0;
	fake.no_rng_protocol = true;
	finish(true, true);
	e = fake_file(SEED_PATH);
	CHECK(e != NULL && fake_token() != NULL);
	if (e == NULL || fake_token() == NULL)
		return;
	CHECK(es_token_decode(fake_token()->data, fake_token()->len, tok, &from));
	CHECK(from.cpu_bits == ES_GATE_BITS && from.other_bits == 0);
	CHECK(logged("rests on 0 bits not from the CPU, 256 from it"));
	memcpy(boot_token, fake_token()->data, ES_TOKEN_VAR_LEN);
	memcpy(boot_file[0], e->data, ES_SEED_FILE_MIN);
	/* the forgery: the header claims 256 non-CPU bits, binding kept; by
	 * an ESP writer, it fails the MAC (Hardening IV, 2) */
	CHECK(es_seedfile_parse(boot_file[0], ES_SEED_FILE_MIN, &h));
	h.from = forged_from.from;
	es_seedfile_encode(&h, boot_file[0]);
	boot_with(boot_file[0], true, false);
	fake.files[0].data = (const uint8_t *)distrust;
	fake.files[0].len = sizeof(distrust) - 1;
	finish(false, true);
	CHECK(audit_decode_ok(&a) && a.seed_file_reason == ES_FILE_BAD_MAC);
	CHECK(logged(es_file_reason_text(ES_FILE_BAD_MAC)) && !logged("health: seed_file: pass"));
	/* by one who knows the token (an OS-readable one): the token's own
	 * account still holds it to what the token rests on */
	es_seedfile_sign(&h, tok, boot_file[0]);
	es_wipe(tok, sizeof(tok)); /* the stack scan looks for it */
	es_wipe(&h, sizeof(h));
	/* boot 2: no hardware RNG the kernel trusts, trust_cpu=off */
	boot_with(boot_file[0], true, false);
	fake.files[0].data = (const uint8_t *)distrust;
	fake.files[0].len = sizeof(distrust) - 1;
	finish(false, true);
	CHECK(audit_decode_ok(&a) && a.seed_file_reason == ES_FILE_TOKEN_UNTRUSTED);
	CHECK((a.flags & ES_AUDIT_F_TABLE) == 0 && a.entropy_bits == 0);
	CHECK(logged(es_file_reason_text(ES_FILE_TOKEN_UNTRUSTED)) && !logged("health: seed_file: pass"));
	/* the same forged file with the CPU trusted counts, as the CPU's */
	boot_with(boot_file[0], true, false);
	finish(true, true);
	CHECK(logged("health: seed_file: pass"));
	/* a token from before the account (32 bytes): taken as the CPU's */
	boot_with(boot_file[0], false, false);
	fake_set_token(boot_token, ES_TOKEN_LEN, TOKEN_ATTRS_APP);
	fake.files[0].data = (const uint8_t *)distrust;
	fake.files[0].len = sizeof(distrust) - 1;
	finish(false, true);
	CHECK(audit_decode_ok(&a) && a.seed_file_reason == ES_FILE_TOKEN_UNTRUSTED);
	/* a firmware RNG makes a token that counts under any CPU trust */
	base();
	no_cpu_rng();
	finish(true, true);
	CHECK(fake_token() != NULL && es_token_decode(fake_token()->data, fake_token()->len, tok, &from) &&
	      from.other_bits == ES_GATE_BITS && from.cpu_bits == 0);
	es_wipe(tok, sizeof(tok));
}

/* U-Boot's variable file (../shared/SPEC.md section 16): a token kept in
 * \ubootefi.var on the disk is no secret; the file counts only with
 * disk_token = count; a U-Boot with no such file lost the token. */
static void uboot_boot(bool vendor, bool var_file, bool token, const char *conf, bool expect_table)
{
	static CHAR16 uboot[] = L"Das U-Boot";

	base();
	no_cpu_rng();
	fake.no_rng_protocol = true;
	if (conf != NULL) {
		fake.files[0].data = (const uint8_t *)conf;
		fake.files[0].len = strlen(conf);
	}
	if (vendor)
		ST->FirmwareVendor = uboot;
	if (var_file)
		add_file("\\ubootefi.var", "crc32 and variables", 19, false);
	add_file(SEED_PATH, file_old, ES_SEED_FILE_MIN, false);
	if (token)
		put_token(token_bytes, TOKEN_ATTRS_APP, ES_GATE_BITS, 0);
	finish(expect_table, true);
}

static void test_uboot_token_on_disk(void)
{
	static const char count_conf[] = "next = \\vmlinuz\ncmdline = console=ttyS0\ndisk_token = count\n";
	struct es_audit_record a;

	check_rand_fill(token_bytes, sizeof(token_bytes));
	make_seed_file(file_old, ES_SEED_FILE_MIN, HDR_GOOD, token_bytes);
	uboot_boot(true, true, true, NULL, false);
	CHECK(audit_decode_ok(&a) && a.seed_file_reason == ES_FILE_TOKEN_ON_DISK);
	CHECK(logged("token: U-Boot keeps it in \\ubootefi.var on a disk"));
	CHECK(logged(es_file_reason_text(ES_FILE_TOKEN_ON_DISK)));
	/* the ESP's config cannot make the owner's choice (Hardening V, 5):
	 * an ESP writer who planted the token, the file and the line is not
	 * credited; the line is named and ignored */
	uboot_boot(true, true, true, count_conf, false);
	CHECK(audit_decode_ok(&a) && a.seed_file_reason == ES_FILE_TOKEN_ON_DISK);
	CHECK(logged("config: disk_token = count ignored"));
	/* the image sealed with it (earlyseed seal --disk-token count) counts */
	es_sealed_settings.flags = ES_SEALED_F_DISK_TOKEN_COUNT;
	uboot_boot(true, true, true, NULL, true);
	es_sealed_settings.flags = 0;
	CHECK(audit_decode_ok(&a) && a.seed_file_reason == ES_FILE_COUNTED);
	CHECK(!logged("disk_token = count ignored"));
	/* a sealed block of another version is not read */
	es_sealed_settings.flags = ES_SEALED_F_DISK_TOKEN_COUNT;
	es_sealed_settings.version = ES_SEALED_VERSION + 1u;
	uboot_boot(true, true, true, NULL, false);
	es_sealed_settings.flags = 0;
	es_sealed_settings.version = ES_SEALED_VERSION;
	uboot_boot(true, false, false, NULL, false);
	CHECK(audit_decode_ok(&a) && a.seed_file_reason == ES_FILE_TOKEN_LOST);
	CHECK(logged("token: U-Boot and no \\ubootefi.var"));
	/* the same disk booted by another firmware: its NVRAM holds the token */
	uboot_boot(false, true, true, NULL, true);
	CHECK(audit_decode_ok(&a) && a.seed_file_reason == ES_FILE_COUNTED && !logged("U-Boot"));
}

int main(void)
{
	matrix_start();
	RUN(test_token_account);
	RUN(test_uboot_token_on_disk);
	return matrix_done();
}
