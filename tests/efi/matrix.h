/* SPDX-License-Identifier: MIT */
/*
 * The fault matrix's harness: efi/ compiled for the host against
 * tests/fake_efi.c and tests/fake_insn.c, one program per efi/ file
 * (tests/efi/test_<file>.c), run through every fault docs/faults.md "Faults
 * handled" lists. Every boot a case runs through finish() keeps the
 * invariants it checks: the next stage starts (or a clear error is returned
 * when it cannot be loaded), a table exists only when the health gate allows
 * and is <= 512 bytes and never all-zero, a previous table is wiped and freed
 * only after a successful install, the secrets are zero when the next stage
 * starts, and no seed byte is printed.
 */
#ifndef EARLYSEED_TESTS_EFI_MATRIX_H
#define EARLYSEED_TESTS_EFI_MATRIX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../../core/earlyseed.h"
#include "../../efi/guid.h"
#include "../../efi/console.h"
#include "../../efi/main.h"
#include "../../efi/stage.h"
#include "../check.h"
#include "../fake_efi.h"
#include "../fake_insn.h"

/* A program's start: ES_ROWS_REVERSED=1 reads the rows reversed. */
void matrix_start(void);
/* A program's end: frees the last case's pool allocations; check_done(). */
int matrix_done(void);

#define RDRAND_BIT (1u << 30)
#define RDSEED_BIT (1u << 18)
/* The order the pass reads src_rows[] in (efi/pass.h pass_row_index): as
 * listed, or reversed (ES_ROWS_REVERSED=1 runs the whole matrix so). */
extern bool rows_reversed;
extern const char default_conf[];
extern const uint8_t kernel_image[16];
extern EFI_STATUS rc;
int good_cpu(uint64_t *v);
struct fake_file_entry *add_file(const char *path, const void *data, size_t len, bool loadable);
/* Bytes of a previous table: no short period, no runs (passes its tests). */
uint8_t prev_byte(size_t i);
/* A healthy machine: RDSEED and RDRAND, one EFI RNG, a config, a kernel. */
void base(void);
void no_cpu_rng(void);
struct es_table_seed *install_prev(uint32_t size, size_t alloc_bits);
bool prev_intact(const struct es_table_seed *t, uint32_t size, size_t alloc_bits);
bool logged(const char *s);
bool audit_decode_ok(struct es_audit_record *a);
void finish(bool expect_table, bool expect_started);
/* How many times prefix appears in the log. */
size_t count_lines(const char *prefix);
/* ---- the seed file and the token (docs/seed-file.md "The seed file") ---- */
#define SEED_PATH "\\EFI\\earlyseed\\random-seed"
/* What `earlyseed seed install` makes through efivarfs, and what the app
 * makes itself (boot services only: the OS never reads it). */
#define TOKEN_ATTRS (EFI_VARIABLE_NON_VOLATILE | EFI_VARIABLE_BOOTSERVICE_ACCESS | EFI_VARIABLE_RUNTIME_ACCESS)
#define TOKEN_ATTRS_APP (EFI_VARIABLE_NON_VOLATILE | EFI_VARIABLE_BOOTSERVICE_ACCESS)
/* The file's header: earlyseed's, bound to the token, resting on 256 bits
 * (HDR_GOOD); on the CPU's; on nothing; another machine's; none at all. */
enum { HDR_GOOD, HDR_CPU, HDR_UNSEEDED, HDR_OTHER, HDR_NONE, HDR_FORGED, HDR_V1 };
extern uint8_t file_old[1u << 20], file_before[1u << 20], token_bytes[ES_TOKEN_LEN];
/* The variable a token is stored as: the token and what it rests on. */
extern uint8_t token_var[ES_TOKEN_VAR_LEN];
/* tok as EarlyseedToken, resting on other/cpu bits (what the app writes). */
void put_token(const uint8_t *tok, uint32_t attrs, uint32_t other, uint32_t cpu);
/* len bytes of a seed file for token tok with header kind hdr. */
void make_seed_file(uint8_t *b, size_t len, int hdr, const uint8_t *tok);
/* The header a rewrite carries. */
bool rewritten_header(const struct fake_file_entry *e, struct es_seedfile_header *h);
/* Boots of one machine: a firmware RNG creates the token and the file;
 * then, with no hardware RNG at all, the file alone seeds the kernel, and
 * changes every boot. A clone of the disk (no token) gets nothing. */
extern uint8_t boot_file[4][ES_SEED_FILE_MIN];
extern uint8_t boot_token[ES_TOKEN_VAR_LEN];
/* What the boot just run left for the next: its seed file into boot_file[0]
 * and its token variable into boot_token; false (a failed check) when it
 * left either out. */
bool keep_boot(void);
void boot_with(const uint8_t *file, bool token, bool hw);
/* A machine with no hardware RNG, the seed file file and token_bytes as
 * its token (the app's, bound to the file). */
void file_machine(const uint8_t *file);
/* A boot with no hardware RNG and the seed file `file` (its token all
 * non-CPU bits): conf NULL for the default config; with counter_fails,
 * GetNextMonotonicCount fails. No table is expected. */
void file_only_boot(const uint8_t *file, const char *conf, bool counter_fails);
/* The config base() gave, replaced by conf (a string the case keeps). */
void set_conf(const char *conf);
/* An RDRAND-only machine whose config is conf, a boot loader beside it. */
void rdrand_machine(const char *conf);

#endif
