/* SPDX-License-Identifier: MIT */
/*
 * The fault matrix's harness (tests/efi/matrix.h): the machines, the
 * invariants every boot keeps, and what the seed-file cases share.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "matrix.h"

/* The order the pass reads src_rows[] in (efi/pass.h pass_row_index): as
 * listed, or reversed (ES_ROWS_REVERSED=1 runs the whole matrix so). */
bool rows_reversed;

extern const unsigned int src_row_count;

unsigned int pass_row_index(unsigned int i);

unsigned int pass_row_index(unsigned int i)
{
	return rows_reversed ? src_row_count - 1u - i : i;
}

const char default_conf[] = "next = \\vmlinuz\ncmdline = console=ttyS0\n";

const uint8_t kernel_image[16] = { 'M', 'Z' };

EFI_STATUS rc;

int good_cpu(uint64_t *v)
{
	*v = check_rand64();
	fake_note_source(v, 8);
	return 1;
}

struct fake_file_entry *add_file(const char *path, const void *data, size_t len, bool loadable)
{
	struct fake_file_entry *e = &fake.files[fake.nfiles++];

	e->path = path;
	e->data = data;
	e->len = len;
	e->loadable = loadable;
	return e;
}

/* Bytes of a previous table: no short period, no runs (passes its tests). */
uint8_t prev_byte(size_t i)
{
	uint32_t x = (uint32_t)i * 0x9e3779b1u + 0x7f4a7c15u;

	x ^= x >> 15;
	x *= 0x2c1b3c6du;
	x ^= x >> 12;
	return (uint8_t)(x >> 24);
}

/* A healthy machine: RDSEED and RDRAND, one EFI RNG, a config, a kernel. */
void base(void)
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

void no_cpu_rng(void)
{
	fake_insn.leaf1_ecx = 0;
	fake_insn.leaf7_ebx = 0;
}

struct es_table_seed *install_prev(uint32_t size, size_t alloc_bits)
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

bool prev_intact(const struct es_table_seed *t, uint32_t size, size_t alloc_bits)
{
	if (!fake_is_live(t) || t->size != size)
		return false;
	for (size_t i = 0; i < alloc_bits; i++)
		if (t->bits[i] != prev_byte(i))
			return false;
	return true;
}

bool logged(const char *s)
{
	return strstr(fake.log, s) != NULL;
}

bool audit_decode_ok(struct es_audit_record *a)
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

void finish(bool expect_table, bool expect_started)
{
	wipe_harness_stack();
	finish_boot(expect_table, expect_started);
}

/* How many times prefix appears in the log. */
size_t count_lines(const char *prefix)
{
	size_t n = 0;

	for (const char *p = fake.log; (p = strstr(p, prefix)) != NULL; p++)
		n++;
	return n;
}

uint8_t file_old[1u << 20], file_before[1u << 20], token_bytes[ES_TOKEN_LEN];

/* The variable a token is stored as: the token and what it rests on. */
uint8_t token_var[ES_TOKEN_VAR_LEN];

/* tok as EarlyseedToken, resting on other/cpu bits (what the app writes). */
void put_token(const uint8_t *tok, uint32_t attrs, uint32_t other, uint32_t cpu)
{
	const struct es_provenance from = { .cpu_bits = cpu, .other_bits = other };

	es_token_encode(tok, &from, token_var);
	fake_set_token(token_var, sizeof(token_var), attrs);
}

/* len bytes of a seed file for token tok with header kind hdr. */
void make_seed_file(uint8_t *b, size_t len, int hdr, const uint8_t *tok)
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
	es_seedfile_seal(&h, hdr == HDR_OTHER ? other : tok, NULL, b);
	if (hdr == HDR_FORGED)
		b[9] = 1; /* an ESP writer's "rests on 256 bits" */
	else if (hdr == HDR_V1)
		memcpy(b, ES_SEEDFILE_MAGIC_V1, 8);
	es_wipe(other, sizeof(other)); /* the stack scan looks for the token's bytes */
}

/* The header a rewrite carries. */
bool rewritten_header(const struct fake_file_entry *e, struct es_seedfile_header *h)
{
	return e != NULL && es_seedfile_parse(e->data, e->len, h);
}

/* Boots of one machine: a firmware RNG creates the token and the file;
 * then, with no hardware RNG at all, the file alone seeds the kernel, and
 * changes every boot. A clone of the disk (no token) gets nothing. */
uint8_t boot_file[4][ES_SEED_FILE_MIN];

uint8_t boot_token[ES_TOKEN_VAR_LEN];

/* What the boot just run left for the next: its seed file into boot_file[0]
 * and its token variable into boot_token; false (a failed check) when it
 * left either out. */
bool keep_boot(void)
{
	const struct fake_file_entry *e = fake_file(SEED_PATH);

	CHECK(e != NULL && fake_token() != NULL);
	if (e == NULL || fake_token() == NULL)
		return false;
	memcpy(boot_file[0], e->data, ES_SEED_FILE_MIN);
	memcpy(boot_token, fake_token()->data, ES_TOKEN_VAR_LEN);
	return true;
}

void boot_with(const uint8_t *file, bool token, bool hw)
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

/* A machine with no hardware RNG, the seed file file and token_bytes as
 * its token (the app's, bound to the file). */
void file_machine(const uint8_t *file)
{
	base();
	no_cpu_rng();
	fake.no_rng_protocol = true;
	add_file(SEED_PATH, file, ES_SEED_FILE_MIN, false);
	put_token(token_bytes, TOKEN_ATTRS_APP, ES_GATE_BITS, 0);
}

/* A boot with no hardware RNG and the seed file `file` (its token all
 * non-CPU bits): conf NULL for the default config; with counter_fails,
 * GetNextMonotonicCount fails. No table is expected. */
void file_only_boot(const uint8_t *file, const char *conf, bool counter_fails)
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

/* An RDRAND-only machine whose config is conf, a boot loader beside it. */
void set_conf(const char *conf)
{
	fake.files[0].data = (const uint8_t *)conf;
	fake.files[0].len = strlen(conf);
}

void rdrand_machine(const char *conf)
{
	base();
	fake_insn.leaf7_ebx = 0; /* RDRAND only */
	fake.no_rng_protocol = true;
	set_conf(conf);
	add_file("\\EFI\\debian\\grubx64.efi", kernel_image, sizeof(kernel_image), true);
}

void matrix_start(void)
{
	rows_reversed = getenv("ES_ROWS_REVERSED") != NULL;
}

int matrix_done(void)
{
	fake_efi_reset(); /* frees the last case's pool allocations */
	return check_done();
}
