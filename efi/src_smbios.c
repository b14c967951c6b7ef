/* SPDX-License-Identifier: MIT */
/*
 * The SMBIOS system UUID (type 1): it tells machines, and most clones, apart.
 * Mixed, never counted: root reads it in the OS
 * (/sys/class/dmi/id/product_uuid). From the SMBIOS 3.x entry point, else
 * the 2.x one (DSP0134 section 5.2); the structures are walked by
 * core/smbios.c, within the length the entry point gives.
 */
#include "row.h"

#include <efilib.h>
#include <string.h>

#include "guid.h"
#include "log.h"
#include "le.h"

static EFI_GUID smbios3_guid = ES_SMBIOS3_TABLE_GUID;
static EFI_GUID smbios_guid = ES_SMBIOS_TABLE_GUID;

/* The structure table's address and length, or NULL. */
static const UINT8 *structures(UINT32 *len)
{
	const UINT8 *e = guid_table(&smbios3_guid);

	/* "_SM3_": u32 maximum size at 12, u64 address at 16 */
	if (e != NULL && memcmp(e, "_SM3_", 5) == 0) {
		*len = le_get32(e + 12);
		return pass_phys(le_get64(e + 16));
	}
	/* "_SM_": u16 length at 0x16, u32 address at 0x18 */
	e = guid_table(&smbios_guid);
	if (e != NULL && memcmp(e, "_SM_", 4) == 0) {
		*len = le_get16(e + 0x16);
		return pass_phys(le_get32(e + 0x18));
	}
	return NULL;
}

void src_smbios(struct pass *p)
{
	UINT32 len = 0;
	const UINT8 *t = structures(&len);
	UINT8 uuid[16];

	/* bounded: a structure table is a few KiB */
	if (t == NULL || len > (1u << 20) || !es_smbios_uuid(t, len, uuid)) {
		log_line("smbios: no system UUID");
		return;
	}
	(void)es_session_add(&p->s, ES_SRC_SMBIOS, uuid, sizeof(uuid));
	es_wipe(uuid, sizeof(uuid));
	log_line("smbios: the system UUID mixed (counts nothing); a seed file written under another one does not count");
}
