/* SPDX-License-Identifier: MIT */
/*
 * The fault matrix: efi/ compiled for the host against tests/fake_efi.c and
 * tests/fake_insn.c, run through every fault docs/faults.md "Faults handled" lists.
 * Every case checks the invariants in finish(): the next stage starts (or a
 * clear error is returned when it cannot be loaded), a table exists only when
 * the health gate allows and is <= 512 bytes and never all-zero, a previous
 * table is wiped and freed only after a successful install, the secrets are
 * zero when the next stage starts, and no seed byte is printed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/earlyseed.h"
#include "../efi/guid.h"
#include "../efi/console.h"
#include "../efi/main.h"
#include "../efi/stage.h"
#include "check.h"
#include "fake_efi.h"
#include "fake_insn.h"

#define RDRAND_BIT (1u << 30)
#define RDSEED_BIT (1u << 18)

/* The order the pass reads src_rows[] in (efi/pass.h pass_row_index): as
 * listed, or reversed (ES_ROWS_REVERSED=1 runs the whole matrix so). */
static bool rows_reversed;
extern const unsigned int src_row_count;

unsigned int pass_row_index(unsigned int i);
unsigned int pass_row_index(unsigned int i)
{
	return rows_reversed ? src_row_count - 1u - i : i;
}

static const char default_conf[] = "next = \\vmlinuz\ncmdline = console=ttyS0\n";
static const uint8_t kernel_image[16] = { 'M', 'Z' };
static EFI_STATUS rc;

static int good_cpu(uint64_t *v)
{
	*v = check_rand64();
	fake_note_source(v, 8);
	return 1;
}

static int all_ones(uint64_t *v)
{
	*v = UINT64_MAX;
	return 1;
}

static int zero_cf1(uint64_t *v)
{
	*v = 0;
	return 1;
}

static int never_ready(uint64_t *v)
{
	*v = 0;
	return 0;
}

static struct fake_file_entry *add_file(const char *path, const void *data, size_t len, bool loadable)
{
	struct fake_file_entry *e = &fake.files[fake.nfiles++];

	e->path = path;
	e->data = data;
	e->len = len;
	e->loadable = loadable;
	return e;
}

/* Bytes of a previous table: no short period, no runs (passes its tests). */
static uint8_t prev_byte(size_t i)
{
	uint32_t x = (uint32_t)i * 0x9e3779b1u + 0x7f4a7c15u;

	x ^= x >> 15;
	x *= 0x2c1b3c6du;
	x ^= x >> 12;
	return (uint8_t)(x >> 24);
}

/* A healthy machine: RDSEED and RDRAND, one EFI RNG, a config, a kernel. */
static void base(void)
{
	fake_efi_reset();
	memset(&fake_insn, 0, sizeof(fake_insn));
	fake_insn.max_leaf = 0x16;
	fake_insn.leaf1_ecx = RDRAND_BIT;
	fake_insn.leaf7_ebx = RDSEED_BIT;
	fake_insn.rdrand_fn = good_cpu;
	fake_insn.rdseed_fn = good_cpu;
	fake.nrngs = 1;
	fake.rngs[0].then = EFI_SUCCESS;
	add_file("\\EFI\\earlyseed\\earlyseed.conf", default_conf, sizeof(default_conf) - 1, false);
	add_file("\\vmlinuz", kernel_image, sizeof(kernel_image), true);
}

static void no_cpu_rng(void)
{
	fake_insn.leaf1_ecx = 0;
	fake_insn.leaf7_ebx = 0;
}

static struct es_table_seed *install_prev(uint32_t size, size_t alloc_bits)
{
	struct es_table_seed *t = fake_alloc(sizeof(*t) + alloc_bits);

	t->size = size;
	for (size_t i = 0; i < alloc_bits; i++)
		t->bits[i] = prev_byte(i);
	fake.prev_table = t;
	(void)ST->BootServices->InstallConfigurationTable(
		&(EFI_GUID)ES_LINUX_EFI_RANDOM_SEED_TABLE_GUID, t);
	return t;
}

static bool prev_intact(const struct es_table_seed *t, uint32_t size, size_t alloc_bits)
{
	if (!fake_is_live(t) || t->size != size)
		return false;
	for (size_t i = 0; i < alloc_bits; i++)
		if (t->bits[i] != prev_byte(i))
			return false;
	return true;
}

static bool logged(const char *s)
{
	return strstr(fake.log, s) != NULL;
}

static bool audit_decode_ok(struct es_audit_record *a)
{
	return fake.variable_set && es_audit_decode(fake.variable, fake.variable_len, a) == ES_AUDIT_OK;
}

/* Run efi_main and check the invariants every case must keep. */
__attribute__((noinline)) static void finish_boot(bool expect_table, bool expect_started)
{
	struct es_table_seed *t;
	struct es_audit_record a;

	rc = efi_main(fake_image_handle(), ST);
	/* What the kernel found when it started; without a start, what is left
	 * for the firmware's next boot option. */
	t = fake.started ? fake.table_at_start : fake_seed_table();
	if (t != NULL && t == fake.prev_table)
		t = NULL; /* still the earlier stage's: earlyseed installed none */
	if (fake.started && t != NULL)
		t = (struct es_table_seed *)fake.table_bytes_at_start; /* it may be freed by now */
	CHECK(logged("earlyseed: summary rdseed="));
	CHECK(fake.markers_installed == 0); /* every stage took its marker away */
	if (expect_started) {
		CHECK(fake.started);
		CHECK(rc == fake.start_status);
		CHECK(fake.stack_clean_at_start);
	} else {
		CHECK(!fake.started);
		CHECK(EFI_ERROR(rc));
		CHECK(logged("earlyseed: error: cannot load next stage ") ||
		      logged("earlyseed: error: Secure Boot refused next stage ") ||
		      logged("earlyseed: error: cannot pass the command line to ") ||
		      logged("earlyseed: error: loaded from a device with no file system"));
	}
	CHECK((t != NULL) == expect_table);
	if (t != NULL) {
		bool zero = true;
		char hex[9];

		CHECK(t->size == ES_SEED_LEN);
		for (uint32_t i = 0; i < t->size; i++)
			zero = zero && t->bits[i] == 0;
		CHECK(!zero);
		/* no seed byte in anything printed: not raw, not as hex */
		for (uint32_t i = 0; i + 4 <= t->size; i++) {
			CHECK(memmem(fake.log, fake.loglen, t->bits + i, 4) == NULL);
			snprintf(hex, sizeof(hex), "%02x%02x%02x%02x", t->bits[i], t->bits[i + 1], t->bits[i + 2],
				 t->bits[i + 3]);
			CHECK(strcasestr(fake.log, hex) == NULL);
		}
	}
	CHECK(fake.variable_set && es_audit_decode(fake.variable, fake.variable_len, &a) == ES_AUDIT_OK);
	if (fake.variable_set)
		CHECK(a.table_size == (t != NULL ? t->size : 0u) || logged("earlyseed: table: taken back: "));
	if (!fake.variable_set || (t != NULL) != expect_table || !fake.started != !expect_started)
		printf("#   log:\n%s", fake.log);
}

/* The harness's own leftovers (the token and file it copies between boots)
 * lie in dead stack where finish_boot's frame will be, above the app's
 * frames and out of the reach of the app's es_wipe_stack(): erase them
 * first, so that the scan at the next stage's start sees only what the app
 * left. Not instrumented: under ASan a big local gets redzones, which
 * would stay unwritten (measured: the bytes below the caller's frame). */
__attribute__((noinline, no_sanitize("address"))) static void wipe_harness_stack(void)
{
	volatile uint8_t area[65536]; /* all the scan reads (tests/fake_efi.c stack_clean) */

	for (size_t i = 0; i < sizeof(area); i++)
		area[i] = 0;
}

static void finish(bool expect_table, bool expect_started)
{
	wipe_harness_stack();
	finish_boot(expect_table, expect_started);
}

static void test_healthy_machine(void)
{
	base();
	finish(true, true);
	CHECK(strcmp(fake.started_path, "\\vmlinuz") == 0);
	CHECK(strcmp(fake.options, "console=ttyS0") == 0);
	CHECK(logged("health=rdseed:pass,rdrand:pass,efi_rng:pass"));
	CHECK(logged("efi_rng=64 "));
}

/* The machine earlyseed is for: no CPU RNG, no firmware RNG, a TPM. */
static void tpm_only(enum fake_tpm tpm)
{
	base();
	fake_insn.leaf1_ecx = 0;
	fake_insn.leaf7_ebx = 0;
	fake.no_rng_protocol = true;
	fake.tpm = tpm;
}

static void test_tpm_alone_seeds(void)
{
	struct es_audit_record a;

	tpm_only(FAKE_TPM_OK);
	finish(true, true);
	CHECK(logged("earlyseed: tpm: TPM2_GetRandom: 64 bytes in 2 calls"));
	CHECK(logged("health: tpm: pass (assumed 4 of 8 bits per byte)"));
	CHECK(logged(" tpm=64 ") && logged(",tpm:pass"));
	CHECK(fake.tpm_calls == 2 && fake.tpm_bad_commands == 0 && fake.events == 0);
	CHECK(audit_decode_ok(&a) && es_audit_present(&a, ES_SRC_TPM) && !es_audit_failed(&a, ES_SRC_TPM));
	CHECK(a.bytes[ES_SRC_TPM] == 64 && a.calls[ES_SRC_TPM] == 2 && a.entropy_bits == 256);
	/* a TPM is not the CPU: random.trust_cpu=off does not touch it */
	tpm_only(FAKE_TPM_OK);
	fake.files[0].data = (const uint8_t *)"next = \\vmlinuz\ncmdline = random.trust_cpu=off\n";
	fake.files[0].len = strlen((const char *)fake.files[0].data);
	finish(true, true);
	/* the config turns it off: nothing else here, no table */
	tpm_only(FAKE_TPM_OK);
	fake.files[0].data = (const uint8_t *)"next = \\vmlinuz\ntpm = off\n";
	fake.files[0].len = strlen((const char *)fake.files[0].data);
	finish(false, true);
	CHECK(logged("earlyseed: tpm: turned off (tpm = off)") && fake.tpm_calls == 0);
	/* the protocol with the TPM turned off in setup: absent, not failed */
	tpm_only(FAKE_TPM_OFF);
	finish(false, true);
	CHECK(logged("no TPM 2.0 present") && fake.tpm_calls == 0 && !logged(",tpm:"));
	/* and none: the same machine without a TPM gets no table */
	tpm_only(FAKE_TPM_NONE);
	finish(false, true);
	CHECK(logged("earlyseed: tpm: no EFI_TCG2_PROTOCOL (Not Found)") && !logged(",tpm:") && !logged(" tpm="));
}

/* A TPM that errs, answers short, repeats itself, or takes too long is
 * mixed, counts nothing, and the boot goes on. */
static void test_tpm_faults(void)
{
	static const struct {
		enum fake_tpm tpm;
		const char *said;
	} cases[] = {
		{ FAKE_TPM_SUBMIT_FAILS, "SubmitCommand failed (Device Error" },
		{ FAKE_TPM_RC_ERROR, "it answered an error code (Success, an error response code, rc 0x101)" },
		{ FAKE_TPM_SHORT, "it answered short: fewer bytes than asked within its 8 calls" },
		{ FAKE_TPM_REPEATS, "returned the same block twice" },
		{ FAKE_TPM_ZEROS, "returned a block of zeros" },
		{ FAKE_TPM_MALFORMED, "it answered a malformed response" },
		{ FAKE_TPM_TOO_LONG, "it answered a malformed response (Success, more bytes than asked" },
		{ FAKE_TPM_SLOW, "it took longer than its time bound (100 ms)" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct es_audit_record a;

		tpm_only(cases[i].tpm);
		finish(false, true);
		CHECK(logged(cases[i].said));
		CHECK(logged(",tpm:fail"));
		CHECK(audit_decode_ok(&a) && es_audit_failed(&a, ES_SRC_TPM) && a.entropy_bits == 0);
		CHECK(fake.tpm_calls <= 8 && fake.events == 0);
		if (!logged(cases[i].said))
			printf("#   case %zu\n%s", i, fake.log);
	}
	/* with the CPU's RNG beside it, a bad TPM costs only its own credit */
	base();
	fake.tpm = FAKE_TPM_REPEATS;
	finish(true, true);
	CHECK(logged(",tpm:fail") && logged("rdrand:pass"));
	/* TPM_RC_RETRY and TPM_RC_TESTING ask again (Linux retries both):
	 * within the call bound the TPM still seeds; past it, it fails */
	{
		static const uint32_t warn[] = { 0x922, 0x90a };

		for (size_t i = 0; i < 2; i++) {
			tpm_only(FAKE_TPM_OK);
			fake.tpm_warn_rc = warn[i];
			fake.tpm_warn_calls = 3;
			finish(true, true);
			CHECK(logged("tpm: TPM2_GetRandom: 64 bytes in 5 calls (3 asked again: busy or self-testing)"));
			CHECK(logged("tpm:pass"));
		}
		tpm_only(FAKE_TPM_OK);
		fake.tpm_warn_rc = 0x922;
		fake.tpm_warn_calls = 100;
		finish(false, true);
		CHECK(logged(",tpm:fail") && fake.tpm_calls == 8);
		CHECK(logged("it stayed busy or self-testing (TPM_RC_RETRY, TPM_RC_TESTING) through its 8 calls"));
		fake.tpm_warn_calls = 0;
	}
}

static void test_no_rng_protocol(void)
{
	base();
	fake.no_rng_protocol = true;
	finish(true, true);
	CHECK(logged("earlyseed: efi_rng: no EFI_RNG_PROTOCOL (Not Found)"));
	CHECK(logged("efi_rng=0 ") && logged("efi_rng:absent"));
}

static void test_rng_not_ready_then_data(void)
{
	static const EFI_STATUS six[] = { EFI_NOT_READY, EFI_NOT_READY, EFI_NOT_READY,
					  EFI_NOT_READY, EFI_NOT_READY, EFI_NOT_READY };

	base();
	fake.rngs[0].script = six;
	fake.rngs[0].script_len = 6;
	finish(true, true);
	CHECK(logged("instance 0: 64 bytes (raw algorithm, 8 calls)"));
	CHECK(logged("efi_rng:pass"));
}

static void test_rng_never_ready(void)
{
	base();
	fake.rngs[0].then = EFI_NOT_READY;
	finish(true, true);
	CHECK(fake.rngs[0].calls == 20); /* 10 RAW + 10 default, bounded */
	CHECK(logged("default algorithm: Not Ready after 10 tries, skipped"));
	CHECK(logged("efi_rng=0 ") && logged("health: efi_rng: fail: delivered no bytes"));
}

static void test_rng_device_error(void)
{
	base();
	fake.rngs[0].then = EFI_DEVICE_ERROR;
	finish(true, true);
	CHECK(fake.rngs[0].calls == 2);
	CHECK(logged("Device Error"));
	CHECK(logged("efi_rng=0 "));
}

static void test_rng_raw_unsupported(void)
{
	base();
	fake.rngs[0].raw_unsupported = true;
	finish(true, true);
	CHECK(logged("raw algorithm: Unsupported after 1 tries, trying default"));
	CHECK(logged("instance 0: 64 bytes (default algorithm"));
}

/* U-Boot with a TPM and no other RNG device (its tpm-rng behind
 * EFI_RNG_PROTOCOL): the first GetRNG(RAW) answered EFI_DEVICE_ERROR in
 * ../shared/SPEC.md section 16's runs; the default algorithm then works. */
static void test_rng_raw_device_error_then_default(void)
{
	static const EFI_STATUS first[] = { EFI_DEVICE_ERROR };

	base();
	no_cpu_rng();
	fake.rngs[0].script = first;
	fake.rngs[0].script_len = 1;
	fake.rngs[0].then = EFI_SUCCESS;
	finish(true, true);
	CHECK(logged("raw algorithm: Device Error after 1 tries, trying default"));
	CHECK(logged("instance 0: 64 bytes (default algorithm") && logged("efi_rng=64 "));
}

static void test_rng_refuses_short_requests(void)
{
	base();
	no_cpu_rng();
	fake.rngs[0].min32 = true;
	finish(true, true); /* 64 bytes at 4 bits: 256 */
	CHECK(fake.rngs[0].short_requests == 0);
	CHECK(logged("efi_rng=64 "));
}

static void test_rng_repeats_itself(void)
{
	base();
	fake.rngs[0].constant = true;
	finish(true, true); /* the CPU still carries the table */
	CHECK(logged("earlyseed: health: efi_rng: fail: returned the same block twice"));
	CHECK(logged("efi_rng=64 ") && logged("efi_rng:fail"));
	/* alone, a repeating RNG makes no table */
	base();
	no_cpu_rng();
	fake.rngs[0].constant = true;
	finish(false, true);
	CHECK(logged("table: none installed: counted sources hold an assumed 0 of the 256 bits"));
}

static void test_rdrand_all_ones(void)
{
	base();
	fake_insn.leaf7_ebx = 0; /* AMD: no RDSEED */
	fake_insn.rdrand_fn = all_ones;
	fake.no_rng_protocol = true;
	finish(false, true);
	CHECK(logged("health: rdrand: fail: fewer than 5 changes in 8 samples"));
	CHECK(logged("rdrand=512 ") && logged("rdrand:fail"));
	/* with a healthy EFI RNG the table is made without RDRAND */
	base();
	fake_insn.leaf7_ebx = 0;
	fake_insn.rdrand_fn = all_ones;
	finish(true, true);
}

static void test_rdrand_fails_startup_distrusts_rdseed(void)
{
	base();
	fake_insn.rdrand_fn = all_ones;
	fake.no_rng_protocol = true;
	finish(false, true);
	CHECK(logged("health: rdseed: fail: distrusted: its DRBG sibling failed Linux's start-up test"));
}

static void test_rdseed_zero_cf1(void)
{
	base();
	fake_insn.rdseed_fn = zero_cf1; /* Zen5, 16/32-bit form's symptom */
	fake.no_rng_protocol = true;
	finish(false, true);
	CHECK(logged("health: rdseed: fail: returned 0 with CF=1"));
	CHECK(logged("rdseed=512 rdrand=0 "));
	base();
	fake_insn.rdseed_fn = zero_cf1;
	finish(true, true); /* EFI RNG: 64 bytes, 256 bits */
}

static void test_rdseed_never_ready(void)
{
	base();
	fake_insn.rdseed_fn = never_ready;
	fake.no_rng_protocol = true;
	finish(true, true);
	CHECK(logged("64 longs asked, 0 from rdseed, 64 from rdrand, 0 failed"));
	CHECK(logged("health=rdseed:fail,rdrand:pass"));
	CHECK(fake_insn.rdseed_calls == 64u * 100u);
}

static void test_prev_tables(void)
{
	static const uint32_t sizes[] = { 0, 32, 512, 513, 1024 };

	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		struct es_table_seed *p;
		char want[64];

		base();
		p = install_prev(sizes[i], sizes[i]);
		finish(true, true);
		CHECK(!fake_is_live(p)); /* replaced: wiped, then freed */
		CHECK(fake.prev_wiped_at_free);
		snprintf(want, sizeof(want), "prev_table=%u ", sizes[i]);
		CHECK(logged(want));
		CHECK(logged("prev_table: replaced by ours, wiped and freed"));
	}
}

/* A size field over the kernel's 1 KiB: never read past it, never freed; it
 * must not reach the kernel, so ours replaces it or it is removed. */
static void test_prev_tables_oversized(void)
{
	static const uint32_t sizes[] = { 1025, 0xffffffffu };

	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		struct es_table_seed *p;

		base();
		p = install_prev(sizes[i], 16); /* only 16 bytes exist: reading more is a bug ASan sees */
		finish(true, true);
		CHECK(prev_intact(p, sizes[i], 16)); /* not read, not freed */
		CHECK(logged("over the kernel's 1024-byte bound: bogus, not read"));
		CHECK(logged("prev_table=0 "));
		/* no hardware source: no table of ours, and the bogus one is gone */
		base();
		no_cpu_rng();
		fake.no_rng_protocol = true;
		p = install_prev(sizes[i], 16);
		finish(false, true);
		CHECK(fake_seed_table() == NULL && fake.remove_seen);
		CHECK(prev_intact(p, sizes[i], 16));
		CHECK(logged("prev_table: bad: removed so no kernel credits it (not freed: its size is bogus)"));
	}
}

/* Bad contents with no hardware source: mixed, not counted, removed. */
static void test_prev_tables_bad_contents(void)
{
	for (int kind = 0; kind < 3; kind++) {
		struct es_table_seed *p;
		size_t n = kind == 1 ? 64 : 512;

		base();
		no_cpu_rng();
		fake.no_rng_protocol = true;
		p = install_prev((uint32_t)n, n);
		if (kind == 0)
			memset(p->bits, 0, n); /* littlekernel */
		else if (kind == 1)
			memset(p->bits, 0x42, n);
		else
			for (size_t i = 32; i < n; i++)
				p->bits[i] = p->bits[i - 32]; /* one 32-byte key, repeated */
		finish(false, true);
		CHECK(fake_seed_table() == NULL && fake.remove_seen);
		CHECK(!fake_is_live(p) && fake.prev_wiped_at_free);
		CHECK(logged("earlyseed: health: prev_table: fail: "));
		CHECK(logged("prev_table: bad: removed so no kernel credits it, wiped and freed"));
	}
}

static void test_prev_table_alone(void)
{
	struct es_table_seed *p;

	/* 64 good-looking bytes: a table a kernel would trust anyway */
	base();
	no_cpu_rng();
	fake.no_rng_protocol = true;
	p = install_prev(64, 64);
	finish(true, true);
	CHECK(!fake_is_live(p) && fake.prev_wiped_at_free);
	/* 16 bytes are not enough: no table, the old one stays as it was */
	base();
	no_cpu_rng();
	fake.no_rng_protocol = true;
	p = install_prev(16, 16);
	finish(false, true);
	CHECK(prev_intact(p, 16, 16));
	CHECK(fake_seed_table() == p);
	CHECK(logged("prev_table: left in place"));
}

static void run_conf(const void *conf, size_t len, bool want_defaults, const char *want_log)
{
	base();
	fake.files[0].data = conf;
	fake.files[0].len = len;
	add_file("\\EFI\\earlyseed\\next.efi", kernel_image, sizeof(kernel_image), true);
	finish(true, true);
	CHECK(strcmp(fake.started_path, want_defaults ? "\\EFI\\earlyseed\\next.efi" : "\\vmlinuz") == 0);
	if (want_log != NULL)
		CHECK(logged(want_log));
}

static void test_config_files(void)
{
	static uint8_t big[1u << 20];
	static char longline[10100];
	static uint8_t binary[4096];
	static const uint8_t utf16[] = { 0xff, 0xfe, 'n', 0, 'e', 0, 'x', 0, 't', 0, '=', 0, '\\', 0, 'x', 0 };
	static const char crlf[] = "next = \\vmlinuz\r\ncmdline = console=ttyS0\r\n";

	run_conf("", 0, true, NULL);
	check_rand_seed(10);
	check_rand_fill(binary, sizeof(binary));
	run_conf(binary, sizeof(binary), true, "earlyseed: config: line 1: ");
	memset(big, '\n', sizeof(big));
	memcpy(big, "next = \\vmlinuz\n", 16);
	run_conf(big, sizeof(big), true, "over the 65536-byte limit, not read; using defaults");
	run_conf(utf16, sizeof(utf16), true, "earlyseed: config: file is UTF-16, expected ASCII, not read");
	memset(longline, 'x', 10000);
	memcpy(longline + 10000, "\nnext = \\vmlinuz\n", 18);
	run_conf(longline, strlen(longline), false, "earlyseed: config: line 1: line longer than 4608 bytes, ignored");
	run_conf(crlf, sizeof(crlf) - 1, false, NULL);
	CHECK(strcmp(fake.options, "console=ttyS0") == 0);
	/* no config file at all */
	base();
	fake.files[0].path = "\\nothing";
	add_file("\\EFI\\earlyseed\\next.efi", kernel_image, sizeof(kernel_image), true);
	finish(true, true);
	CHECK(logged("not found, using defaults"));
}

/* A config beside the image wins: two earlyseed on one volume can chain. */
static void test_config_beside_image(void)
{
	static const char beside[] = "next = \\other.efi\n";

	base();
	add_file("\\EFI\\BOOT\\earlyseed.conf", beside, sizeof(beside) - 1, false);
	add_file("\\other.efi", kernel_image, sizeof(kernel_image), true);
	finish(true, true);
	CHECK(strcmp(fake.started_path, "\\other.efi") == 0);
	CHECK(logged("earlyseed: config: reading \\EFI\\BOOT\\earlyseed.conf"));
	/* neither file: both named in the log */
	base();
	fake.files[0].path = "\\nothing";
	add_file("\\EFI\\earlyseed\\next.efi", kernel_image, sizeof(kernel_image), true);
	finish(true, true);
	CHECK(logged("\\EFI\\BOOT\\earlyseed.conf and \\EFI\\earlyseed\\earlyseed.conf not found, using defaults"));
}

static void test_next_stage_missing_or_unloadable(void)
{
	struct es_audit_record a;

	base();
	fake.files[1].path = "\\elsewhere";
	finish(true, false);
	CHECK(rc == EFI_NOT_FOUND);
	CHECK(logged("earlyseed: error: cannot load next stage \\vmlinuz: Not Found\n"));
	/* the record the OS reads says so (issue: a real Debian machine, 2);
	 * the table rested on non-CPU sources too, so it stays */
	CHECK(audit_decode_ok(&a) && (a.flags & ES_AUDIT_F_NEXT_FAILED) != 0 && (a.flags & ES_AUDIT_F_TAKEN_BACK) == 0);

	base();
	fake.files[1].loadable = false;
	finish(true, false);
	CHECK(rc == EFI_LOAD_ERROR);

	base();
	fake.load_status = EFI_SECURITY_VIOLATION;
	finish(true, false);
	CHECK(rc == EFI_SECURITY_VIOLATION);
	/* Secure Boot refused it: one line says so; a table resting on the CPU
	 * alone (this command line's trust) is taken back */
	for (int i = 0; i < 2; i++) {
		base();
		fake.no_rng_protocol = true;
		fake.load_status = i == 0 ? EFI_SECURITY_VIOLATION : EFI_ACCESS_DENIED;
		finish(false, false);
		CHECK(rc == fake.load_status);
		CHECK(logged("earlyseed: error: Secure Boot refused next stage \\vmlinuz (sign it with a key in db, or "
			     "load it through shim): "));
		CHECK(logged("earlyseed: table: taken back"));
		CHECK(!logged("cannot load next stage"));
		CHECK(audit_decode_ok(&a) && (a.flags & ES_AUDIT_F_NEXT_FAILED) != 0 &&
		      (a.flags & ES_AUDIT_F_TAKEN_BACK) != 0);
	}

	/* its command line cannot be passed (no loaded-image protocol on it):
	 * a kernel started without it would credit by its defaults, not by
	 * the trust earlyseed judged by: not started, the firmware goes on */
	base();
	fake.child_no_loaded_image = true;
	finish(true, false);
	CHECK(rc == EFI_UNSUPPORTED && !fake.started);
	CHECK(logged("earlyseed: error: cannot pass the command line to \\vmlinuz (no loaded-image protocol), not "
		     "started: Unsupported"));

	/* the next stage starts and returns an error: handed back as is */
	base();
	fake.start_status = EFI_DEVICE_ERROR;
	finish(true, true);
	CHECK(logged("next stage \\vmlinuz returned Device Error"));
	CHECK(audit_decode_ok(&a) && (a.flags & ES_AUDIT_F_NEXT_FAILED) != 0);
	/* a stage that ran and returned success did not fail */
	base();
	finish(true, true);
	CHECK(audit_decode_ok(&a) && (a.flags & (ES_AUDIT_F_NEXT_FAILED | ES_AUDIT_F_TAKEN_BACK)) == 0);
}

static void test_install_failures(void)
{
	struct es_table_seed *p;

	base();
	p = install_prev(32, 32);
	fake.fail_table_alloc = true;
	finish(false, true);
	CHECK(logged("table: install failed: Out of Resources"));
	CHECK(logged("prev_table: left in place"));
	CHECK(prev_intact(p, 32, 32));

	base();
	p = install_prev(32, 32);
	fake.fail_install = true;
	finish(false, true);
	CHECK(prev_intact(p, 32, 32));
	CHECK(fake_seed_table() == p);
}

static void test_read_only_volume(void)
{
	base();
	fake.read_only = true;
	finish(true, true);
	CHECK(fake.write_attempts == 0);
}

/* ---- the kernel's trust settings, from the command line passed on ---- */
static char trust_conf[512];

/* RDRAND only, no EFI RNG (QEMU -cpu max under TCG), this command line. */
static void run_trust(const char *cmdline, bool expect_table)
{
	base();
	fake_insn.leaf7_ebx = 0;
	fake.no_rng_protocol = true;
	snprintf(trust_conf, sizeof(trust_conf), "next = \\vmlinuz\ncmdline = %s\n", cmdline);
	fake.files[0].data = (const uint8_t *)trust_conf;
	fake.files[0].len = strlen(trust_conf);
	finish(expect_table, true);
	CHECK(strcmp(fake.options, cmdline) == 0); /* passed on as written */
}

static void test_trust_cpu(void)
{
	static const char *const off[] = {
		"random.trust_cpu=off", "random.trust_cpu=0", "random.trust_cpu=n", "random.trust_cpu=N",
		"random.trust_cpu=no", "random.trust_cpu=f", "random.trust_cpu=false", "random.trust_cpu=OFF",
		"random.trust_cpu=t", "random.trust_cpu=enable", /* kernels disagree: distrust */
		"random.trust-cpu=off", "random.trust_cpu=\"off\"", "\"random.trust_cpu=off\"",
		"console=ttyS0 random.trust_cpu=on random.trust_cpu=off",
		"random.trust_cpu=off random.trust_cpu=bogus", "random.trust_cpu=off random.trust_cpu=",
	};
	static const char *const on[] = {
		"random.trust_cpu=on", "random.trust_cpu=1", "random.trust_cpu=y", "random.trust_cpu=Yes",
		"random.trust_cpu=off random.trust_cpu=on", "random.trust_cpu=bogus",
		"random.trust_cpu=", "random.trust_cpu", "quiet -- random.trust_cpu=off",
		"foo=\"random.trust_cpu=off\"", "console=ttyS0",
	};

	for (size_t i = 0; i < sizeof(off) / sizeof(off[0]); i++) {
		run_trust(off[i], false);
		CHECK(logged("trust: random.trust_cpu=off: the kernel will not credit the CPU's RNG, so its 512 bits"));
		CHECK(logged("table: none installed: counted sources hold an assumed 0 of the 256 bits"));
		CHECK(logged("health=rdseed:absent,rdrand:pass,efi_rng:absent"));
	}
	for (size_t i = 0; i < sizeof(on) / sizeof(on[0]); i++) {
		run_trust(on[i], true);
		CHECK(!logged("trust: random.trust_cpu=off"));
	}
	/* with a healthy firmware RNG the table is made without the CPU */
	base();
	fake_insn.leaf7_ebx = 0;
	snprintf(trust_conf, sizeof(trust_conf), "next = \\vmlinuz\ncmdline = random.trust_cpu=off\n");
	fake.files[0].data = (const uint8_t *)trust_conf;
	fake.files[0].len = strlen(trust_conf);
	finish(true, true);
	CHECK(logged("counted sources: an assumed 256 bits"));
}

static void test_trust_bootloader(void)
{
	/* the kernel will not credit the table: it is installed all the same */
	run_trust("random.trust_cpu=off random.trust_bootloader=off", true);
	CHECK(logged("trust: random.trust_bootloader=off: the kernel will mix the table but not credit it"));
	run_trust("random.trust_bootloader=0 random.trust_bootloader=1 random.trust_cpu=0", false);
}

/* A config whose next is earlyseed itself: at most ES_MAX_STAGES run. */
static void test_loop_guard(void)
{
	static const char self_conf[] = "next = \\EFI\\BOOT\\BOOTX64.EFI\ncmdline = console=ttyS0\n";

	base();
	fake.files[0].data = (const uint8_t *)self_conf;
	fake.files[0].len = sizeof(self_conf) - 1;
	add_file("\\EFI\\BOOT\\BOOTX64.EFI", kernel_image, sizeof(kernel_image), true)->earlyseed = true;
	rc = efi_main(fake_image_handle(), ST);
	CHECK(fake.stages_started == ES_MAX_STAGES); /* the 5th refuses */
	CHECK(!fake.started && rc == EFI_ABORTED);
	CHECK(logged("earlyseed: error: 4 earlyseed stages already run in this boot"));
	CHECK(fake.markers_installed == 0);
	/* each of the four that ran published its record and went on */
	CHECK(strstr(strstr(strstr(strstr(fake.log, "summary rdseed="), "summary rdseed=") + 1,
			    "summary rdseed=") + 1, "summary rdseed=") != NULL);
}

/* Two earlyseed in a row: the second counts the first's table for what it
 * rests on, under its own command line's trust. */
static void test_chain_provenance(void)
{
	static const char first[] = "next = \\EFI\\es2\\earlyseed.efi\n";
	static const char second_off[] = "next = \\vmlinuz\ncmdline = random.trust_cpu=off\n";
	static const char second_on[] = "next = \\vmlinuz\ncmdline = console=ttyS0\n";

	for (int trust_cpu = 0; trust_cpu < 2; trust_cpu++) {
		base();
		fake_insn.leaf7_ebx = 0; /* RDRAND only */
		fake.no_rng_protocol = true;
		fake.files[0].data = (const uint8_t *)first;
		fake.files[0].len = sizeof(first) - 1;
		add_file("\\EFI\\es2\\earlyseed.efi", kernel_image, sizeof(kernel_image), true)->earlyseed = true;
		add_file("\\EFI\\es2\\earlyseed.conf", trust_cpu ? second_on : second_off,
			 trust_cpu ? sizeof(second_on) - 1 : sizeof(second_off) - 1, false);
		rc = efi_main(fake_image_handle(), ST);
		CHECK(fake.started && fake.stages_started == 1 && fake.markers_installed == 0);
		CHECK((fake.table_at_start != NULL) == (trust_cpu != 0));
		if (getenv("ES_MATRIX_LOG") != NULL)
			printf("%s", fake.log);
		CHECK(logged("prev_table: 32 bytes mixed (installed by an earlier earlyseed stage)"));
		if (!trust_cpu) {
			/* the first stage's table rests on RDRAND alone: gone */
			CHECK(fake.remove_seen);
			CHECK(logged("prev_table: an earlier earlyseed made it from sources this kernel's trust"));
		}
	}
}

/* ---- hardening ---- */
static size_t count_lines(const char *prefix)
{
	size_t n = 0;

	for (const char *p = fake.log; (p = strstr(p, prefix)) != NULL; p++)
		n++;
	return n;
}

/* 4096 bad lines: a bounded number of console lines, all counted. */
static void test_config_warnings_bounded(void)
{
	static char conf[4096 * 3 + 64];
	struct es_audit_record a;
	size_t n = 0;

	for (int i = 0; i < 4096; i++) {
		conf[n++] = 'x';
		conf[n++] = '\n';
	}
	memcpy(conf + n, "next = \\vmlinuz\n", 16);
	n += 16;
	base();
	fake.files[0].data = (const uint8_t *)conf;
	fake.files[0].len = n;
	finish(true, true);
	CHECK(count_lines("earlyseed: config: line ") == 8);
	CHECK(logged("earlyseed: config: 4088 more problems not shown (4096 in all, in the audit record)"));
	CHECK(count_lines("earlyseed: ") < 40);
	CHECK(audit_decode_ok(&a) && a.config_problems == 4096);
	CHECK(strcmp(fake.started_path, "\\vmlinuz") == 0);
}

/* A 1.6 KiB command line (dm-verity hashes, many options) arrives whole;
 * one longer than any kernel takes arrives as nothing, said once. */
static void test_long_cmdline(void)
{
	static char conf[ES_CONFIG_CMDLINE_MAX + 128], want[ES_CONFIG_CMDLINE_MAX + 8];
	size_t n;

	for (size_t i = 0; i < 1638; i++)
		want[i] = (char)('a' + i % 26);
	want[1638] = '\0';
	memcpy(want, "root=/dev/vda2 ", 15);
	n = (size_t)snprintf(conf, sizeof(conf), "next = \\vmlinuz\ncmdline = %s\n", want);
	base();
	fake.files[0].data = (const uint8_t *)conf;
	fake.files[0].len = n;
	finish(true, true);
	CHECK(strlen(fake.options) == 1638 && strcmp(fake.options, want) == 0);
	/* too long for any kernel */
	memset(want, 'c', ES_CONFIG_CMDLINE_MAX);
	want[ES_CONFIG_CMDLINE_MAX] = '\0';
	n = (size_t)snprintf(conf, sizeof(conf), "next = \\vmlinuz\ncmdline = %s\n", want);
	base();
	fake.files[0].data = (const uint8_t *)conf;
	fake.files[0].len = n;
	finish(true, true);
	CHECK(logged("cannot be passed whole, so the next stage gets no command line"));
	CHECK(fake.options[0] == '\0');
}

/* Opening the first config place fails with anything: the next is tried. */
static void test_config_open_error(void)
{
	static const char beside[] = "next = \\other.efi\n";

	base();
	add_file("\\EFI\\BOOT\\earlyseed.conf", beside, sizeof(beside) - 1, false)->open_status = EFI_DEVICE_ERROR;
	finish(true, true);
	CHECK(logged("earlyseed: config: cannot open \\EFI\\BOOT\\earlyseed.conf: Device Error, trying the next place"));
	CHECK(logged("earlyseed: config: reading \\EFI\\earlyseed\\earlyseed.conf"));
	CHECK(strcmp(fake.started_path, "\\vmlinuz") == 0);
}

/* GNU-EFI's CompareGuid() means "equal" by 0 in 3.0.x and by TRUE under
 * GNU_EFI_USE_COMPAREGUID_ABI: the same boots under both. */
static void test_guid_semantics(void)
{
	for (int abi = 0; abi < 2; abi++) {
		struct es_table_seed *p;

		base();
		fake.compareguid_true_if_equal = abi != 0;
		/* another vendor's table first: never to be taken for a seed */
		(void)ST->BootServices->InstallConfigurationTable(&(EFI_GUID)ES_AUDIT_VARIABLE_GUID, fake_alloc(64));
		p = install_prev(32, 32);
		finish(true, true);
		CHECK(logged("prev_table: 32 bytes mixed"));
		CHECK(!fake_is_live(p));
		base();
		fake.compareguid_true_if_equal = abi != 0;
		(void)ST->BootServices->InstallConfigurationTable(&(EFI_GUID)ES_AUDIT_VARIABLE_GUID, fake_alloc(64));
		finish(true, true);
		CHECK(logged("prev_table: none"));
	}
}

/* GetRNG says EFI_SUCCESS and writes nothing: zeros, not old bytes. */
static void test_rng_writes_nothing(void)
{
	base();
	no_cpu_rng();
	fake.rngs[0].writes_nothing = true;
	finish(false, true);
	CHECK(logged("earlyseed: health: efi_rng: fail: returned a block of zeros"));
	/* two instances that return the same bytes: any earlier block counts */
	base();
	no_cpu_rng();
	fake.nrngs = 2;
	fake.rngs[0].constant = true;
	fake.rngs[1].constant = true;
	fake.rngs[1].then = EFI_SUCCESS;
	finish(false, true);
	CHECK(logged("efi_rng: fail: returned the same block twice"));
}

/* Loaded over the network: no file system, so no config and no next stage;
 * the table is still installed and a clear status goes back. */
static void test_network_boot(void)
{
	base();
	fake.no_file_system = true;
	finish(true, false);
	CHECK(rc == EFI_NOT_FOUND && fake.loads == 0);
	CHECK(logged("earlyseed: error: loaded from a device with no file system (a PXE or HTTP boot?)"));
	/* no volume, no seed file: said, not a failure, and no token made for it */
	CHECK(logged("seed_file: earlyseed's own device has no file system"));
	CHECK(logged(",seed_file:absent") && fake.nv_writes == 0);
	{
		struct es_audit_record a;

		CHECK(audit_decode_ok(&a) && a.seed_file_reason == ES_FILE_NO_VOLUME);
	}
}

/* The next stage cannot start: a table that only this command line's trust
 * allowed is taken back before the firmware tries its next boot option. */
static void test_take_back(void)
{
	static const char conf[] = "next = \\missing.efi\ncmdline = random.trust_bootloader=off\n";

	/* installed only because this kernel would credit no table */
	base();
	no_cpu_rng();
	fake.no_rng_protocol = true;
	fake.files[0].data = (const uint8_t *)conf;
	fake.files[0].len = sizeof(conf) - 1;
	rc = efi_main(fake_image_handle(), ST);
	CHECK(rc == EFI_NOT_FOUND && logged("table: installed 32 bytes"));
	CHECK(logged("earlyseed: table: taken back: "));
	CHECK(fake_seed_table() == NULL && fake.live_allocations == 0);
	/* resting on the CPU alone: taken back too */
	base();
	fake.no_rng_protocol = true;
	fake.files[1].path = "\\elsewhere";
	finish(false, false);
	CHECK(logged("earlyseed: table: taken back: "));
	/* resting on a firmware RNG: any kernel may have it */
	base();
	no_cpu_rng();
	fake.files[1].path = "\\elsewhere";
	finish(true, false);
	CHECK(!logged("taken back"));
}

/* ---- the seed file and the token (docs/seed-file.md "The seed file") ---- */
#define SEED_PATH "\\EFI\\earlyseed\\random-seed"
/* What `earlyseed seed install` makes through efivarfs, and what the app
 * makes itself (boot services only: the OS never reads it). */
#define TOKEN_ATTRS (EFI_VARIABLE_NON_VOLATILE | EFI_VARIABLE_BOOTSERVICE_ACCESS | EFI_VARIABLE_RUNTIME_ACCESS)
#define TOKEN_ATTRS_APP (EFI_VARIABLE_NON_VOLATILE | EFI_VARIABLE_BOOTSERVICE_ACCESS)

enum { TOKEN_NONE, TOKEN_YES, TOKEN_BAD, TOKEN_VOLATILE, TOKEN_SAME, TOKEN_BS };
/* The file's header: earlyseed's, bound to the token, resting on 256 bits
 * (HDR_GOOD); on the CPU's; on nothing; another machine's; none at all. */
enum { HDR_GOOD, HDR_CPU, HDR_UNSEEDED, HDR_OTHER, HDR_NONE, HDR_FORGED, HDR_V1 };

struct pcase {
	const char *name;
	long len;       /* -1: no file */
	bool zero;      /* all-zero contents (no header either) */
	int token;
	bool hw;        /* RDSEED, RDRAND and an EFI RNG; else nothing at all */
	bool ro_volume, ro_unreported, ro_attr, write_short;
	EFI_STATUS write_status, flush_status, token_set_status, mkdir_status;
	/* expected */
	bool counts, written, token_created, file_created;
	enum es_file_reason reason;
	int hdr;
	bool secure_boot;
};

static uint8_t file_old[1u << 20], file_before[1u << 20], token_bytes[ES_TOKEN_LEN];
/* The variable a token is stored as: the token and what it rests on. */
static uint8_t token_var[ES_TOKEN_VAR_LEN];

/* tok as EarlyseedToken, resting on other/cpu bits (what the app writes). */
static void put_token(const uint8_t *tok, uint32_t attrs, uint32_t other, uint32_t cpu)
{
	const struct es_provenance from = { .cpu_bits = cpu, .other_bits = other };

	es_token_encode(tok, &from, token_var);
	fake_set_token(token_var, sizeof(token_var), attrs);
}

/* len bytes of a seed file for token tok with header kind hdr. */
static void make_seed_file(uint8_t *b, size_t len, int hdr, const uint8_t *tok)
{
	struct es_seedfile_header h = { .from = { .other_bits = ES_GATE_BITS } };
	uint8_t other[ES_TOKEN_LEN];

	check_rand_fill(b, len);
	if (hdr == HDR_NONE || len < ES_SEEDFILE_HEADER)
		return;
	memcpy(other, tok, sizeof(other));
	other[3] ^= 0x40;
	if (hdr == HDR_CPU) {
		h.from.cpu_bits = ES_GATE_BITS;
		h.from.other_bits = 0;
	} else if (hdr == HDR_UNSEEDED || hdr == HDR_FORGED) {
		h.from.other_bits = 0;
	}
	es_seedfile_seal(&h, hdr == HDR_OTHER ? other : tok, NULL, NULL, NULL, b);
	if (hdr == HDR_FORGED)
		b[9] = 1; /* an ESP writer's "rests on 256 bits" */
	else if (hdr == HDR_V1)
		memcpy(b, ES_SEEDFILE_MAGIC_V1, 8);
	es_wipe(other, sizeof(other)); /* the stack scan looks for the token's bytes */
}

/* The header a rewrite carries. */
static bool rewritten_header(const struct fake_file_entry *e, struct es_seedfile_header *h)
{
	return e != NULL && es_seedfile_parse(e->data, e->len, h);
}

static void set_secure_boot(bool on)
{
	static const EFI_GUID global = ES_EFI_GLOBAL_VARIABLE_GUID; /* EFI_GLOBAL_VARIABLE */
	uint8_t v = on ? 1 : 0;

	fake_set_var(u"SecureBoot", &global, &v, 1, EFI_VARIABLE_BOOTSERVICE_ACCESS | EFI_VARIABLE_RUNTIME_ACCESS);
}

static void persist_run(const struct pcase *c)
{
	struct fake_file_entry *e;
	struct es_audit_record a;
	struct es_seedfile_header h;
	size_t rewritten;
	bool table;
	unsigned int failed_before = check_failures_in_test();

	base();
	if (!c->hw) {
		no_cpu_rng();
		fake.no_rng_protocol = true;
	}
	check_rand_fill(token_bytes, sizeof(token_bytes));
	if (c->len >= 0) {
		if (c->zero)
			memset(file_old, 0, (size_t)c->len);
		else
			make_seed_file(file_old, (size_t)c->len, c->hdr, token_bytes);
		memcpy(file_before, file_old, (size_t)c->len);
		e = add_file(SEED_PATH, file_old, (size_t)c->len, false);
		e->ro_attr = c->ro_attr;
		e->write_status = c->write_status;
		e->flush_status = c->flush_status;
		e->write_short = c->write_short;
		/* zeros are everywhere, a header is public: nothing to look for */
		if (!c->zero && (size_t)c->len > ES_SEEDFILE_HEADER)
			fake_note_source(file_old + ES_SEEDFILE_HEADER,
					 ((size_t)c->len < ES_SEED_FILE_MAX ? (size_t)c->len : ES_SEED_FILE_MAX) -
						 ES_SEEDFILE_HEADER);
	}
	if (c->token == TOKEN_YES)
		put_token(token_bytes, TOKEN_ATTRS, ES_GATE_BITS, 0);
	else if (c->token == TOKEN_BS)
		put_token(token_bytes, TOKEN_ATTRS_APP, ES_GATE_BITS, 0);
	else if (c->token == TOKEN_BAD)
		fake_set_token(token_bytes, 16, TOKEN_ATTRS);
	else if (c->token == TOKEN_VOLATILE)
		fake_set_token(token_bytes, ES_TOKEN_LEN, EFI_VARIABLE_BOOTSERVICE_ACCESS | EFI_VARIABLE_RUNTIME_ACCESS);
	else if (c->token == TOKEN_SAME) {
		memset(token_bytes, 0x5a, sizeof(token_bytes));
		fake_set_token(token_bytes, ES_TOKEN_LEN, TOKEN_ATTRS);
	}
	if (c->secure_boot)
		set_secure_boot(true);
	fake.read_only = c->ro_volume;
	fake.ro_unreported = c->ro_unreported;
	fake.token_set_status = c->token_set_status;
	fake.mkdir_status = c->mkdir_status;
	table = c->counts || c->hw;
	finish(table, true);
	CHECK(audit_decode_ok(&a));
	CHECK(((a.flags & ES_AUDIT_F_SEED_FILE_WRITTEN) != 0) == c->written);
	CHECK(((a.flags & ES_AUDIT_F_SEED_FILE_CREATED) != 0) == c->file_created);
	CHECK(((a.flags & ES_AUDIT_F_TOKEN_CREATED) != 0) == c->token_created);
	CHECK(((a.flags & ES_AUDIT_F_TOKEN) != 0) == (c->token == TOKEN_YES || c->token == TOKEN_BS));
	CHECK(a.seed_file_reason == c->reason);
	CHECK(a.bytes[ES_SRC_SEED_FILE] == (c->len < 0 ? 0u : (uint32_t)(c->len < ES_SEED_FILE_MAX ? c->len : ES_SEED_FILE_MAX)));
	if (c->counts) {
		CHECK(a.entropy_bits >= ES_GATE_BITS && !es_audit_failed(&a, ES_SRC_SEED_FILE));
		CHECK(logged("health: seed_file: pass"));
	} else if (c->len >= 0) {
		CHECK(es_audit_failed(&a, ES_SRC_SEED_FILE));
		/* one line says why */
		CHECK(logged("health: seed_file: fail: "));
		if (c->reason != ES_FILE_HEALTH) /* that line names the test */
			CHECK(logged(es_file_reason_text(c->reason)));
	}
	/* NVRAM: the token at most once, only when created */
	CHECK(fake.nv_writes == (c->token == TOKEN_NONE && c->hw ? 1u : 0u));
	if (c->token_created) /* the app's own: boot services only */
		CHECK(fake_token() != NULL && fake_token()->len == ES_TOKEN_VAR_LEN && fake_token()->attr == TOKEN_ATTRS_APP);
	if (c->token != TOKEN_NONE && !c->token_created) /* never rewritten */
		CHECK(fake_token() != NULL && memcmp(fake_token()->data, token_bytes,
						     fake_token()->len < ES_TOKEN_LEN ? fake_token()->len : ES_TOKEN_LEN) == 0);
	if (c->token == TOKEN_NONE && !c->token_created)
		CHECK(fake_token() == NULL);
	if (c->token_created && fake_token() != NULL) {
		/* the token is not the seed, nor the file's new contents */
		CHECK(memmem(fake.table_bytes_at_start + 4, ES_SEED_LEN, fake_token()->data, 8) == NULL);
		e = fake_file(SEED_PATH);
		if (e != NULL)
			for (size_t k = 0; k + 8 <= ES_TOKEN_LEN; k += 8)
				CHECK(memmem(e->data, e->len, fake_token()->data + k, 8) == NULL);
	}
	e = fake_file(SEED_PATH);
	CHECK((e != NULL) == (c->len >= 0 || c->file_created));
	if (e != NULL && c->written) {
		long old = c->len < 0 ? 0 : c->len;
		const uint8_t *tok = c->token_created && fake_token() != NULL ? fake_token()->data : token_bytes;
		uint8_t bind[ES_SEEDFILE_BIND_LEN];

		rewritten = old < ES_SEED_FILE_MIN ? ES_SEED_FILE_MIN : old > ES_SEED_FILE_MAX ? ES_SEED_FILE_MAX : (size_t)old;
		CHECK(e->flushes == 1);
		/* never truncated; the rewritten part differs from the old bytes
		 * and holds neither the seed nor the token */
		CHECK(e->len == (size_t)(old > (long)rewritten ? old : (long)rewritten));
		if (old > 0)
			CHECK(memcmp(e->data, file_before, (size_t)old < rewritten ? (size_t)old : rewritten) != 0);
		if (c->len > ES_SEED_FILE_MAX)
			CHECK(memcmp(e->data + ES_SEED_FILE_MAX, file_before + ES_SEED_FILE_MAX,
				     (size_t)c->len - ES_SEED_FILE_MAX) == 0);
		if (fake.table_at_start != NULL)
			CHECK(memmem(e->data, rewritten, fake.table_bytes_at_start + 4, 8) == NULL);
		CHECK(memmem(e->data, rewritten, token_bytes, 8) == NULL);
		/* its header: ours; bound to the token (none without one); resting
		 * on what the pool held: the gate's worth with hardware or a file
		 * that counted, nothing otherwise (it must not count next boot) */
		CHECK(rewritten_header(e, &h));
		if (c->token == TOKEN_YES || c->token == TOKEN_BS || c->token_created) {
			es_seedfile_bind(tok, bind);
			CHECK(memcmp(h.bind, bind, sizeof(bind)) == 0);
		} else {
			static const uint8_t none[ES_SEEDFILE_BIND_LEN];

			CHECK(memcmp(h.bind, none, sizeof(none)) == 0);
		}
		if (c->hw || c->counts)
			CHECK(h.from.other_bits + h.from.cpu_bits >= ES_GATE_BITS);
		else
			CHECK(h.from.other_bits == 0 && h.from.cpu_bits == 0);
	} else if (e != NULL && c->len >= 0 && c->write_status == EFI_SUCCESS && !c->write_short &&
		   c->flush_status == EFI_SUCCESS) {
		CHECK(e->len == (size_t)c->len && memcmp(e->data, file_before, (size_t)c->len) == 0);
	}
	/* secrets: wiped before FreePool, never printed (finish() checked the
	 * stack when the kernel started) */
	CHECK(!fake.secret_freed);
	CHECK(!fake_source_bytes_logged());
	if (check_failures_in_test() != failed_before)
		printf("#   case %s\n#   log:\n%s", c->name, fake.log);
}

#define MIN ES_SEED_FILE_MIN

static void test_seed_file(void)
{
	static const struct pcase cases[] = {
		/* name, len, zero, token, hw, ro_vol, ro_unrep, ro_attr, short, write, flush, tokset, mkdir,
		 * counts, written, token_created, file_created, reason, header, secure boot */
		{ "token+64", MIN, false, TOKEN_YES, false, false, false, false, false, 0, 0, 0, 0,
		  true, true, false, false, ES_FILE_COUNTED, HDR_GOOD, false },
		{ "token+4096", 4096, false, TOKEN_YES, false, false, false, false, false, 0, 0, 0, 0,
		  true, true, false, false, ES_FILE_COUNTED, HDR_GOOD, false },
		{ "token+1MiB", 1 << 20, false, TOKEN_YES, false, false, false, false, false, 0, 0, 0, 0,
		  true, true, false, false, ES_FILE_COUNTED, HDR_GOOD, false },
		{ "token+63", MIN - 1, false, TOKEN_YES, false, false, false, false, false, 0, 0, 0, 0,
		  false, true, false, false, ES_FILE_SHORT, HDR_GOOD, false },
		{ "token+empty", 0, false, TOKEN_YES, false, false, false, false, false, 0, 0, 0, 0,
		  false, true, false, false, ES_FILE_SHORT, HDR_GOOD, false },
		/* what a crash mid-write leaves, and no hardware: rewritten, marked
		 * as resting on nothing */
		{ "token+zero", MIN, true, TOKEN_YES, false, false, false, false, false, 0, 0, 0, 0,
		  false, true, false, false, ES_FILE_NO_HEADER, HDR_NONE, false },
		/* not earlyseed's (seed_file may name a boot loader): mixed,
		 * never rewritten (Hardening IV, 4) */
		{ "token+raw 32", 32, false, TOKEN_YES, false, false, false, false, false, 0, 0, 0, 0,
		  false, false, false, false, ES_FILE_NOT_OURS, HDR_NONE, false },
		{ "token+raw 128", 128, false, TOKEN_YES, false, false, false, false, false, 0, 0, 0, 0,
		  false, false, false, false, ES_FILE_NOT_OURS, HDR_NONE, false },
		{ "token+raw 128, hardware", 128, false, TOKEN_YES, true, false, false, false, false, 0, 0, 0, 0,
		  false, false, false, false, ES_FILE_NOT_OURS, HDR_NONE, false },
		/* an ESP writer's counts (Hardening IV, 2); an earlier release's file */
		{ "token+forged counts", MIN, false, TOKEN_YES, false, false, false, false, false, 0, 0, 0, 0,
		  false, true, false, false, ES_FILE_BAD_MAC, HDR_FORGED, false },
		{ "token+ESSEEDv1", MIN, false, TOKEN_YES, false, false, false, false, false, 0, 0, 0, 0,
		  false, true, false, false, ES_FILE_OLD_FORMAT, HDR_V1, false },
		{ "token+unseeded", MIN, false, TOKEN_YES, false, false, false, false, false, 0, 0, 0, 0,
		  false, true, false, false, ES_FILE_UNSEEDED, HDR_UNSEEDED, false },
		{ "token+another machine's file", MIN, false, TOKEN_YES, false, false, false, false, false, 0, 0, 0, 0,
		  false, true, false, false, ES_FILE_OTHER_MACHINE, HDR_OTHER, false },
		{ "token+cpu-made, trust_cpu on", MIN, false, TOKEN_YES, false, false, false, false, false, 0, 0, 0, 0,
		  true, true, false, false, ES_FILE_COUNTED, HDR_CPU, false },
		{ "secure boot, OS-made token", MIN, false, TOKEN_YES, false, false, false, false, false, 0, 0, 0, 0,
		  false, true, false, false, ES_FILE_TOKEN_EXPOSED, HDR_GOOD, true },
		{ "secure boot, boot-service token", MIN, false, TOKEN_BS, false, false, false, false, false, 0, 0, 0, 0,
		  true, true, false, false, ES_FILE_COUNTED, HDR_GOOD, true },
		{ "no token (a clone)", MIN, false, TOKEN_NONE, false, false, false, false, false, 0, 0, 0, 0,
		  false, true, false, false, ES_FILE_NO_TOKEN, HDR_GOOD, false },
		{ "bad token: 16 bytes", MIN, false, TOKEN_BAD, false, false, false, false, false, 0, 0, 0, 0,
		  false, true, false, false, ES_FILE_TOKEN_BAD, HDR_GOOD, false },
		{ "bad token: volatile", MIN, false, TOKEN_VOLATILE, false, false, false, false, false, 0, 0, 0, 0,
		  false, true, false, false, ES_FILE_TOKEN_BAD, HDR_GOOD, false },
		{ "bad token: all bytes equal", MIN, false, TOKEN_SAME, false, false, false, false, false, 0, 0, 0, 0,
		  false, true, false, false, ES_FILE_TOKEN_BAD, HDR_GOOD, false },
		{ "bad token, hw: nothing created", -1, false, TOKEN_BAD, true, false, false, false, false, 0, 0, 0, 0,
		  false, false, false, false, ES_FILE_MISSING, HDR_GOOD, false },
		{ "read-only volume", MIN, false, TOKEN_YES, false, true, false, false, false, 0, 0, 0, 0,
		  false, false, false, false, ES_FILE_RO_VOLUME, HDR_GOOD, false },
		{ "read-only volume, unreported", MIN, false, TOKEN_YES, false, true, true, false, false, 0, 0, 0, 0,
		  false, false, false, false, ES_FILE_RO_VOLUME, HDR_GOOD, false },
		{ "read-only attribute", MIN, false, TOKEN_YES, false, false, false, true, false, 0, 0, 0, 0,
		  false, false, false, false, ES_FILE_RO_ATTR, HDR_GOOD, false },
		{ "write fails", MIN, false, TOKEN_YES, false, false, false, false, false, EFI_DEVICE_ERROR, 0, 0, 0,
		  false, false, false, false, ES_FILE_WRITE_FAILED, HDR_GOOD, false },
		{ "short write", MIN, false, TOKEN_YES, false, false, false, false, true, 0, 0, 0, 0,
		  false, false, false, false, ES_FILE_WRITE_FAILED, HDR_GOOD, false },
		{ "flush fails", MIN, false, TOKEN_YES, false, false, false, false, false, 0, EFI_DEVICE_ERROR, 0, 0,
		  false, false, false, false, ES_FILE_FLUSH_FAILED, HDR_GOOD, false },
		/* creation: only from the hardware */
		{ "first boot: hw creates both", -1, false, TOKEN_NONE, true, false, false, false, false, 0, 0, 0, 0,
		  false, true, true, true, ES_FILE_MISSING, HDR_GOOD, false },
		{ "hw, token there, file created", -1, false, TOKEN_YES, true, false, false, false, false, 0, 0, 0, 0,
		  false, true, false, true, ES_FILE_MISSING, HDR_GOOD, false },
		{ "hw, file there, token created", MIN, false, TOKEN_NONE, true, false, false, false, false, 0, 0, 0, 0,
		  false, true, true, false, ES_FILE_NO_TOKEN, HDR_GOOD, false },
		{ "hw, SetVariable fails: no file without a token", -1, false, TOKEN_NONE, true, false, false, false,
		  false, 0, 0, EFI_OUT_OF_RESOURCES, 0, false, false, false, false, ES_FILE_MISSING, HDR_GOOD, false },
		{ "hw, read-only volume", -1, false, TOKEN_NONE, true, true, false, false, false, 0, 0, 0, 0,
		  false, false, true, false, ES_FILE_MISSING, HDR_GOOD, false },
		{ "hw, directory cannot be made", -1, false, TOKEN_YES, true, false, false, false, false, 0, 0, 0,
		  EFI_DEVICE_ERROR, false, false, false, false, ES_FILE_MISSING, HDR_GOOD, false },
		{ "no hw, no token, no file: nothing", -1, false, TOKEN_NONE, false, false, false, false, false, 0, 0,
		  0, 0, false, false, false, false, ES_FILE_MISSING, HDR_GOOD, false },
		{ "hw and a file that counts", MIN, false, TOKEN_YES, true, false, false, false, false, 0, 0, 0, 0,
		  true, true, false, false, ES_FILE_COUNTED, HDR_GOOD, false },
		{ "hw rebinds another machine's file", MIN, false, TOKEN_YES, true, false, false, false, false, 0, 0, 0,
		  0, false, true, false, false, ES_FILE_OTHER_MACHINE, HDR_OTHER, false },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		persist_run(&cases[i]);
}

/* seed_file = none: nothing read, written or created, even with hardware. */
static void test_seed_file_off(void)
{
	static const char conf[] = "next = \\vmlinuz\nseed_file = none\n";

	base();
	fake.files[0].data = (const uint8_t *)conf;
	fake.files[0].len = sizeof(conf) - 1;
	finish(true, true);
	CHECK(fake.nv_writes == 0 && fake.write_attempts == 0 && fake_file(SEED_PATH) == NULL);
	CHECK(logged("seed_file: turned off (seed_file = none)"));
}

/* seed_file naming the next stage, the app itself or its config: turned
 * off, the file untouched (one typo would overwrite the kernel). */
static void test_seed_file_clash(void)
{
	static const char *const confs[] = {
		"next = \\vmlinuz\nseed_file = \\VMLINUZ\n",
		"next = \\vmlinuz\nseed_file = \\EFI\\BOOT\\bootx64.efi\n",
		"next = \\vmlinuz\nseed_file = /efi/earlyseed/EARLYSEED.CONF\n",
		/* FAT names as edk2 reads them (Hardening III, 3): measured under
		 * OVMF, this rewrote the kernel's first 4 KiB */
		"next = \\vmlinuz\nseed_file = \\ vmlinuz\n",
		"next = \\vmlinuz\nseed_file = \\vmlinuz. .\n",
	};

	for (size_t i = 0; i < sizeof(confs) / sizeof(confs[0]); i++) {
		base();
		fake.files[0].data = (const uint8_t *)confs[i];
		fake.files[0].len = strlen(confs[i]);
		finish(true, true);
		CHECK(fake.write_attempts == 0 && fake.nv_writes == 0);
		CHECK(logged("the seed file is turned off"));
		CHECK(logged("seed_file: turned off (seed_file = none)"));
	}
}

/* Boots of one machine: a firmware RNG creates the token and the file;
 * then, with no hardware RNG at all, the file alone seeds the kernel, and
 * changes every boot. A clone of the disk (no token) gets nothing. */
static uint8_t boot_file[4][ES_SEED_FILE_MIN];
static uint8_t boot_token[ES_TOKEN_VAR_LEN];

/* What the boot just run left for the next: its seed file into boot_file[0]
 * and its token variable into boot_token; false (a failed check) when it
 * left either out. */
static bool keep_boot(void)
{
	const struct fake_file_entry *e = fake_file(SEED_PATH);

	CHECK(e != NULL && fake_token() != NULL);
	if (e == NULL || fake_token() == NULL)
		return false;
	memcpy(boot_file[0], e->data, ES_SEED_FILE_MIN);
	memcpy(boot_token, fake_token()->data, ES_TOKEN_VAR_LEN);
	return true;
}

static void boot_with(const uint8_t *file, bool token, bool hw)
{
	base();
	if (!hw) {
		no_cpu_rng();
		fake.no_rng_protocol = true;
	}
	if (file != NULL)
		add_file(SEED_PATH, file, ES_SEED_FILE_MIN, false);
	if (token)
		fake_set_token(boot_token, ES_TOKEN_VAR_LEN, TOKEN_ATTRS_APP);
}

/* A TPM whose first block is the same at every boot (a stuck one, an
 * emulator started from a fixed state) would be credited 256 bits at every
 * boot for the same bytes (Hardening IV, 7): the seed file keeps a
 * token-keyed tag of its first block, and a TPM that repeats it fails. The
 * fake's TPM starts its output over at every boot. */
static void test_tpm_same_every_boot(void)
{
	struct es_audit_record a;

	tpm_only(FAKE_TPM_OK);
	finish(true, true);
	if (!keep_boot())
		return;
	CHECK((boot_file[0][12] & ES_SEEDFILE_F_TPM) != 0);
	/* the same first block: the TPM fails, the file still seeds */
	tpm_only(FAKE_TPM_OK);
	add_file(SEED_PATH, boot_file[0], ES_SEED_FILE_MIN, false);
	fake_set_token(boot_token, ES_TOKEN_VAR_LEN, TOKEN_ATTRS_APP);
	finish(true, true);
	CHECK(logged("health: tpm: fail: returned the same first block as at the boot that wrote the seed file"));
	CHECK(logged("health: seed_file: pass"));
	CHECK(audit_decode_ok(&a) && es_audit_failed(&a, ES_SRC_TPM) && !es_audit_failed(&a, ES_SRC_SEED_FILE));
	/* a TPM that moved on counts */
	tpm_only(FAKE_TPM_OK);
	add_file(SEED_PATH, boot_file[0], ES_SEED_FILE_MIN, false);
	fake_set_token(boot_token, ES_TOKEN_VAR_LEN, TOKEN_ATTRS_APP);
	fake.tpm_counter = 4096;
	finish(true, true);
	CHECK(logged("health: tpm: pass") && logged("health: seed_file: pass"));
	/* the tag is keyed with the token: a file of another machine's says nothing */
	tpm_only(FAKE_TPM_OK);
	add_file(SEED_PATH, boot_file[0], ES_SEED_FILE_MIN, false);
	check_rand_fill(token_bytes, sizeof(token_bytes));
	put_token(token_bytes, TOKEN_ATTRS_APP, ES_GATE_BITS, 0);
	finish(true, true);
	CHECK(logged("health: tpm: pass") && !logged("health: seed_file: pass"));
}

/* Debian 13's OVMF (edk2 2025.02): an EFI_RNG_PROTOCOL of its own on a
 * handle with no device path, listing CTR-256 and RAW, over RDRAND
 * (../shared/SPEC.md section 20; issue: the firmware's RNG is often the
 * CPU's). Measured before: under random.trust_cpu=off a table from it, a
 * token that said "256 bits not from the CPU", and a later boot with no
 * CPU RNG counting the file made from it. */
static void rngdxe_machine(const char *conf)
{
	static const EFI_GUID algos[] = { ES_EFI_RNG_ALGORITHM_SP800_90_CTR_256_GUID, ES_EFI_RNG_ALGORITHM_RAW_GUID };

	base();
	fake_insn.leaf7_ebx = 0; /* -cpu max under TCG: RDRAND, no RDSEED */
	fake.rngs[0].no_device_path = true;
	fake.rngs[0].algos = algos;
	fake.rngs[0].nalgos = 2;
	if (conf != NULL) {
		fake.files[0].data = (const uint8_t *)conf;
		fake.files[0].len = strlen(conf);
	}
}

static void test_firmware_rng_is_the_cpu(void)
{
	static const char distrust[] = "next = \\vmlinuz\ncmdline = console=ttyS0 random.trust_cpu=off\n";
	struct es_audit_record a;
	struct es_provenance from;
	static uint8_t tok[ES_TOKEN_LEN];

	/* trust_cpu=off: nothing counted, no table, the class said */
	rngdxe_machine(distrust);
	finish(false, true);
	CHECK(logged("efi_rng: instance 0: the CPU's RNG, counted only as the CPU is (no device path, CTR-256 and RAW"));
	CHECK(audit_decode_ok(&a) && es_audit_present(&a, ES_SRC_EFI_RNG_CPU) && !es_audit_present(&a, ES_SRC_EFI_RNG));
	CHECK((a.flags & ES_AUDIT_F_TABLE) == 0 && a.entropy_bits == 0 && fake_token() == NULL);
	/* the kernel's defaults: one CPU, counted once (512, not 768); the
	 * token and the file made from it say they are the CPU's */
	rngdxe_machine(NULL);
	finish(true, true);
	CHECK(logged("counted sources: an assumed 512 bits") && !logged("an assumed 768 bits"));
	if (!keep_boot())
		return;
	CHECK(es_token_decode(boot_token, ES_TOKEN_VAR_LEN, tok, &from));
	es_wipe(tok, sizeof(tok));
	CHECK(from.other_bits == 0 && from.cpu_bits == ES_GATE_BITS);
	CHECK(logged("rests on 0 bits not from the CPU, 256 from it"));
	/* the same machine on a CPU with no RDRAND, trust_cpu=off: the file
	 * that rests on the CPU does not count */
	boot_with(boot_file[0], true, false);
	fake.files[0].data = (const uint8_t *)distrust;
	fake.files[0].len = sizeof(distrust) - 1;
	finish(false, true);
	CHECK(audit_decode_ok(&a) && a.seed_file_reason != ES_FILE_COUNTED && (a.flags & ES_AUDIT_F_TABLE) == 0);
	/* Debian 12's OVMF with virtio-rng: a device, counted under any CPU trust */
	base();
	fake_insn.leaf7_ebx = 0;
	fake.files[0].data = (const uint8_t *)distrust;
	fake.files[0].len = sizeof(distrust) - 1;
	finish(true, true);
	CHECK(logged("efi_rng: instance 0: a device's RNG (on a device's handle)"));
}

/* Hyper-V's OEM0 table (../shared/SPEC.md section 17): 64 bytes from the
 * host seed a guest with no other source, and are gone from the table
 * after, as Linux leaves it (length 36, checksum right, bytes zero). */
static void test_hyperv_oem0(void)
{
	static const char distrust[] = "next = \\vmlinuz\ncmdline = console=ttyS0 random.trust_cpu=off\n";
	static const char no_bootloader[] = "next = \\vmlinuz\ncmdline = console=ttyS0 random.trust_bootloader=off\n";
	static uint8_t host[64];
	struct es_audit_record a;
	uint8_t *t, sum = 0;
	bool zero = true;

	check_rand_fill(host, sizeof(host));
	base();
	no_cpu_rng();
	fake.no_rng_protocol = true;
	fake.files[0].data = (const uint8_t *)distrust;
	fake.files[0].len = sizeof(distrust) - 1;
	t = fake_set_oem0(host, sizeof(host), "MICROSFT");
	finish(true, true);
	CHECK(logged("oem0: Hyper-V's ACPI OEM0 table: 64 bytes mixed"));
	CHECK(logged("oem0: zeroed in the ACPI table, as Linux does"));
	CHECK(logged("counted sources: an assumed 256 bits") && logged(" oem0=64 ") && logged(",oem0:pass"));
	CHECK(audit_decode_ok(&a) && es_audit_present(&a, ES_SRC_OEM0) && es_audit_bytes(&a, ES_SRC_OEM0) == 64);
	for (size_t i = 0; i < 36; i++)
		sum = (uint8_t)(sum + t[i]);
	for (size_t i = 0; i < sizeof(host); i++)
		zero = zero && t[36 + i] == 0;
	CHECK(t[4] == 36 && t[5] == 0 && t[6] == 0 && t[7] == 0 && sum == 0 && zero);
	/* the table read again (the app after a driver): nothing left */
	fake_efi_reset();
	base();
	no_cpu_rng();
	fake.no_rng_protocol = true;
	fake_acpi_add(t);
	finish(false, true);
	CHECK(logged("oem0: an OEM0 table with no entropy"));
	/* not Microsoft's table id: not read, not counted, not touched */
	base();
	no_cpu_rng();
	fake.no_rng_protocol = true;
	t = fake_set_oem0(host, sizeof(host), "OTHEROEM");
	finish(false, true);
	CHECK(logged("oem0: an OEM0 table with no entropy") && t[4] == 100 && memcmp(t + 36, host, 64) == 0);
	/* 8 bytes alone (32 bits) make no table: they stay for Linux's late read */
	base();
	no_cpu_rng();
	fake.no_rng_protocol = true;
	t = fake_set_oem0(host, 8, "MICROSFT");
	finish(false, true);
	CHECK(logged("oem0: left in the ACPI table for Linux") && t[4] == 44 && memcmp(t + 36, host, 8) == 0);
	/* random.trust_bootloader=off: the kernel mixes the table, credits
	 * nothing of it, as it would not credit OEM0 itself */
	base();
	no_cpu_rng();
	fake.no_rng_protocol = true;
	fake.files[0].data = (const uint8_t *)no_bootloader;
	fake.files[0].len = sizeof(no_bootloader) - 1;
	(void)fake_set_oem0(host, sizeof(host), "MICROSFT");
	finish(true, true);
	CHECK(logged("random.trust_bootloader=off: the kernel will mix the table but not credit it"));
	/* no table at all: the "none" line */
	base();
	no_cpu_rng();
	fake.no_rng_protocol = true;
	finish(false, true);
	CHECK(logged("oem0: none (no Hyper-V OEM0 table in the ACPI tables)"));
	es_wipe(host, sizeof(host));
}

static void test_seed_file_boots(void)
{
	struct fake_file_entry *e;
	uint8_t seed1[ES_SEED_LEN];

	boot_with(NULL, false, true);
	finish(true, true);
	e = fake_file(SEED_PATH);
	CHECK(e != NULL && e->len == ES_SEED_FILE_MIN && fake_token() != NULL);
	if (e == NULL || fake_token() == NULL)
		return;
	memcpy(boot_file[0], e->data, ES_SEED_FILE_MIN);
	CHECK(fake_token()->len == ES_TOKEN_VAR_LEN);
	memcpy(boot_token, fake_token()->data, ES_TOKEN_VAR_LEN);
	for (int b = 1; b <= 2; b++) {
		boot_with(boot_file[b - 1], true, false);
		finish(true, true);
		CHECK(logged("health: seed_file: pass") && fake.nv_writes == 0);
		e = fake_file(SEED_PATH);
		memcpy(boot_file[b], e->data, ES_SEED_FILE_MIN);
		for (int k = 0; k < b; k++)
			CHECK(memcmp(boot_file[b], boot_file[k], ES_SEED_FILE_MIN) != 0);
	}
	/* the firmware lost the last write: the same file and token again,
	 * the clocks as before; the monotonic count alone makes the seed new */
	boot_with(boot_file[1], true, false);
	finish(true, true);
	memcpy(seed1, fake.table_bytes_at_start + 4, sizeof(seed1));
	boot_with(boot_file[1], true, false);
	finish(true, true);
	CHECK(memcmp(seed1, fake.table_bytes_at_start + 4, sizeof(seed1)) != 0);
	/* the clone: same disk, no token, no hardware */
	boot_with(boot_file[2], false, false);
	finish(false, true);
	CHECK(logged("no EarlyseedToken") && fake.nv_writes == 0);
	/* the file copied onto another machine with its own token */
	boot_token[0] ^= 1;
	boot_with(boot_file[2], true, false);
	finish(false, true);
	CHECK(logged(es_file_reason_text(ES_FILE_OTHER_MACHINE)));
}

/* The VM generation ID (issue 25): a VM's own file counts boot after boot;
 * a clone of its disk and variable store (the token and the file copied)
 * under another ID does not count it, says so once, and the two tables
 * differ; with real hardware the clone is still seeded. */
static size_t lines_with(const char *what)
{
	size_t n = 0;

	for (const char *p = fake.log; (p = strstr(p, what)) != NULL; p++)
		n++;
	return n;
}

static void test_vm_generation(void)
{
	static const char mix_conf[] = "next = \\vmlinuz\ncmdline = console=ttyS0\nvmgenid = mix\n";
	const char *changed = es_file_reason_text(ES_FILE_VM_CHANGED);
	static uint8_t x[16], y[16], uuid[16], vm_file[ES_SEED_FILE_MIN], seed[ES_SEED_LEN]; /* not on the stack the scan reads */
	struct fake_file_entry *e;

	check_rand_fill(x, sizeof(x));
	check_rand_fill(uuid, sizeof(uuid));
	memcpy(y, x, sizeof(y));
	y[0] ^= 1;
	/* the VM's first boot: a firmware RNG makes the token and the file */
	boot_with(NULL, false, true);
	fake_set_vmgenid(x);
	fake_set_smbios_uuid(uuid);
	finish(true, true);
	CHECK(logged("earlyseed: vmgenid: the VM generation ID mixed (counts nothing)"));
	CHECK(logged("earlyseed: smbios: the system UUID mixed (counts nothing)"));
	if (!keep_boot())
		return;
	/* its second boot, no hardware: the file counts */
	boot_with(boot_file[0], true, false);
	fake_set_vmgenid(x);
	fake_set_smbios_uuid(uuid);
	finish(true, true);
	CHECK(logged("health: seed_file: pass"));
	e = fake_file(SEED_PATH);
	memcpy(vm_file, e->data, ES_SEED_FILE_MIN);
	memcpy(seed, fake.table_bytes_at_start + 4, sizeof(seed));
	/* the clone boots from the same disk and store under another ID */
	boot_with(boot_file[0], true, false);
	fake_set_vmgenid(y);
	fake_set_smbios_uuid(uuid);
	finish(false, true);
	CHECK(lines_with(changed) == 1 && logged(",seed_file:fail"));
	/* ... and its next boot, under its own ID, counts the file it rewrote
	 * only for what that rests on: nothing (no hardware) */
	e = fake_file(SEED_PATH);
	CHECK(e != NULL && memcmp(e->data, vm_file, ES_SEED_FILE_MIN) != 0);
	memcpy(boot_file[1], e->data, ES_SEED_FILE_MIN);
	boot_with(boot_file[1], true, false);
	fake_set_vmgenid(y);
	fake_set_smbios_uuid(uuid);
	finish(false, true);
	CHECK(logged(es_file_reason_text(ES_FILE_UNSEEDED)));
	/* moved to a host with no generation ID: not counted either */
	boot_with(boot_file[0], true, false);
	fake_set_smbios_uuid(uuid);
	finish(false, true);
	CHECK(logged(changed));
	/* a clone with a hardware RNG is seeded, from that, not the file */
	boot_with(boot_file[0], true, true);
	fake_set_vmgenid(y);
	fake_set_smbios_uuid(uuid);
	finish(true, true);
	CHECK(logged(changed) && memcmp(seed, fake.table_bytes_at_start + 4, sizeof(seed)) != 0);
	/* vmgenid = mix: for hosts that change the ID at every start */
	boot_with(boot_file[0], true, false);
	fake.files[0].data = (const uint8_t *)mix_conf;
	fake.files[0].len = sizeof(mix_conf) - 1;
	fake_set_vmgenid(y);
	fake_set_smbios_uuid(uuid);
	finish(true, true);
	CHECK(!logged(changed) && logged("health: seed_file: pass"));
	/* a copy of disk and variable store booted as another instance (a
	 * cloud image, a cloned domain): no generation ID there, another
	 * SMBIOS UUID; mixed, not counted, one line why (Hardening IV, 3) */
	boot_with(boot_file[0], true, false);
	fake.files[0].data = (const uint8_t *)mix_conf;
	fake.files[0].len = sizeof(mix_conf) - 1;
	fake_set_vmgenid(x);
	uuid[5] ^= 0x10;
	fake_set_smbios_uuid(uuid);
	finish(false, true);
	CHECK(lines_with(es_file_reason_text(ES_FILE_ID_CHANGED)) == 1 && logged(",seed_file:fail"));
	{
		struct es_audit_record a;

		CHECK(audit_decode_ok(&a) && a.seed_file_reason == ES_FILE_ID_CHANGED);
	}
	/* ... and the same copy booted with no SMBIOS table at all */
	boot_with(boot_file[0], true, false);
	fake_set_vmgenid(x);
	finish(false, true);
	CHECK(logged(es_file_reason_text(ES_FILE_ID_CHANGED)));
}

/* What a crash mid-write leaves (zeros), then boots with no hardware RNG:
 * the rewrite rests on nothing and never counts, boot after boot, until a
 * boot with real sources rewrites it (issue: Hardening II, 2). */
static void test_seed_file_after_a_crash(void)
{
	static uint8_t zero[ES_SEED_FILE_MIN];
	struct fake_file_entry *e;

	const struct es_provenance firmware_rng = { .cpu_bits = 0, .other_bits = ES_GATE_BITS };
	uint8_t tok[ES_TOKEN_LEN];

	check_rand_fill(tok, sizeof(tok));
	es_token_encode(tok, &firmware_rng, boot_token);
	memset(boot_file[0], 0, ES_SEED_FILE_MIN);
	boot_with(zero, true, false);
	finish(false, true);
	CHECK(logged(es_file_reason_text(ES_FILE_NO_HEADER)) && logged("it rests on 0 bits"));
	e = fake_file(SEED_PATH);
	CHECK(e != NULL && e->len == ES_SEED_FILE_MIN);
	if (e == NULL)
		return;
	memcpy(boot_file[1], e->data, ES_SEED_FILE_MIN);
	for (int b = 2; b <= 3; b++) {
		boot_with(boot_file[b - 1], true, false);
		finish(false, true);
		CHECK(logged(es_file_reason_text(ES_FILE_UNSEEDED)) && !logged("health: seed_file: pass"));
		e = fake_file(SEED_PATH);
		memcpy(boot_file[b], e->data, ES_SEED_FILE_MIN);
	}
	/* a boot with a firmware RNG refreshes it: the next one counts it */
	boot_with(boot_file[3], true, true);
	finish(true, true);
	e = fake_file(SEED_PATH);
	memcpy(boot_file[0], e->data, ES_SEED_FILE_MIN);
	boot_with(boot_file[0], true, false);
	finish(true, true);
	CHECK(logged("health: seed_file: pass"));
}

/* The token's own account (Hardening III, 1): made on an RDRAND-only
 * machine it rests on the CPU; an ESP writer forges the file's header
 * (256 non-CPU bits, the real binding), and a boot with
 * random.trust_cpu=off and no hardware must count nothing. */
static void test_token_account(void)
{
	static const char distrust[] = "next = \\vmlinuz\ncmdline = random.trust_cpu=off\n";
	const struct es_seedfile_header forged_from = { .from = { .cpu_bits = 0, .other_bits = ES_GATE_BITS } };
	struct es_seedfile_header h;
	struct fake_file_entry *e;
	struct es_audit_record a;
	struct es_provenance from;
	static uint8_t tok[ES_TOKEN_LEN]; /* not on the stack the scan reads */

	/* boot 1: RDRAND alone, trusted: token and file made from it */
	base();
	fake_insn.leaf7_ebx = 0;
	fake.no_rng_protocol = true;
	finish(true, true);
	e = fake_file(SEED_PATH);
	CHECK(e != NULL && fake_token() != NULL);
	if (e == NULL || fake_token() == NULL)
		return;
	CHECK(es_token_decode(fake_token()->data, fake_token()->len, tok, &from));
	CHECK(from.cpu_bits == ES_GATE_BITS && from.other_bits == 0);
	CHECK(logged("rests on 0 bits not from the CPU, 256 from it"));
	memcpy(boot_token, fake_token()->data, ES_TOKEN_VAR_LEN);
	memcpy(boot_file[0], e->data, ES_SEED_FILE_MIN);
	/* the forgery: the header claims 256 non-CPU bits, binding kept; by
	 * an ESP writer, it fails the MAC (Hardening IV, 2) */
	CHECK(es_seedfile_parse(boot_file[0], ES_SEED_FILE_MIN, &h));
	h.from = forged_from.from;
	es_seedfile_encode(&h, boot_file[0]);
	boot_with(boot_file[0], true, false);
	fake.files[0].data = (const uint8_t *)distrust;
	fake.files[0].len = sizeof(distrust) - 1;
	finish(false, true);
	CHECK(audit_decode_ok(&a) && a.seed_file_reason == ES_FILE_BAD_MAC);
	CHECK(logged(es_file_reason_text(ES_FILE_BAD_MAC)) && !logged("health: seed_file: pass"));
	/* by one who knows the token (an OS-readable one): the token's own
	 * account still holds it to what the token rests on */
	es_seedfile_sign(&h, tok, boot_file[0]);
	es_wipe(tok, sizeof(tok)); /* the stack scan looks for it */
	es_wipe(&h, sizeof(h));
	/* boot 2: no hardware RNG the kernel trusts, trust_cpu=off */
	boot_with(boot_file[0], true, false);
	fake.files[0].data = (const uint8_t *)distrust;
	fake.files[0].len = sizeof(distrust) - 1;
	finish(false, true);
	CHECK(audit_decode_ok(&a) && a.seed_file_reason == ES_FILE_TOKEN_UNTRUSTED);
	CHECK((a.flags & ES_AUDIT_F_TABLE) == 0 && a.entropy_bits == 0);
	CHECK(logged(es_file_reason_text(ES_FILE_TOKEN_UNTRUSTED)) && !logged("health: seed_file: pass"));
	/* the same forged file with the CPU trusted counts, as the CPU's */
	boot_with(boot_file[0], true, false);
	finish(true, true);
	CHECK(logged("health: seed_file: pass"));
	/* a token from before the account (32 bytes): taken as the CPU's */
	boot_with(boot_file[0], false, false);
	fake_set_token(boot_token, ES_TOKEN_LEN, TOKEN_ATTRS_APP);
	fake.files[0].data = (const uint8_t *)distrust;
	fake.files[0].len = sizeof(distrust) - 1;
	finish(false, true);
	CHECK(audit_decode_ok(&a) && a.seed_file_reason == ES_FILE_TOKEN_UNTRUSTED);
	/* a firmware RNG makes a token that counts under any CPU trust */
	base();
	no_cpu_rng();
	finish(true, true);
	CHECK(fake_token() != NULL && es_token_decode(fake_token()->data, fake_token()->len, tok, &from) &&
	      from.other_bits == ES_GATE_BITS && from.cpu_bits == 0);
	es_wipe(tok, sizeof(tok));
}

/* GetNextMonotonicCount fails (Hardening III, 6): a lost write could make
 * this boot's pool an earlier one's, so the file does not count; one
 * warning says so, and the audit record gives the reason. */
/* A boot with no hardware RNG and the seed file `file` (its token all
 * non-CPU bits): conf NULL for the default config; with counter_fails,
 * GetNextMonotonicCount fails. No table is expected. */
/* A machine with no hardware RNG, the seed file file and token_bytes as
 * its token (the app's, bound to the file). */
static void file_machine(const uint8_t *file)
{
	base();
	no_cpu_rng();
	fake.no_rng_protocol = true;
	add_file(SEED_PATH, file, ES_SEED_FILE_MIN, false);
	put_token(token_bytes, TOKEN_ATTRS_APP, ES_GATE_BITS, 0);
}

static void file_only_boot(const uint8_t *file, const char *conf, bool counter_fails)
{
	file_machine(file);
	if (conf != NULL) {
		fake.files[0].data = (const uint8_t *)conf;
		fake.files[0].len = strlen(conf);
	}
	if (counter_fails)
		fake.monotonic_status = EFI_DEVICE_ERROR;
	finish(false, true);
}


/* U-Boot's monotonic count starts at 0 at every boot: a count whose high
 * half is 0 is no evidence that this boot differs from an earlier one. */
static void test_monotonic_count_from_zero(void)
{
	struct es_audit_record a;

	check_rand_fill(token_bytes, sizeof(token_bytes));
	make_seed_file(file_old, ES_SEED_FILE_MIN, HDR_GOOD, token_bytes);
	file_machine(file_old);
	fake.monotonic = 3;  /* high half 0 */
	fake.time_year = 1970; /* a board without a battery: its epoch */
	finish(false, true);
	CHECK(audit_decode_ok(&a) && a.seed_file_reason == ES_FILE_NO_COUNTER);
	CHECK(count_lines("clock: the monotonic count restarts at every boot, no clock is set") == 1);
	/* ... no clock at all */
	file_machine(file_old);
	fake.monotonic = 3;
	fake.time_status = EFI_UNSUPPORTED;
	finish(false, true);
	CHECK(audit_decode_ok(&a) && a.seed_file_reason == ES_FILE_NO_COUNTER);
	/* ... a set real-time clock tells the boots apart: counted */
	file_machine(file_old);
	fake.monotonic = 3;
	finish(true, true);
	CHECK(audit_decode_ok(&a) && a.seed_file_reason == ES_FILE_COUNTED);
	CHECK(logged("clock: the monotonic count restarts at every boot; the real-time clock tells boots apart"));
	/* the same with a count that grew across boots: counted */
	file_machine(file_old);
	finish(true, true);
	CHECK(audit_decode_ok(&a) && a.seed_file_reason == ES_FILE_COUNTED);
}

/* U-Boot's variable file (../shared/SPEC.md section 16): a token kept in
 * \ubootefi.var on the disk is no secret; the file counts only with
 * disk_token = count; a U-Boot with no such file lost the token. */
static void uboot_boot(bool vendor, bool var_file, bool token, const char *conf, bool expect_table)
{
	static CHAR16 uboot[] = L"Das U-Boot";

	base();
	no_cpu_rng();
	fake.no_rng_protocol = true;
	if (conf != NULL) {
		fake.files[0].data = (const uint8_t *)conf;
		fake.files[0].len = strlen(conf);
	}
	if (vendor)
		ST->FirmwareVendor = uboot;
	if (var_file)
		add_file("\\ubootefi.var", "crc32 and variables", 19, false);
	add_file(SEED_PATH, file_old, ES_SEED_FILE_MIN, false);
	if (token)
		put_token(token_bytes, TOKEN_ATTRS_APP, ES_GATE_BITS, 0);
	finish(expect_table, true);
}

static void test_uboot_token_on_disk(void)
{
	static const char count_conf[] = "next = \\vmlinuz\ncmdline = console=ttyS0\ndisk_token = count\n";
	struct es_audit_record a;

	check_rand_fill(token_bytes, sizeof(token_bytes));
	make_seed_file(file_old, ES_SEED_FILE_MIN, HDR_GOOD, token_bytes);
	uboot_boot(true, true, true, NULL, false);
	CHECK(audit_decode_ok(&a) && a.seed_file_reason == ES_FILE_TOKEN_ON_DISK);
	CHECK(logged("token: U-Boot keeps it in \\ubootefi.var on a disk"));
	CHECK(logged(es_file_reason_text(ES_FILE_TOKEN_ON_DISK)));
	uboot_boot(true, true, true, count_conf, true);
	CHECK(audit_decode_ok(&a) && a.seed_file_reason == ES_FILE_COUNTED);
	uboot_boot(true, false, false, NULL, false);
	CHECK(audit_decode_ok(&a) && a.seed_file_reason == ES_FILE_TOKEN_LOST);
	CHECK(logged("token: U-Boot and no \\ubootefi.var"));
	/* the same disk booted by another firmware: its NVRAM holds the token */
	uboot_boot(false, true, true, NULL, true);
	CHECK(audit_decode_ok(&a) && a.seed_file_reason == ES_FILE_COUNTED && !logged("U-Boot"));
}

static void test_seed_file_no_counter(void)
{
	struct es_audit_record a;

	check_rand_fill(token_bytes, sizeof(token_bytes));
	make_seed_file(file_old, ES_SEED_FILE_MIN, HDR_GOOD, token_bytes);
	file_only_boot(file_old, NULL, true);
	CHECK(audit_decode_ok(&a) && a.seed_file_reason == ES_FILE_NO_COUNTER);
	CHECK(es_audit_failed(&a, ES_SRC_SEED_FILE) && (a.flags & ES_AUDIT_F_TABLE) == 0);
	CHECK(count_lines("clock: monotonic count failed") == 1);
	CHECK(count_lines("health: seed_file: fail: the monotonic count failed") == 1);
	/* what a boot prints by default (the summary and warnings): one line
	 * says it */
	file_only_boot(file_old, "next = \\vmlinuz\nverbose = no\n", true);
	CHECK(count_lines("monotonic count failed") == 1);
	if (check_failures_in_test() > 0)
		printf("#   quiet log:\n%s", fake.log);
	/* still rewritten (write before use), from a pool that counted
	 * nothing: the next boot does not count it either, until hardware or
	 * the OS's refresh (its service runs at every boot) rewrites it */
	CHECK((a.flags & ES_AUDIT_F_SEED_FILE_WRITTEN) != 0);
	memcpy(file_before, fake_file(SEED_PATH)->data, ES_SEED_FILE_MIN);
	file_only_boot(file_before, NULL, false);
	CHECK(audit_decode_ok(&a) && a.seed_file_reason == ES_FILE_UNSEEDED);
	if (check_failures_in_test() > 0)
		printf("#   log:\n%s", fake.log);
}

/* Two earlyseed in one boot: the first uses the file (and counts it, as
 * bits no CPU trust touches); the second leaves it alone and counts the
 * first's table for what it rests on under its own random.trust_cpu=off. */
static void test_seed_file_chained(void)
{
	static const char first[] = "next = \\EFI\\es2\\earlyseed.efi\n";
	static const char second[] = "next = \\vmlinuz\ncmdline = random.trust_cpu=off\n";
	struct fake_file_entry *e;

	base();
	fake_insn.leaf7_ebx = 0;
	fake.no_rng_protocol = true;
	fake.files[0].data = (const uint8_t *)first;
	fake.files[0].len = sizeof(first) - 1;
	add_file("\\EFI\\es2\\earlyseed.efi", kernel_image, sizeof(kernel_image), true)->earlyseed = true;
	add_file("\\EFI\\es2\\earlyseed.conf", second, sizeof(second) - 1, false);
	check_rand_fill(token_bytes, sizeof(token_bytes));
	make_seed_file(file_old, ES_SEED_FILE_MIN, HDR_GOOD, token_bytes);
	add_file(SEED_PATH, file_old, ES_SEED_FILE_MIN, false);
	put_token(token_bytes, TOKEN_ATTRS, ES_GATE_BITS, 0);
	rc = efi_main(fake_image_handle(), ST);
	e = fake_file(SEED_PATH);
	CHECK(fake.started && fake.stages_started == 1);
	CHECK(e != NULL && e->writes == 1 && e->flushes == 1); /* the first stage's rewrite only */
	CHECK(logged("seed_file: an earlier earlyseed stage of this boot used it"));
	CHECK(fake.table_at_start != NULL); /* the file's 256 bits, under any CPU trust */
	CHECK(logged("prev_table: 32 bytes mixed (installed by an earlier earlyseed stage)"));
	CHECK(!logged("prev_table: bad"));
}

/* An RDRAND-only machine whose config is conf, a boot loader beside it. */
static void rdrand_machine(const char *conf)
{
	base();
	fake_insn.leaf7_ebx = 0; /* RDRAND only */
	fake.no_rng_protocol = true;
	fake.files[0].data = (const uint8_t *)conf;
	fake.files[0].len = strlen(conf);
	add_file("\\EFI\\debian\\grubx64.efi", kernel_image, sizeof(kernel_image), true);
}

/* No command line (a boot loader next): the trust the OS recorded in the
 * seed file's header is taken, and only to take trust away (issue: Secure
 * Boot and shim, trust for boot-loader chains). RDRAND only, a counting
 * file whose last kernel had random.trust_cpu=off. */
static void trust_file_case(const char *conf, bool flag, bool want_cpu_counted)
{
	struct es_seedfile_header h = { .from = { .other_bits = ES_GATE_BITS } };
	struct es_audit_record a;
	struct fake_file_entry *e;
	struct es_seedfile_header now;

	rdrand_machine(conf);
	check_rand_fill(token_bytes, sizeof(token_bytes));
	make_seed_file(file_old, ES_SEED_FILE_MIN, HDR_GOOD, token_bytes);
	h.flags = flag ? ES_SEEDFILE_F_NO_CPU_TRUST : 0;
	es_seedfile_seal(&h, token_bytes, NULL, NULL, NULL, file_old);
	add_file(SEED_PATH, file_old, ES_SEED_FILE_MIN, false);
	put_token(token_bytes, TOKEN_ATTRS_APP, ES_GATE_BITS, 0);
	finish(true, true);
	CHECK(audit_decode_ok(&a));
	CHECK(((a.flags & ES_AUDIT_F_CPU_UNTRUSTED) == 0) == want_cpu_counted);
	CHECK(logged("health: seed_file: pass"));
	CHECK(logged("the seed file says the last kernel had random.trust_cpu=off") == (flag && !want_cpu_counted));
	/* the rewrite carries the trust this boot judged by */
	e = fake_file(SEED_PATH);
	CHECK(rewritten_header(e, &now) && (now.flags == ES_SEEDFILE_F_NO_CPU_TRUST) == !want_cpu_counted);
}

/* Rows in any order (efi/sources.c): each row hands the engine facts of its
 * own tag, and the engine joins them; the same machine read in both orders
 * gets the same verdict and the same record (the seed differs: the pool
 * mixes in reading order, and nothing needs it not to). */
static void record_of(struct es_audit_record *a)
{
	memset(a, 0, sizeof(*a));
	if (!audit_decode_ok(a))
		return;
	/* time is not a verdict */
	a->elapsed_kcycles = 0;
	memset(a->kcycles, 0, sizeof(a->kcycles));
	memset(a->step_kcycles, 0, sizeof(a->step_kcycles));
}

static void both_orders(const char *name, void (*machine)(void))
{
	struct es_audit_record fwd, rev;

	rows_reversed = false;
	machine();
	record_of(&fwd);
	rows_reversed = true;
	machine();
	record_of(&rev);
	rows_reversed = getenv("ES_ROWS_REVERSED") != NULL;
	CHECK(fwd.version != 0 && memcmp(&fwd, &rev, sizeof(fwd)) == 0);
	for (size_t i = 0; i < sizeof(fwd); i++) {
		if (((const uint8_t *)&fwd)[i] != ((const uint8_t *)&rev)[i]) {
			printf("#   %s: the two orders' records differ at byte %zu\n", name, i);
			break;
		}
	}
}

static void order_no_counter(void)
{
	file_only_boot(file_old, NULL, true);
}

static void order_file_alone(void)
{
	file_machine(file_old);
	finish(true, true);
}

static void order_trust_from_file(void)
{
	rdrand_machine("next = \\EFI\\debian\\grubx64.efi\n");
	add_file(SEED_PATH, file_before, ES_SEED_FILE_MIN, false);
	put_token(token_bytes, TOKEN_ATTRS_APP, ES_GATE_BITS, 0);
	finish(true, true);
}

static void order_vmgenid(void)
{
	static const uint8_t id[16] = { 1, 2, 3 };

	file_machine(file_old);
	fake_set_vmgenid(id);
	finish(false, true);
}

static void order_healthy(void)
{
	base();
	finish(true, true);
}

static void test_rows_in_any_order(void)
{
	struct es_seedfile_header h = { .from = { .other_bits = ES_GATE_BITS }, .flags = ES_SEEDFILE_F_NO_CPU_TRUST };

	check_rand_fill(token_bytes, sizeof(token_bytes));
	make_seed_file(file_old, ES_SEED_FILE_MIN, HDR_GOOD, token_bytes);
	memcpy(file_before, file_old, ES_SEED_FILE_MIN);
	es_seedfile_seal(&h, token_bytes, NULL, NULL, NULL, file_before);
	both_orders("healthy", order_healthy);
	both_orders("the seed file alone", order_file_alone);
	both_orders("a failed monotonic count", order_no_counter);
	both_orders("the seed file's trust", order_trust_from_file);
	both_orders("another VM generation ID", order_vmgenid);
}

static void test_trust_from_the_seed_file(void)
{
	trust_file_case("next = \\EFI\\debian\\grubx64.efi\n", true, false);
	trust_file_case("next = \\EFI\\debian\\grubx64.efi\n", false, true);
	/* a command line earlyseed passes on says it all: the flag is not read */
	trust_file_case("next = \\vmlinuz\ncmdline = quiet\n", true, true);
}

/* The kernel's trust with a boot loader next comes from NVRAM, not the ESP
 * (Hardening IV, 1): measured on an RDRAND-only machine, an ESP writer who
 * cleared the header bit (or deleted the file) got a table resting on
 * RDRAND for a kernel with random.trust_cpu=off. EarlyseedKernelTrust, as
 * the OS tool writes it, takes the CPU's trust away; it never gives it. */
static void kernel_trust_case(const char *conf, const char *kernel, bool junk, bool want_table)
{
	static const EFI_GUID vendor = ES_AUDIT_VARIABLE_GUID; /* earlyseed's vendor GUID */
	struct es_audit_record a;

	rdrand_machine(conf);
	if (junk) {
		static const uint8_t bad[8] = { 'E', 'S', 'K', 'T', 9 };

		fake_set_var(L"EarlyseedKernelTrust", &vendor, bad, sizeof(bad), EFI_VARIABLE_NON_VOLATILE |
			     EFI_VARIABLE_BOOTSERVICE_ACCESS | EFI_VARIABLE_RUNTIME_ACCESS);
	} else if (kernel != NULL) {
		struct es_trust t;
		uint8_t v[ES_TRUST_VAR_LEN];

		es_trust_defaults(&t);
		es_trust_parse(&t, kernel);
		es_trust_var_encode(&t, v);
		fake_set_var(L"EarlyseedKernelTrust", &vendor, v, sizeof(v), EFI_VARIABLE_NON_VOLATILE |
			     EFI_VARIABLE_BOOTSERVICE_ACCESS | EFI_VARIABLE_RUNTIME_ACCESS);
	}
	finish(want_table, true);
	CHECK(audit_decode_ok(&a) && ((a.flags & ES_AUDIT_F_TABLE) != 0) == want_table);
}

static void test_kernel_trust_variable(void)
{
	static const char grub[] = "next = \\EFI\\debian\\grubx64.efi\nseed_file = none\n";
	static const char kernel[] = "next = \\EFI\\debian\\grubx64.efi\ncmdline = quiet\nseed_file = none\n";

	/* no file, no header bit: the variable alone keeps RDRAND out */
	kernel_trust_case(grub, "quiet random.trust_cpu=off", false, false);
	CHECK(logged("trust: no command line; the OS's kernel last ran with random.trust_cpu=off (EarlyseedKernelTrust)"));
	/* none (the kernel's defaults), or one that trusts the CPU: counted */
	kernel_trust_case(grub, NULL, false, true);
	kernel_trust_case(grub, "quiet random.trust_cpu=on", false, true);
	CHECK(!logged("(EarlyseedKernelTrust)"));
	/* one it cannot read costs the CPU */
	kernel_trust_case(grub, NULL, true, false);
	CHECK(logged("EarlyseedKernelTrust unreadable"));
	/* trust_bootloader=off is never applied (a table below the gate) */
	kernel_trust_case(grub, "random.trust_bootloader=off", false, true);
	/* a command line of earlyseed's own says it all: the variable is not read */
	kernel_trust_case(kernel, "random.trust_cpu=off", false, true);
	CHECK(!logged("(EarlyseedKernelTrust)"));
}

/* What a boot prints (issue: a quiet boot): by default a healthy boot
 * prints one line, its summary; `verbose = quiet` none; warnings always,
 * at most CONSOLE_WARN_MAX of them; `verbose = yes` every line. */
static size_t lines(void)
{
	size_t n = 0;

	for (size_t i = 0; i < fake.loglen; i++)
		n += fake.log[i] == '\n';
	return n;
}

static void test_quiet_boot(void)
{
	static const char quiet[] = "next = \\vmlinuz\ncmdline = console=ttyS0\nverbose = quiet\n";
	static const char yes[] = "next = \\vmlinuz\ncmdline = console=ttyS0\nverbose = yes\n";

	/* the shipped default: the summary line alone */
	base();
	console_show = console_default = CONSOLE_SHOW_SUMMARY;
	finish(true, true);
	CHECK(lines() == 1 && logged("earlyseed: summary rdseed="));
	/* quiet: nothing at all on a healthy boot */
	base();
	console_show = console_default = CONSOLE_SHOW_SUMMARY;
	fake.files[0].data = (const uint8_t *)quiet;
	fake.files[0].len = sizeof(quiet) - 1;
	fake.rngs[0].then = EFI_SUCCESS;
	efi_main(fake_image_handle(), ST);
	CHECK(fake.started && fake.loglen == 0);
	/* a failure prints, quiet or not: the line saying why */
	base();
	console_show = console_default = CONSOLE_SHOW_SUMMARY;
	fake.files[0].data = (const uint8_t *)quiet;
	fake.files[0].len = sizeof(quiet) - 1;
	fake.rngs[0].then = EFI_DEVICE_ERROR;
	efi_main(fake_image_handle(), ST);
	CHECK(logged("earlyseed: health: efi_rng: fail: ") && !logged("earlyseed: summary"));
	CHECK(!logged("earlyseed: start") && !logged("earlyseed: cpu:"));
	/* verbose = yes: today's lines */
	base();
	console_show = console_default = CONSOLE_SHOW_SUMMARY;
	fake.files[0].data = (const uint8_t *)yes;
	fake.files[0].len = sizeof(yes) - 1;
	finish(true, true);
	CHECK(lines() > 10 && logged("earlyseed: cpu: ") && logged("earlyseed: starting \\vmlinuz"));
	/* the lines from before the config was read, kept until it said so */
	CHECK(logged("earlyseed: start\r\n") || logged("earlyseed: start\n"));
	CHECK(logged("earlyseed: config: reading \\EFI\\earlyseed\\earlyseed.conf"));
	/* warnings are bounded: CONSOLE_WARN_MAX, then one line */
	base();
	console_show = console_default = CONSOLE_SHOW_SUMMARY;
	console_begin();
	for (int i = 0; i < 40; i++)
		console_log(CONSOLE_WARN, "warning %u", (UINT32)i); /* the prefix and the end are console_log's */
	CHECK(lines() == CONSOLE_WARN_MAX + 1u && logged("earlyseed: more warnings not shown"));
	CHECK(logged("warning 15\n") && !logged("warning 16\n"));
}

/* The app says where it is (EarlyseedImage), for `earlyseed seed`. */
static void test_image_variable(void)
{
	static const EFI_GUID vendor = ES_AUDIT_VARIABLE_GUID;
	const struct fake_var *v = NULL;

	base();
	finish(true, true);
	for (size_t i = 0; i < FAKE_MAX_VARS; i++)
		if (fake.vars[i].used && memcmp(fake.vars[i].name, u"EarlyseedImage", 30) == 0 &&
		    memcmp(&fake.vars[i].guid, &vendor, sizeof(vendor)) == 0)
			v = &fake.vars[i];
	CHECK(v != NULL);
	if (v == NULL)
		return;
	CHECK((v->attr & EFI_VARIABLE_NON_VOLATILE) == 0 && (v->attr & EFI_VARIABLE_RUNTIME_ACCESS) != 0);
	CHECK(v->len == sizeof(u"\\EFI\\BOOT\\BOOTX64.EFI") &&
	      memcmp(v->data, u"\\EFI\\BOOT\\BOOTX64.EFI", v->len) == 0);
}

/* ---- an earlyseed driver loaded before the app (efi/driver.c) ---- */
static EFI_STATUS EFIAPI drv_get_rng(EFI_RNG_PROTOCOL *This, EFI_RNG_ALGORITHM *algo, UINTN len, UINT8 *out)
{
	(void)This;
	if (algo != NULL)
		return EFI_UNSUPPORTED; /* its Hash_DRBG is not RAW */
	check_rand_fill(out, len);
	return EFI_SUCCESS;
}

static struct stage_marker drv_marker;
static EFI_RNG_PROTOCOL drv_rng = { NULL, drv_get_rng };

/* The driver (trusting RDRAND) left a table and its RNG; the app's kernel
 * gets random.trust_cpu=off, or not. */
static void driver_then_app(bool trust_cpu)
{
	static char conf[128];
	EFI_HANDLE h;
	struct es_table_seed *t;
	EFI_GUID rng_guid = ES_EFI_RNG_PROTOCOL_GUID, stage_guid = ES_STAGE_PROTOCOL_GUID;

	base();
	fake_insn.leaf7_ebx = 0;
	fake.no_rng_protocol = true; /* no firmware RNG: the driver's is the one */
	snprintf(conf, sizeof(conf), "next = \\vmlinuz\nseed_file = none\ncmdline = %s\n",
		 trust_cpu ? "quiet" : "random.trust_cpu=off");
	fake.files[0].data = (const uint8_t *)conf;
	fake.files[0].len = strlen(conf);
	h = fake_add_image();
	t = install_prev(32, 32);
	memset(&drv_marker, 0, sizeof(drv_marker));
	drv_marker.magic = STAGE_MAGIC;
	drv_marker.driver = true;
	drv_marker.table = t;
	es_table_tag(t, drv_marker.tag); /* what the driver records of its table */
	drv_marker.made_of.cpu_bits = 512;
	CHECK(ST->BootServices->InstallProtocolInterface(&h, &stage_guid, EFI_NATIVE_INTERFACE, &drv_marker) == 0);
	CHECK(ST->BootServices->InstallProtocolInterface(&h, &rng_guid, EFI_NATIVE_INTERFACE, &drv_rng) == 0);
	fake.markers_installed--; /* the driver's stays: not the app's to remove */
	finish(trust_cpu, true);
	CHECK(logged("efi_rng: instance 0: earlyseed's own (a driver's Hash_DRBG): mixed, counted only through its table"));
	CHECK(logged("prev_table: 32 bytes mixed (installed by an earlier earlyseed stage)"));
	CHECK(logged(" efi_rng=0 prev_table=32 seed_file=0 table="));
}

static void test_driver_then_app(void)
{
	/* its kernel distrusts the CPU: neither counts; both are taken away */
	driver_then_app(false);
	CHECK(logged(" table=0 ") && fake.remove_seen && fake.rng_uninstalls == 1);
	CHECK(logged("efi_rng: instance 0 rests on sources this kernel's trust settings exclude: uninstalled"));
	/* it trusts it: the driver's table counts (512 CPU bits), ours replaces
	 * it, and its RNG stays for the Linux stub */
	driver_then_app(true);
	CHECK(logged(" table=32 ") && fake.rng_uninstalls == 0);
	CHECK(logged("prev_table: replaced by ours, wiped and freed"));
	CHECK(fake.prev_wiped_at_free);
}

int main(void)
{
	rows_reversed = getenv("ES_ROWS_REVERSED") != NULL;
	RUN(test_healthy_machine);
	RUN(test_no_rng_protocol);
	RUN(test_tpm_alone_seeds);
	RUN(test_vm_generation);
	RUN(test_tpm_faults);
	RUN(test_tpm_same_every_boot);
	RUN(test_firmware_rng_is_the_cpu);
	RUN(test_hyperv_oem0);
	RUN(test_rng_not_ready_then_data);
	RUN(test_rng_never_ready);
	RUN(test_rng_device_error);
	RUN(test_rng_raw_unsupported);
	RUN(test_rng_raw_device_error_then_default);
	RUN(test_rng_refuses_short_requests);
	RUN(test_rng_repeats_itself);
	RUN(test_rdrand_all_ones);
	RUN(test_rdrand_fails_startup_distrusts_rdseed);
	RUN(test_rdseed_zero_cf1);
	RUN(test_rdseed_never_ready);
	RUN(test_prev_tables);
	RUN(test_prev_tables_oversized);
	RUN(test_prev_tables_bad_contents);
	RUN(test_prev_table_alone);
	RUN(test_config_files);
	RUN(test_config_beside_image);
	RUN(test_next_stage_missing_or_unloadable);
	RUN(test_install_failures);
	RUN(test_read_only_volume);
	RUN(test_trust_cpu);
	RUN(test_trust_bootloader);
	RUN(test_loop_guard);
	RUN(test_chain_provenance);
	RUN(test_config_warnings_bounded);
	RUN(test_long_cmdline);
	RUN(test_config_open_error);
	RUN(test_guid_semantics);
	RUN(test_rng_writes_nothing);
	RUN(test_network_boot);
	RUN(test_take_back);
	RUN(test_seed_file);
	RUN(test_seed_file_off);
	RUN(test_seed_file_boots);
	RUN(test_seed_file_after_a_crash);
	RUN(test_token_account);
	RUN(test_seed_file_no_counter);
	RUN(test_monotonic_count_from_zero);
	RUN(test_uboot_token_on_disk);
	RUN(test_rows_in_any_order);
	RUN(test_seed_file_clash);
	RUN(test_image_variable);
	RUN(test_quiet_boot);
	RUN(test_trust_from_the_seed_file);
	RUN(test_kernel_trust_variable);
	RUN(test_seed_file_chained);
	RUN(test_driver_then_app);
	fake_efi_reset(); /* frees the last case's pool allocations */
	return check_done();
}
