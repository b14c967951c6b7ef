/* SPDX-License-Identifier: MIT */
/*
 * The VM generation ID: hypervisors give every VM, clone and restored
 * snapshot a new one (QEMU -device vmgenid, Hyper-V, Firecracker). Linux
 * mixes it once the kernel runs (drivers/virt/vmgenid.c); no boot loader
 * reads it. Mixed here, never counted, and kept with the seed file (a keyed
 * tag in its header) so that a clone's copy of the file does not count.
 * Read from the ACPI tables QEMU publishes: an SSDT's VGIA (core/acpi.c),
 * the ID at VGIA + 40. Hyper-V's DSDT form (an ADDR method) is not read.
 */
#include "pass.h"

#include <efilib.h>
#include <string.h>

#include "guid.h"
#include "log.h"

static EFI_GUID acpi20_guid = ES_EFI_ACPI_20_TABLE_GUID;

/* ACPI 6.5 section 5.2.5.3 (RSDP) and 5.2.8 (XSDT): the RSDP's XSDT address
 * at 24 (revision 2 and later), the XSDT's 64-bit entries after its 36-byte
 * header. A hostile table is bounded: at most XSDT_MAX entries, tables of
 * at most TABLE_MAX bytes. */
#define XSDT_MAX 64u
#define TABLE_MAX (1u << 20)

static uint32_t le32(const UINT8 *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t le64(const UINT8 *p)
{
	return (uint64_t)le32(p) | (uint64_t)le32(p + 4) << 32;
}

/* The ID's address from the first SSDT that names VGIA, or 0. */
static uint64_t vgia(void)
{
	const UINT8 *rsdp = guid_table(&acpi20_guid), *xsdt;
	uint32_t n;

	if (rsdp == NULL || memcmp(rsdp, "RSD PTR ", 8) != 0 || rsdp[15] < 2)
		return 0;
	xsdt = pass_phys(le64(rsdp + 24));
	if (xsdt == NULL || memcmp(xsdt, "XSDT", 4) != 0)
		return 0;
	n = le32(xsdt + 4);
	if (n < 36 || n > 36 + 8 * XSDT_MAX)
		return 0;
	for (uint32_t at = 36; at + 8 <= n; at += 8) {
		const UINT8 *t = pass_phys(le64(xsdt + at));
		uint64_t addr;

		if (t == NULL || le32(t + 4) > TABLE_MAX)
			continue;
		if (es_acpi_vgia(t, le32(t + 4), &addr))
			return addr;
	}
	return 0;
}

void src_vmgenid(struct pass *p)
{
	uint64_t addr;

	if ((p->off & 1u << ES_SRC_VMGENID) != 0) {
		log_line("vmgenid: turned off (vmgenid = off)");
		return;
	}
	addr = vgia();
	if (addr == 0) {
		log_line("vmgenid: none (no VMGENID device in the ACPI tables)");
		return;
	}
	/* the engine keeps it for the seed file's rules (core/session.c) */
	(void)es_session_add(&p->s, ES_SRC_VMGENID, pass_phys(addr + ES_VMGENID_OFFSET), ES_VMGENID_LEN);
	log_line("vmgenid: the VM generation ID mixed (counts nothing)%a",
		 p->genid_check ? "; a seed file written under another one does not count" : "");
}
