/* SPDX-License-Identifier: MIT */
/*
 * The device tree's seed: /chosen/rng-seed in the tree the firmware hands
 * over (the configuration table EFI_DTB_TABLE_GUID; U-Boot always, edk2 on
 * device-tree platforms). QEMU's riscv and arm virt boards write 32 random
 * bytes there at every boot, U-Boot does on a board with an RNG, and Linux
 * credits them as a boot loader's seed (drivers/of/fdt.c
 * early_init_dt_scan_chosen) and then overwrites them with FDT_NOP tokens.
 * Mixed and counted as the kernel counts them (core/source.c); once
 * earlyseed's table, which now holds them, is handed over, removed as Linux
 * removes them, so a later stage and the kernel never credit the same bytes
 * a second time. With no table of ours they stay for the kernel.
 */
#include "row.h"

#include "fdt.h"
#include "log.h"

/* The seed read this pass, for src_rng_seed_settle(). */
static struct {
	UINT8 *fdt;
	uint32_t size;
	struct es_fdt_prop prop;
} seed;

void src_rng_seed(struct pass *p)
{
	uint32_t size;
	UINT8 *fdt = fdt_firmware(&size);

	seed.fdt = NULL;
	if (fdt == NULL)
		return; /* no device tree: ACPI machines (x86, AAVMF), the usual case */
	/* the header first, then no byte past the size it states */
	if (size == 0) {
		log_warn("rng_seed: the firmware's device tree has no valid header (version 17): not read");
		return;
	}
	if (!es_fdt_find(fdt, size, "chosen", "rng-seed", &seed.prop)) {
		log_line("rng_seed: none (no /chosen/rng-seed in the device tree)");
		return;
	}
	if (seed.prop.len == 0) {
		log_line("rng_seed: /chosen/rng-seed is empty (already read)");
		return;
	}
	(void)es_session_add(&p->s, ES_SRC_RNG_SEED, fdt + seed.prop.value, seed.prop.len);
	seed.fdt = fdt;
	seed.size = size;
	log_line("rng_seed: the device tree's /chosen/rng-seed: %u bytes mixed", seed.prop.len);
}

void src_rng_seed_settle(struct pass *p)
{
	if (seed.fdt == NULL)
		return;
	if (p->mine != NULL) {
		es_fdt_nop(seed.fdt, seed.size, &seed.prop);
		log_line("rng_seed: removed from the device tree, as Linux does: our table holds it now");
	} else {
		log_line("rng_seed: left in the device tree for the kernel: no table of ours holds it");
	}
	seed.fdt = NULL;
}
