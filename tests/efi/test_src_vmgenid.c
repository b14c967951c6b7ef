/* SPDX-License-Identifier: MIT */
/*
 * The fault matrix (tests/efi/matrix.h) for efi/src_vmgenid.c: the VM
 * generation ID and the SMBIOS UUID, kept with the seed file: a clone does
 * not count it.
 */
#include <string.h>

#include "matrix.h"

/* The VM generation ID (issue 25): a VM's own file counts boot after boot;
 * a clone of its disk and variable store (the token and the file copied)
 * under another ID does not count it, says so once, and the two tables
 * differ; with real hardware the clone is still seeded. */

static void test_vm_generation(void)
{
	static const char mix_conf[] = "next = \\vmlinuz\ncmdline = console=ttyS0\nvmgenid = mix\n";
	const char *changed = es_file_reason_text(ES_FILE_VM_CHANGED);
	static uint8_t x[16], y[16], uuid[16], vm_file[ES_SEED_FILE_MIN], seed[ES_SEED_LEN]; /* not on the stack the scan reads */
	struct fake_file_entry *e;

	check_rand_fill(x, sizeof(x));
	check_rand_fill(uuid, sizeof(uuid));
	memcpy(y, x, sizeof(y));
	y[0] ^= 1;
	/* the VM's first boot: a firmware RNG makes the token and the file */
	boot_with(NULL, false, true);
	fake_set_vmgenid(x);
	fake_set_smbios_uuid(uuid);
	finish(true, true);
	CHECK(logged("earlyseed: vmgenid: the VM generation ID mixed (counts nothing)"));
	CHECK(logged("earlyseed: smbios: the system UUID mixed (counts nothing)"));
	if (!keep_boot())
		return;
	/* its second boot, no hardware: the file counts */
	boot_with(boot_file[0], true, false);
	fake_set_vmgenid(x);
	fake_set_smbios_uuid(uuid);
	finish(true, true);
	CHECK(logged("health: seed_file: pass"));
	e = fake_file(SEED_PATH);
	memcpy(vm_file, e->data, ES_SEED_FILE_MIN);
	memcpy(seed, fake.table_bytes_at_start + 4, sizeof(seed));
	/* the clone boots from the same disk and store under another ID */
	boot_with(boot_file[0], true, false);
	fake_set_vmgenid(y);
	fake_set_smbios_uuid(uuid);
	finish(false, true);
	CHECK(count_lines(changed) == 1 && logged(",seed_file:fail"));
	/* ... and its next boot, under its own ID, counts the file it rewrote
	 * only for what that rests on: nothing (no hardware) */
	e = fake_file(SEED_PATH);
	CHECK(e != NULL && memcmp(e->data, vm_file, ES_SEED_FILE_MIN) != 0);
	memcpy(boot_file[1], e->data, ES_SEED_FILE_MIN);
	boot_with(boot_file[1], true, false);
	fake_set_vmgenid(y);
	fake_set_smbios_uuid(uuid);
	finish(false, true);
	CHECK(logged(es_file_reason_text(ES_FILE_UNSEEDED)));
	/* moved to a host with no generation ID: not counted either */
	boot_with(boot_file[0], true, false);
	fake_set_smbios_uuid(uuid);
	finish(false, true);
	CHECK(logged(changed));
	/* a clone with a hardware RNG is seeded, from that, not the file */
	boot_with(boot_file[0], true, true);
	fake_set_vmgenid(y);
	fake_set_smbios_uuid(uuid);
	finish(true, true);
	CHECK(logged(changed) && memcmp(seed, fake.table_bytes_at_start + 4, sizeof(seed)) != 0);
	/* vmgenid = mix: for hosts that change the ID at every start */
	boot_with(boot_file[0], true, false);
	fake.files[0].data = (const uint8_t *)mix_conf;
	fake.files[0].len = sizeof(mix_conf) - 1;
	fake_set_vmgenid(y);
	fake_set_smbios_uuid(uuid);
	finish(true, true);
	CHECK(!logged(changed) && logged("health: seed_file: pass"));
	/* a copy of disk and variable store booted as another instance (a
	 * cloud image, a cloned domain): no generation ID there, another
	 * SMBIOS UUID; mixed, not counted, one line why (Hardening IV, 3) */
	boot_with(boot_file[0], true, false);
	fake.files[0].data = (const uint8_t *)mix_conf;
	fake.files[0].len = sizeof(mix_conf) - 1;
	fake_set_vmgenid(x);
	uuid[5] ^= 0x10;
	fake_set_smbios_uuid(uuid);
	finish(false, true);
	CHECK(count_lines(es_file_reason_text(ES_FILE_ID_CHANGED)) == 1 && logged(",seed_file:fail"));
	{
		struct es_audit_record a;

		CHECK(audit_decode_ok(&a) && a.seed_file_reason == ES_FILE_ID_CHANGED);
	}
	/* ... and the same copy booted with no SMBIOS table at all */
	boot_with(boot_file[0], true, false);
	fake_set_vmgenid(x);
	finish(false, true);
	CHECK(logged(es_file_reason_text(ES_FILE_ID_CHANGED)));
}

int main(void)
{
	matrix_start();
	RUN(test_vm_generation);
	return matrix_done();
}
