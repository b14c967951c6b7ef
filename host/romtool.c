/* SPDX-License-Identifier: MIT */
#include "romtool.h"

#include <stdlib.h>
#include <string.h>

#include "../core/le.h"

/* PE/COFF: "MZ", e_lfanew at 0x3c, "PE\0\0", the COFF header's Machine,
 * then the optional header's Subsystem at 68 (PE32 and PE32+ alike). */
int romtool_pe_check(const uint8_t *pe, size_t n, uint16_t *machine, const char **why)
{
	uint32_t lfanew;

	if (n < 0x40 || pe[0] != 'M' || pe[1] != 'Z') {
		*why = "not a PE image (no MZ header)";
		return -1;
	}
	lfanew = es_le_get32(pe + 0x3c);
	if (lfanew > n || n - lfanew < 24 + 70 || memcmp(pe + lfanew, "PE\0\0", 4) != 0) {
		*why = "not a PE image (no PE signature)";
		return -1;
	}
	*machine = es_le_get16(pe + lfanew + 4);
	if (*machine != ROM_MACHINE_X64 && *machine != ROM_MACHINE_AARCH64 && *machine != ROM_MACHINE_RISCV64) {
		*why = "PE machine is none of x64 (0x8664), AArch64 (0xaa64), RISC-V 64 (0x5064)";
		return -1;
	}
	if (es_le_get16(pe + lfanew + 24 + 68) != ROM_SUBSYSTEM_BS_DRIVER) {
		*why = "not a boot-service driver (PE subsystem is not 11): firmware would not dispatch it from a ROM";
		return -1;
	}
	return 0;
}

int romtool_build(const uint8_t *pe, size_t n, const struct rom_id *id, uint8_t **out, size_t *outn,
		  const char **why)
{
	uint16_t machine;
	size_t total, units;
	uint8_t *r, *p;

	if (romtool_pe_check(pe, n, &machine, why) != 0)
		return -1;
	total = (ROM_IMAGE_OFFSET + n + ROM_UNIT - 1) / ROM_UNIT * ROM_UNIT;
	units = total / ROM_UNIT;
	if (units > 0xffffu) {
		*why = "image too large for a ROM (the size fields count 512-byte units in 16 bits)";
		return -1;
	}
	r = calloc(1, total);
	if (r == NULL) {
		*why = "out of memory";
		return -1;
	}
	/* EFI_PCI_EXPANSION_ROM_HEADER (UEFI 2.10 Table 14-17) */
	es_le_put16(r + 0x00, ROM_SIGNATURE);
	es_le_put16(r + 0x02, (uint16_t)units);      /* InitializationSize */
	es_le_put32(r + 0x04, ROM_EFI_SIGNATURE);
	es_le_put16(r + 0x08, ROM_SUBSYSTEM_BS_DRIVER);
	es_le_put16(r + 0x0a, machine);
	es_le_put16(r + 0x0c, 0);                    /* CompressionType: none */
	/* 0x0e..0x15 reserved, zero */
	es_le_put16(r + 0x16, ROM_IMAGE_OFFSET);     /* EfiImageHeaderOffset */
	es_le_put16(r + 0x18, ROM_PCIR_OFFSET);      /* PcirOffset */
	/* PCI data structure (PCI Firmware Specification 3.0 Table 5-2) */
	p = r + ROM_PCIR_OFFSET;
	p[0] = 'P', p[1] = 'C', p[2] = 'I', p[3] = 'R'; /* no terminator: a signature */
	es_le_put16(p + 0x04, id->vendor);
	es_le_put16(p + 0x06, id->device);
	es_le_put16(p + 0x08, 0);                    /* DeviceListOffset: none */
	es_le_put16(p + 0x0a, ROM_PCIR_SIZE);        /* Length */
	p[0x0c] = 3;                                 /* Revision */
	p[0x0d] = (uint8_t)id->class_code;           /* ClassCode: interface, */
	p[0x0e] = (uint8_t)(id->class_code >> 8);    /* subclass, */
	p[0x0f] = (uint8_t)(id->class_code >> 16);   /* base class */
	es_le_put16(p + 0x10, (uint16_t)units);      /* ImageLength */
	es_le_put16(p + 0x12, 0);                    /* CodeRevision */
	p[0x14] = ROM_CODE_TYPE_EFI;
	p[0x15] = ROM_INDICATOR_LAST;
	es_le_put16(p + 0x16, 0);                    /* MaxRuntimeImageLength */
	es_le_put16(p + 0x18, 0);                    /* ConfigUtilityCodeHeaderPointer */
	es_le_put16(p + 0x1a, 0);                    /* DMTFCLPEntryPointPointer */
	memcpy(r + ROM_IMAGE_OFFSET, pe, n);
	*out = r;
	*outn = total;
	return 0;
}
