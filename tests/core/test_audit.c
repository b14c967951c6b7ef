/* SPDX-License-Identifier: MIT */
/* The audit record: wire format, validation, and `earlyseed inspect`. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/earlyseed.h"
#include "../../core/le.h"
#include "../../host/inspect.h"
#include "../check.h"

static struct es_audit_record sample(void)
{
	struct es_audit_record a;

	es_audit_init(&a);
	a.flags = ES_AUDIT_F_TABLE | ES_AUDIT_F_PREV_RETIRED;
	a.present = 1u << ES_SRC_RDRAND | 1u << ES_SRC_PREV_TABLE;
	a.bytes[ES_SRC_CLOCK] = 24;
	a.bytes[ES_SRC_PREV_TABLE] = 32;
	a.bytes[ES_SRC_EFI_RNG] = 64;
	a.bytes[ES_SRC_RDSEED] = 0x01020304;
	a.bytes[ES_SRC_RDRAND] = 512;
	a.prev_table_size = 32;
	a.table_size = 32;
	a.efi_rng_instances = 2;
	a.efi_rng_failed = 1;
	a.calls[ES_SRC_EFI_RNG] = 0xabcd;
	a.cpu_longs_failed = 3;
	a.config_problems = 5;
	a.elapsed_kcycles = 13256;
	a.stage = 2;
	a.arch = ES_AUDIT_ARCH_X86_64;
	a.bytes[ES_SRC_SEED_FILE] = 0x0a0b0c0d;
	a.seed_file_size = 4096;
	a.seed_file_reason = ES_FILE_NO_TOKEN;
	a.kcycles[ES_SRC_EFI_RNG] = 0x11223344;
	a.step_kcycles[ES_STEP_FILE_FLUSH] = 7;
	return a;
}

/* The same record as version 4 wrote it, byte by byte (80 bytes). */
static void v4_record(uint8_t b[ES_AUDIT_SIZE_V4])
{
	memset(b, 0, ES_AUDIT_SIZE_V4);
	memcpy(b, "ESAR\x04\x00\x50\x00", 8);
	b[8] = 0x2a;  /* rdrand 0x2, prev_found 0x8, prev_retired 0x20 */
	b[9] = 0x00;  /* table 0x40 is in b[8] too */
	b[8] |= 0x40;
	b[12] = 24;                                         /* bytes_clock */
	b[16] = 32;                                         /* bytes_prev_table */
	b[20] = 64;                                         /* bytes_efi_rng */
	b[24] = 0x04; b[25] = 0x03; b[26] = 0x02; b[27] = 0x01; /* bytes_rdseed */
	b[29] = 0x02;                                       /* bytes_rdrand 512 */
	b[32] = 32;                                         /* prev_table_size */
	b[36] = 32;                                         /* table_size */
	b[40] = 2; b[42] = 1; b[44] = 0xcd; b[45] = 0xab; b[46] = 3;
	b[48] = 5;                                          /* config_problems */
	b[52] = 0xc8; b[53] = 0x33;                         /* 13256 kcycles */
	b[60] = 2; b[62] = 1;                               /* stage, arch */
	b[64] = 0x0d; b[65] = 0x0c; b[66] = 0x0b; b[67] = 0x0a; /* bytes_seed_file */
	b[69] = 0x10;                                       /* seed_file_size 4096 */
	b[72] = ES_FILE_NO_TOKEN;
}

static void test_wire_layout(void)
{
	struct es_audit_record a = sample();
	uint8_t b[ES_AUDIT_SIZE];

	es_audit_encode(&a, b);
	CHECK(memcmp(b, "ESAR\x06\x00\x00\x01", 8) == 0);
	/* little-endian at the asserted offsets; the sources' flags are bits
	 * of present/failed by tag, none in flags */
	CHECK(b[8] == 0x60 && b[9] == 0 && b[10] == 0 && b[11] == 0);
	CHECK(b[12] == (1u << ES_SRC_RDRAND | 1u << ES_SRC_PREV_TABLE) && b[16] == 0);
	CHECK(b[64 + 4 * ES_SRC_RDSEED] == 0x04 && b[64 + 4 * ES_SRC_RDSEED + 3] == 0x01);
	CHECK(b[128 + 2 * ES_SRC_EFI_RNG] == 0xcd && b[129 + 2 * ES_SRC_EFI_RNG] == 0xab);
	CHECK(b[160 + 4 * ES_SRC_EFI_RNG] == 0x44 && b[163 + 4 * ES_SRC_EFI_RNG] == 0x11);
	CHECK(b[224 + 4 * ES_STEP_FILE_FLUSH] == 7);
	CHECK(b[50] == 2 && b[51] == 0 && b[52] == 1 && b[53] == 0);
	CHECK(b[40] == 0x00 && b[41] == 0x10 && b[54] == ES_FILE_NO_TOKEN && b[55] == 0);
	for (size_t i = 56; i < 60; i++)
		CHECK(b[i] == 0); /* no token account, reserved */
	/* the writer's version (v6), as es_version_pack gives it */
	CHECK(es_le_get32(b + 60) == es_version_pack(es_version) && es_version_pack(es_version) != 0);
	CHECK(b[64 + 4 * ES_SRC_ES_RNG] == 0); /* no es_rng bytes */
}

/* Records older versions wrote, built byte by byte as they were. */
static void old_record(uint8_t b[ES_AUDIT_SIZE_V2], uint16_t version)
{
	memset(b, 0, ES_AUDIT_SIZE_V2);
	memcpy(b, "ESAR", 4);
	b[4] = (uint8_t)version;
	b[6] = ES_AUDIT_SIZE_V2;
	b[8] = 0x42; /* rdrand | table */
	b[28] = 0x00; b[29] = 0x02; /* 512 bytes of rdrand */
	b[36] = 32; /* table size */
	b[52] = 0x39; b[53] = 0x30; /* 12345: microseconds in v1, kcycles in v2 */
	if (version == 2)
		b[60] = 3; /* stage */
}

static void test_old_versions(void)
{
	uint8_t b[ES_AUDIT_SIZE_V2], b4[ES_AUDIT_SIZE_V4];
	struct es_audit_record d, want = sample();

	for (uint16_t v = 1; v <= 2; v++) {
		old_record(b, v);
		CHECK(es_audit_decode(b, sizeof(b), &d) == ES_AUDIT_OK);
		CHECK(d.version == v && d.bytes[ES_SRC_RDRAND] == 512 && d.table_size == 32 &&
		      d.elapsed_kcycles == 12345);
		CHECK(es_audit_present(&d, ES_SRC_RDRAND) && (d.flags & ES_AUDIT_F_TABLE) != 0);
		CHECK(d.stage == (v == 2 ? 3 : 0) && d.bytes[ES_SRC_SEED_FILE] == 0 && d.arch == 0);
		CHECK(es_audit_decode(b, sizeof(b) - 1, &d) == ES_AUDIT_ESHORT);
		/* a flag its version did not have */
		b[10] = v == 1 ? 0x10 : 0x04;
		CHECK(es_audit_decode(b, sizeof(b), &d) == ES_AUDIT_EFLAGS);
		old_record(b, v);
		b[62] = 1; /* reserved then */
		CHECK(es_audit_decode(b, sizeof(b), &d) == ES_AUDIT_EFLAGS);
		old_record(b, v);
		b[6] = ES_AUDIT_SIZE_V4;
		CHECK(es_audit_decode(b, sizeof(b), &d) == ES_AUDIT_ELENGTH);
	}
	old_record(b, 1);
	b[60] = 1; /* v1 had a u32 reserved at 60 */
	CHECK(es_audit_decode(b, sizeof(b), &d) == ES_AUDIT_EFLAGS);
	/* version 4 decodes into the same record version 5 keeps (less the
	 * times it did not have) */
	v4_record(b4);
	CHECK(es_audit_decode(b4, sizeof(b4), &d) == ES_AUDIT_OK && d.version == 4 && d.length == 80);
	want.version = 4;
	want.length = 80;
	want.kcycles[ES_SRC_EFI_RNG] = 0;
	want.step_kcycles[ES_STEP_FILE_FLUSH] = 0;
	want.image_version = 0;
	CHECK(memcmp(&d, &want, sizeof(d)) == 0);
	b4[9] = 0x08; /* efi_rng_fail without efi_rng: still decodes */
	CHECK(es_audit_decode(b4, sizeof(b4), &d) == ES_AUDIT_OK && es_audit_failed(&d, ES_SRC_EFI_RNG));
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

/* Version 4: the token's account, rounded down, and round trip. */
static void test_token_account(void)
{
	struct es_audit_record a = sample(), d;
	struct es_provenance from = { .cpu_bits = 255, .other_bits = 256 }, got;
	uint8_t b[ES_AUDIT_SIZE];

	CHECK(!es_audit_token(&a, &got));
	es_audit_set_token(&a, &from);
	es_audit_encode(&a, b);
	CHECK(es_audit_decode(b, sizeof(b), &d) == ES_AUDIT_OK);
	CHECK(es_audit_token(&d, &got) && got.other_bits == 256 && got.cpu_bits == 252);
	from.other_bits = 3;
	from.cpu_bits = 1000;
	es_audit_set_token(&a, &from);
	CHECK(es_audit_token(&a, &got) && got.other_bits == 0 && got.cpu_bits == 256);
	CHECK((a.token_account & 0x4000u) == 0);
}

static void test_rejects(void)
{
	struct es_audit_record a = sample(), d;
	uint8_t b[ES_AUDIT_SIZE], c[ES_AUDIT_SIZE], c4[ES_AUDIT_SIZE_V4];

	es_audit_encode(&a, b);
	CHECK(es_audit_decode(b, ES_AUDIT_SIZE - 1, &d) == ES_AUDIT_ESHORT);
	memcpy(c, b, sizeof(c));
	c[0] = 'X';
	CHECK(es_audit_decode(c, sizeof(c), &d) == ES_AUDIT_EMAGIC);
	memcpy(c, b, sizeof(c));
	c[4] = 7; /* a version from the future */
	CHECK(es_audit_decode(c, sizeof(c), &d) == ES_AUDIT_EVERSION);
	c[4] = 0;
	CHECK(es_audit_decode(c, sizeof(c), &d) == ES_AUDIT_EVERSION);
	memcpy(c, b, sizeof(c));
	c[6] = 65;
	CHECK(es_audit_decode(c, sizeof(c), &d) == ES_AUDIT_ELENGTH);
	memcpy(c, b, sizeof(c));
	c[11] = 0x20; /* flag bit 29 */
	CHECK(es_audit_decode(c, sizeof(c), &d) == ES_AUDIT_EFLAGS);
	memcpy(c, b, sizeof(c));
	c[8] |= 0x02; /* rdrand's flag of versions 1 to 4: reserved in 5 */
	CHECK(es_audit_decode(c, sizeof(c), &d) == ES_AUDIT_EFLAGS);
	memcpy(c, b, sizeof(c));
	c[14] = 0x01; /* a source beyond the record's 16 slots */
	CHECK(es_audit_decode(c, sizeof(c), &d) == ES_AUDIT_EFLAGS);
	memcpy(c, b, sizeof(c));
	c[13] = 0x80; /* tag 15: a source a newer writer added decodes */
	CHECK(es_audit_decode(c, sizeof(c), &d) == ES_AUDIT_OK && es_audit_present(&d, (enum es_source)15));
	memcpy(c, b, sizeof(c));
	c[60] = 1; /* the writer's version: any */
	CHECK(es_audit_decode(c, sizeof(c), &d) == ES_AUDIT_OK && d.image_version == (es_version_pack(es_version) | 1u));
	c[4] = 5; /* version 5 kept it reserved */
	CHECK(es_audit_decode(c, sizeof(c), &d) == ES_AUDIT_EFLAGS);
	memset(c + 60, 0, 4);
	CHECK(es_audit_decode(c, sizeof(c), &d) == ES_AUDIT_OK && d.version == 5 && d.image_version == 0);
	c[11] = 0x10; /* ES_AUDIT_F_RNG_UNKNOWN: the builds just before 6 set it in a version 5 record */
	CHECK(es_audit_decode(c, sizeof(c), &d) == ES_AUDIT_OK && (d.flags & ES_AUDIT_F_RNG_UNKNOWN) != 0);
	v4_record(c4);
	c4[4] = 3;
	c4[11] = 0x04; /* bit 26 (next_failed) is version 4's */
	CHECK(es_audit_decode(c4, sizeof(c4), &d) == ES_AUDIT_EFLAGS);
	c4[4] = 4;
	CHECK(es_audit_decode(c4, sizeof(c4), &d) == ES_AUDIT_OK && (d.flags & ES_AUDIT_F_NEXT_FAILED) != 0);
	v4_record(c4);
	c4[75] = 0x40; /* token_account's reserved bit 14 */
	CHECK(es_audit_decode(c4, sizeof(c4), &d) == ES_AUDIT_EFLAGS);
	memcpy(c, b, sizeof(c));
	c[57] = 0x40; /* ... at its version 5 place */
	CHECK(es_audit_decode(c, sizeof(c), &d) == ES_AUDIT_EFLAGS);
	v4_record(c4);
	c4[4] = 3; /* version 3 kept a reserved zero there */
	c4[74] = 1;
	CHECK(es_audit_decode(c4, sizeof(c4), &d) == ES_AUDIT_EFLAGS);
	c4[74] = 0;
	CHECK(es_audit_decode(c4, sizeof(c4), &d) == ES_AUDIT_OK && d.version == 3);

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
	CHECK(strstr(out, "summary rdseed=16909060 rdrand=512 efi_rng=64 prev_table=32 seed_file=168496141 "
			  "table=32 health=rdseed:absent,rdrand:pass,efi_rng:absent,seed_file:absent\n") != NULL);
	CHECK(strstr(out, "architecture:     x86_64\n") != NULL);
	CHECK(strstr(out, "seed file:        size=4096 mixed=168496141 no EarlyseedToken") != NULL);
	CHECK(strstr(out, "token:            none\n") != NULL);
	CHECK(strstr(out, "time spent:       13256 x 1024 cycles") != NULL);
	CHECK(strstr(out, "stage:            2\n") != NULL);
	CHECK(strstr(out, "efi_rng:          instances=2 failed=1 calls=43981\n") != NULL);
	CHECK(strstr(out, "time per source:  clock=0 prev_table=0 efi_rng=287454020 rdrand=0 ") == NULL);
	CHECK(strstr(out, "efi_rng=287454020 ") != NULL && strstr(out, "file_flush=7 ") != NULL);
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
	/* a version 1 record, as efivarfs shows it */
	b[0] = 0x06;
	b[1] = b[2] = b[3] = 0;
	old_record(b + 4, 1);
	CHECK(inspect(b, ES_AUDIT_SIZE_V2 + 4, &out, &err) == 0);
	CHECK(strstr(out, "earlyseed audit record v1\n") != NULL);
	CHECK(strstr(out, "time spent:       12345 us\n") != NULL);
	CHECK(strstr(out, "seed file:") == NULL && strstr(out, "stage:") == NULL);
	/* its summary as a version 1 app printed it: four sources */
	CHECK(strstr(out, "summary rdseed=0 rdrand=512 efi_rng=0 prev_table=0 table=32 "
			  "health=rdseed:absent,rdrand:pass,efi_rng:absent\n") != NULL);
	CHECK(strstr(out, " seed_file=") == NULL);
	free(out);
	free(err);
	old_record(b, 2);
	CHECK(inspect(b, ES_AUDIT_SIZE_V2, &out, &err) == 0);
	CHECK(strstr(out, "stage:            3\n") != NULL);
	free(out);
	free(err);
	/* a v5 header on 64 or 80 bytes: short */
	es_audit_encode(&a, b);
	CHECK(inspect(b, ES_AUDIT_SIZE_V2, &out, &err) == 1);
	free(out);
	free(err);
	CHECK(inspect(b, ES_AUDIT_SIZE_V4, &out, &err) == 1);
	free(out);
	free(err);
	/* a version 4 record reads as it did */
	v4_record(b);
	CHECK(inspect(b, ES_AUDIT_SIZE_V4, &out, &err) == 0);
	CHECK(strstr(out, "flags:            rdrand prev_found prev_retired table\n") != NULL);
	CHECK(strstr(out, "summary rdseed=16909060 rdrand=512 efi_rng=64 prev_table=32 seed_file=168496141 "
			  "table=32 health=rdseed:absent,rdrand:pass,efi_rng:absent,seed_file:absent\n") != NULL);
	CHECK(strstr(out, "time per source:") == NULL);
	free(out);
	free(err);
}

/* The record is made from the outcome and the verdict, and the summary
 * from the record, with every name from the source table. */
static void test_from_verdict(void)
{
	struct es_verdict v;
	struct es_outcome o;
	struct es_audit_record a;
	char line[ES_AUDIT_SUMMARY_MAX], names[512];

	memset(&o, 0, sizeof(o));

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
	es_audit_build(&a, &o, &v);
	CHECK(a.flags == (ES_AUDIT_F_BELOW_GATE | ES_AUDIT_F_CPU_UNTRUSTED));
	CHECK(a.present == (1u << ES_SRC_RDRAND | 1u << ES_SRC_EFI_RNG | 1u << ES_SRC_PREV_TABLE));
	CHECK(a.failed == (1u << ES_SRC_EFI_RNG | 1u << ES_SRC_PREV_TABLE));
	CHECK(a.bytes[ES_SRC_CLOCK] == 24 && a.bytes[ES_SRC_RDRAND] == 512 && a.prev_table_size == 512);
	es_audit_flag_names(&a, names, sizeof(names));
	CHECK(strcmp(names, "rdrand efi_rng prev_found below_gate efi_rng_fail prev_fail cpu_untrusted") == 0);
	es_audit_summary(&a, line, sizeof(line));
	CHECK(strcmp(line, "rdseed=0 rdrand=512 efi_rng=64 prev_table=512 seed_file=0 table=0 "
			   "health=rdseed:absent,rdrand:pass,efi_rng:fail,seed_file:absent") == 0);
	/* a short buffer is cut, never overrun */
	es_audit_summary(&a, line, 10);
	CHECK(strcmp(line, "rdseed=0 ") == 0);
	for (unsigned int bit = 0; bit < 29; bit++)
		CHECK(strcmp(es_audit_flag_name(1u << bit), "unknown") != 0);
	CHECK(strcmp(es_audit_flag_name(1u << 29), "unknown") == 0);
	/* what the front end said becomes flags, counts and times */
	o.table = o.token_created = o.file_written = o.next_failed = true;
	o.table_size = 32;
	o.stage = 1;
	o.calls[ES_SRC_EFI_RNG] = 4;
	o.src_cycles[ES_SRC_EFI_RNG] = 5u << 10;
	o.step_cycles[ES_STEP_TOKEN] = 3u << 10;
	o.elapsed_cycles = UINT64_MAX;
	es_audit_build(&a, &o, NULL);
	CHECK(a.flags == (ES_AUDIT_F_TABLE | ES_AUDIT_F_TOKEN_CREATED | ES_AUDIT_F_SEED_FILE_WRITTEN |
			  ES_AUDIT_F_NEXT_FAILED));
	CHECK(a.table_size == 32 && a.stage == 1 && a.calls[ES_SRC_EFI_RNG] == 4 && a.present == 0);
	CHECK(a.kcycles[ES_SRC_EFI_RNG] == 5 && a.step_kcycles[ES_STEP_TOKEN] == 3 && a.elapsed_kcycles == UINT32_MAX);
	memset(&o, 0, sizeof(o));
	/* the seed file's verdict and reason */
	memset(&v, 0, sizeof(v));
	v.state[ES_SRC_SEED_FILE] = ES_FAIL;
	v.bytes[ES_SRC_SEED_FILE] = 32;
	v.file_reason = ES_FILE_RO_VOLUME;
	v.gate_met = true;
	es_audit_build(&a, &o, &v);
	CHECK(a.flags == 0 && a.present == 1u << ES_SRC_SEED_FILE && a.failed == 1u << ES_SRC_SEED_FILE);
	CHECK(a.bytes[ES_SRC_SEED_FILE] == 32 && a.seed_file_reason == ES_FILE_RO_VOLUME);
	es_audit_summary(&a, line, sizeof(line));
	CHECK(strstr(line, " seed_file=32 table=0 ") != NULL && strstr(line, ",seed_file:fail") != NULL);
}

/* The share of the time its sources and steps account for, on values. */
static void test_attributed(void)
{
	struct es_audit_record a;

	es_audit_init(&a);
	CHECK(es_audit_attributed_pct(&a) == 0); /* no time recorded */
	a.elapsed_kcycles = 1000;
	CHECK(es_audit_attributed_pct(&a) == 0);
	a.kcycles[ES_SRC_SEED_FILE] = 300;
	a.step_kcycles[ES_STEP_FILE_FLUSH] = 299;
	CHECK(es_audit_attributed_pct(&a) == 59); /* rounded down */
	a.step_kcycles[ES_STEP_START] = 400;
	CHECK(es_audit_attributed_pct(&a) == 99);
	a.step_kcycles[ES_STEP_END] = 0xffffffffu; /* more than was spent: capped */
	CHECK(es_audit_attributed_pct(&a) == 100);
}

int main(void)
{
	RUN(test_attributed);
	RUN(test_from_verdict);
	RUN(test_wire_layout);
	RUN(test_round_trip);
	RUN(test_rejects);
	RUN(test_old_versions);
	RUN(test_token_account);
	RUN(test_inspect);
	return check_done();
}
