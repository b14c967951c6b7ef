/* SPDX-License-Identifier: MIT */
#include "guid.h"

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
