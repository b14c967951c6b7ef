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
	a.elapsed_us = 13256;
	return a;
}

static void test_wire_layout(void)
{
	struct es_audit_record a = sample();
	uint8_t b[ES_AUDIT_SIZE];

	es_audit_encode(&a, b);
	CHECK(memcmp(b, "ESAR\x01\x00\x40\x00", 8) == 0);
	/* little-endian at the asserted offsets */
	CHECK(b[24] == 0x04 && b[25] == 0x03 && b[26] == 0x02 && b[27] == 0x01);
	CHECK(b[44] == 0xcd && b[45] == 0xab);
	for (size_t i = 56; i < ES_AUDIT_SIZE; i++)
		CHECK(b[i] == 0);
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
	c[4] = 2;
	CHECK(es_audit_decode(c, sizeof(c), &d) == ES_AUDIT_EVERSION);
	memcpy(c, b, sizeof(c));
	c[6] = 65;
	CHECK(es_audit_decode(c, sizeof(c), &d) == ES_AUDIT_ELENGTH);
	memcpy(c, b, sizeof(c));
	c[9] = 0x80; /* flag bit 15 */
	CHECK(es_audit_decode(c, sizeof(c), &d) == ES_AUDIT_EFLAGS);
	memcpy(c, b, sizeof(c));
	c[60] = 1;
	CHECK(es_audit_decode(c, sizeof(c), &d) == ES_AUDIT_EFLAGS);
	CHECK(strcmp(es_audit_strerror(ES_AUDIT_EMAGIC), "not an earlyseed audit record (magic is not ESAR)") == 0);
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
	CHECK(strstr(out, "time spent:       13256 us") != NULL);
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

int main(void)
{
	RUN(test_wire_layout);
	RUN(test_round_trip);
	RUN(test_rejects);
	RUN(test_inspect);
	return check_done();
}
