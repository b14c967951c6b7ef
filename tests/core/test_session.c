/* SPDX-License-Identifier: MIT */
/* The engine's policy on values (core/session.c, core/source.c, core/cpu.c):
 * every verdict, the gate, trust, previous tables, provenance, the loop
 * guard, and that a session leaves nothing behind. */
#include <stdlib.h>
#include <string.h>

#include "../../arch/x86_64/cpurng.h"
#include "../../core/earlyseed.h"
#include "../check.h"
#include "../fake_insn.h"

static struct es_trust trust_on, trust_cpu_off, trust_bl_off;

static void trusts(void)
{
	es_trust_defaults(&trust_on);
	trust_cpu_off = trust_on;
	trust_cpu_off.cpu = false;
	trust_bl_off = trust_on;
	trust_bl_off.bootloader = false;
}

/* n random 64-bit words as bytes */
static void add_words(struct es_session *s, enum es_source src, size_t n)
{
	uint8_t *b = malloc(n * 8 + 1);

	check_rand_fill(b, n * 8);
	CHECK(es_session_add(s, src, b, n * 8) == 0);
	free(b);
}

static void add_random(struct es_session *s, enum es_source src, size_t n)
{
	uint8_t b[1024];

	check_rand_fill(b, n);
	CHECK(es_session_add(s, src, b, n) == 0);
}

static void judge(struct es_session *s, const struct es_trust *t, struct es_verdict *v)
{
	es_session_judge(s, t, v);
}

static void test_source_table(void)
{
	/* the record keeps a slot per tag (its present/failed bits): every
	 * source has one */
	CHECK(ES_SRC_COUNT <= ES_AUDIT_SOURCES);
	for (unsigned int i = 0; i < ES_SRC_COUNT; i++) {
		const struct es_source_info *r = es_source((enum es_source)i);

		CHECK(r != NULL && r->name != NULL && r->h_bits <= 8);
		CHECK((r->feed == ES_FEED_NONE) == (r->h_bits == 0));
		for (unsigned int k = 0; k < i; k++)
			CHECK(strcmp(r->name, es_source((enum es_source)k)->name) != 0);
	}
	CHECK(es_source(ES_SRC_COUNT) == NULL);
	CHECK(es_source(ES_SRC_RDSEED)->cpu && es_source(ES_SRC_RDRAND)->cpu);
	CHECK(!es_source(ES_SRC_EFI_RNG)->cpu && !es_source(ES_SRC_PREV_TABLE)->cpu);
	CHECK(es_source(ES_SRC_RDSEED)->distrusted_by == ES_SRC_RDRAND);
}

static void test_healthy_machine(void)
{
	struct es_session s;
	struct es_verdict v;

	es_session_begin(&s);
	add_random(&s, ES_SRC_CLOCK, 24);
	add_random(&s, ES_SRC_EFI_RNG, 32);
	add_random(&s, ES_SRC_EFI_RNG, 32);
	add_words(&s, ES_SRC_RDSEED, 64);
	es_session_present(&s, ES_SRC_RDRAND);
	judge(&s, &trust_on, &v);
	CHECK(v.state[ES_SRC_RDSEED] == ES_PASS && v.state[ES_SRC_EFI_RNG] == ES_PASS);
	CHECK(v.state[ES_SRC_RDRAND] == ES_PASS); /* asked only for what RDSEED missed */
	CHECK(v.state[ES_SRC_CLOCK] == ES_PASS && v.bits[ES_SRC_CLOCK] == 0);
	CHECK(v.state[ES_SRC_PREV_TABLE] == ES_ABSENT);
	CHECK(v.bits[ES_SRC_RDSEED] == 512 * 4 && v.bits[ES_SRC_EFI_RNG] == 64 * 4);
	CHECK(v.counted_bits == 2048 + 256);
	CHECK(v.gate_met && v.install && !v.uncredited && v.untrusted_bits == 0);
	CHECK(v.made_of.cpu_bits == 2048 && v.made_of.other_bits == 256);
	CHECK(es_verdict_prev(&v, true) == ES_PREV_NONE);
	es_session_end(&s);
}

/* The firmware's RNG and the TPM (Hardening IV, 7): U-Boot binds tpm-rng
 * behind EFI_RNG_PROTOCOL, so with both passing they count once, the
 * larger; either alone counts in full. */
static void test_rng_and_tpm_once(void)
{
	struct es_session s;
	struct es_verdict v;

	es_session_begin(&s);
	add_random(&s, ES_SRC_EFI_RNG, 32);
	add_random(&s, ES_SRC_EFI_RNG, 32);
	add_random(&s, ES_SRC_TPM, 32);
	judge(&s, &trust_cpu_off, &v);
	CHECK(v.state[ES_SRC_EFI_RNG] == ES_PASS && v.state[ES_SRC_TPM] == ES_PASS);
	CHECK(v.bits[ES_SRC_EFI_RNG] == 256 && v.bits[ES_SRC_TPM] == 0 && v.rng_tpm_once);
	CHECK(v.counted_bits == 256 && v.hw_bits == 256 && v.made_of.other_bits == 256);
	es_session_end(&s);
	/* the TPM larger: it is the one kept */
	es_session_begin(&s);
	add_random(&s, ES_SRC_EFI_RNG, 32);
	add_random(&s, ES_SRC_TPM, 32);
	add_random(&s, ES_SRC_TPM, 32);
	judge(&s, &trust_on, &v);
	CHECK(v.bits[ES_SRC_EFI_RNG] == 0 && v.bits[ES_SRC_TPM] == 256 && v.counted_bits == 256);
	es_session_end(&s);
	/* one failed: the other in full, nothing taken */
	es_session_begin(&s);
	add_random(&s, ES_SRC_EFI_RNG, 32);
	add_random(&s, ES_SRC_EFI_RNG, 32);
	add_random(&s, ES_SRC_TPM, 32);
	es_session_fail(&s, ES_SRC_TPM, "test");
	judge(&s, &trust_on, &v);
	CHECK(v.bits[ES_SRC_EFI_RNG] == 256 && !v.rng_tpm_once && v.counted_bits == 256);
	es_session_end(&s);
}

/* What an EFI_RNG_PROTOCOL instance is (issue: the firmware's RNG is often
 * the CPU's; edk2 SecurityPkg/RandomNumberGenerator/RngDxe), on values. */
static void test_rng_classify(void)
{
	const char *why = NULL;
	struct es_rng_facts f;

	/* VirtioRngDxe: a PCI device path, RAW */
	f = (struct es_rng_facts){ .device_path = true, .cpu_insn = true, .info = true, .raw = true };
	CHECK(es_rng_classify(&f, &why) == ES_RNG_DEVICE && strstr(why, "device") != NULL);
	/* X64 RngDxe: no device path, CTR-256 and RAW, RDRAND present */
	f = (struct es_rng_facts){ .cpu_insn = true, .info = true, .ctr256 = true, .raw = true };
	CHECK(es_rng_classify(&f, &why) == ES_RNG_CPU && strstr(why, "RngDxe") != NULL);
	/* AArch64 RngDxe: ArmRndr, even on a handle with a device path */
	f = (struct es_rng_facts){ .device_path = true, .cpu_insn = true, .info = true, .arm_rndr = true };
	CHECK(es_rng_classify(&f, &why) == ES_RNG_CPU && strstr(why, "ArmRndr") != NULL);
	/* edk2's UnSafe: counts nothing, whatever else it lists */
	f = (struct es_rng_facts){ .device_path = true, .info = true, .unsafe = true, .raw = true };
	CHECK(es_rng_classify(&f, &why) == ES_RNG_UNSAFE);
	/* cannot tell (no GetInfo, no device path) on a CPU with an RNG: the CPU's */
	f = (struct es_rng_facts){ .cpu_insn = true };
	CHECK(es_rng_classify(&f, &why) == ES_RNG_CPU);
	/* no device path on a CPU without one: a platform RNG */
	f = (struct es_rng_facts){ .info = true, .raw = true };
	CHECK(es_rng_classify(&f, &why) == ES_RNG_DEVICE);
	CHECK(!es_rng_not_known_device(&f));
	/* U-Boot's root node (one vendor node), RAW: not known to be a device;
	 * the CPU's on a CPU with an RNG, the platform's on one without */
	f = (struct es_rng_facts){ .device_path = true, .root_only = true, .cpu_insn = true, .info = true, .raw = true };
	CHECK(es_rng_classify(&f, &why) == ES_RNG_CPU && strstr(why, "root node: not known to be a device") != NULL);
	CHECK(es_rng_not_known_device(&f));
	f.cpu_insn = false;
	CHECK(es_rng_classify(&f, &why) == ES_RNG_DEVICE && strstr(why, "a platform RNG") != NULL);
	CHECK(es_rng_not_known_device(&f));
	/* a list that could not be read, on a device's path: not known either */
	f = (struct es_rng_facts){ .device_path = true, .cpu_insn = true, .info_unread = true };
	CHECK(es_rng_classify(&f, &why) == ES_RNG_CPU && strstr(why, "could not be read") != NULL);
	CHECK(es_rng_not_known_device(&f));
	/* what it lists still decides first: ArmRndr on the root node */
	f = (struct es_rng_facts){ .device_path = true, .root_only = true, .info = true, .arm_rndr = true };
	CHECK(es_rng_classify(&f, &why) == ES_RNG_CPU && !es_rng_not_known_device(&f));
}

/* A CPU-class firmware RNG counts only as the CPU does: under its trust,
 * while its own instructions pass, never beside them; its bits are the
 * CPU's in what a table, token or file rests on. */
static void test_rng_that_is_the_cpu(void)
{
	struct es_session s;
	struct es_verdict v;

	/* alone, trust_cpu=off: nothing counted, said as untrusted */
	es_session_begin(&s);
	add_random(&s, ES_SRC_EFI_RNG_CPU, 32);
	add_random(&s, ES_SRC_EFI_RNG_CPU, 32);
	add_words(&s, ES_SRC_RDRAND, 64);
	judge(&s, &trust_cpu_off, &v);
	CHECK(v.state[ES_SRC_EFI_RNG_CPU] == ES_PASS && v.bits[ES_SRC_EFI_RNG_CPU] == 0 && v.counted_bits == 0);
	CHECK(v.untrusted_bits >= 256 && !v.gate_met && v.made_of.other_bits == 0);
	/* trusted: RDRAND's 512 and the wrapper's 256 are one CPU: 512 */
	judge(&s, &trust_on, &v);
	CHECK(v.bits[ES_SRC_RDRAND] == 512 && v.bits[ES_SRC_EFI_RNG_CPU] == 0 && v.counted_bits == 512);
	CHECK(v.made_of.cpu_bits == 512 && v.made_of.other_bits == 0 && v.hw_bits == 512);
	es_session_end(&s);
	/* the CPU's own instruction failed its tests: so does its wrapper */
	es_session_begin(&s);
	add_random(&s, ES_SRC_EFI_RNG_CPU, 32);
	add_random(&s, ES_SRC_EFI_RNG_CPU, 32);
	es_session_fail(&s, ES_SRC_RDRAND, "test");
	judge(&s, &trust_on, &v);
	CHECK(v.state[ES_SRC_EFI_RNG_CPU] == ES_FAIL && v.counted_bits == 0);
	es_session_end(&s);
	/* a CPU with only the wrapper counted (RDRAND absent): the wrapper, as the CPU's */
	es_session_begin(&s);
	add_random(&s, ES_SRC_EFI_RNG_CPU, 32);
	add_random(&s, ES_SRC_EFI_RNG_CPU, 32);
	judge(&s, &trust_on, &v);
	CHECK(v.bits[ES_SRC_EFI_RNG_CPU] == 256 && v.made_of.cpu_bits == 256 && v.made_of.other_bits == 0);
	es_session_end(&s);
	/* unsafe: mixed, counted never */
	es_session_begin(&s);
	add_random(&s, ES_SRC_EFI_RNG_UNSAFE, 64);
	judge(&s, &trust_on, &v);
	CHECK(v.bits[ES_SRC_EFI_RNG_UNSAFE] == 0 && v.counted_bits == 0 && v.bytes[ES_SRC_EFI_RNG_UNSAFE] == 64);
	es_session_end(&s);
}

static void test_gate_edges(void)
{
	struct es_session s;
	struct es_verdict v;

	/* clocks alone never make a table */
	es_session_begin(&s);
	add_random(&s, ES_SRC_CLOCK, 1000);
	judge(&s, &trust_on, &v);
	CHECK(v.counted_bits == 0 && !v.gate_met && !v.install);
	es_session_end(&s);
	/* RDRAND at 1 bit a byte: 255 bytes miss the gate by one, 256 meet it */
	es_session_begin(&s);
	add_words(&s, ES_SRC_RDRAND, 31);
	add_random(&s, ES_SRC_EFI_RNG, 0);
	judge(&s, &trust_on, &v);
	CHECK(v.counted_bits == 248 && !v.install);
	es_session_end(&s);
	es_session_begin(&s);
	add_words(&s, ES_SRC_RDRAND, 32);
	judge(&s, &trust_on, &v);
	CHECK(v.counted_bits == 256 && v.gate_met && v.install);
	es_session_end(&s);
}

static void test_trust_cpu_off(void)
{
	struct es_session s;
	struct es_verdict v;

	/* -cpu max under TCG: RDRAND only */
	es_session_begin(&s);
	add_words(&s, ES_SRC_RDRAND, 64);
	judge(&s, &trust_on, &v);
	CHECK(v.install && v.counted_bits == 512);
	judge(&s, &trust_cpu_off, &v);
	CHECK(v.state[ES_SRC_RDRAND] == ES_PASS); /* healthy, just not counted */
	CHECK(v.bits[ES_SRC_RDRAND] == 0 && v.untrusted_bits == 512);
	CHECK(!v.gate_met && !v.install);
	/* a firmware RNG carries the table on its own */
	add_random(&s, ES_SRC_EFI_RNG, 32);
	add_random(&s, ES_SRC_EFI_RNG, 32);
	judge(&s, &trust_cpu_off, &v);
	CHECK(v.install && v.counted_bits == 256 && v.made_of.cpu_bits == 0);
	es_session_end(&s);
}

static void test_trust_bootloader_off(void)
{
	struct es_session s;
	struct es_verdict v;
	uint8_t out[32];

	es_session_begin(&s);
	add_random(&s, ES_SRC_CLOCK, 24);
	judge(&s, &trust_bl_off, &v);
	/* the kernel credits no table: installing one cannot mislead it */
	CHECK(!v.gate_met && v.install && v.uncredited);
	CHECK(es_session_finish(&s, &trust_bl_off, out, sizeof(out), &v));
}

static void test_failures_never_count(void)
{
	struct es_session s;
	struct es_verdict v;

	es_session_begin(&s);
	add_words(&s, ES_SRC_RDSEED, 64);
	es_session_fail(&s, ES_SRC_RDSEED, "test says so");
	es_session_fail(&s, ES_SRC_RDSEED, "second reason is not kept");
	judge(&s, &trust_on, &v);
	CHECK(v.state[ES_SRC_RDSEED] == ES_FAIL && strcmp(v.why[ES_SRC_RDSEED], "test says so") == 0);
	CHECK(v.bits[ES_SRC_RDSEED] == 0 && v.bytes[ES_SRC_RDSEED] == 512 && !v.install);
	es_session_end(&s);
	/* present but silent: RDSEED and the EFI RNG fail, RDRAND does not */
	es_session_begin(&s);
	es_session_present(&s, ES_SRC_RDSEED);
	es_session_present(&s, ES_SRC_EFI_RNG);
	es_session_present(&s, ES_SRC_RDRAND);
	judge(&s, &trust_on, &v);
	CHECK(v.state[ES_SRC_RDSEED] == ES_FAIL && strcmp(v.why[ES_SRC_RDSEED], "delivered no bytes") == 0);
	CHECK(v.state[ES_SRC_EFI_RNG] == ES_FAIL && v.state[ES_SRC_RDRAND] == ES_PASS);
	es_session_end(&s);
	/* stuck CPU words: all-ones with CF=1 (AMD after resume) */
	es_session_begin(&s);
	{
		uint8_t ones[512];

		memset(ones, 0xff, sizeof(ones));
		CHECK(es_session_add(&s, ES_SRC_RDRAND, ones, sizeof(ones)) == 0);
		CHECK(es_session_add(&s, ES_SRC_RDRAND, ones, 7) == -1); /* not whole words */
	}
	judge(&s, &trust_on, &v);
	CHECK(v.state[ES_SRC_RDRAND] == ES_FAIL && !v.install);
	CHECK(es_session_add(&s, ES_SRC_COUNT, "x", 1) == -1);
	CHECK(es_session_add(&s, ES_SRC_CLOCK, NULL, 1) == -1);
	es_session_end(&s);
}

static void test_startup_distrusts_rdseed(void)
{
	struct es_session s;
	struct es_verdict v;
	const uint64_t stuck[9] = { ~0ull, ~0ull, ~0ull, ~0ull, ~0ull, ~0ull, ~0ull, ~0ull, ~0ull };
	const uint64_t good[9] = { 1, 2, 3, 4, 5, 6, 7, 8, 9 };

	es_session_begin(&s);
	add_words(&s, ES_SRC_RDSEED, 64);
	es_session_startup(&s, ES_SRC_RDRAND, stuck, 9);
	judge(&s, &trust_on, &v);
	CHECK(v.state[ES_SRC_RDRAND] == ES_FAIL && v.state[ES_SRC_RDSEED] == ES_FAIL);
	CHECK(strstr(v.why[ES_SRC_RDSEED], "distrusted") != NULL && !v.install);
	es_session_end(&s);
	es_session_begin(&s);
	es_session_startup(&s, ES_SRC_RDRAND, good, 8); /* ran out of results */
	judge(&s, &trust_on, &v);
	CHECK(v.state[ES_SRC_RDRAND] == ES_FAIL);
	es_session_end(&s);
	es_session_begin(&s);
	es_session_startup(&s, ES_SRC_RDRAND, good, 9);
	judge(&s, &trust_on, &v);
	CHECK(v.state[ES_SRC_RDRAND] == ES_PASS);
	es_session_end(&s);
}

static void test_efi_blocks(void)
{
	struct es_session s;
	struct es_verdict v;
	uint8_t a[32], b[32], z[32] = { 0 };

	check_rand_fill(a, sizeof(a));
	check_rand_fill(b, sizeof(b));
	/* two instances, the second repeating the first's first block */
	es_session_begin(&s);
	CHECK(es_session_add(&s, ES_SRC_EFI_RNG, a, 32) == 0);
	CHECK(es_session_add(&s, ES_SRC_EFI_RNG, b, 32) == 0);
	CHECK(es_session_add(&s, ES_SRC_EFI_RNG, a, 32) == 0);
	judge(&s, &trust_on, &v);
	CHECK(v.state[ES_SRC_EFI_RNG] == ES_FAIL && strstr(v.why[ES_SRC_EFI_RNG], "same block") != NULL);
	es_session_end(&s);
	/* SUCCESS with nothing written: a block of zeros */
	es_session_begin(&s);
	CHECK(es_session_add(&s, ES_SRC_EFI_RNG, a, 32) == 0);
	CHECK(es_session_add(&s, ES_SRC_EFI_RNG, z, 32) == 0);
	judge(&s, &trust_on, &v);
	CHECK(v.state[ES_SRC_EFI_RNG] == ES_FAIL && strstr(v.why[ES_SRC_EFI_RNG], "zeros") != NULL);
	es_session_end(&s);
	/* 16 distinct blocks pass: 512 bytes at 4 bits */
	es_session_begin(&s);
	for (int i = 0; i < 16; i++)
		add_random(&s, ES_SRC_EFI_RNG, 32);
	judge(&s, &trust_on, &v);
	CHECK(v.state[ES_SRC_EFI_RNG] == ES_PASS && v.counted_bits == 2048);
	es_session_end(&s);
}

/* A table in an exact-size heap block: reading past it is a bug ASan sees. */
static uint8_t *table(uint32_t size, size_t avail_bits, int fill)
{
	uint8_t *t = malloc(4 + avail_bits);

	memcpy(t, &size, 4);
	if (fill < 0)
		check_rand_fill(t + 4, avail_bits);
	else
		memset(t + 4, fill, avail_bits);
	return t;
}

/* es_session_add_table(), and what it says of the size field it read. */
static void add_table(struct es_session *s, const uint8_t *t, const struct es_provenance *from)
{
	uint32_t size = 0, want;
	bool read = es_session_add_table(s, t, from, &size);

	memcpy(&want, t, sizeof(want));
	CHECK(size == want && read == (want <= ES_TABLE_READ_MAX));
}

static void prev_case(uint32_t size, size_t avail, int fill, const struct es_trust *tr, struct es_verdict *v)
{
	struct es_session s;
	uint8_t *t = table(size, avail, fill);

	es_session_begin(&s);
	add_table(&s, t, NULL);
	judge(&s, tr, v);
	es_session_end(&s);
	free(t);
}

static void test_prev_tables(void)
{
	struct es_verdict v;
	uint8_t *t;

	/* littlekernel: 512 zero bytes. Mixed, never counted, removed. */
	prev_case(512, 512, 0, &trust_on, &v);
	CHECK(v.prev_found && v.prev_bad && v.prev_freeable && v.bits[ES_SRC_PREV_TABLE] == 0);
	CHECK(!v.install && v.bytes[ES_SRC_PREV_TABLE] == 512);
	CHECK(es_verdict_prev(&v, false) == ES_PREV_REMOVE_FREE);
	CHECK(es_verdict_prev(&v, true) == ES_PREV_RETIRE);
	/* a constant, and a repeated 32-byte pattern */
	prev_case(64, 64, 0x5a, &trust_on, &v);
	CHECK(v.prev_bad);
	t = table(512, 512, -1);
	for (int i = 1; i < 16; i++)
		memcpy(t + 4 + 32 * i, t + 4, 32);
	{
		struct es_session s;

		es_session_begin(&s);
		add_table(&s, t, NULL);
		judge(&s, &trust_on, &v);
		es_session_end(&s);
	}
	free(t);
	CHECK(v.prev_bad && !v.install);
	/* good-looking tables count in full, up to the kernel's 1 KiB */
	prev_case(64, 64, -1, &trust_on, &v);
	CHECK(!v.prev_bad && v.bits[ES_SRC_PREV_TABLE] == 512 && v.install);
	CHECK(es_verdict_prev(&v, true) == ES_PREV_RETIRE);
	prev_case(16, 16, -1, &trust_on, &v);
	CHECK(!v.install && es_verdict_prev(&v, false) == ES_PREV_KEEP);
	prev_case(1024, 1024, -1, &trust_on, &v);
	CHECK(!v.prev_bad && v.bytes[ES_SRC_PREV_TABLE] == 1024);
	prev_case(513, 513, -1, &trust_on, &v);
	CHECK(!v.prev_bad && v.bytes[ES_SRC_PREV_TABLE] == 513);
	prev_case(0, 0, 0, &trust_on, &v);
	CHECK(v.prev_found && !v.prev_bad && v.bits[ES_SRC_PREV_TABLE] == 0);
	CHECK(es_verdict_prev(&v, false) == ES_PREV_KEEP);
	/* oversized: not read past the size field, never freed */
	prev_case(1025, 0, 0, &trust_on, &v);
	CHECK(v.prev_bad && !v.prev_freeable && v.prev_size == 1025 && v.bytes[ES_SRC_PREV_TABLE] == 0);
	CHECK(es_verdict_prev(&v, false) == ES_PREV_REMOVE);
	CHECK(es_verdict_prev(&v, true) == ES_PREV_FORGET);
	prev_case(0xffffffffu, 0, 0, &trust_on, &v);
	CHECK(v.prev_bad && !v.prev_freeable && es_verdict_prev(&v, false) == ES_PREV_REMOVE);
}

/* A table an earlier earlyseed made counts for what it rested on. */
static void test_provenance(void)
{
	struct es_session s;
	struct es_verdict v;
	uint8_t *t = table(32, 32, -1);
	const struct es_provenance cpu_only = { 512, 0 }, mixed = { 512, 100 };

	es_session_begin(&s);
	add_table(&s, t, &cpu_only);
	judge(&s, &trust_on, &v);
	CHECK(v.bits[ES_SRC_PREV_TABLE] == 256 && v.install && v.made_of.cpu_bits == 256 && !v.prev_bad);
	judge(&s, &trust_cpu_off, &v);
	CHECK(v.bits[ES_SRC_PREV_TABLE] == 0 && !v.install && v.untrusted_bits == 256);
	/* it rests on what this kernel distrusts: it must not reach it */
	CHECK(v.prev_overclaims && v.prev_bad && es_verdict_prev(&v, false) == ES_PREV_REMOVE_FREE);
	es_session_end(&s);
	es_session_begin(&s);
	add_table(&s, t, &mixed);
	judge(&s, &trust_cpu_off, &v);
	CHECK(v.bits[ES_SRC_PREV_TABLE] == 100 && v.made_of.other_bits == 100 && v.made_of.cpu_bits == 0);
	judge(&s, &trust_on, &v);
	CHECK(v.bits[ES_SRC_PREV_TABLE] == 256 && v.made_of.other_bits == 100 && v.made_of.cpu_bits == 156);
	es_session_end(&s);
	free(t);
}

static void test_finish_wipes(void)
{
	static const struct es_session zero;
	struct es_session s;
	struct es_verdict v;
	uint8_t out[32], again[32];

	es_session_begin(&s);
	add_words(&s, ES_SRC_RDRAND, 64);
	CHECK(es_session_finish(&s, &trust_on, out, sizeof(out), &v));
	CHECK(memcmp(&s, &zero, sizeof(s)) == 0);
	/* deterministic in its inputs */
	check_rand_seed(5);
	es_session_begin(&s);
	add_words(&s, ES_SRC_RDRAND, 64);
	CHECK(es_session_finish(&s, &trust_on, out, sizeof(out), &v));
	check_rand_seed(5);
	es_session_begin(&s);
	add_words(&s, ES_SRC_RDRAND, 64);
	CHECK(es_session_finish(&s, &trust_on, again, sizeof(again), &v));
	CHECK(memcmp(out, again, sizeof(out)) == 0);
	/* no table: out is zero and the session still wiped */
	es_session_begin(&s);
	add_random(&s, ES_SRC_CLOCK, 24);
	memset(out, 0xaa, sizeof(out));
	CHECK(!es_session_finish(&s, &trust_on, out, sizeof(out), &v));
	for (size_t i = 0; i < sizeof(out); i++)
		CHECK(out[i] == 0);
	CHECK(memcmp(&s, &zero, sizeof(s)) == 0);
}

static void test_loop_guard(void)
{
	for (unsigned int i = 0; i < ES_MAX_STAGES; i++)
		CHECK(es_stage_may_chain(i));
	CHECK(!es_stage_may_chain(ES_MAX_STAGES));
	CHECK(!es_stage_may_chain(1000));
}

/* ---- es_cpu_gather() through arch/x86_64 against scripted instructions ---- */
#define RDRAND_BIT (1u << 30)
#define RDSEED_BIT (1u << 18)

static int random_words(uint64_t *v)
{
	*v = check_rand64();
	return 1;
}

/* A counter that passes Linux's start-up test (every sample differs). */
static uint64_t counter;
static int a_counter(uint64_t *v)
{
	*v = UINT64_C(0x9e3779b97f4a7c15) * ++counter;
	return 1;
}

static int never(uint64_t *v)
{
	*v = 0;
	return 0;
}

/* ---- the seed file: a conditional source, and the creation plan ---- */
static const uint8_t file_tok[ES_TOKEN_LEN] = { 0x5e, 0xed, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14,
						15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30 };

/* A seed file of n bytes: a header resting on other/cpu bits, bound to
 * file_tok (or to another token), then random contents. */
static void make_file(uint8_t *b, size_t n, uint32_t other, uint32_t cpu, bool bound)
{
	struct es_seedfile_header h = { .from = { .cpu_bits = cpu, .other_bits = other } };
	uint8_t tok[ES_TOKEN_LEN];

	check_rand_fill(b, n);
	memcpy(tok, file_tok, sizeof(tok));
	tok[0] ^= bound ? 0 : 1;
	if (n >= ES_SEEDFILE_HEADER)
		es_seedfile_seal(&h, tok, NULL, b);
}

struct fcase {
	uint32_t other, cpu;
	bool bound, commit, secure_boot, runtime;
	enum es_have token;
	enum es_file_reason block;
};

static void file_judge(const uint8_t *b, size_t n, const struct fcase *c, const struct es_trust *tr,
		       struct es_verdict *v)
{
	struct es_session s;
	struct es_file_token t = { c->token, file_tok, c->runtime, c->secure_boot, { 0, ES_GATE_BITS }, false, 0, false, false, false };

	es_session_begin(&s);
	es_session_add_seed_file(&s, b, n, &t);
	if (c->block != ES_FILE_COUNTED)
		es_session_block(&s, ES_SRC_SEED_FILE, c->block);
	if (c->commit)
		es_session_commit(&s, ES_SRC_SEED_FILE);
	judge(&s, tr, v);
	es_session_end(&s);
}

static void file_case(size_t n, const struct fcase *c, const struct es_trust *tr, struct es_verdict *v)
{
	static uint8_t b[ES_SEED_FILE_MAX + 8];

	make_file(b, n, c->other, c->cpu, c->bound);
	file_judge(b, n, c, tr, v);
}

#define FULL() ((const struct fcase){ 256, 0, true, true, false, false, ES_HAVE_YES, ES_FILE_COUNTED })

static void test_seed_file(void)
{
	struct es_verdict v;
	const struct es_source_info *r = es_source(ES_SRC_SEED_FILE);
	struct fcase c = FULL();

	CHECK(r->conditional && !r->cpu && !r->hardware && r->max_bits == ES_GATE_BITS);
	/* counts only once committed: 8 bits a byte, at most the gate */
	c.commit = false;
	file_case(ES_SEED_FILE_MIN, &c, &trust_on, &v);
	CHECK(v.state[ES_SRC_SEED_FILE] == ES_FAIL && v.bits[ES_SRC_SEED_FILE] == 0);
	CHECK(v.file_reason == ES_FILE_NOT_WRITTEN && !v.gate_met);
	c = FULL();
	file_case(ES_SEED_FILE_MIN, &c, &trust_on, &v);
	CHECK(v.state[ES_SRC_SEED_FILE] == ES_PASS && v.bits[ES_SRC_SEED_FILE] == 256);
	CHECK(v.file_reason == ES_FILE_COUNTED && v.gate_met && v.install && v.hw_bits == 0);
	CHECK(v.made_of.other_bits == 256 && v.made_of.cpu_bits == 0);
	/* resting on non-CPU bits: the CPU's trust does not touch it */
	file_case(ES_SEED_FILE_MIN, &c, &trust_cpu_off, &v);
	CHECK(v.bits[ES_SRC_SEED_FILE] == 256 && v.gate_met);
	file_case(ES_SEED_FILE_MAX, &c, &trust_on, &v);
	CHECK(v.bits[ES_SRC_SEED_FILE] == 256 && v.bytes[ES_SRC_SEED_FILE] == ES_SEED_FILE_MAX);
	/* never more than its header says the pool that wrote it held */
	c.other = 100;
	file_case(ES_SEED_FILE_MIN, &c, &trust_on, &v);
	CHECK(v.state[ES_SRC_SEED_FILE] == ES_PASS && v.bits[ES_SRC_SEED_FILE] == 100 && !v.gate_met);
	c.other = 1000; /* a header claiming more than the gate counts the gate */
	file_case(ES_SEED_FILE_MIN, &c, &trust_on, &v);
	CHECK(v.bits[ES_SRC_SEED_FILE] == 256);
	/* written from a pool that held nothing (a crash left zeros, no
	 * hardware since): never counts, whatever its bytes */
	c = FULL();
	c.other = 0;
	file_case(ES_SEED_FILE_MIN, &c, &trust_on, &v);
	CHECK(v.state[ES_SRC_SEED_FILE] == ES_FAIL && v.file_reason == ES_FILE_UNSEEDED && !v.gate_met);
	CHECK(v.bits[ES_SRC_SEED_FILE] == 0 && v.counted_bits == 0);
	/* resting on the CPU: counted under trust_cpu only (no laundering) */
	c.cpu = 256;
	file_case(ES_SEED_FILE_MIN, &c, &trust_on, &v);
	CHECK(v.bits[ES_SRC_SEED_FILE] == 256 && v.made_of.cpu_bits == 256 && v.made_of.other_bits == 0);
	file_case(ES_SEED_FILE_MIN, &c, &trust_cpu_off, &v);
	CHECK(v.state[ES_SRC_SEED_FILE] == ES_FAIL && v.file_reason == ES_FILE_CPU_UNTRUSTED && !v.gate_met);
	CHECK(v.untrusted_bits == 256);
	c.other = 56;
	file_case(ES_SEED_FILE_MIN, &c, &trust_cpu_off, &v);
	CHECK(v.bits[ES_SRC_SEED_FILE] == 56 && v.untrusted_bits == 256);
	/* too short, not ours, an older earlyseed's raw file */
	c = FULL();
	file_case(ES_SEED_FILE_MIN - 1, &c, &trust_on, &v);
	CHECK(v.state[ES_SRC_SEED_FILE] == ES_FAIL && v.file_reason == ES_FILE_SHORT && !v.gate_met);
	file_case(0, &c, &trust_on, &v);
	CHECK(v.state[ES_SRC_SEED_FILE] == ES_FAIL && v.file_reason == ES_FILE_SHORT);
	{
		static uint8_t raw[128];

		check_rand_fill(raw, sizeof(raw));
		file_judge(raw, sizeof(raw), &c, &trust_on, &v);
		CHECK(v.state[ES_SRC_SEED_FILE] == ES_FAIL && v.file_reason == ES_FILE_NOT_OURS && !v.gate_met);
		CHECK(v.bytes[ES_SRC_SEED_FILE] == sizeof(raw));
		memset(raw, 0, sizeof(raw));
		file_judge(raw, sizeof(raw), &c, &trust_on, &v);
		CHECK(v.state[ES_SRC_SEED_FILE] == ES_FAIL && v.file_reason == ES_FILE_NO_HEADER && !v.gate_met);
	}
	/* the machine: no token (a clone), a bad one, another machine's file */
	c = FULL();
	c.token = ES_HAVE_NONE;
	file_case(ES_SEED_FILE_MIN, &c, &trust_on, &v);
	CHECK(v.state[ES_SRC_SEED_FILE] == ES_FAIL && v.file_reason == ES_FILE_NO_TOKEN && !v.gate_met);
	c.token = ES_HAVE_BAD;
	file_case(ES_SEED_FILE_MIN, &c, &trust_on, &v);
	CHECK(v.file_reason == ES_FILE_TOKEN_BAD && !v.gate_met);
	c = FULL();
	c.bound = false;
	file_case(ES_SEED_FILE_MIN, &c, &trust_on, &v);
	CHECK(v.state[ES_SRC_SEED_FILE] == ES_FAIL && v.file_reason == ES_FILE_OTHER_MACHINE && !v.gate_met);
	/* Secure Boot with a token the OS can read: the file alone proves
	 * nothing; a boot-service-only token, or no Secure Boot, is fine */
	c = FULL();
	c.secure_boot = c.runtime = true;
	file_case(ES_SEED_FILE_MIN, &c, &trust_on, &v);
	CHECK(v.state[ES_SRC_SEED_FILE] == ES_FAIL && v.file_reason == ES_FILE_TOKEN_EXPOSED && !v.gate_met);
	c.runtime = false;
	file_case(ES_SEED_FILE_MIN, &c, &trust_on, &v);
	CHECK(v.bits[ES_SRC_SEED_FILE] == 256);
	c.runtime = true;
	c.secure_boot = false;
	file_case(ES_SEED_FILE_MIN, &c, &trust_on, &v);
	CHECK(v.bits[ES_SRC_SEED_FILE] == 256);
	/* blocked: the first reason is kept, commit cannot undo it */
	c = FULL();
	for (int why = ES_FILE_RO_VOLUME; why < ES_FILE_REASONS; why++) {
		if (why == ES_FILE_NO_VOLUME || why == ES_FILE_EARLIER_STAGE)
			continue; /* nothing there: never blocks a file that is */
		c.block = (enum es_file_reason)why;
		file_case(ES_SEED_FILE_MIN, &c, &trust_on, &v);
		CHECK(v.state[ES_SRC_SEED_FILE] == ES_FAIL && v.file_reason == why && !v.gate_met);
		CHECK(strcmp(es_file_reason_text((enum es_file_reason)why), "unknown reason") != 0);
	}
	/* all-zero and a repeated pattern after the header fail their tests */
	{
		static uint8_t z[ES_SEED_FILE_MIN];

		c = FULL();
		make_file(z, sizeof(z), 256, 0, true);
		memset(z + ES_SEEDFILE_HEADER, 0, sizeof(z) - ES_SEEDFILE_HEADER);
		file_judge(z, sizeof(z), &c, &trust_on, &v);
		CHECK(v.state[ES_SRC_SEED_FILE] == ES_FAIL && v.file_reason == ES_FILE_HEALTH && !v.gate_met);
		for (size_t i = ES_SEEDFILE_HEADER; i < sizeof(z); i++)
			z[i] = (uint8_t)(i % 16 * 17 + 3);
		file_judge(z, sizeof(z), &c, &trust_on, &v);
		CHECK(v.state[ES_SRC_SEED_FILE] == ES_FAIL && v.file_reason == ES_FILE_HEALTH);
	}
	/* missing and off are not failures */
	{
		struct es_session s;

		es_session_begin(&s);
		es_session_block(&s, ES_SRC_SEED_FILE, ES_FILE_MISSING);
		judge(&s, &trust_on, &v);
		CHECK(v.state[ES_SRC_SEED_FILE] == ES_ABSENT && v.file_reason == ES_FILE_MISSING);
		es_session_begin(&s);
		judge(&s, &trust_on, &v);
		CHECK(v.file_reason == ES_FILE_MISSING);
		es_session_block(&s, ES_SRC_SEED_FILE, ES_FILE_OFF);
		judge(&s, &trust_on, &v);
		CHECK(v.state[ES_SRC_SEED_FILE] == ES_ABSENT && v.file_reason == ES_FILE_OFF);
		es_session_end(&s);
	}
}

/* The header on values: round trip, caps, anything else refused. */
static void test_seedfile_header(void)
{
	struct es_seedfile_header h = { .from = { .cpu_bits = 17, .other_bits = 300 }, .flags = 5 }, g;
	uint8_t b[ES_SEEDFILE_HEADER], bind2[ES_SEEDFILE_BIND_LEN], id[16] = { 1, 2, 3 };

	es_seedfile_seal(&h, file_tok, check_ids(NULL, id, NULL), b);
	CHECK(memcmp(b, ES_SEEDFILE_MAGIC, 8) == 0);
	CHECK(es_seedfile_parse(b, sizeof(b), &g));
	/* seal keeps the trust bit, sets the identity flags it was given */
	CHECK(g.from.other_bits == 256 && g.from.cpu_bits == 17 && g.flags == (1u | ES_SEEDFILE_F_SMBIOS));
	CHECK(memcmp(g.bind, h.bind, sizeof(h.bind)) == 0 && memcmp(g.mac, h.mac, sizeof(h.mac)) == 0);
	CHECK(memcmp(g.tag[ES_ID_UUID], h.tag[ES_ID_UUID], 8) == 0 && memcmp(b + 32, h.tag[ES_ID_UUID], 8) == 0);
	CHECK(es_seedfile_check(b, sizeof(b), file_tok, check_ids(NULL, id, NULL), true) == ES_FILE_COUNTED);
	CHECK(!es_seedfile_parse(b, sizeof(b) - 1, &g) && g.from.other_bits == 0);
	b[0] ^= 1;
	CHECK(!es_seedfile_parse(b, sizeof(b), &g));
	CHECK(!es_seedfile_parse(NULL, 64, &g));
	/* the binding depends on every token byte, and shows none of it */
	for (size_t i = 0; i < ES_TOKEN_LEN; i++) {
		uint8_t t[ES_TOKEN_LEN];

		memcpy(t, file_tok, sizeof(t));
		t[i] ^= 0x80;
		es_seedfile_bind(t, bind2);
		CHECK(memcmp(bind2, h.bind, sizeof(bind2)) != 0);
	}
	for (size_t i = 0; i + 4 <= sizeof(h.bind); i++)
		CHECK(memcmp(h.bind + i, file_tok, 4) != 0);
}

/* The trust a boot loader chain takes from the seed file's flags: only
 * ever less (the flags are on the ESP, for anyone who writes it). */
static void test_trust_from_seedfile(void)
{
	struct es_trust t = trust_on;

	CHECK(es_seedfile_flags(&trust_on) == 0 && es_seedfile_flags(&trust_cpu_off) == ES_SEEDFILE_F_NO_CPU_TRUST);
	es_trust_from_seedfile(&t, 0);
	CHECK(t.cpu && t.bootloader && !t.cpu_set);
	es_trust_from_seedfile(&t, ES_SEEDFILE_F_NO_CPU_TRUST | 0xfffffff0u);
	CHECK(!t.cpu && t.cpu_set && t.bootloader);
	t = trust_bl_off;
	es_trust_from_seedfile(&t, 0xffffffffu);
	CHECK(!t.cpu && !t.bootloader); /* never credits the table less than the command line said */
	t = trust_cpu_off;
	es_trust_from_seedfile(&t, 0);
	CHECK(!t.cpu); /* never trusts more */
}

/* The token's own account (Hardening III, 1): a file bound to it counts no
 * more than the token holds under this trust, whatever its header says (an
 * ESP writer forges the header; the token is the secret left). */
static void token_judge(uint32_t h_other, uint32_t h_cpu, uint32_t t_other, uint32_t t_cpu,
			const struct es_trust *tr, struct es_verdict *v)
{
	static uint8_t b[ES_SEED_FILE_MIN];
	struct es_session s;
	struct es_file_token t = { ES_HAVE_YES, file_tok, false, false, { t_cpu, t_other }, false, 0, false, false, false };

	make_file(b, sizeof(b), h_other, h_cpu, true);
	es_session_begin(&s);
	es_session_add_seed_file(&s, b, sizeof(b), &t);
	es_session_commit(&s, ES_SRC_SEED_FILE);
	judge(&s, tr, v);
	es_session_end(&s);
}

/* The machine's identity (issue 25; Hardening IV, 3): a file counts only
 * under the VM generation ID (when the policy checks it) and the SMBIOS
 * UUID it was written under, and the rows that hand them in may come before
 * or after the file (the engine applies the rule when it judges). */
struct idcase {
	const uint8_t *genid_then, *genid_now, *uuid_then, *uuid_now;
	bool check;
};

static enum es_file_reason id_judge(const struct idcase *c, bool rows_first)
{
	static uint8_t b[ES_SEED_FILE_MIN];
	struct es_seedfile_header h = { .from = { .cpu_bits = 0, .other_bits = 256 } };
	struct es_file_token t = { ES_HAVE_YES, file_tok, false, false, { 0, 256 }, c->check, 0, false, false, false };
	struct es_session s;
	struct es_verdict v;

	check_rand_fill(b, sizeof(b));
	es_seedfile_seal(&h, file_tok, check_ids(c->genid_then, c->uuid_then, NULL), b);
	es_session_begin(&s);
	for (int pass = 0; pass < 2; pass++) {
		if ((pass == 0) == rows_first) {
			if (c->genid_now != NULL)
				(void)es_session_add(&s, ES_SRC_VMGENID, c->genid_now, ES_VMGENID_LEN);
			if (c->uuid_now != NULL)
				(void)es_session_add(&s, ES_SRC_SMBIOS, c->uuid_now, ES_UUID_LEN);
		} else {
			es_session_add_seed_file(&s, b, sizeof(b), &t);
		}
	}
	es_session_commit(&s, ES_SRC_SEED_FILE);
	judge(&s, &trust_cpu_off, &v);
	es_session_end(&s);
	CHECK((v.file_reason == ES_FILE_COUNTED) == (v.bits[ES_SRC_SEED_FILE] == 256));
	return (enum es_file_reason)v.file_reason;
}

static enum es_file_reason id_both(const struct idcase *c)
{
	enum es_file_reason a = id_judge(c, true), b = id_judge(c, false);

	CHECK(a == b); /* the rows' order changes nothing */
	return a;
}

static void test_machine_identity(void)
{
	uint8_t x[ES_VMGENID_LEN], y[ES_VMGENID_LEN], u[ES_UUID_LEN], w[ES_UUID_LEN];

	check_rand_fill(x, sizeof(x));
	memcpy(y, x, sizeof(y));
	y[15] ^= 0x80;
	check_rand_fill(u, sizeof(u));
	memcpy(w, u, sizeof(w));
	w[0] ^= 1;
	/* the VM generation ID, under vmgenid = check */
	CHECK(id_both(&(struct idcase){ x, x, NULL, NULL, true }) == ES_FILE_COUNTED);    /* the same VM */
	CHECK(id_both(&(struct idcase){ x, y, NULL, NULL, true }) == ES_FILE_VM_CHANGED); /* a clone */
	CHECK(id_both(&(struct idcase){ x, NULL, NULL, NULL, true }) == ES_FILE_VM_CHANGED); /* moved where there is none */
	CHECK(id_both(&(struct idcase){ NULL, y, NULL, NULL, true }) == ES_FILE_VM_CHANGED); /* untagged, an ID now */
	CHECK(id_both(&(struct idcase){ x, y, NULL, NULL, false }) == ES_FILE_COUNTED);    /* vmgenid = mix */
	CHECK(id_both(&(struct idcase){ NULL, y, NULL, NULL, false }) == ES_FILE_COUNTED);
	CHECK(id_both(&(struct idcase){ NULL, NULL, NULL, NULL, true }) == ES_FILE_COUNTED);
	CHECK(strstr(es_file_reason_text(ES_FILE_VM_CHANGED), "a clone") != NULL);
	/* the SMBIOS UUID, always: a cloud image booted as another instance */
	CHECK(id_both(&(struct idcase){ NULL, NULL, u, u, true }) == ES_FILE_COUNTED);
	CHECK(id_both(&(struct idcase){ NULL, NULL, u, w, false }) == ES_FILE_ID_CHANGED);
	CHECK(id_both(&(struct idcase){ NULL, NULL, u, NULL, false }) == ES_FILE_ID_CHANGED);
	CHECK(id_both(&(struct idcase){ NULL, NULL, NULL, u, false }) == ES_FILE_ID_CHANGED);
	CHECK(id_both(&(struct idcase){ x, x, u, u, true }) == ES_FILE_COUNTED);
	CHECK(id_both(&(struct idcase){ x, y, u, w, true }) == ES_FILE_VM_CHANGED); /* the first rule says why */
	/* a row of another length is no identity */
	{
		struct es_session s;
		uint8_t big[17] = { 0 };

		es_session_begin(&s);
		(void)es_session_add(&s, ES_SRC_SMBIOS, u, 15);
		(void)es_session_add(&s, ES_SRC_VMGENID, big, sizeof(big));
		CHECK(s.ids.have == 0);
		es_session_end(&s);
	}
}

/* The tags: keyed (another token, another ID, another label: another tag),
 * and never the ID itself. */
static void test_seedfile_tags(void)
{
	uint8_t x[16], y[16], other_tok[ES_TOKEN_LEN], a[8], b[8];

	check_rand_fill(x, sizeof(x));
	memcpy(y, x, sizeof(y));
	y[7] ^= 4;
	memcpy(other_tok, file_tok, sizeof(other_tok));
	other_tok[31] ^= 1;
	es_seedfile_tag(file_tok, ES_ID_GENID, x, a);
	es_seedfile_tag(other_tok, ES_ID_GENID, x, b);
	CHECK(memcmp(a, b, 8) != 0);
	es_seedfile_tag(file_tok, ES_ID_GENID, y, b);
	CHECK(memcmp(a, b, 8) != 0);
	es_seedfile_tag(file_tok, ES_ID_UUID, x, b);
	CHECK(memcmp(a, b, 8) != 0);
	es_seedfile_tag(file_tok, ES_ID_GENID, x, b);
	CHECK(memcmp(a, b, 8) == 0 && memcmp(a, x, 8) != 0 && memcmp(a, x + 8, 8) != 0);
}

/* The header's MAC (Hardening IV, 2): an ESP writer who edits any field
 * that decides a count — either count, a flag, a tag, the binding — gets a
 * file that is mixed, never counted; the one bit outside the MAC only takes
 * trust away. */
static void test_header_mac(void)
{
	static uint8_t b[ES_SEED_FILE_MIN], e[ES_SEED_FILE_MIN];
	struct es_seedfile_header h = { .from = { .cpu_bits = 0, .other_bits = 0 } };
	uint8_t id[16] = { 9, 8, 7 };
	struct fcase c = { 0, 0, true, true, false, false, ES_HAVE_YES, ES_FILE_COUNTED };
	struct es_verdict v;

	check_rand_fill(b, sizeof(b));
	es_seedfile_seal(&h, file_tok, check_ids(id, NULL, NULL), b);
	CHECK(es_seedfile_check(b, sizeof(b), file_tok, check_ids(id, NULL, NULL), true) == ES_FILE_COUNTED);
	/* every bit of bytes 0..63 but the trust bit breaks it */
	for (size_t bit = 64; bit < 8 * ES_SEEDFILE_HEADER; bit++) {
		enum es_file_reason r;

		memcpy(e, b, sizeof(e));
		e[bit / 8] ^= (uint8_t)(1u << (bit % 8));
		r = es_seedfile_check(e, sizeof(e), file_tok, check_ids(id, NULL, NULL), true);
		if (bit == 8 * 12)
			CHECK(r == ES_FILE_COUNTED);
		else if (bit >= 8 * 16 && bit < 8 * 24)
			CHECK(r == ES_FILE_OTHER_MACHINE);
		else
			CHECK(r == ES_FILE_BAD_MAC);
	}
	/* "unseeded" rewritten to "rests on 256 bits": not counted, and why */
	memcpy(e, b, sizeof(e));
	e[9] = 1; /* other_bits = 256 */
	file_judge(e, sizeof(e), &c, &trust_on, &v);
	CHECK(v.state[ES_SRC_SEED_FILE] == ES_FAIL && v.file_reason == ES_FILE_BAD_MAC && v.counted_bits == 0);
	/* the generation ID's tag stripped: the same */
	memcpy(e, b, sizeof(e));
	e[12] &= (uint8_t)~ES_SEEDFILE_F_VMGENID;
	memset(e + 24, 0, 8);
	CHECK(es_seedfile_check(e, sizeof(e), file_tok, NULL, true) == ES_FILE_BAD_MAC);
	/* an earlier release's file: mixed, never counted */
	memcpy(e, b, sizeof(e));
	memcpy(e, ES_SEEDFILE_MAGIC_V1, 8);
	file_judge(e, sizeof(e), &c, &trust_on, &v);
	CHECK(v.file_reason == ES_FILE_OLD_FORMAT && v.bytes[ES_SRC_SEED_FILE] == sizeof(e));
	CHECK(es_seedfile_check(e, sizeof(e), file_tok, NULL, false) == ES_FILE_OLD_FORMAT);
	CHECK(es_seedfile_check(e, 8, file_tok, NULL, false) == ES_FILE_OLD_FORMAT);
	e[7] = '3';
	CHECK(es_seedfile_check(e, sizeof(e), file_tok, NULL, false) == ES_FILE_NO_HEADER);
}

/* Whose file it is (Hardening IV, 4): earlyseed rewrites only an empty file,
 * one of zeros, or one with its magic. */
static void test_seedfile_ours(void)
{
	static uint8_t z[4096], pe[4096];
	struct es_session s;
	struct es_verdict v;
	struct es_file_token t = { ES_HAVE_YES, file_tok, false, false, { 0, 256 }, false, 0, false, false, false };

	memcpy(pe, "MZ\x90\0", 4);
	CHECK(es_seedfile_ours(NULL, 0, 0) && es_seedfile_ours(z, 0, 0));
	CHECK(es_seedfile_ours(z, sizeof(z), sizeof(z)));
	CHECK(!es_seedfile_ours(z, sizeof(z), sizeof(z) + 1)); /* zeros as far as read, more after */
	CHECK(es_seedfile_ours(ES_SEEDFILE_MAGIC, 8, 5000) && es_seedfile_ours(ES_SEEDFILE_MAGIC_V1, 8, 8));
	CHECK(!es_seedfile_ours(pe, sizeof(pe), sizeof(pe)) && !es_seedfile_ours(pe, 4, 4));
	CHECK(!es_seedfile_ours("ESSEED", 6, 6) && !es_seedfile_ours(NULL, 0, 5));
	es_session_begin(&s);
	t.size = 900000;
	es_session_add_seed_file(&s, pe, sizeof(pe), &t);
	CHECK(s.file_foreign && s.bytes[ES_SRC_SEED_FILE] == sizeof(pe));
	es_session_commit(&s, ES_SRC_SEED_FILE);
	judge(&s, &trust_on, &v);
	CHECK(v.file_reason == ES_FILE_NOT_OURS && v.state[ES_SRC_SEED_FILE] == ES_FAIL);
	es_session_end(&s);
}

/* U-Boot's variable store (lib/efi_loader/efi_var_file.c): a token the
 * firmware keeps on the disk is no secret (the file counts only by the
 * owner's choice); a token the firmware lost is named as lost. */
static void disk_case(bool have, bool disk_kept, bool count_disk, bool lost, enum es_file_reason want)
{
	static uint8_t b[ES_SEED_FILE_MIN];
	struct es_session s;
	struct es_verdict v;
	struct es_file_token t = { have ? ES_HAVE_YES : ES_HAVE_NONE, file_tok, false, false, { 0, 256 }, false, 0,
				   disk_kept, count_disk, lost };

	make_file(b, sizeof(b), 256, 0, true);
	es_session_begin(&s);
	es_session_add_seed_file(&s, b, sizeof(b), &t);
	es_session_commit(&s, ES_SRC_SEED_FILE);
	judge(&s, &trust_on, &v);
	CHECK(v.file_reason == want);
	CHECK((v.state[ES_SRC_SEED_FILE] == ES_PASS) == (want == ES_FILE_COUNTED));
	es_session_end(&s);
}

/* What tells one boot from the last (es_clock_tells_boots_apart). */
static void test_clock_evidence(void)
{
	CHECK(es_clock_tells_boots_apart(true, 1ull << 32, false, 0));   /* edk2: the high half grew */
	CHECK(!es_clock_tells_boots_apart(false, 1ull << 32, true, 2026)); /* the count failed */
	CHECK(!es_clock_tells_boots_apart(true, 7, false, 0));           /* U-Boot, no clock */
	CHECK(!es_clock_tells_boots_apart(true, 7, true, 1970));         /* ... an unset one */
	CHECK(!es_clock_tells_boots_apart(true, 7, true, ES_CLOCK_SET_YEAR - 1));
	CHECK(es_clock_tells_boots_apart(true, 7, true, ES_CLOCK_SET_YEAR)); /* ... a set one */
}

static void test_token_on_disk(void)
{
	disk_case(true, false, false, false, ES_FILE_COUNTED);      /* edk2: NVRAM */
	disk_case(true, true, false, false, ES_FILE_TOKEN_ON_DISK); /* U-Boot's \ubootefi.var */
	disk_case(true, true, true, false, ES_FILE_COUNTED);        /* disk_token = count */
	disk_case(false, false, false, true, ES_FILE_TOKEN_LOST);   /* not kept at all */
	disk_case(false, false, false, false, ES_FILE_NO_TOKEN);    /* a clone */
	CHECK(strstr(es_file_reason_text(ES_FILE_TOKEN_ON_DISK), "\\ubootefi.var") != NULL);
}

static void test_token_account(void)
{
	struct es_verdict v;
	struct es_provenance from;
	uint8_t raw[ES_TOKEN_VAR_LEN + 1], tok[ES_TOKEN_LEN];
	const struct es_provenance rdrand = { .cpu_bits = 256, .other_bits = 0 };

	/* a token made on an RDRAND-only machine, a forged header claiming
	 * 256 non-CPU bits, a boot with random.trust_cpu=off: nothing counts */
	token_judge(256, 0, 0, 256, &trust_cpu_off, &v);
	CHECK(v.state[ES_SRC_SEED_FILE] == ES_FAIL && v.bits[ES_SRC_SEED_FILE] == 0);
	CHECK(v.file_reason == ES_FILE_TOKEN_UNTRUSTED && !v.gate_met && v.counted_bits == 0);
	/* ... and the same file under trust counts, as the CPU's */
	token_judge(256, 0, 0, 256, &trust_on, &v);
	CHECK(v.bits[ES_SRC_SEED_FILE] == 256 && v.gate_met);
	CHECK(v.made_of.cpu_bits == 256 && v.made_of.other_bits == 0);
	/* a token resting in part on the CPU: the non-CPU part is the bound */
	token_judge(256, 0, 100, 156, &trust_cpu_off, &v);
	CHECK(v.state[ES_SRC_SEED_FILE] == ES_PASS && v.bits[ES_SRC_SEED_FILE] == 100 && !v.gate_met);
	CHECK(v.made_of.other_bits == 100 && v.made_of.cpu_bits == 0);
	token_judge(256, 0, 100, 156, &trust_on, &v);
	CHECK(v.bits[ES_SRC_SEED_FILE] == 256 && v.made_of.other_bits == 100 && v.made_of.cpu_bits == 156);
	/* the header still bounds a strong token */
	token_judge(40, 0, 256, 0, &trust_cpu_off, &v);
	CHECK(v.bits[ES_SRC_SEED_FILE] == 40);
	token_judge(0, 256, 256, 0, &trust_cpu_off, &v);
	CHECK(v.file_reason == ES_FILE_CPU_UNTRUSTED && v.bits[ES_SRC_SEED_FILE] == 0);
	/* both strong: as before */
	token_judge(256, 0, 256, 0, &trust_cpu_off, &v);
	CHECK(v.bits[ES_SRC_SEED_FILE] == 256 && v.gate_met && v.made_of.other_bits == 256);

	/* the variable: token, magic, account; round trip */
	es_token_encode(file_tok, &rdrand, raw);
	CHECK(memcmp(raw, file_tok, ES_TOKEN_LEN) == 0 && memcmp(raw + ES_TOKEN_LEN, ES_TOKEN_MAGIC, 4) == 0);
	memset(tok, 0, sizeof(tok));
	CHECK(es_token_decode(raw, ES_TOKEN_VAR_LEN, tok, &from));
	CHECK(memcmp(tok, file_tok, sizeof(tok)) == 0 && from.cpu_bits == 256 && from.other_bits == 0);
	/* an account over the gate is capped */
	raw[ES_TOKEN_LEN + 4] = 0xff;
	raw[ES_TOKEN_LEN + 5] = 0xff;
	CHECK(es_token_decode(raw, ES_TOKEN_VAR_LEN, tok, &from) && from.other_bits == 256);
	/* an older 32-byte token: taken as resting on the CPU alone */
	CHECK(es_token_decode(file_tok, ES_TOKEN_LEN, tok, &from) && from.cpu_bits == 256 && from.other_bits == 0);
	/* wrong magic, wrong sizes, all bytes equal: not a token */
	raw[ES_TOKEN_LEN] ^= 1;
	CHECK(!es_token_decode(raw, ES_TOKEN_VAR_LEN, tok, &from) && from.cpu_bits == 0 && from.other_bits == 0);
	raw[ES_TOKEN_LEN] ^= 1;
	CHECK(!es_token_decode(raw, ES_TOKEN_VAR_LEN + 1, tok, &from));
	CHECK(!es_token_decode(raw, ES_TOKEN_LEN - 1, tok, &from));
	CHECK(!es_token_decode(raw, 0, tok, &from) && !es_token_decode(NULL, ES_TOKEN_LEN, tok, &from));
	memset(raw, 0x5a, ES_TOKEN_LEN);
	CHECK(!es_token_decode(raw, ES_TOKEN_VAR_LEN, tok, &from));
	CHECK(strcmp(es_file_reason_text(ES_FILE_TOKEN_UNTRUSTED), "unknown reason") != 0);
	CHECK(strcmp(es_file_reason_text(ES_FILE_NO_COUNTER), "unknown reason") != 0);
}

/* What the next contents rest on (es_session_file_provenance): the pool's
 * counted sources, the old file only when it is about to count. */
static void test_file_provenance(void)
{
	static uint8_t b[ES_SEED_FILE_MIN];
	struct es_session s;
	struct es_file_token t = { ES_HAVE_YES, file_tok, false, false, { 0, ES_GATE_BITS }, false, 0, false, false, false };
	struct es_provenance from;
	struct es_verdict v;

	/* a crash left zeros, no hardware since: the rewrite rests on nothing,
	 * and so never counts at the next boot (issue: Hardening II, 2) */
	memset(b, 0, sizeof(b));
	es_session_begin(&s);
	add_random(&s, ES_SRC_CLOCK, 24);
	(void)es_session_add(&s, ES_SRC_TOKEN, file_tok, ES_TOKEN_LEN);
	es_session_add_seed_file(&s, b, sizeof(b), &t);
	es_session_file_provenance(&s, &trust_on, true, &from);
	CHECK(from.other_bits == 0 && from.cpu_bits == 0);
	es_session_end(&s);
	/* a counting file: its bits carry on */
	make_file(b, sizeof(b), 200, 56, true);
	es_session_begin(&s);
	es_session_add_seed_file(&s, b, sizeof(b), &t);
	es_session_file_provenance(&s, &trust_on, false, &from);
	CHECK(from.other_bits == 0 && from.cpu_bits == 0); /* not about to count */
	es_session_file_provenance(&s, &trust_on, true, &from);
	CHECK(from.other_bits == 200 && from.cpu_bits == 56);
	es_session_file_provenance(&s, &trust_cpu_off, true, &from);
	CHECK(from.other_bits == 200 && from.cpu_bits == 0);
	judge(&s, &trust_on, &v);
	CHECK(v.state[ES_SRC_SEED_FILE] == ES_FAIL); /* asking changed nothing */
	/* with hardware: capped at the gate each */
	add_random(&s, ES_SRC_EFI_RNG, 512);
	add_words(&s, ES_SRC_RDSEED, ES_CPU_LONGS);
	es_session_file_provenance(&s, &trust_on, true, &from);
	CHECK(from.other_bits == 256 && from.cpu_bits == 256);
	es_session_file_provenance(&s, &trust_cpu_off, false, &from);
	CHECK(from.other_bits == 256 && from.cpu_bits == 0);
	es_session_end(&s);
}

/* The token is mixed and counts nothing; distinct labels give unrelated
 * outputs of one pool. */
static void test_token_and_labels(void)
{
	struct es_session s;
	struct es_verdict v;
	uint8_t tok[ES_TOKEN_LEN], a[32], b[32], c[32];

	check_rand_fill(tok, sizeof(tok));
	es_session_begin(&s);
	CHECK(es_session_add(&s, ES_SRC_TOKEN, tok, sizeof(tok)) == 0);
	judge(&s, &trust_on, &v);
	CHECK(v.counted_bits == 0 && v.bytes[ES_SRC_TOKEN] == ES_TOKEN_LEN);
	CHECK(es_session_extract(&s, ES_LABEL_TABLE, a, 32) == 0);
	CHECK(es_session_extract(&s, ES_LABEL_FILE, b, 32) == 0);
	CHECK(es_session_extract(&s, ES_LABEL_TOKEN, c, 32) == 0);
	CHECK(memcmp(a, b, 32) != 0 && memcmp(a, c, 32) != 0 && memcmp(b, c, 32) != 0);
	CHECK(memcmp(c, tok, 32) != 0);
	es_session_end(&s);
}

static void plan_case(uint32_t hw, enum es_have token, enum es_have file, struct es_file_plan *p)
{
	struct es_verdict v;

	memset(&v, 0, sizeof(v));
	v.hw_bits = hw;
	es_file_plan(&v, token, file, p);
}

static void test_file_plan(void)
{
	struct es_file_plan p;
	enum es_have t, f;

	/* every combination, against the rule written out */
	for (uint32_t hw = 0; hw <= 512; hw += 255) {
		for (t = ES_HAVE_NONE; t <= ES_HAVE_BAD; t++) {
			for (f = ES_HAVE_NONE; f <= ES_HAVE_BAD; f++) {
				bool met = hw >= ES_GATE_BITS;

				plan_case(hw, t, f, &p);
				CHECK(p.create_token == (t == ES_HAVE_NONE && met));
				CHECK(p.write_file == (f == ES_HAVE_YES || (f == ES_HAVE_NONE && met && t != ES_HAVE_BAD)));
				CHECK(p.create_file == (p.write_file && f == ES_HAVE_NONE));
				CHECK(p.may_count == (t == ES_HAVE_YES && f == ES_HAVE_YES));
			}
		}
	}
	/* never from clocks alone: a session with clocks, a token and no
	 * hardware creates nothing */
	{
		struct es_session s;
		struct es_verdict v;
		uint8_t clk[24] = { 1, 2, 3 };

		es_session_begin(&s);
		CHECK(es_session_add(&s, ES_SRC_CLOCK, clk, sizeof(clk)) == 0);
		add_random(&s, ES_SRC_TOKEN, ES_TOKEN_LEN);
		judge(&s, &trust_on, &v);
		es_file_plan(&v, ES_HAVE_YES, ES_HAVE_NONE, &p);
		CHECK(!p.write_file && !p.create_token);
		/* RDRAND alone under trust_cpu=off: not hardware enough */
		add_words(&s, ES_SRC_RDRAND, ES_CPU_LONGS);
		judge(&s, &trust_cpu_off, &v);
		CHECK(v.hw_bits == 0);
		es_file_plan(&v, ES_HAVE_NONE, ES_HAVE_NONE, &p);
		CHECK(!p.create_token && !p.write_file);
		judge(&s, &trust_on, &v);
		CHECK(v.hw_bits == 512);
		es_file_plan(&v, ES_HAVE_NONE, ES_HAVE_NONE, &p);
		CHECK(p.create_token && p.write_file && p.create_file && !p.may_count);
		es_session_end(&s);
	}
}

static void cpu_reset(void)
{
	memset(&fake_insn, 0, sizeof(fake_insn));
	fake_insn.max_leaf = 0x16;
}

static void test_cpu_gather(void)
{
	struct es_session s;
	struct es_cpu_report r;
	struct es_verdict v;

	/* no RDSEED: never executed; RDRAND fills every long after its start-up test */
	cpu_reset();
	fake_insn.leaf1_ecx = RDRAND_BIT;
	fake_insn.rdrand_fn = random_words;
	es_session_begin(&s);
	es_cpu_gather(&s, &cpurng_arch, NULL, &r);
	CHECK(r.present[ES_SRC_RDRAND] && !r.present[ES_SRC_RDSEED]);
	CHECK(r.longs[ES_SRC_RDRAND] == ES_CPU_LONGS && r.failed == 0 && fake_insn.rdseed_calls == 0);
	CHECK(fake_insn.rdrand_calls == ES_CPU_LONGS + 9);
	judge(&s, &trust_on, &v);
	CHECK(v.state[ES_SRC_RDSEED] == ES_ABSENT && v.bytes[ES_SRC_RDRAND] == 512);
	es_session_end(&s);
	/* RDSEED never ready: each long falls back to RDRAND; RDSEED fails */
	cpu_reset();
	fake_insn.leaf1_ecx = RDRAND_BIT;
	fake_insn.leaf7_ebx = RDSEED_BIT;
	fake_insn.rdrand_fn = random_words;
	fake_insn.rdseed_fn = never;
	es_session_begin(&s);
	es_cpu_gather(&s, &cpurng_arch, NULL, &r);
	CHECK(r.longs[ES_SRC_RDSEED] == 0 && r.longs[ES_SRC_RDRAND] == ES_CPU_LONGS);
	CHECK(fake_insn.rdseed_calls == ES_CPU_LONGS * CPURNG_RDSEED_TRIES);
	judge(&s, &trust_on, &v);
	CHECK(v.state[ES_SRC_RDSEED] == ES_FAIL && v.state[ES_SRC_RDRAND] == ES_PASS);
	es_session_end(&s);
	/* neither delivers: every long failed */
	cpu_reset();
	fake_insn.leaf1_ecx = RDRAND_BIT;
	fake_insn.rdrand_fn = never;
	es_session_begin(&s);
	es_cpu_gather(&s, &cpurng_arch, NULL, &r);
	CHECK(r.failed == ES_CPU_LONGS);
	judge(&s, &trust_on, &v);
	CHECK(v.state[ES_SRC_RDRAND] == ES_FAIL && strstr(v.why[ES_SRC_RDRAND], "start-up") != NULL);
	es_session_end(&s);
	/* a counter passes Linux's start-up test but not the batch checks */
	cpu_reset();
	fake_insn.leaf1_ecx = RDRAND_BIT;
	fake_insn.rdrand_fn = a_counter;
	es_session_begin(&s);
	es_cpu_gather(&s, &cpurng_arch, NULL, &r);
	judge(&s, &trust_on, &v);
	CHECK(v.state[ES_SRC_RDRAND] == ES_FAIL && strstr(v.why[ES_SRC_RDRAND], "counter") != NULL && !v.install);
	es_session_end(&s);
	/* no CPU RNG at all */
	cpu_reset();
	es_session_begin(&s);
	es_cpu_gather(&s, &cpurng_arch, NULL, &r);
	judge(&s, &trust_on, &v);
	CHECK(v.state[ES_SRC_RDSEED] == ES_ABSENT && v.state[ES_SRC_RDRAND] == ES_ABSENT);
	es_session_end(&s);
}

int main(void)
{
	RUN(test_token_on_disk);
	RUN(test_clock_evidence);
	trusts();
	RUN(test_source_table);
	RUN(test_healthy_machine);
	RUN(test_gate_edges);
	RUN(test_trust_cpu_off);
	RUN(test_trust_bootloader_off);
	RUN(test_failures_never_count);
	RUN(test_startup_distrusts_rdseed);
	RUN(test_efi_blocks);
	RUN(test_prev_tables);
	RUN(test_provenance);
	RUN(test_finish_wipes);
	RUN(test_loop_guard);
	RUN(test_cpu_gather);
	RUN(test_seed_file);
	RUN(test_seedfile_header);
	RUN(test_file_provenance);
	RUN(test_token_account);
	RUN(test_rng_and_tpm_once);
	RUN(test_rng_classify);
	RUN(test_rng_that_is_the_cpu);
	RUN(test_machine_identity);
	RUN(test_seedfile_tags);
	RUN(test_header_mac);
	RUN(test_seedfile_ours);
	RUN(test_trust_from_seedfile);
	RUN(test_token_and_labels);
	RUN(test_file_plan);
	return check_done();
}
