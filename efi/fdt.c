/* SPDX-License-Identifier: MIT */
/* The firmware's device tree (efi/fdt.h): read by the device tree's seed
 * (src_rng_seed.c) and, for the ISA string, by the CPU's probes. */
#include "fdt.h"

#include "guid.h"

static EFI_GUID dtb_guid = ES_EFI_DTB_TABLE_GUID;

UINT8 *fdt_firmware(uint32_t *size)
{
	UINT8 *fdt = guid_table(&dtb_guid);

	*size = fdt != NULL ? es_fdt_size(fdt, ES_FDT_MAX) : 0u;
	return fdt;
}
