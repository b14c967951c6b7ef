/* SPDX-License-Identifier: MIT */
/*
 * The fault matrix (tests/efi/matrix.h) for efi/main.c: a network boot, a
 * table taken back, the EarlyseedImage variable, a seed file that names the
 * next stage.
 */
#include <string.h>

#include "matrix.h"

/* Loaded over the network: no file system, so no config and no next stage;
 * the table is still installed and a clear status goes back. */
static void test_network_boot(void)
{
	base();
	fake.no_file_system = true;
	finish(true, false);
	CHECK(rc == EFI_NOT_FOUND && fake.loads == 0);
	CHECK(logged("earlyseed: error: loaded from a device with no file system (a PXE or HTTP boot?)"));
	/* no volume, no seed file: said, not a failure, and no token made for it */
	CHECK(logged("seed_file: earlyseed's own device has no file system"));
	CHECK(logged(",seed_file:absent") && fake.nv_writes == 0);
	{
		struct es_audit_record a;

		CHECK(audit_decode_ok(&a) && a.seed_file_reason == ES_FILE_NO_VOLUME);
	}
}

/* The next stage cannot start: a table that only this command line's trust
 * allowed is taken back before the firmware tries its next boot option. */
static void test_take_back(void)
{
	static const char conf[] = "next = \\missing.efi\ncmdline = random.trust_bootloader=off\n";

	/* installed only because this kernel would credit no table */
	base();
	no_cpu_rng();
	fake.no_rng_protocol = true;
	fake.files[0].data = (const uint8_t *)conf;
	fake.files[0].len = sizeof(conf) - 1;
	rc = efi_main(fake_image_handle(), ST);
	CHECK(rc == EFI_NOT_FOUND && logged("table: installed 32 bytes"));
	CHECK(logged("earlyseed: table: taken back: "));
	CHECK(fake_seed_table() == NULL && fake.live_allocations == 0);
	/* resting on the CPU alone: taken back too */
	base();
	fake.no_rng_protocol = true;
	fake.files[1].path = "\\elsewhere";
	finish(false, false);
	CHECK(logged("earlyseed: table: taken back: "));
	/* resting on a firmware RNG: any kernel may have it */
	base();
	no_cpu_rng();
	fake.files[1].path = "\\elsewhere";
	finish(true, false);
	CHECK(!logged("taken back"));
}

/* seed_file naming the next stage, the app itself or its config: turned
 * off, the file untouched (one typo would overwrite the kernel). */
static void test_seed_file_clash(void)
{
	static const char *const confs[] = {
		"next = \\vmlinuz\nseed_file = \\VMLINUZ\n",
		"next = \\vmlinuz\nseed_file = \\EFI\\BOOT\\bootx64.efi\n",
		"next = \\vmlinuz\nseed_file = /efi/earlyseed/EARLYSEED.CONF\n",
		/* FAT names as edk2 reads them (Hardening III, 3): measured under
		 * OVMF, this rewrote the kernel's first 4 KiB */
		"next = \\vmlinuz\nseed_file = \\ vmlinuz\n",
		"next = \\vmlinuz\nseed_file = \\vmlinuz. .\n",
	};

	for (size_t i = 0; i < sizeof(confs) / sizeof(confs[0]); i++) {
		base();
		fake.files[0].data = (const uint8_t *)confs[i];
		fake.files[0].len = strlen(confs[i]);
		finish(true, true);
		CHECK(fake.write_attempts == 0 && fake.nv_writes == 0);
		CHECK(logged("the seed file is turned off"));
		CHECK(logged("seed_file: turned off (seed_file = none)"));
	}
}

/* The app says where it is (EarlyseedImage), for `earlyseed seed`. */
static void test_image_variable(void)
{
	static const EFI_GUID vendor = ES_AUDIT_VARIABLE_GUID;
	const struct fake_var *v = NULL;

	base();
	finish(true, true);
	for (size_t i = 0; i < FAKE_MAX_VARS; i++)
		if (fake.vars[i].used && memcmp(fake.vars[i].name, u"EarlyseedImage", 30) == 0 &&
		    memcmp(&fake.vars[i].guid, &vendor, sizeof(vendor)) == 0)
			v = &fake.vars[i];
	CHECK(v != NULL);
	if (v == NULL)
		return;
	CHECK((v->attr & EFI_VARIABLE_NON_VOLATILE) == 0 && (v->attr & EFI_VARIABLE_RUNTIME_ACCESS) != 0);
	CHECK(v->len == sizeof(u"\\EFI\\BOOT\\BOOTX64.EFI") &&
	      memcmp(v->data, u"\\EFI\\BOOT\\BOOTX64.EFI", v->len) == 0);
}

int main(void)
{
	matrix_start();
	RUN(test_network_boot);
	RUN(test_take_back);
	RUN(test_seed_file_clash);
	RUN(test_image_variable);
	return matrix_done();
}
