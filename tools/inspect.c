/* SPDX-License-Identifier: MIT */
#include "inspect.h"

#include "../core/audit.h"

/* UEFI 2.10 section 8.2: EFI_VARIABLE_BOOTSERVICE_ACCESS | RUNTIME_ACCESS. */
#define EFIVAR_ATTR_BS_RT 0x06u

static const struct {
	uint32_t bit;
	const char *name;
} flag_names[] = {
	{ ES_AUDIT_F_RDSEED, "rdseed" },
	{ ES_AUDIT_F_RDRAND, "rdrand" },
	{ ES_AUDIT_F_EFI_RNG, "efi_rng" },
	{ ES_AUDIT_F_PREV_FOUND, "prev_found" },
	{ ES_AUDIT_F_PREV_CORRUPT, "prev_corrupt" },
	{ ES_AUDIT_F_PREV_RETIRED, "prev_retired" },
	{ ES_AUDIT_F_TABLE, "table" },
	{ ES_AUDIT_F_INSTALL_FAILED, "install_failed" },
	{ ES_AUDIT_F_BELOW_GATE, "below_gate" },
	{ ES_AUDIT_F_RDSEED_FAIL, "rdseed_fail" },
	{ ES_AUDIT_F_RDRAND_FAIL, "rdrand_fail" },
	{ ES_AUDIT_F_EFI_RNG_FAIL, "efi_rng_fail" },
};

int inspect_print(const uint8_t *buf, size_t n, FILE *out, FILE *err)
{
	struct es_audit_record a;
	enum es_audit_error e;
	const char *sep = "";

	/* efivarfs prefixes the data with the variable's attributes. */
	if (n == ES_AUDIT_SIZE + 4 && buf[4] == 'E' && buf[5] == 'S') {
		uint32_t attr = (uint32_t)buf[0] | (uint32_t)buf[1] << 8 | (uint32_t)buf[2] << 16 |
				(uint32_t)buf[3] << 24;

		if (attr != EFIVAR_ATTR_BS_RT)
			fprintf(err, "warning: variable attributes 0x%x, expected 0x%x\n", attr,
				EFIVAR_ATTR_BS_RT);
		buf += 4;
		n -= 4;
	}
	if (n != ES_AUDIT_SIZE) {
		fprintf(err, "error: %zu bytes, an audit record is %u (or %u from efivarfs)\n", n,
			ES_AUDIT_SIZE, ES_AUDIT_SIZE + 4);
		return 1;
	}
	e = es_audit_decode(buf, n, &a);
	if (e != ES_AUDIT_OK) {
		fprintf(err, "error: %s\n", es_audit_strerror(e));
		return 1;
	}
	fprintf(out, "earlyseed audit record v%u\n", a.version);
	fprintf(out, "  flags:            ");
	for (size_t i = 0; i < sizeof(flag_names) / sizeof(flag_names[0]); i++) {
		if (a.flags & flag_names[i].bit) {
			fprintf(out, "%s%s", sep, flag_names[i].name);
			sep = " ";
		}
	}
	fprintf(out, "%s\n", *sep ? "" : "(none)");
	fprintf(out, "  bytes mixed:      clock=%u prev_table=%u efi_rng=%u rdseed=%u rdrand=%u\n",
		a.bytes_clock, a.bytes_prev_table, a.bytes_efi_rng, a.bytes_rdseed, a.bytes_rdrand);
	fprintf(out, "  efi_rng:          instances=%u failed=%u calls=%u\n", a.efi_rng_instances,
		a.efi_rng_failed, a.efi_rng_calls);
	fprintf(out, "  cpu:              longs_failed=%u\n", a.cpu_longs_failed);
	fprintf(out, "  previous table:   size=%u%s\n", a.prev_table_size,
		(a.flags & ES_AUDIT_F_PREV_CORRUPT) ? " (over 512: not read)" :
		(a.flags & ES_AUDIT_F_PREV_RETIRED) ? " (merged, wiped, freed)" :
		(a.flags & ES_AUDIT_F_PREV_FOUND) ? " (merged, left in place)" : " (none)");
	fprintf(out, "  health:           healthy sources hold an assumed %u bits (a table needs 256)\n",
		a.entropy_bits);
	fprintf(out, "  table installed:  %u bytes\n", a.table_size);
	fprintf(out, "  config problems:  %u\n", a.config_problems);
	fprintf(out, "  time spent:       %u us\n", a.elapsed_us);
	/* The same numbers in the app's summary form, to compare with its log. */
	fprintf(out, "summary rdseed=%u rdrand=%u efi_rng=%u prev_table=%u table=%u "
		     "health=rdseed:%s,rdrand:%s,efi_rng:%s\n",
		a.bytes_rdseed, a.bytes_rdrand, a.bytes_efi_rng, a.bytes_prev_table, a.table_size,
		es_audit_verdict(&a, ES_AUDIT_F_RDSEED, ES_AUDIT_F_RDSEED_FAIL), es_audit_verdict(&a, ES_AUDIT_F_RDRAND, ES_AUDIT_F_RDRAND_FAIL),
		es_audit_verdict(&a, ES_AUDIT_F_EFI_RNG, ES_AUDIT_F_EFI_RNG_FAIL));
	return 0;
}
