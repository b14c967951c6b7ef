/* SPDX-License-Identifier: MIT */
#include "guid.h"

#include <efilib.h>

EFI_GUID guid_loaded_image = EFI_LOADED_IMAGE_PROTOCOL_GUID;

bool guid_equal(const EFI_GUID *a, const EFI_GUID *b)
{
	const UINT8 *x = (const UINT8 *)a;
	const UINT8 *y = (const UINT8 *)b;

	for (UINTN i = 0; i < sizeof(EFI_GUID); i++) {
		if (x[i] != y[i])
			return false;
	}
	return true;
}

void *guid_table(const EFI_GUID *g)
{
	for (UINTN i = 0; ST != NULL && i < ST->NumberOfTableEntries; i++) {
		EFI_CONFIGURATION_TABLE *t = &ST->ConfigurationTable[i];

		if (guid_equal(&t->VendorGuid, g))
			return t->VendorTable;
	}
	return NULL;
}
