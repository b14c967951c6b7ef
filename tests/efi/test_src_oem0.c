/* SPDX-License-Identifier: MIT */
/*
 * The fault matrix (tests/efi/matrix.h) for efi/src_oem0.c: Hyper-V's ACPI
 * OEM0 table.
 */
#include <string.h>

#include "matrix.h"

/* Hyper-V's OEM0 table (Linux drivers/hv/hv_common.c ms_hyperv_late_init): 64 bytes from the
 * host seed a guest with no other source, and are gone from the table
 * after, as Linux leaves it (length 36, checksum right, bytes zero). */
static void test_hyperv_oem0(void)
{
	static const char distrust[] = "next = \\vmlinuz\ncmdline = console=ttyS0 random.trust_cpu=off\n";
	static const char no_bootloader[] = "next = \\vmlinuz\ncmdline = console=ttyS0 random.trust_bootloader=off\n";
	static uint8_t host[64];
	struct es_audit_record a;
	uint8_t *t, sum = 0;
	bool zero = true;

	check_rand_fill(host, sizeof(host));
	base();
	no_cpu_rng();
	fake.no_rng_protocol = true;
	fake.files[0].data = (const uint8_t *)distrust;
	fake.files[0].len = sizeof(distrust) - 1;
	t = fake_set_oem0(host, sizeof(host), "MICROSFT");
	finish(true, true);
	CHECK(logged("oem0: Hyper-V's ACPI OEM0 table: 64 bytes mixed"));
	CHECK(logged("oem0: zeroed in the ACPI table, as Linux does"));
	CHECK(logged("counted sources: an assumed 256 bits") && logged(" oem0=64 ") && logged(",oem0:pass"));
	CHECK(audit_decode_ok(&a) && es_audit_present(&a, ES_SRC_OEM0) && es_audit_bytes(&a, ES_SRC_OEM0) == 64);
	for (size_t i = 0; i < 36; i++)
		sum = (uint8_t)(sum + t[i]);
	for (size_t i = 0; i < sizeof(host); i++)
		zero = zero && t[36 + i] == 0;
	CHECK(t[4] == 36 && t[5] == 0 && t[6] == 0 && t[7] == 0 && sum == 0 && zero);
	/* the table read again (the app after a driver): nothing left */
	fake_efi_reset();
	base();
	no_cpu_rng();
	fake.no_rng_protocol = true;
	fake_acpi_add(t);
	finish(false, true);
	CHECK(logged("oem0: an OEM0 table with no entropy"));
	/* not Microsoft's table id: not read, not counted, not touched */
	base();
	no_cpu_rng();
	fake.no_rng_protocol = true;
	t = fake_set_oem0(host, sizeof(host), "OTHEROEM");
	finish(false, true);
	CHECK(logged("oem0: an OEM0 table with no entropy") && t[4] == 100 && memcmp(t + 36, host, 64) == 0);
	/* 8 bytes alone (32 bits) make no table: they stay for Linux's late read */
	base();
	no_cpu_rng();
	fake.no_rng_protocol = true;
	t = fake_set_oem0(host, 8, "MICROSFT");
	finish(false, true);
	CHECK(logged("oem0: left in the ACPI table for Linux") && t[4] == 44 && memcmp(t + 36, host, 8) == 0);
	/* random.trust_bootloader=off: the kernel mixes the table, credits
	 * nothing of it, as it would not credit OEM0 itself */
	base();
	no_cpu_rng();
	fake.no_rng_protocol = true;
	fake.files[0].data = (const uint8_t *)no_bootloader;
	fake.files[0].len = sizeof(no_bootloader) - 1;
	(void)fake_set_oem0(host, sizeof(host), "MICROSFT");
	finish(true, true);
	CHECK(logged("random.trust_bootloader=off: the kernel will mix the table but not credit it"));
	/* no table at all: the "none" line */
	base();
	no_cpu_rng();
	fake.no_rng_protocol = true;
	finish(false, true);
	CHECK(logged("oem0: none (no Hyper-V OEM0 table in the ACPI tables)"));
	es_wipe(host, sizeof(host));
}

int main(void)
{
	matrix_start();
	RUN(test_hyperv_oem0);
	return matrix_done();
}
