/* SPDX-License-Identifier: MIT */
#include "stage.h"

#include <efilib.h>

#include "guid.h"

static EFI_GUID stage_guid = ES_STAGE_PROTOCOL_GUID;

/* A parent chain longer than this is not a boot chain. */
#define STAGE_MAX_DEPTH 64u

static EFI_HANDLE parent_of(EFI_HANDLE h)
{
	EFI_LOADED_IMAGE *li = NULL;

	if (EFI_ERROR(uefi_call_wrapper(BS->HandleProtocol, 3, h, &guid_loaded_image, (void **)&li)) ||
	    li == NULL)
		return NULL;
	return li->ParentHandle;
}

static struct stage_marker *marker_of(EFI_HANDLE h)
{
	struct stage_marker *m = NULL;

	if (EFI_ERROR(uefi_call_wrapper(BS->HandleProtocol, 3, h, &stage_guid, (void **)&m)) || m == NULL ||
	    m->magic != STAGE_MAGIC)
		return NULL;
	return m;
}

unsigned int stage_count_before(EFI_HANDLE image)
{
	unsigned int n = 0, depth = 0;

	for (EFI_HANDLE h = parent_of(image); h != NULL && depth < STAGE_MAX_DEPTH; h = parent_of(h), depth++) {
		if (marker_of(h) != NULL)
			n++;
	}
	return n;
}

bool stage_provenance(EFI_HANDLE image, const struct es_table_seed *table, struct es_provenance *out)
{
	unsigned int depth = 0;

	for (EFI_HANDLE h = parent_of(image); h != NULL && depth < STAGE_MAX_DEPTH; h = parent_of(h), depth++) {
		const struct stage_marker *m = marker_of(h);

		if (m != NULL && table != NULL && m->table == table) {
			*out = m->made_of;
			return true;
		}
	}
	return false;
}

bool stage_persisted_before(EFI_HANDLE image)
{
	unsigned int depth = 0;

	for (EFI_HANDLE h = parent_of(image); h != NULL && depth < STAGE_MAX_DEPTH; h = parent_of(h), depth++) {
		const struct stage_marker *m = marker_of(h);

		if (m != NULL && m->persisted)
			return true;
	}
	return false;
}

EFI_STATUS stage_mark(EFI_HANDLE image, struct stage_marker *m)
{
	EFI_HANDLE h = image;

	m->magic = STAGE_MAGIC;
	return uefi_call_wrapper(BS->InstallProtocolInterface, 4, &h, &stage_guid, EFI_NATIVE_INTERFACE, m);
}

void stage_unmark(EFI_HANDLE image, struct stage_marker *m)
{
	(void)uefi_call_wrapper(BS->UninstallProtocolInterface, 3, image, &stage_guid, m);
	m->magic = 0;
}
