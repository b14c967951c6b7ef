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

#include "log.h"

/* The ID's address from the first SSDT that names VGIA, or 0. */
static uint64_t vgia(void)
{
	struct pass_acpi t[PASS_ACPI_MAX];
	unsigned int n = pass_acpi_tables(t, PASS_ACPI_MAX);
	uint64_t addr;

	for (unsigned int i = 0; i < n; i++) {
		if (es_acpi_vgia(t[i].t, t[i].len, &addr))
			return addr;
	}
	return 0;
}

void src_vmgenid(struct pass *p)
{
	uint64_t addr;

	if ((p->in->off & 1u << ES_SRC_VMGENID) != 0) {
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
		 p->in->genid_check ? "; a seed file written under another one does not count" : "");
}
