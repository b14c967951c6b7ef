/* SPDX-License-Identifier: MIT */
#include "seedtable.h"

#include <efilib.h>
#include <string.h>

#include "../core/earlyseed.h"
#include "fs.h"
#include "guid.h"

static EFI_GUID seed_table_guid = ES_LINUX_EFI_RANDOM_SEED_TABLE_GUID;

struct es_table_seed *seedtable_find(void)
{
	return guid_table(&seed_table_guid);
}

EFI_STATUS seedtable_install(const uint8_t *seed, size_t n, struct es_table_seed **out)
{
	struct es_table_seed *t = NULL;
	EFI_STATUS status;

	*out = NULL;
	/* Pool memory of type EfiACPIReclaimMemory: it survives kexec, and the
	 * Linux stub and systemd-boot FreePool a table they replace
	 * (drivers/firmware/efi/libstub/random.c; systemd src/boot/random-seed.c). */
	status = uefi_call_wrapper(BS->AllocatePool, 3, EfiACPIReclaimMemory,
				   (UINTN)es_table_alloc_size(n), (void **)&t);
	if (EFI_ERROR(status))
		return status;
	t->size = (uint32_t)n;
	memcpy(t->bits, seed, n);
	status = uefi_call_wrapper(BS->InstallConfigurationTable, 2, &seed_table_guid, t);
	if (EFI_ERROR(status)) {
		es_wipe(t, es_table_alloc_size(n));
		fs_free(t);
		return status;
	}
	*out = t;
	return EFI_SUCCESS;
}

void seedtable_retire(struct es_table_seed *prev, uint32_t size)
{
	es_wipe(prev->bits, size);
	fs_free(prev);
}

EFI_STATUS seedtable_remove(void)
{
	return uefi_call_wrapper(BS->InstallConfigurationTable, 2, &seed_table_guid, NULL);
}
