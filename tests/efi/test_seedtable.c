/* SPDX-License-Identifier: MIT */
/*
 * The fault matrix (tests/efi/matrix.h) for efi/seedtable.c: the seed table
 * found among the configuration tables, whichever CompareGuid() ABI GNU-EFI
 * has.
 */
#include "matrix.h"

/* GNU-EFI's CompareGuid() means "equal" by 0 in 3.0.x and by TRUE under
 * GNU_EFI_USE_COMPAREGUID_ABI: the same boots under both. */
static void test_guid_semantics(void)
{
	for (int abi = 0; abi < 2; abi++) {
		struct es_table_seed *p;

		base();
		fake.compareguid_true_if_equal = abi != 0;
		/* another vendor's table first: never to be taken for a seed */
		(void)ST->BootServices->InstallConfigurationTable(&(EFI_GUID)ES_AUDIT_VARIABLE_GUID, fake_alloc(64));
		p = install_prev(32, 32);
		finish(true, true);
		CHECK(logged("prev_table: 32 bytes mixed"));
		CHECK(!fake_is_live(p));
		base();
		fake.compareguid_true_if_equal = abi != 0;
		(void)ST->BootServices->InstallConfigurationTable(&(EFI_GUID)ES_AUDIT_VARIABLE_GUID, fake_alloc(64));
		finish(true, true);
		CHECK(logged("prev_table: none"));
	}
}

int main(void)
{
	matrix_start();
	RUN(test_guid_semantics);
	return matrix_done();
}
