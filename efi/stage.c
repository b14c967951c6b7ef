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

const struct stage_marker *stage_marker_on(EFI_HANDLE h)
{
	const struct stage_marker *m = NULL;

	if (h == NULL || EFI_ERROR(uefi_call_wrapper(BS->HandleProtocol, 3, h, &stage_guid, (void **)&m)) ||
	    m == NULL || m->magic != STAGE_MAGIC)
		return NULL;
	return m;
}

unsigned int stage_count_before(EFI_HANDLE image)
{
	unsigned int n = 0, depth = 0;

	for (EFI_HANDLE h = parent_of(image); h != NULL && depth < STAGE_MAX_DEPTH; h = parent_of(h), depth++) {
		if (stage_marker_on(h) != NULL)
			n++;
	}
	return n;
}

/* Every handle with a marker: the stages above this one and any resident
 * earlyseed driver (which is no parent). */
bool stage_provenance(EFI_HANDLE image, const struct es_table_seed *table, struct es_provenance *out)
{
	EFI_HANDLE *handles = NULL;
	UINTN count = 0;
	bool found = false;

	(void)image;
	if (table == NULL || EFI_ERROR(uefi_call_wrapper(BS->LocateHandleBuffer, 5, ByProtocol, &stage_guid, NULL,
							&count, &handles)))
		return false;
	for (UINTN i = 0; i < count && !found; i++) {
		const struct stage_marker *m = stage_marker_on(handles[i]);

		/* The address alone is not enough: a stage that freed an earlier
		 * one's table may find the address reused. Its size and BLAKE2s
		 * tag must still be what that stage installed. */
		if (m != NULL && m->table == table && table->size == ES_SEED_LEN) {
			uint8_t tag[sizeof(m->tag)];

			es_table_tag(table, tag);
			found = guid_equal((const EFI_GUID *)tag, (const EFI_GUID *)m->tag);
			es_wipe(tag, sizeof(tag));
			if (found)
				*out = m->made_of;
		}
	}
	(void)uefi_call_wrapper(BS->FreePool, 1, handles);
	return found;
}

bool stage_persisted_before(EFI_HANDLE image)
{
	unsigned int depth = 0;

	for (EFI_HANDLE h = parent_of(image); h != NULL && depth < STAGE_MAX_DEPTH; h = parent_of(h), depth++) {
		const struct stage_marker *m = stage_marker_on(h);

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

bool stage_owns(const struct stage_marker *m, const struct es_table_seed *t)
{
	uint8_t tag[sizeof(m->tag)];
	bool ours;

	if (t == NULL || m == NULL || t != m->table || t->size != ES_SEED_LEN)
		return false;
	es_table_tag(t, tag);
	ours = guid_equal((const EFI_GUID *)tag, (const EFI_GUID *)m->tag);
	es_wipe(tag, sizeof(tag));
	return ours;
}
