/* SPDX-License-Identifier: MIT */
/*
 * A firmware's variable store that is a file (core/earlyseed.h "A variable
 * store kept in a file"): does a file's bytes hold earlyseed's token? A
 * firmware with no flash of its own for variables keeps them in a file on
 * a disk: U-Boot's \ubootefi.var (CONFIG_EFI_VARIABLE_FILE_STORE), or an
 * edk2 port that rewrites its own firmware image in place (the Raspberry Pi
 * 4's RPI_EFI.fd, pftf/RPi4 issue #6). Evidence, not a vendor's name,
 * decides: a store in one of the two real formats holding a variable named
 * EarlyseedToken under earlyseed's vendor GUID. In any state: a deleted
 * record keeps its bytes on the disk too, and a false match only withholds
 * credit.
 */
#include <string.h>

#include "earlyseed.h"
#include "le.h"

/* earlyseed's vendor GUID b1625ddc-bdd0-4e80-af05-adf6a6bdcd97 (efi/guid.h
 * ES_AUDIT_VARIABLE_GUID), in EFI_GUID's byte order (UEFI 2.10 appendix A) */
const uint8_t es_vendor_guid[16] = { 0xdc, 0x5d, 0x62, 0xb1, 0xd0, 0xbd, 0x80, 0x4e,
				     0xaf, 0x05, 0xad, 0xf6, 0xa6, 0xbd, 0xcd, 0x97 };
static const char token_name[] = "EarlyseedToken";

/* U-Boot include/efi_variable.h: struct efi_var_file { u64 reserved; u64
 * magic; u32 length (header included); u32 crc32; struct efi_var_entry
 * var[]; }, EFI_VAR_FILE_MAGIC 0x0161566966456255 ("UbEfiVa", version 1);
 * struct efi_var_entry { u32 length (of the data); u32 attr; u64 time;
 * efi_guid_t guid; u16 name[] (NUL-terminated) }, the data after the name,
 * the next entry 8-byte aligned (lib/efi_loader/efi_var_mem.c). */
static const uint8_t uboot_magic[8] = { 0x55, 0x62, 0x45, 0x66, 0x69, 0x56, 0x61, 0x01 };
#define UBOOT_HEADER 24u
#define UBOOT_ENTRY 32u /* length, attr, time, guid */

/* PI 1.8 volume 3 section 3.2.1.1 EFI_FIRMWARE_VOLUME_HEADER: ZeroVector[16],
 * FileSystemGuid at 16, FvLength (u64) at 32, Signature "_FVH" at 40,
 * HeaderLength (u16) at 48; the block map from 56, ended by a zero entry. */
#define FV_GUID 16u
#define FV_LENGTH 32u
#define FV_SIGNATURE 40u
#define FV_HEADER_LENGTH 48u
#define FV_MIN_HEADER 64u /* the fixed part and the block map's terminator */
/* gEfiSystemNvDataFvGuid fff12b8d-7696-4c8b-a985-2747075b4f50
 * (MdePkg/Include/Guid/SystemNvDataGuid.h): the volume holding the store */
static const uint8_t nv_fv_guid[16] = { 0x8d, 0x2b, 0xf1, 0xff, 0x96, 0x76, 0x8b, 0x4c,
					0xa9, 0x85, 0x27, 0x47, 0x07, 0x5b, 0x4f, 0x50 };
/* MdeModulePkg/Include/Guid/VariableFormat.h VARIABLE_STORE_HEADER:
 * Signature (a GUID), Size (u32), Format, State, two reserved fields: 28
 * bytes; then the variables, each header at a 4-byte boundary
 * (HEADER_ALIGNMENT), its name and data unpadded (ALIGNMENT 1 on IA32, X64,
 * ARM, AARCH64 and RISC-V). gEfiVariableGuid
 * ddcf3616-3275-4164-98b6-fe85707ffe7d: VARIABLE_HEADER, 32 bytes (StartId
 * 0x55AA, State, Reserved, Attributes, NameSize at 8, DataSize at 12,
 * VendorGuid at 16); gEfiAuthenticatedVariableGuid
 * aaf32c78-947b-439a-a180-2e144ec37792: AUTHENTICATED_VARIABLE_HEADER, 60
 * bytes (MonotonicCount, TimeStamp and PubKeyIndex after Attributes:
 * NameSize at 36, DataSize at 40, VendorGuid at 44). */
static const uint8_t var_guid[16] = { 0x16, 0x36, 0xcf, 0xdd, 0x75, 0x32, 0x64, 0x41,
				      0x98, 0xb6, 0xfe, 0x85, 0x70, 0x7f, 0xfe, 0x7d };
static const uint8_t auth_var_guid[16] = { 0x78, 0x2c, 0xf3, 0xaa, 0x7b, 0x94, 0x9a, 0x43,
					   0xa1, 0x80, 0x2e, 0x14, 0x4e, 0xc3, 0x77, 0x92 };
#define STORE_HEADER 28u
#define VAR_START_ID 0x55aau
#define VAR_FORMATTED 0x5au /* VARIABLE_STORE_FORMATTED */

static uint64_t get64(const uint8_t *b)
{
	return (uint64_t)es_le_get32(b) | ((uint64_t)es_le_get32(b + 4) << 32);
}

/* Is the UCS-2 name at p (n bytes, a NUL within them or not) the token's? */
static bool is_token_name(const uint8_t *p, size_t n)
{
	size_t len = sizeof(token_name); /* its NUL included */

	if (n < 2 * len)
		return false;
	for (size_t i = 0; i < len; i++)
		if (es_le_get16(p + 2 * i) != (uint8_t)token_name[i])
			return false;
	return true;
}

static bool uboot_holds(const uint8_t *p, size_t n)
{
	size_t end, at = UBOOT_HEADER;

	if (n < UBOOT_HEADER || memcmp(p + 8, uboot_magic, sizeof(uboot_magic)) != 0)
		return false;
	/* the length the header gives, but never past what was read */
	end = es_le_get32(p + 16);
	if (end > n)
		end = n;
	if (end < UBOOT_HEADER)
		return false;
	while (end - at >= UBOOT_ENTRY && end - at - UBOOT_ENTRY >= 2) {
		const uint8_t *e = p + at;
		size_t name = at + UBOOT_ENTRY, stop = name, data_len = es_le_get32(e);

		while (stop + 2 <= end && es_le_get16(p + stop) != 0)
			stop += 2;
		if (stop + 2 > end)
			return false; /* a name that does not end: no more entries */
		if (memcmp(e + 16, es_vendor_guid, 16) == 0 && is_token_name(p + name, stop + 2 - name))
			return true;
		stop += 2;
		if (data_len > end - stop)
			return false;
		at = (stop + data_len + 7u) & ~(size_t)7u;
		if (at >= end)
			return false;
	}
	return false;
}

/* The variables of the store at s (n bytes, its header included). */
static bool store_holds(const uint8_t *s, size_t n)
{
	size_t hdr, name_at, size_at, guid_at, at = STORE_HEADER;

	if (n < STORE_HEADER || s[20] != VAR_FORMATTED)
		return false;
	if (memcmp(s, var_guid, 16) == 0) {
		hdr = 32;
		name_at = 8;
		guid_at = 16;
	} else if (memcmp(s, auth_var_guid, 16) == 0) {
		hdr = 60;
		name_at = 36;
		guid_at = 44;
	} else {
		return false;
	}
	size_at = name_at + 4;
	if (es_le_get32(s + 16) < n)
		n = es_le_get32(s + 16);
	if (n < STORE_HEADER)
		return false;
	while (n - at >= hdr && es_le_get16(s + at) == VAR_START_ID) {
		const uint8_t *v = s + at;
		size_t name_size = es_le_get32(v + name_at), data_size = es_le_get32(v + size_at);

		if (name_size > n - at - hdr)
			return false;
		if (memcmp(v + guid_at, es_vendor_guid, 16) == 0 && is_token_name(v + hdr, name_size))
			return true;
		if (data_size > n - at - hdr - name_size)
			return false;
		at = (at + hdr + name_size + data_size + 3u) & ~(size_t)3u;
		if (at >= n)
			return false;
	}
	return false;
}

/* The firmware volume at f, at most n bytes: an NV-data volume's store. */
static bool fv_holds(const uint8_t *f, size_t n)
{
	uint64_t len;
	size_t hlen;

	if (n < FV_MIN_HEADER + STORE_HEADER || memcmp(f + FV_SIGNATURE, "_FVH", 4) != 0 ||
	    memcmp(f + FV_GUID, nv_fv_guid, 16) != 0)
		return false;
	len = get64(f + FV_LENGTH);
	hlen = es_le_get16(f + FV_HEADER_LENGTH);
	if (len < n)
		n = (size_t)len;
	if (n < FV_MIN_HEADER + STORE_HEADER || hlen < FV_MIN_HEADER || hlen > n - STORE_HEADER)
		return false;
	return store_holds(f + hlen, n - hlen);
}

enum es_varstore es_varstore_find(const void *buf, size_t n)
{
	const uint8_t *p = buf;

	if (p == NULL)
		return ES_VARSTORE_NONE;
	if (uboot_holds(p, n))
		return ES_VARSTORE_UBOOT;
	/* A firmware image holds its volumes at 8-byte boundaries at least
	 * (EFI_FVB2_ALIGNMENT); the NV volume is seldom at its start. */
	for (size_t at = 0; n >= FV_MIN_HEADER + STORE_HEADER && at <= n - FV_MIN_HEADER - STORE_HEADER; at += 8)
		if (fv_holds(p + at, n - at))
			return ES_VARSTORE_EDK2;
	return ES_VARSTORE_NONE;
}

bool es_varstore_worth_reading(uint64_t size, const void *head, size_t n)
{
	const uint8_t *h = head;

	if (size > ES_VARSTORE_FILE_MAX || size < UBOOT_HEADER)
		return false;
	/* U-Boot's file, whatever its size; a firmware image is whole
	 * flash blocks (4 KiB at the least) */
	if (h != NULL && n >= UBOOT_HEADER && memcmp(h + 8, uboot_magic, sizeof(uboot_magic)) == 0)
		return true;
	return size % ES_VARSTORE_BLOCK == 0;
}

const char *es_varstore_text(enum es_varstore k)
{
	switch (k) {
	case ES_VARSTORE_UBOOT: return "U-Boot's variable file";
	case ES_VARSTORE_EDK2: return "an edk2 firmware image's variable store";
	case ES_VARSTORE_NONE: break;
	}
	return "no variable store";
}
