/* SPDX-License-Identifier: MIT */
/*
 * The fault matrix (tests/efi/matrix.h) for efi/token.c: the token's own
 * account, and a token a firmware keeps on a disk (U-Boot's \ubootefi.var,
 * an edk2 image's variable store in a file, efi/varfile.c).
 */
#include <stdlib.h>
#include <string.h>

#include "matrix.h"
#include "../../efi/sealed.h"
#include "../mkvarstore.h"

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

/* U-Boot's variable file (lib/efi_loader/efi_var_file.c): a token kept in
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

/* A variable store that is a file, whoever wrote it (Hardening V, 4): the
 * Raspberry Pi 4's edk2 keeps its variables inside RPI_EFI.fd on the boot
 * partition; a file in U-Boot's format under another name is found by its
 * bytes too. The token in it: the seed file is mixed, not counted. */
static uint8_t store_file[MKVARSTORE_FD_SIZE];

static void store_boot(const char *name, int kind, bool token_in_it, const CHAR16 *vendor, bool expect_table)
{
	static const uint8_t global[16] = { 0x61, 0xdf, 0xe4, 0x8b, 0xca, 0x93, 0xd2, 0x11,
					    0xaa, 0x0d, 0x00, 0xe0, 0x98, 0x03, 0x2b, 0x8c };
	static const uint8_t data[40] = { 9 };
	struct mkvar v[2] = { { global, "BootOrder", data, 2, 0 },
			      { token_in_it ? es_vendor_guid : global, mkvarstore_token_name, data, 40, 0 } };
	size_t n = kind == 0 ? mkvarstore_fd(store_file, sizeof(store_file), false, v, 2)
		 : kind == 1 ? mkvarstore_fd(store_file, sizeof(store_file), true, v, 2)
			     : mkvarstore_uboot(store_file, sizeof(store_file), v, 2);

	base();
	no_cpu_rng();
	fake.no_rng_protocol = true;
	if (vendor != NULL)
		ST->FirmwareVendor = (CHAR16 *)vendor;
	add_file(name, store_file, n, false);
	add_file("\\kernel8.img", store_file + 4096, 8192 + 100, false); /* not whole flash blocks */
	add_file(SEED_PATH, file_old, ES_SEED_FILE_MIN, false);
	put_token(token_bytes, TOKEN_ATTRS_APP, ES_GATE_BITS, 0);
	finish(expect_table, true);
}

static void test_store_in_a_file(void)
{
	static CHAR16 edk2[] = L"EDK II";
	static CHAR16 uboot[] = L"Das U-Boot";
	struct es_audit_record a;

	check_rand_fill(token_bytes, sizeof(token_bytes));
	make_seed_file(file_old, ES_SEED_FILE_MIN, HDR_GOOD, token_bytes);
	for (int kind = 0; kind < 3; kind++) {
		const char *name = kind == 2 ? "\\efivars.bin" : "\\RPI_EFI.fd";

		store_boot(name, kind, true, edk2, false);
		CHECK(audit_decode_ok(&a) && a.seed_file_reason == ES_FILE_TOKEN_ON_DISK);
		CHECK(logged(kind == 2 ? "token: \\efivars.bin holds it (U-Boot's variable file)"
				       : "token: \\RPI_EFI.fd holds it (an edk2 firmware image's variable store)"));
		CHECK(logged(es_file_reason_text(ES_FILE_TOKEN_ON_DISK)));
		/* the same store without the token: the token is the
		 * firmware's NVRAM's, and the file counts */
		store_boot(name, kind, false, edk2, true);
		CHECK(audit_decode_ok(&a) && a.seed_file_reason == ES_FILE_COUNTED && !logged("holds it"));
	}
	/* U-Boot without \ubootefi.var, its store an image's: kept on the
	 * disk, not lost */
	store_boot("\\RPI_EFI.fd", 0, true, uboot, false);
	CHECK(audit_decode_ok(&a) && a.seed_file_reason == ES_FILE_TOKEN_ON_DISK);
	/* the owner's choice, sealed into the image, counts it */
	es_sealed_settings.flags = ES_SEALED_F_DISK_TOKEN_COUNT;
	store_boot("\\RPI_EFI.fd", 1, true, edk2, true);
	es_sealed_settings.flags = 0;
	CHECK(audit_decode_ok(&a) && a.seed_file_reason == ES_FILE_COUNTED);
}

/* More files worth reading than a boot reads (64 MiB): the ones left unread
 * may hold the store, so the token is taken as kept on a disk; within the
 * budget, nothing is assumed. */
static uint8_t *big; /* 32 MiB of no store, shared by the files */

static void budget_boot(int files, bool expect_table)
{
	static CHAR16 edk2[] = L"EDK II";
	static const char *names[3] = { "\\a.bin", "\\b.bin", "\\c.bin" };

	base();
	no_cpu_rng();
	fake.no_rng_protocol = true;
	ST->FirmwareVendor = edk2;
	for (int i = 0; i < files; i++)
		add_file(names[i], big, ES_VARSTORE_FILE_MAX, false);
	add_file(SEED_PATH, file_old, ES_SEED_FILE_MIN, false);
	put_token(token_bytes, TOKEN_ATTRS_APP, ES_GATE_BITS, 0);
	finish(expect_table, true);
}

static void test_store_scan_budget(void)
{
	struct es_audit_record a;

	check_rand_fill(token_bytes, sizeof(token_bytes));
	make_seed_file(file_old, ES_SEED_FILE_MIN, HDR_GOOD, token_bytes);
	big = calloc(1, ES_VARSTORE_FILE_MAX);
	if (big == NULL)
		return;
	budget_boot(2, true);
	CHECK(audit_decode_ok(&a) && a.seed_file_reason == ES_FILE_COUNTED && !logged("not ruled out"));
	budget_boot(3, false);
	CHECK(audit_decode_ok(&a) && a.seed_file_reason == ES_FILE_TOKEN_ON_DISK && logged("not ruled out"));
	base(); /* the fake's files no longer point at it */
	free(big);
	big = NULL;
}

int main(void)
{
	matrix_start();
	RUN(test_token_account);
	RUN(test_uboot_token_on_disk);
	RUN(test_store_in_a_file);
	RUN(test_store_scan_budget);
	return matrix_done();
}
