/* SPDX-License-Identifier: MIT */
/* Part of core/earlyseed.h: what tells one VM from its clones, Hyper-V's OEM0 (core/acpi.c, core/smbios.c). Include core/earlyseed.h, never this. */
#ifndef EARLYSEED_CORE_EARLYSEED_H
#error "include core/earlyseed.h, the engine's one public header"
#endif
#ifndef EARLYSEED_CORE_EARLYSEED_MACHINE_H
#define EARLYSEED_CORE_EARLYSEED_MACHINE_H

/* ---- what tells one VM from its clones: mixed, never counted ------------ */

/*
 * The VM generation ID's address in an ACPI table (an SSDT, as QEMU builds
 * it, docs/specs/vmgenid.rst): the AML `Name (VGIA, DWord or QWord)` the
 * firmware patched; the 16-byte ID is at that address + ES_VMGENID_OFFSET.
 * table: the whole table (its header's length within len). False when it is
 * not an SSDT, is malformed, or has no VGIA (or a zero one).
 */
#define ES_VMGENID_OFFSET 40u
bool es_acpi_vgia(const uint8_t *table, size_t len, uint64_t *addr);

/* ---- Hyper-V's OEM0 table: the host's entropy, counted ------------------ */

/*
 * A Hyper-V host gives its guest 64 bytes of entropy, new at every boot, in
 * an ACPI table `OEM0` whose OEM table id is `MICROSFT` (Linux
 * drivers/hv/hv_common.c ms_hyperv_late_init; Windows' loader reads it
 * too). es_acpi_oem0: the number of entropy bytes after its 36-byte header
 * (ES_OEM0_MIN..ES_OEM0_MAX, Linux's bounds), or 0 when table (len bytes
 * readable) is not such a table or its length is out of bounds.
 * es_acpi_oem0_scrub: what Linux does after reading it, so that nothing is
 * left for /sys/firmware/acpi or a later reader: the bytes zeroed, the
 * length set to the header's, the checksum kept right.
 */
#define ES_OEM0_MIN 8u
#define ES_OEM0_MAX 4096u
uint32_t es_acpi_oem0(const uint8_t *table, size_t len);
void es_acpi_oem0_scrub(uint8_t *table, size_t len);
/* The system UUID of an SMBIOS structure table of len bytes (type 1, offset
 * 8; SMBIOS 3.x section 7.2): false when there is none, or it is all 0x00
 * (not present) or all 0xff (not set). */
bool es_smbios_uuid(const uint8_t *table, size_t len, uint8_t uuid[16]);

/* ---- the device tree's seed: /chosen/rng-seed, counted --------------------- */

/*
 * A flattened device tree (core/fdt.c; Devicetree Specification v0.4,
 * chapter 5), as firmware hands it to an EFI application: the
 * configuration table EFI_DTB_TABLE_GUID. A firmware or hypervisor puts a
 * seed in /chosen/rng-seed (QEMU's riscv and arm virt boards at every boot,
 * U-Boot on boards with an RNG); Linux credits it as a boot loader's
 * (drivers/of/fdt.c early_init_dt_scan_chosen: add_bootloader_randomness)
 * and then overwrites it with FDT_NOP tokens (fdt_nop_property).
 * es_fdt_size: the tree's size (its header's totalsize), 0 when p (avail
 * bytes readable) holds no valid header of version 17 within ES_FDT_MAX.
 * es_fdt_find: property name of the top-level node node ("chosen", or as
 * Linux also looks, "chosen@0"): where it is in the tree.
 * es_fdt_nop: the property wiped and replaced by FDT_NOP tokens, as Linux
 * does: the tree keeps its size and still parses.
 */
#define ES_FDT_MAGIC 0xd00dfeedu
#define ES_FDT_MAX (2u << 20) /* larger trees are not read */
struct es_fdt_prop {
	uint32_t at;    /* its FDT_PROP token's offset */
	uint32_t span;  /* the bytes from the token to the next one (a multiple of 4) */
	uint32_t value; /* its value's offset */
	uint32_t len;   /* its value's length */
};
uint32_t es_fdt_size(const uint8_t *p, size_t avail);
bool es_fdt_find(const uint8_t *fdt, size_t avail, const char *node, const char *name, struct es_fdt_prop *out);
void es_fdt_nop(uint8_t *fdt, size_t avail, const struct es_fdt_prop *prop);
/* Does every hart the tree describes (a /cpus/cpu@N node whose status, if
 * any, is "okay") list the RISC-V extension ext (lowercase, "zkr") in its
 * "riscv,isa-extensions", or else its "riscv,isa" string, as Linux reads
 * them (arch/riscv/kernel/cpufeature.c)? false with no such hart. */
bool es_fdt_isa_has(const uint8_t *fdt, size_t avail, const char *ext);
/* Does the ISA string s[0..n) ("rv64imac_zicsr_zkr", as "riscv,isa" and
 * ACPI's RHCT hold it; NUL-ended within n or not) list ext? */
bool es_fdt_isa_string_has(const uint8_t *s, size_t n, const char *ext);
/* Does every hart ACPI's RHCT (RISC-V Hart Capabilities Table: table, len
 * bytes readable) describes list ext in the ISA string node its hart info
 * node refers to, as Linux reads it (drivers/acpi/riscv/rhct.c
 * acpi_get_riscv_isa)? false with no hart, or a table that is not an RHCT
 * or is malformed. */
bool es_acpi_rhct_isa_has(const uint8_t *table, size_t len, const char *ext);

#endif
