/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_TESTS_MKRHCT_H
#define EARLYSEED_TESTS_MKRHCT_H

#include <stddef.h>
#include <stdint.h>

/*
 * ACPI's RHCT (RISC-V Hart Capabilities Table) as QEMU's riscv virt board
 * builds it (hw/riscv/virt-acpi-build.c build_rhct): the 56-byte header
 * part, one ISA string node holding isa, then a hart info node per hart
 * (harts of them, UIDs from 0) referring to it; with isa2, a second ISA
 * string node holding isa2, which the last hart refers to instead. Returns
 * the table's length, 0 when it does not fit cap (the rest of out zeroed).
 */
size_t mkrhct(uint8_t *out, size_t cap, unsigned int harts, const char *isa, const char *isa2);

#endif
