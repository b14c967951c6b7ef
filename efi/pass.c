/* SPDX-License-Identifier: MIT */
/*
 * One pass (efi/pass.h): the app's and the driver's, the same code. Every
 * source in the table is read and timed, the seed file is written before
 * use, the engine judges, and the table it allows is installed; what the
 * firmware did goes into p->out, from which core/ builds the audit record.
 */
#include "pass.h"

#include <efilib.h>
#include <string.h>

#include "cpurng.h"
#include "fdt.h"
#include "guid.h"
#include "log.h"
#include "seedtable.h"
#include "src_seedfile.h"
#include "verdict.h"
#include "le.h"

static EFI_GUID acpi20_guid = ES_EFI_ACPI_20_TABLE_GUID;

/* ACPI 6.5 section 5.2.5.3 (RSDP) and 5.2.8 (XSDT): the RSDP's XSDT address
 * at 24 (revision 2 and later), the XSDT's 64-bit entries after its 36-byte
 * header. A hostile table is bounded: at most PASS_ACPI_MAX entries, tables
 * of at most PASS_ACPI_TABLE_MAX bytes. */
unsigned int pass_acpi_tables(struct pass_acpi *out, unsigned int max)
{
	const UINT8 *rsdp = guid_table(&acpi20_guid), *xsdt;
	unsigned int k = 0;
	uint32_t n;

	if (rsdp == NULL || memcmp(rsdp, "RSD PTR ", 8) != 0 || rsdp[15] < 2)
		return 0;
	xsdt = pass_phys(le_get64(rsdp + 24));
	if (xsdt == NULL || memcmp(xsdt, "XSDT", 4) != 0)
		return 0;
	n = le_get32(xsdt + 4);
	if (n < 36 || n > 36 + 8 * PASS_ACPI_MAX)
		return 0;
	for (uint32_t at = 36; at + 8 <= n && k < max; at += 8) {
		UINT8 *t = (UINT8 *)(UINTN)le_get64(xsdt + at); // NOLINT(performance-no-int-to-ptr): the address is physical

		if (t == NULL || le_get32(t + 4) > PASS_ACPI_TABLE_MAX)
			continue;
		out[k].t = t;
		out[k++].len = le_get32(t + 4);
	}
	return k;
}

/* The steps the seed file's write before use is timed by. */
static uint64_t pass_io_cycles(const struct pass *p)
{
	return p->out.step_cycles[ES_STEP_TOKEN] + p->out.step_cycles[ES_STEP_FILE_WRITE] +
	       p->out.step_cycles[ES_STEP_FILE_FLUSH];
}

__attribute__((weak)) unsigned int pass_row_index(unsigned int i)
{
	return i;
}

/* Write before use (systemd-boot's src/boot/random-seed.c order): the seed
 * file is rewritten and flushed before the kernel's seed is extracted, and
 * counts only if that worked. A driver keeps no seed file: it skips the
 * step. */
static void pass_write_before_use(struct pass *p)
{
	if (p->in->driver)
		return;
	src_seedfile_write(p);
	src_seedfile_end(p);
}

/* Install what the verdict allows, settle a previous table, keep the
 * marker in step: a later stage learns from it what our table rests on. */
static void pass_hand_over(struct pass *p, const uint8_t seed[ES_SEED_LEN])
{
	uint64_t t0 = row_cycles();

	if (!p->in->may_hand_over)
		p->v.install = false; /* the front end said why */
	p->mine = verdict_install(&p->v, seed, &p->out);
	if (p->mine != NULL) {
		/* the driver's table of its last pass: replaced now */
		if (p->own != NULL)
			seedtable_retire(p->own, ES_SEED_LEN);
		p->in->marker->table = p->mine;
		p->in->marker->made_of = p->v.made_of;
		es_table_tag(p->mine, p->in->marker->tag);
	}
	verdict_settle_prev(&p->v, p->prev, p->mine != NULL, &p->out);
	p->out.step_cycles[ES_STEP_TABLE] += row_cycles() - t0;
}

void pass_run(struct pass *p, const struct pass_in *in, const struct es_outcome *so_far)
{
	uint8_t seed[ES_SEED_LEN];

	es_wipe(p, sizeof(*p));
	p->in = in;
	p->trust = in->trust;
	p->out = *so_far;
	p->out.arch = cpurng_arch.audit_arch;
	p->out.driver = in->driver;
	{
		uint32_t size;
		const UINT8 *fdt = fdt_firmware(&size);

		struct pass_acpi t[PASS_ACPI_MAX];
		unsigned int n = pass_acpi_tables(t, PASS_ACPI_MAX);

		p->cpu.fdt = size != 0 ? fdt : NULL;
		p->cpu.fdt_size = size;
		/* riscv64 under a firmware that hands ACPI (edk2): the harts'
		 * ISA strings are in the RHCT */
		for (unsigned int i = 0; i < n && p->cpu.rhct == NULL; i++)
			if (t[i].len >= 36 && memcmp(t[i].t, "RHCT", 4) == 0) {
				p->cpu.rhct = t[i].t;
				p->cpu.rhct_len = t[i].len;
			}
	}
	es_session_begin(&p->s);
	for (unsigned int i = 0; i < src_row_count; i++) {
		const struct src_row *r = &src_rows[pass_row_index(i) % src_row_count];
		uint64_t t0 = row_cycles();

		r->gather(p);
		p->out.src_cycles[r->tag] += row_cycles() - t0;
	}
	uint64_t t_judge = row_cycles(), io0 = pass_io_cycles(p);

	/* The rules that join the rows' facts (core/session.c). */
	es_session_settle(&p->s, &p->trust);
	pass_write_before_use(p);
	es_session_judge(&p->s, &p->trust, &p->v);
	p->drbg = in->want_drbg && p->v.gate_met && in->may_hand_over &&
		  es_session_extract(&p->s, ES_LABEL_DRBG, p->drbg_in, sizeof(p->drbg_in)) == 0;
	if (!p->drbg)
		es_wipe(p->drbg_in, sizeof(p->drbg_in));
	(void)es_session_finish(&p->s, &p->trust, seed, sizeof(seed), &p->v);
	verdict_report(&p->v);
	/* the engine's time: all of it but the seed file's and token's I/O */
	p->out.step_cycles[ES_STEP_JUDGE] += row_cycles() - t_judge - (pass_io_cycles(p) - io0);
	pass_hand_over(p, seed);
	es_wipe(seed, sizeof(seed));
	/* what a row does once the pass has decided */
	for (unsigned int i = 0; i < src_row_count; i++) {
		if (src_rows[i].settle != NULL)
			src_rows[i].settle(p);
	}
}
