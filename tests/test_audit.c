/* SPDX-License-Identifier: MIT */
/* The audit record: wire format, validation, and `earlyseed inspect`. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/audit.h"
#include "../tools/inspect.h"
#include "check.h"

static struct es_audit_record sample(void)
{
	struct es_audit_record a;

	es_audit_init(&a);
	a.flags = ES_AUDIT_F_RDRAND | ES_AUDIT_F_TABLE | ES_AUDIT_F_PREV_FOUND | ES_AUDIT_F_PREV_RETIRED;
	a.bytes_clock = 24;
	a.bytes_prev_table = 32;
	a.bytes_efi_rng = 64;
	a.bytes_rdseed = 0x01020304;
	a.bytes_rdrand = 512;
	a.prev_table_size = 32;
	a.table_size = 32;
	a.efi_rng_instances = 2;
	a.efi_rng_failed = 1;
	a.efi_rng_calls = 0xabcd;
	a.cpu_longs_failed = 3;
	a.config_problems = 5;
	a.elapsed_kcycles = 13256;
	a.stage = 2;
	return a;
}

static void test_wire_layout(void)
{
	struct es_audit_record a = sample();
	uint8_t b[ES_AUDIT_SIZE];

	es_audit_encode(&a, b);
	CHECK(memcmp(b, "ESAR\x02\x00\x40\x00", 8) == 0);
	/* little-endian at the asserted offsets */
	CHECK(b[24] == 0x04 && b[25] == 0x03 && b[26] == 0x02 && b[27] == 0x01);
	CHECK(b[44] == 0xcd && b[45] == 0xab);
	for (size_t i = 56; i < 60; i++)
		CHECK(b[i] == 0);
	CHECK(b[60] == 2 && b[61] == 0 && b[62] == 0 && b[63] == 0);
}

static void test_round_trip(void)
{
	struct es_audit_record a = sample(), d;
	uint8_t b[ES_AUDIT_SIZE];

	es_audit_encode(&a, b);
	memset(&d, 0xee, sizeof(d));
	CHECK(es_audit_decode(b, sizeof(b), &d) == ES_AUDIT_OK);
	CHECK(memcmp(&a, &d, sizeof(a)) == 0);
}

static void test_rejects(void)
{
	struct es_audit_record a = sample(), d;
	uint8_t b[ES_AUDIT_SIZE], c[ES_AUDIT_SIZE];

	es_audit_encode(&a, b);
	CHECK(es_audit_decode(b, ES_AUDIT_SIZE - 1, &d) == ES_AUDIT_ESHORT);
	memcpy(c, b, sizeof(c));
	c[0] = 'X';
	CHECK(es_audit_decode(c, sizeof(c), &d) == ES_AUDIT_EMAGIC);
	memcpy(c, b, sizeof(c));
	c[4] = 1; /* version 1 had microseconds and no stage */
	CHECK(es_audit_decode(c, sizeof(c), &d) == ES_AUDIT_EVERSION);
	memcpy(c, b, sizeof(c));
	c[6] = 65;
	CHECK(es_audit_decode(c, sizeof(c), &d) == ES_AUDIT_ELENGTH);
	memcpy(c, b, sizeof(c));
	c[10] = 0x02; /* flag bit 17 */
	CHECK(es_audit_decode(c, sizeof(c), &d) == ES_AUDIT_EFLAGS);
	memcpy(c, b, sizeof(c));
	c[62] = 1;
	CHECK(es_audit_decode(c, sizeof(c), &d) == ES_AUDIT_EFLAGS);
	CHECK(strcmp(es_audit_decode_strerror(ES_AUDIT_EMAGIC), "not an earlyseed audit record (magic is not ESAR)") == 0);
}

static int inspect(const uint8_t *b, size_t n, char **out, char **err)
{
	size_t on = 0, en = 0;
	FILE *o = open_memstream(out, &on);
	FILE *e = open_memstream(err, &en);
	int rc = inspect_print(b, n, o, e);

	fclose(o);
	fclose(e);
	return rc;
}

static void test_inspect(void)
{
	struct es_audit_record a = sample();
	uint8_t b[ES_AUDIT_SIZE + 4] = { 0x06, 0, 0, 0 };
	char *out, *err;

	es_audit_encode(&a, b + 4);
	/* efivarfs form */
	CHECK(inspect(b, sizeof(b), &out, &err) == 0);
	CHECK(strstr(out, "flags:            rdrand prev_found prev_retired table\n") != NULL);
	CHECK(strstr(out, "summary rdseed=16909060 rdrand=512 efi_rng=64 prev_table=32 table=32 "
			  "health=rdseed:absent,rdrand:pass,efi_rng:absent\n") != NULL);
	CHECK(strstr(out, "time spent:       13256 x 1024 cycles") != NULL);
	CHECK(strstr(out, "stage:            2\n") != NULL);
	CHECK(err[0] == '\0');
	free(out);
	free(err);
	/* raw form */
	CHECK(inspect(b + 4, ES_AUDIT_SIZE, &out, &err) == 0);
	free(out);
	free(err);
	/* truncated, and garbage */
	CHECK(inspect(b, 10, &out, &err) == 1);
	CHECK(strstr(err, "error: 10 bytes") != NULL);
	free(out);
	free(err);
	memset(b, 0x41, sizeof(b));
	CHECK(inspect(b, ES_AUDIT_SIZE, &out, &err) == 1);
	CHECK(strstr(err, "magic") != NULL);
	free(out);
	free(err);
}

/* The record is made from the verdict, and the summary from the record,
 * with every name from the source table. */
static void test_from_verdict(void)
{
	struct es_verdict v;
	struct es_audit_record a;
	char line[ES_AUDIT_SUMMARY_MAX];

	memset(&v, 0, sizeof(v));
	v.state[ES_SRC_RDRAND] = ES_PASS;
	v.state[ES_SRC_EFI_RNG] = ES_FAIL;
	v.state[ES_SRC_PREV_TABLE] = ES_FAIL;
	v.bytes[ES_SRC_RDRAND] = 512;
	v.bytes[ES_SRC_EFI_RNG] = 64;
	v.bytes[ES_SRC_PREV_TABLE] = 512;
	v.bytes[ES_SRC_CLOCK] = 24;
	v.prev_found = v.prev_bad = v.prev_freeable = true;
	v.prev_size = 512;
	v.untrusted_bits = 512;
	v.counted_bits = 0;
	es_audit_init(&a);
	es_audit_from_verdict(&a, &v);
	CHECK(a.flags == (ES_AUDIT_F_RDRAND | ES_AUDIT_F_EFI_RNG | ES_AUDIT_F_EFI_RNG_FAIL | ES_AUDIT_F_PREV_FOUND |
			  ES_AUDIT_F_PREV_FAIL | ES_AUDIT_F_BELOW_GATE | ES_AUDIT_F_CPU_UNTRUSTED));
	CHECK(a.bytes_clock == 24 && a.bytes_rdrand == 512 && a.prev_table_size == 512);
	es_audit_summary(&a, line, sizeof(line));
	CHECK(strcmp(line, "rdseed=0 rdrand=512 efi_rng=64 prev_table=512 table=0 "
			   "health=rdseed:absent,rdrand:pass,efi_rng:fail") == 0);
	/* a short buffer is cut, never overrun */
	es_audit_summary(&a, line, 10);
	CHECK(strcmp(line, "rdseed=0 ") == 0);
	for (unsigned int bit = 0; bit < 17; bit++)
		CHECK(strcmp(es_audit_flag_name(1u << bit), "unknown") != 0);
	CHECK(strcmp(es_audit_flag_name(1u << 17), "unknown") == 0);
}

int main(void)
{
	RUN(test_from_verdict);
	RUN(test_wire_layout);
	RUN(test_round_trip);
	RUN(test_rejects);
	RUN(test_inspect);
	return check_done();
}
