/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_EFI_GUID_H
#define EARLYSEED_EFI_GUID_H

#include <efi.h>
#include <stdbool.h>
#include <stddef.h>

_Static_assert(sizeof(EFI_GUID) == 16, "EFI_GUID is 16 bytes (UEFI 2.10 appendix A)");
_Static_assert(offsetof(EFI_GUID, Data4) == 8, "EFI_GUID Data4 at offset 8");
_Static_assert(sizeof(EFI_CONFIGURATION_TABLE) == 24, "EFI_CONFIGURATION_TABLE is GUID + pointer");
_Static_assert(offsetof(EFI_CONFIGURATION_TABLE, VendorTable) == 16, "VendorTable at offset 16");

/* LINUX_EFI_RANDOM_SEED_TABLE_GUID, include/linux/efi.h:
 * 1ce1e5bc-7ceb-42f2-81e5-8aadf180f57b */
#define ES_LINUX_EFI_RANDOM_SEED_TABLE_GUID \
	{ 0x1ce1e5bc, 0x7ceb, 0x42f2, { 0x81, 0xe5, 0x8a, 0xad, 0xf1, 0x80, 0xf5, 0x7b } }

/* EFI_RNG_PROTOCOL_GUID, UEFI 2.10 section 37.5.1:
 * 3152bca5-eade-433d-862e-c01cdc291f44 */
/* EFI_ACPI_20_TABLE_GUID (UEFI 2.10 section 4.6.1): the ACPI 2.0+ RSDP */
#define ES_EFI_ACPI_20_TABLE_GUID \
	{ 0x8868e871, 0xe4f1, 0x11d3, { 0xbc, 0x22, 0x00, 0x80, 0xc7, 0x3c, 0x88, 0x81 } }
/* EFI_DTB_TABLE_GUID (UEFI 2.10 section 4.6.1.3, "Devicetree Tables"): the
 * flattened device tree the firmware hands the OS:
 * b1b621d5-f19c-41a5-830b-d9152c69aae0 */
#define ES_EFI_DTB_TABLE_GUID \
	{ 0xb1b621d5, 0xf19c, 0x41a5, { 0x83, 0x0b, 0xd9, 0x15, 0x2c, 0x69, 0xaa, 0xe0 } }
/* SMBIOS3_TABLE_GUID and SMBIOS_TABLE_GUID (UEFI 2.10 section 4.6.1): the
 * SMBIOS 3.x (64-bit) and 2.x entry points */
#define ES_SMBIOS3_TABLE_GUID \
	{ 0xf2fd1544, 0x9794, 0x4a2c, { 0x99, 0x2e, 0xe5, 0xbb, 0xcf, 0x20, 0xe3, 0x94 } }
#define ES_SMBIOS_TABLE_GUID \
	{ 0xeb9d2d31, 0x2d88, 0x11d3, { 0x9a, 0x16, 0x00, 0x90, 0x27, 0x3f, 0xc1, 0x4d } }
#define ES_EFI_RNG_PROTOCOL_GUID \
	{ 0x3152bca5, 0xeade, 0x433d, { 0x86, 0x2e, 0xc0, 0x1c, 0xdc, 0x29, 0x1f, 0x44 } }

/* EFI_RNG_ALGORITHM_RAW, UEFI 2.10 section 37.5.6:
 * e43176d7-b6e8-4827-b784-7ffdc4b68561 */
#define ES_EFI_RNG_ALGORITHM_RAW_GUID \
	{ 0xe43176d7, 0xb6e8, 0x4827, { 0xb7, 0x84, 0x7f, 0xfd, 0xc4, 0xb6, 0x85, 0x61 } }

/* EFI_RNG_ALGORITHM_SP800_90_HASH_256_GUID, UEFI 2.10 section 37.5.2:
 * a7af67cb-603b-4d42-ba21-70bfb6293f96 */
#define ES_EFI_RNG_ALGORITHM_SP800_90_HASH_256_GUID \
	{ 0xa7af67cb, 0x603b, 0x4d42, { 0xba, 0x21, 0x70, 0xbf, 0xb6, 0x29, 0x3f, 0x96 } }

/* EFI_RNG_ALGORITHM_SP800_90_CTR_256_GUID, UEFI 2.10 section 37.5.2:
 * 44f0de6e-4d8c-4045-a8c7-4dd168856b9e (edk2 RngDxe's default over RDRAND) */
#define ES_EFI_RNG_ALGORITHM_SP800_90_CTR_256_GUID \
	{ 0x44f0de6e, 0x4d8c, 0x4045, { 0xa8, 0xc7, 0x4d, 0xd1, 0x68, 0x85, 0x6b, 0x9e } }

/* gEfiRngAlgorithmArmRndr, edk2 MdePkg/MdePkg.dec (RngDxe over RNDR):
 * 43d2fde3-9d4e-4d79-0296-a89bca780841 (MdePkg/Include/Protocol/Rng.h) */
#define ES_EFI_RNG_ALGORITHM_ARM_RNDR_GUID \
	{ 0x43d2fde3, 0x9d4e, 0x4d79, { 0x02, 0x96, 0xa8, 0x9b, 0xca, 0x78, 0x08, 0x41 } }

/* gEdkiiRngAlgorithmUnSafe, edk2 MdeModulePkg/MdeModulePkg.dec (a RngLib that
 * is only a timer): 869f728c-409d-4ab4-ac03-71d309c1b3f4 */
#define ES_EDKII_RNG_ALGORITHM_UNSAFE_GUID \
	{ 0x869f728c, 0x409d, 0x4ab4, { 0xac, 0x03, 0x71, 0xd3, 0x09, 0xc1, 0xb3, 0xf4 } }

/* EFI_EVENT_GROUP_READY_TO_BOOT, UEFI 2.10 section 7.1 (CreateEventEx):
 * 7ce88fb3-4bd7-4679-87a8-a8d8dee50d2b */
#define ES_EVENT_GROUP_READY_TO_BOOT_GUID \
	{ 0x7ce88fb3, 0x4bd7, 0x4679, { 0x87, 0xa8, 0xa8, 0xd8, 0xde, 0xe5, 0x0d, 0x2b } }

/* EFI_GLOBAL_VARIABLE, UEFI 2.10 section 3.3 (SecureBoot, BootCurrent, ...):
 * 8be4df61-93ca-11d2-aa0d-00e098032b8c */
#define ES_EFI_GLOBAL_VARIABLE_GUID \
	{ 0x8be4df61, 0x93ca, 0x11d2, { 0xaa, 0x0d, 0x00, 0xe0, 0x98, 0x03, 0x2b, 0x8c } }

/* earlyseed's own vendor GUID for the EarlyseedAudit variable (docs/audit-record.md "The
 * audit record"): b1625ddc-bdd0-4e80-af05-adf6a6bdcd97 */
#define ES_AUDIT_VARIABLE_GUID \
	{ 0xb1625ddc, 0xbdd0, 0x4e80, { 0xaf, 0x05, 0xad, 0xf6, 0xa6, 0xbd, 0xcd, 0x97 } }

/* The stage marker protocol earlyseed installs on its own image handle while
 * it runs (efi/stage.c, the loop guard and provenance of its table):
 * 110e3663-5318-4c44-8ed4-74125e866855 */
#define ES_STAGE_PROTOCOL_GUID \
	{ 0x110e3663, 0x5318, 0x4c44, { 0x8e, 0xd4, 0x74, 0x12, 0x5e, 0x86, 0x68, 0x55 } }

/* EFI_LOADED_IMAGE_PROTOCOL_GUID, UEFI 2.10 section 9.1:
 * 5b1b31a1-9562-11d2-8e3f-00a0c969723b (libefi's copy is not linked) */
extern EFI_GUID guid_loaded_image;

/*
 * GUIDs compared byte for byte: GNU-EFI's CompareGuid() returns 0 for equal
 * in 3.0.x but TRUE for equal under GNU_EFI_USE_COMPAREGUID_ABI (3.0.16+),
 * so its result means opposite things in different builds.
 */
bool guid_equal(const EFI_GUID *a, const EFI_GUID *b);
/* The system table's configuration table under g (UEFI 2.10 section 4.6),
 * or NULL. */
void *guid_table(const EFI_GUID *g);

#endif
