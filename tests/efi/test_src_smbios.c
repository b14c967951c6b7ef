/* SPDX-License-Identifier: MIT */
/*
 * The fault matrix (tests/efi/matrix.h) for efi/src_smbios.c: the SMBIOS
 * system UUID (type 1), found through the 3.x entry point or the 2.x one
 * (DSP0134 section 5.2), mixed and never counted; a machine with none, or
 * with a table the firmware got wrong, boots as it would without it.
 */
#include <string.h>
#include <sys/mman.h>

#include "matrix.h"

static EFI_GUID smbios_guid = ES_SMBIOS_TABLE_GUID;
static EFI_GUID smbios3_guid = ES_SMBIOS3_TABLE_GUID;

/* A structure table below 4 GiB (a 2.x entry point holds a 32-bit address:
 * MAP_32BIT): type 0 with one string, type 1 carrying uuid, the end (type
 * 127); its length in *n. NULL when no such memory is to be had. */
static uint8_t *structures(const uint8_t uuid[16], size_t *n)
{
	static uint8_t *t;
	size_t k = 0;

	if (t == NULL) {
		void *m = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_32BIT, -1, 0);

		if (m == MAP_FAILED)
			return NULL;
		t = m;
	}

	memset(t, 0, 64);
	t[k++] = 0; t[k++] = 4; k += 2;
	memcpy(t + k, "x\0\0", 3); k += 3;
	t[k++] = 1; t[k++] = 0x1b; k += 2 + 4;
	memcpy(t + k, uuid, 16); k += 16 + 3 + 2;
	t[k++] = 127; t[k++] = 4; k += 2 + 2;
	*n = k;
	return t;
}

/* The 2.x entry point ("_SM_": u16 length at 0x16, u32 address at 0x18)
 * under SMBIOS_TABLE_GUID, with no 3.x one. */
static void smbios2(const uint8_t uuid[16], uint16_t len_delta)
{
	static uint8_t entry[0x1f];
	size_t n;
	uint8_t *t = structures(uuid, &n);
	uint32_t addr = (uint32_t)(uintptr_t)t;

	CHECK(t != NULL && (uintptr_t)t == addr);
	memset(entry, 0, sizeof(entry));
	memcpy(entry, "_SM_", 4);
	entry[0x16] = (uint8_t)(n + len_delta);
	entry[0x17] = (uint8_t)((n + len_delta) >> 8);
	for (int i = 0; i < 4; i++)
		entry[0x18 + i] = (uint8_t)(addr >> (8 * i));
	(void)ST->BootServices->InstallConfigurationTable(&smbios_guid, entry);
}

static bool smbios_mixed(void)
{
	struct es_audit_record a;

	return audit_decode_ok(&a) && es_audit_present(&a, ES_SRC_SMBIOS) && es_audit_bytes(&a, ES_SRC_SMBIOS) == 16;
}

/* A UUID through the 3.x entry point: 16 bytes mixed, nothing counted. */
static void test_uuid_mixed(void)
{
	static uint8_t uuid[16];

	check_rand_fill(uuid, sizeof(uuid));
	base();
	fake_set_smbios_uuid(uuid);
	finish(true, true);
	CHECK(logged("earlyseed: smbios: the system UUID mixed (counts nothing)"));
	CHECK(smbios_mixed());
	/* alone it seeds nothing: no table */
	base();
	no_cpu_rng();
	fake.no_rng_protocol = true;
	fake_set_smbios_uuid(uuid);
	finish(false, true);
	CHECK(smbios_mixed() && logged("earlyseed: smbios: the system UUID mixed"));
}

/* No SMBIOS table, a UUID the firmware left unset (all zeros, all 0xFF),
 * a 3.x entry point claiming more than 1 MiB: said, nothing mixed, the
 * boot as without it. */
static void test_no_uuid(void)
{
	static uint8_t zeros[16], ones[16];

	memset(ones, 0xff, sizeof(ones));
	base();
	finish(true, true);
	CHECK(logged("earlyseed: smbios: no system UUID") && !smbios_mixed());
	base();
	fake_set_smbios_uuid(zeros);
	finish(true, true);
	CHECK(logged("earlyseed: smbios: no system UUID") && !smbios_mixed());
	base();
	fake_set_smbios_uuid(ones);
	finish(true, true);
	CHECK(logged("earlyseed: smbios: no system UUID") && !smbios_mixed());
	base();
	check_rand_fill(ones, sizeof(ones));
	fake_set_smbios_uuid(ones);
	{
		uint8_t *entry = NULL;

		for (UINTN i = 0; i < ST->NumberOfTableEntries; i++)
			if (memcmp(&ST->ConfigurationTable[i].VendorGuid, &smbios3_guid, sizeof(EFI_GUID)) == 0)
				entry = ST->ConfigurationTable[i].VendorTable;
		CHECK(entry != NULL);
		if (entry != NULL)
			entry[14] = 0x20; /* maximum size 2 MiB: refused, never walked */
	}
	finish(true, true);
	CHECK(logged("earlyseed: smbios: no system UUID") && !smbios_mixed());
}

/* The 2.x entry point alone (older firmware): the same UUID; its length
 * cut short of the type 1 structure: none. */
static void test_entry_point_2(void)
{
	static uint8_t uuid[16];

	check_rand_fill(uuid, sizeof(uuid));
	base();
	smbios2(uuid, 0);
	finish(true, true);
	CHECK(smbios_mixed());
	base();
	smbios2(uuid, (uint16_t)(0u - 30u)); /* 30 bytes short: type 1 is cut */
	finish(true, true);
	CHECK(logged("earlyseed: smbios: no system UUID") && !smbios_mixed());
}

int main(void)
{
	matrix_start();
	RUN(test_uuid_mixed);
	RUN(test_no_uuid);
	RUN(test_entry_point_2);
	return matrix_done();
}
