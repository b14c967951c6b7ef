/* SPDX-License-Identifier: MIT */
#include "inspect.h"

#include "../core/earlyseed.h"

/* UEFI 2.10 section 8.2: EFI_VARIABLE_BOOTSERVICE_ACCESS | RUNTIME_ACCESS. */
#define EFIVAR_ATTR_BS_RT 0x06u

int inspect_print(const uint8_t *buf, size_t n, FILE *out, FILE *err)
{
	struct es_audit_record a;
	enum es_audit_error e;
	const char *sep = "";
	char summary[ES_AUDIT_SUMMARY_MAX];

	/* efivarfs prefixes the data with the variable's attributes. */
	if ((n == ES_AUDIT_SIZE + 4 || n == ES_AUDIT_SIZE_V2 + 4) && buf[4] == 'E' && buf[5] == 'S') {
		uint32_t attr = (uint32_t)buf[0] | (uint32_t)buf[1] << 8 | (uint32_t)buf[2] << 16 |
				(uint32_t)buf[3] << 24;

		if (attr != EFIVAR_ATTR_BS_RT)
			fprintf(err, "warning: variable attributes 0x%x, expected 0x%x\n", attr,
				EFIVAR_ATTR_BS_RT);
		buf += 4;
		n -= 4;
	}
	if (n != ES_AUDIT_SIZE && n != ES_AUDIT_SIZE_V2) {
		fprintf(err, "error: %zu bytes, an audit record is %d (version 3) or %d (versions 1, 2), 4 more from "
			"efivarfs\n", n, ES_AUDIT_SIZE, ES_AUDIT_SIZE_V2);
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
										       : "unknown");
	fprintf(out, "  flags:            ");
	for (unsigned int bit = 0; bit < 32u; bit++) {
		if (a.flags & (1u << bit)) {
			fprintf(out, "%s%s", sep, es_audit_flag_name_arch(1u << bit, a.arch));
			sep = " ";
		}
	}
	fprintf(out, "%s\n", *sep ? "" : "(none)");
	fprintf(out, "  bytes mixed:     ");
	for (unsigned int i = 0; i < ES_SRC_COUNT; i++) {
		if (i == ES_SRC_TOKEN || (a.version < 3 && (i == ES_SRC_SEED_FILE || i == ES_SRC_ES_RNG)))
			continue; /* a flag, not a byte count; or not in that version */
		fprintf(out, " %s=%u", es_source_name((enum es_source)i, a.arch), es_audit_bytes(&a, (enum es_source)i));
	}
	fprintf(out, "\n");
	fprintf(out, "  efi_rng:          instances=%u failed=%u calls=%u\n", a.efi_rng_instances,
		a.efi_rng_failed, a.efi_rng_calls);
	fprintf(out, "  cpu:              longs_failed=%u\n", a.cpu_longs_failed);
	fprintf(out, "  previous table:   size=%u%s\n", a.prev_table_size,
		(a.flags & ES_AUDIT_F_PREV_CORRUPT) ? " (over 1024: not read)" :
		(a.flags & ES_AUDIT_F_PREV_REMOVED) ? " (failed its tests: removed)" :
		(a.flags & ES_AUDIT_F_PREV_RETIRED) ? " (mixed, replaced, wiped, freed)" :
		(a.flags & ES_AUDIT_F_PREV_FOUND) ? " (mixed, left in place)" : " (none)");
	fprintf(out, "  health:           counted sources hold an assumed %u bits (a table needs %u)\n",
		a.entropy_bits, ES_GATE_BITS);
	if (a.version >= 3) {
		fprintf(out, "  seed file:        size=%u mixed=%u %s%s%s\n", a.seed_file_size, a.bytes_seed_file,
			a.seed_file_reason == ES_FILE_COUNTED && (a.flags & ES_AUDIT_F_SEED_FILE) != 0
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
	/* The same numbers in the app's summary form, to compare with its log. */
	es_audit_summary(&a, summary, sizeof(summary));
	fprintf(out, "summary %s\n", summary);
	return 0;
}
