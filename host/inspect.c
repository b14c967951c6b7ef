/* SPDX-License-Identifier: MIT */
#include "inspect.h"

#include "../core/earlyseed.h"

/* UEFI 2.10 section 8.2: EFI_VARIABLE_BOOTSERVICE_ACCESS | RUNTIME_ACCESS. */
#define EFIVAR_ATTR_BS_RT 0x06u

/* Did a record of this version keep src's bytes? */
static bool known_in(unsigned int version, enum es_source src)
{
	switch (src) {
	case ES_SRC_CLOCK:
	case ES_SRC_PREV_TABLE:
	case ES_SRC_EFI_RNG:
	case ES_SRC_RDSEED:
	case ES_SRC_RDRAND:
		return true;
	case ES_SRC_SEED_FILE:
	case ES_SRC_ES_RNG:
	case ES_SRC_TOKEN:
		return version >= 3;
	default: /* every tag since came with version 5's arrays */
		return version >= 5;
	}
}

/* Where the time went (v5): each source that took any, each step. */
static void inspect_times(const struct es_audit_record *a, FILE *out)
{
	static const char *const steps[ES_STEP_COUNT] = {
		[ES_STEP_TOKEN] = "token", [ES_STEP_FILE_WRITE] = "file_write", [ES_STEP_FILE_FLUSH] = "file_flush",
		[ES_STEP_TABLE] = "table", [ES_STEP_NVRAM] = "nvram", [ES_STEP_START] = "start",
		[ES_STEP_JUDGE] = "judge", [ES_STEP_END] = "end",
	};

	fprintf(out, "  time per source:  ");
	for (unsigned int i = 0; i < ES_SRC_COUNT; i++)
		if (es_audit_present(a, (enum es_source)i) || a->kcycles[i] != 0)
			fprintf(out, "%s=%u ", es_source_name((enum es_source)i, a->arch), a->kcycles[i]);
	fprintf(out, "(x 1024 cycles)\n  time per step:    ");
	for (unsigned int i = 0; i < ES_STEP_COUNT; i++)
		fprintf(out, "%s=%u ", steps[i], a->step_kcycles[i]);
	fprintf(out, "(x 1024 cycles)\n");
	if (a->elapsed_kcycles != 0)
		fprintf(out, "  time attributed:  %u%% of the time spent\n", es_audit_attributed_pct(a));
	for (unsigned int i = 0; i < ES_SRC_COUNT; i++)
		if (a->calls[i] != 0 && i != ES_SRC_EFI_RNG)
			fprintf(out, "  %-17s calls=%u\n", es_source_name((enum es_source)i, a->arch), a->calls[i]);
}

int inspect_print(const uint8_t *buf, size_t n, FILE *out, FILE *err)
{
	struct es_audit_record a;
	enum es_audit_error e;
	char summary[ES_AUDIT_SUMMARY_MAX], names[512];

	/* efivarfs prefixes the data with the variable's attributes. */
	if ((n == ES_AUDIT_SIZE + 4 || n == ES_AUDIT_SIZE_V4 + 4 || n == ES_AUDIT_SIZE_V2 + 4) && buf[4] == 'E' &&
	    buf[5] == 'S') {
		uint32_t attr = (uint32_t)buf[0] | (uint32_t)buf[1] << 8 | (uint32_t)buf[2] << 16 |
				(uint32_t)buf[3] << 24;

		if (attr != EFIVAR_ATTR_BS_RT)
			fprintf(err, "warning: variable attributes 0x%x, expected 0x%x\n", attr,
				EFIVAR_ATTR_BS_RT);
		buf += 4;
		n -= 4;
	}
	if (n != ES_AUDIT_SIZE && n != ES_AUDIT_SIZE_V4 && n != ES_AUDIT_SIZE_V2) {
		fprintf(err, "error: %zu bytes, an audit record is %d (version 5), %d (versions 3, 4) or %d "
			"(versions 1, 2), 4 more from efivarfs\n", n, ES_AUDIT_SIZE, ES_AUDIT_SIZE_V4, ES_AUDIT_SIZE_V2);
		return 1;
	}
	e = es_audit_decode(buf, n, &a);
	if (e == ES_AUDIT_OK && n != a.length)
		e = ES_AUDIT_ELENGTH;
	if (e != ES_AUDIT_OK) {
		fprintf(err, "error: %s\n", es_audit_decode_strerror(e));
		return 1;
	}
	fprintf(out, "earlyseed audit record v%u\n", a.version);
	if (a.version >= 3)
		fprintf(out, "  architecture:     %s\n", a.arch == ES_AUDIT_ARCH_X86_64    ? "x86_64"
						     : a.arch == ES_AUDIT_ARCH_AARCH64 ? "aarch64"
						     : a.arch == ES_AUDIT_ARCH_RISCV64 ? "riscv64"
										       : "unknown");
	es_audit_flag_names(&a, names, sizeof(names));
	fprintf(out, "  flags:            %s\n", names[0] != '\0' ? names : "(none)");
	fprintf(out, "  bytes mixed:     ");
	for (unsigned int i = 0; i < ES_SRC_COUNT; i++) {
		if (i == ES_SRC_TOKEN || !known_in(a.version, (enum es_source)i))
			continue; /* a flag, not a byte count; or not in that version */
		fprintf(out, " %s=%u", es_source_name((enum es_source)i, a.arch), es_audit_bytes(&a, (enum es_source)i));
	}
	fprintf(out, "\n");
	fprintf(out, "  efi_rng:          instances=%u failed=%u calls=%u\n", a.efi_rng_instances,
		a.efi_rng_failed, a.calls[ES_SRC_EFI_RNG]);
	fprintf(out, "  cpu:              longs_failed=%u\n", a.cpu_longs_failed);
	fprintf(out, "  previous table:   size=%u%s\n", a.prev_table_size,
		(a.flags & ES_AUDIT_F_PREV_CORRUPT) ? " (over 1024: not read)" :
		(a.flags & ES_AUDIT_F_PREV_REMOVED) ? " (failed its tests: removed)" :
		(a.flags & ES_AUDIT_F_PREV_RETIRED) ? " (mixed, replaced, wiped, freed)" :
		es_audit_present(&a, ES_SRC_PREV_TABLE) ? " (mixed, left in place)" : " (none)");
	fprintf(out, "  health:           counted sources hold an assumed %u bits (a table needs %u)\n",
		a.entropy_bits, ES_GATE_BITS);
	if (a.version >= 3) {
		fprintf(out, "  seed file:        size=%u mixed=%u %s%s%s\n", a.seed_file_size, a.bytes[ES_SRC_SEED_FILE],
			a.seed_file_reason == ES_FILE_COUNTED && es_audit_present(&a, ES_SRC_SEED_FILE)
				? "counted"
				: es_file_reason_text((enum es_file_reason)a.seed_file_reason),
			(a.flags & ES_AUDIT_F_SEED_FILE_CREATED) ? "; created"
			: (a.flags & ES_AUDIT_F_SEED_FILE_WRITTEN) ? "; rewritten and flushed"
								    : "",
			"");
		struct es_provenance tok;
		bool known = es_audit_token(&a, &tok);

		fprintf(out, "  token:            %s",
			(a.flags & ES_AUDIT_F_TOKEN_CREATED) ? "created"
			: (a.flags & ES_AUDIT_F_TOKEN)       ? "present"
			: (a.flags & ES_AUDIT_F_TOKEN_FAILED) ? "unusable, or creating it failed"
							      : "none");
		if (known)
			fprintf(out, "; rests on %u bits not from the CPU, %u from it", tok.other_bits, tok.cpu_bits);
		fputc('\n', out);
	}
	if (a.version >= 2)
		fprintf(out, "  stage:            %u\n", a.stage);
	fprintf(out, "  table installed:  %u bytes\n", a.table_size);
	fprintf(out, "  config problems:  %u\n", a.config_problems);
	if (a.version == 1)
		fprintf(out, "  time spent:       %u us\n", a.elapsed_kcycles);
	else
		fprintf(out, "  time spent:       %u x 1024 cycles\n", a.elapsed_kcycles);
	if (a.version >= 5)
		inspect_times(&a, out);
	/* The same numbers in the app's summary form, to compare with its log. */
	es_audit_summary(&a, summary, sizeof(summary));
	fprintf(out, "summary %s\n", summary);
	return 0;
}
