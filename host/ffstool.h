/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_HOST_FFSTOOL_H
#define EARLYSEED_HOST_FFSTOOL_H

#include <stddef.h>
#include <stdint.h>

/*
 * `earlyseed ffs`: the firmware driver as a firmware file (UEFI PI 1.8
 * volume 3, section 2.2: the FFS file, and 2.2.4, its sections), ready for a
 * platform's firmware volume: a DXE dependency section, the PE32 image, a
 * user-interface name and a version, each 4-byte aligned, under one file
 * header with its checksums, as edk2's GenSec and GenFfs lay them out
 * (BaseTools/Source/C/GenFfs/GenFfs.c: state 0x07, fixed file checksum 0xAA).
 */
#define FFS_HEADER 24u              /* EFI_FFS_FILE_HEADER */
#define FFS_MAX_SIZE 0x1000000u     /* over it, EFI_FFS_FILE_HEADER2 (not needed here) */
#define FFS_TYPE_DRIVER 0x07u       /* EFI_FV_FILETYPE_DRIVER */
#define FFS_FIXED_CHECKSUM 0xaau    /* no FFS_ATTRIB_CHECKSUM */
#define FFS_STATE 0x07u             /* HEADER_CONSTRUCTION | HEADER_VALID | DATA_VALID */
#define FFS_SECTION_PE32 0x10u
#define FFS_SECTION_VERSION 0x14u
#define FFS_SECTION_UI 0x15u
#define FFS_SECTION_DXE_DEPEX 0x13u
/* earlyseed's driver's FILE_GUID, the same for every architecture (a
 * firmware volume holds one architecture's files): 8acd5d9f-d932-41ca-b2b2-0c86106b0893 */
#define FFS_EARLYSEED_GUID "8acd5d9f-d932-41ca-b2b2-0c86106b0893"
#define FFS_UI_NAME "EarlyseedDxe"

/* The dependency expression (PI 1.8 volume 2, section 10.7) the file
 * carries, for a platform build's binary INF (DXE_DEPEX): 6 PUSH, 5 AND,
 * END. */
#define FFS_DEPEX_LEN (6u * 17u + 5u + 1u)
void ffstool_depex(uint8_t out[FFS_DEPEX_LEN]);

/* The firmware file for the driver pe[0..n) (a boot-service driver, x64 or
 * AArch64) with version string version, into a malloc'd *out of *outn
 * bytes. 0, or -1 with why set. */
int ffstool_build(const uint8_t *pe, size_t n, const char *version, uint8_t **out, size_t *outn, const char **why);
/* version: printable ASCII, at most 63 characters (it is written as UCS-2). */

/* What a firmware file holds, read back (and every rule above checked). */
struct ffs_info {
	uint8_t guid[16];
	uint8_t type;
	size_t size;
	size_t pe_at, pe_len;       /* the PE32 section's data */
	size_t depex_at, depex_len; /* the DXE dependency expression */
	char ui[64];                /* the user-interface name, ASCII */
	char version[64];
};
/* 0 and *info, or -1 with why set. */
int ffstool_parse(const uint8_t *f, size_t n, struct ffs_info *info, const char **why);

#endif
