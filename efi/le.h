/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_EFI_LE_H
#define EARLYSEED_EFI_LE_H

#include <efi.h>

/* Little-endian fields of what the firmware hands over (ACPI tables,
 * SMBIOS entry points, device path node lengths), read a byte at a time:
 * the bytes may sit at any alignment (UEFI 2.10 section 10.3.1: a node's
 * Length is two bytes, unaligned). One helper for every reader in efi/. */
static inline UINT16 le_get16(const UINT8 *p)
{
	return (UINT16)(p[0] | (UINT16)(p[1] << 8));
}

static inline UINT32 le_get32(const UINT8 *p)
{
	return (UINT32)p[0] | (UINT32)p[1] << 8 | (UINT32)p[2] << 16 | (UINT32)p[3] << 24;
}

static inline UINT64 le_get64(const UINT8 *p)
{
	return (UINT64)le_get32(p) | (UINT64)le_get32(p + 4) << 32;
}

#endif
