/* SPDX-License-Identifier: MIT */
/*
 * Hyper-V's ACPI OEM0 table: 64 bytes of entropy from the host, new at
 * every boot (OEM table id MICROSFT). Windows' loader reads it; Linux only
 * late (drivers/hv/hv_common.c ms_hyperv_late_init), so a Hyper-V guest
 * with no RNG the kernel trusts has nothing else this early. Mixed and
 * counted (core/source.c); once earlyseed's table, which now holds them,
 * is handed over, wiped from the ACPI table as Linux wipes it: the bytes
 * zeroed, the length cut to the header, the checksum fixed, so that
 * neither /sys/firmware/acpi nor a later stage sees them again. With no
 * table of ours, they stay for Linux's own late read.
 * QEMU gives one with -acpitable sig=OEM0,oem_table_id=MICROSFT,data=FILE.
 */
#include "pass.h"

#include <string.h>

#include "log.h"

/* ACPI 6.5 section 5.2.6: the description header every table starts with. */
#define ACPI_HEADER 36u

/* The table read this pass, for src_oem0_settle(). */
static struct pass_acpi oem0;

void src_oem0(struct pass *p)
{
	oem0.t = NULL;
	struct pass_acpi t[PASS_ACPI_MAX];
	unsigned int n = pass_acpi_tables(t, PASS_ACPI_MAX), seen = 0;

	for (unsigned int i = 0; i < n; i++) {
		uint32_t len;

		if (t[i].len < ACPI_HEADER || memcmp(t[i].t, "OEM0", 4) != 0)
			continue;
		seen++;
		len = es_acpi_oem0(t[i].t, t[i].len);
		if (len == 0)
			continue;
		(void)es_session_add(&p->s, ES_SRC_OEM0, t[i].t + ACPI_HEADER, len);
		oem0.t = t[i].t;
		oem0.len = t[i].len;
		log_line("oem0: Hyper-V's ACPI OEM0 table: %u bytes mixed", len);
		return;
	}
	if (seen == 0)
		log_line("oem0: none (no Hyper-V OEM0 table in the ACPI tables)");
	else
		log_line("oem0: an OEM0 table with no entropy (not MICROSFT's, or already read)");
}

void src_oem0_settle(struct pass *p)
{
	if (oem0.t == NULL)
		return;
	if (p->mine != NULL) {
		es_acpi_oem0_scrub(oem0.t, oem0.len);
		log_line("oem0: zeroed in the ACPI table, as Linux does: our table holds them now");
	} else {
		log_line("oem0: left in the ACPI table for Linux: no table of ours holds them");
	}
	oem0.t = NULL;
}
