/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_TOOLS_ROMTOOL_H
#define EARLYSEED_TOOLS_ROMTOOL_H

#include <stddef.h>
#include <stdint.h>

/*
 * `earlyseed rom`: a UEFI driver wrapped as a PCI option ROM, so firmware
 * dispatches it while it enumerates PCI (PCI Firmware Specification 3.0
 * section 5.1, ROM header and PCI data structure; UEFI 2.10 section 14.4.2,
 * "PCI Option ROMs": the EFI expansion ROM header). One uncompressed EFI
 * image, the last in the ROM; the whole ROM a multiple of 512 bytes. EFI
 * ROMs carry no checksum (the legacy byte-sum rule is for code type 0).
 */
#define ROM_SIGNATURE 0xaa55u      /* PCI FW 3.0 5.1.1 */
#define ROM_EFI_SIGNATURE 0x0ef1u  /* UEFI 2.10 Table 14-17 */
#define ROM_HEADER_SIZE 0x1cu      /* EFI_PCI_EXPANSION_ROM_HEADER */
#define ROM_PCIR_OFFSET 0x1cu      /* the PCI data structure right after it */
#define ROM_PCIR_SIZE 0x1cu        /* PCI FW 3.0 Table 5-2, revision 3 */
#define ROM_IMAGE_OFFSET 0x200u    /* the PE image, 512-aligned */
#define ROM_UNIT 512u
#define ROM_CODE_TYPE_EFI 3u       /* PCI FW 3.0 Table 5-2 Code Type */
#define ROM_INDICATOR_LAST 0x80u
/* The subsystem and machine the PE header must name. */
#define ROM_SUBSYSTEM_BS_DRIVER 11u
#define ROM_MACHINE_X64 0x8664u
#define ROM_MACHINE_AARCH64 0xaa64u
#define ROM_MACHINE_RISCV64 0x5064u

struct rom_id {
	uint16_t vendor, device;
	uint32_t class_code; /* 24 bits: base class, subclass, interface */
};

/* Is pe[0..n) a boot-service driver PE for x64 or AArch64? 0 and *machine,
 * or -1 with why set. */
int romtool_pe_check(const uint8_t *pe, size_t n, uint16_t *machine, const char **why);
/* The ROM for the PE image pe[0..n) into a malloc'd *out of *outn bytes.
 * Returns 0, or -1 with why set (the image is not a boot-service driver
 * PE, or too large for the 16-bit size fields). */
int romtool_build(const uint8_t *pe, size_t n, const struct rom_id *id, uint8_t **out, size_t *outn,
		  const char **why);

#endif
