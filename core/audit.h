/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_CORE_AUDIT_H
#define EARLYSEED_CORE_AUDIT_H

#include <stddef.h>
#include <stdint.h>

#include "earlyseed.h"

/*
 * The audit record: what the app did, published as a volatile EFI variable
 * (docs/audit-record.md "The audit record") so the booted OS can read it. It holds counts,
 * sizes, flags and a duration only: never a random byte or anything derived
 * from one. Wire format: ES_AUDIT_SIZE bytes, little-endian, at the offsets of
 * struct es_audit_record (asserted below); es_audit_encode/decode do the byte order.
 */
#define ES_AUDIT_MAGIC "ESAR"
#define ES_AUDIT_VERSION 4
/* Older versions es_audit_decode() still reads: 1 (64 bytes, elapsed in
 * microseconds at 52, a u32 reserved at 60), 2 (64 bytes) and 3 (80 bytes,
 * a reserved u16 at 74 where 4 keeps the token's account). */
#define ES_AUDIT_VERSION_MIN 1

/* flags */
#define ES_AUDIT_F_RDSEED 0x001u         /* CPUID offers RDSEED */
#define ES_AUDIT_F_RDRAND 0x002u         /* CPUID offers RDRAND */
#define ES_AUDIT_F_EFI_RNG 0x004u        /* an EFI_RNG_PROTOCOL was found */
#define ES_AUDIT_F_PREV_FOUND 0x008u     /* a previous seed table was present */
#define ES_AUDIT_F_PREV_CORRUPT 0x010u   /* ... with a size over 1024: not read */
#define ES_AUDIT_F_PREV_RETIRED 0x020u   /* ... replaced by ours, then wiped and freed */
#define ES_AUDIT_F_TABLE 0x040u          /* a table was installed */
#define ES_AUDIT_F_INSTALL_FAILED 0x080u /* AllocatePool/InstallConfigurationTable failed */
#define ES_AUDIT_F_BELOW_GATE 0x100u     /* counted sources below the gate */
#define ES_AUDIT_F_RDSEED_FAIL 0x200u    /* RDSEED failed its health tests */
#define ES_AUDIT_F_RDRAND_FAIL 0x400u    /* RDRAND failed its health tests */
#define ES_AUDIT_F_EFI_RNG_FAIL 0x800u   /* EFI_RNG_PROTOCOL failed its health tests */
#define ES_AUDIT_F_PREV_FAIL 0x1000u     /* the previous table failed its tests */
#define ES_AUDIT_F_PREV_REMOVED 0x2000u  /* ... and was removed from the system table */
#define ES_AUDIT_F_CPU_UNTRUSTED 0x4000u /* random.trust_cpu=off: CPU sources not counted */
#define ES_AUDIT_F_UNCREDITED 0x8000u    /* random.trust_bootloader=off: the kernel credits no table */
#define ES_AUDIT_F_LOOP 0x10000u         /* too many earlyseed stages: refused to chain */
#define ES_AUDIT_F_SEED_FILE 0x20000u         /* a seed file was found and read (v3) */
#define ES_AUDIT_F_SEED_FILE_FAIL 0x40000u    /* ... but did not count (seed_file_reason) */
#define ES_AUDIT_F_SEED_FILE_WRITTEN 0x80000u /* the seed file was rewritten and flushed */
#define ES_AUDIT_F_SEED_FILE_CREATED 0x100000u /* ... it was missing: created */
#define ES_AUDIT_F_TOKEN 0x200000u            /* EarlyseedToken was there at start */
#define ES_AUDIT_F_TOKEN_CREATED 0x400000u    /* ... it was missing: created */
#define ES_AUDIT_F_TOKEN_FAILED 0x800000u     /* unreadable, malformed, or creating it failed */
#define ES_AUDIT_F_DRIVER 0x1000000u         /* written by the firmware driver (v3) */
#define ES_AUDIT_F_RNG_PROTOCOL 0x2000000u   /* ... which serves an EFI_RNG_PROTOCOL */
#define ES_AUDIT_F_NEXT_FAILED 0x4000000u    /* the next stage could not be loaded or started (v4) */
#define ES_AUDIT_F_TAKEN_BACK 0x8000000u     /* ... and the table was taken back */
#define ES_AUDIT_F_ALL 0xfffffffu
/* The flags each older version knew. */
#define ES_AUDIT_F_ALL_V1 0xfffu
#define ES_AUDIT_F_ALL_V2 0x1ffffu
#define ES_AUDIT_F_ALL_V3 0x3ffffffu

/* Which architecture wrote the record (v3). */
#define ES_AUDIT_ARCH_X86_64 1u
#define ES_AUDIT_ARCH_AARCH64 2u

struct es_audit_record {
	uint8_t magic[4];           /* "ESAR" */
	uint16_t version;           /* ES_AUDIT_VERSION */
	uint16_t length;            /* ES_AUDIT_SIZE */
	uint32_t flags;             /* AUDIT_F_* */
	uint32_t bytes_clock;       /* bytes mixed from each source */
	uint32_t bytes_prev_table;
	uint32_t bytes_efi_rng;
	uint32_t bytes_rdseed;
	uint32_t bytes_rdrand;
	uint32_t prev_table_size;   /* size field of the previous table, 0 if none */
	uint32_t table_size;        /* bytes of the table installed, 0 if none */
	uint16_t efi_rng_instances; /* EFI_RNG_PROTOCOL handles found */
	uint16_t efi_rng_failed;    /* instances that gave nothing */
	uint16_t efi_rng_calls;     /* GetRNG calls, retries included */
	uint16_t cpu_longs_failed;  /* longs neither RDSEED nor RDRAND gave */
	uint32_t config_problems;   /* config lines or files reported and ignored */
	uint32_t elapsed_kcycles;   /* cycle counter from entry to chain-load, / 1024 */
	uint32_t entropy_bits;      /* assumed min-entropy of the counted sources */
	uint16_t stage;             /* 1 for the first earlyseed in the chain */
	uint16_t arch;              /* ES_AUDIT_ARCH_*; zero (reserved) before v3 */
	/* version 3 */
	uint32_t bytes_seed_file;   /* seed file bytes mixed */
	uint32_t seed_file_size;    /* its size on disk, 0 if none */
	uint16_t seed_file_reason;  /* enum es_file_reason: 0 when it counted */
	uint16_t token_account;     /* v4: what the token rests on (es_audit_set_token) */
	uint32_t bytes_es_rng;      /* bytes from an earlyseed driver's EFI_RNG_PROTOCOL */
};

#define ES_AUDIT_SIZE 80
/* Versions 1 and 2 are 64 bytes. */
#define ES_AUDIT_SIZE_V2 64
_Static_assert(sizeof(struct es_audit_record) == ES_AUDIT_SIZE, "audit record is 80 bytes");
_Static_assert(offsetof(struct es_audit_record, version) == 4, "version at 4");
_Static_assert(offsetof(struct es_audit_record, flags) == 8, "flags at 8");
_Static_assert(offsetof(struct es_audit_record, bytes_clock) == 12, "bytes_clock at 12");
_Static_assert(offsetof(struct es_audit_record, bytes_rdrand) == 28, "bytes_rdrand at 28");
_Static_assert(offsetof(struct es_audit_record, prev_table_size) == 32, "prev_table_size at 32");
_Static_assert(offsetof(struct es_audit_record, table_size) == 36, "table_size at 36");
_Static_assert(offsetof(struct es_audit_record, efi_rng_instances) == 40, "efi_rng_instances at 40");
_Static_assert(offsetof(struct es_audit_record, cpu_longs_failed) == 46, "cpu_longs_failed at 46");
_Static_assert(offsetof(struct es_audit_record, config_problems) == 48, "config_problems at 48");
_Static_assert(offsetof(struct es_audit_record, elapsed_kcycles) == 52, "elapsed_kcycles at 52");
_Static_assert(offsetof(struct es_audit_record, entropy_bits) == 56, "entropy_bits at 56");
_Static_assert(offsetof(struct es_audit_record, stage) == 60, "stage at 60");
_Static_assert(offsetof(struct es_audit_record, arch) == 62, "arch at 62");
_Static_assert(offsetof(struct es_audit_record, bytes_seed_file) == 64, "bytes_seed_file at 64");
_Static_assert(offsetof(struct es_audit_record, seed_file_size) == 68, "seed_file_size at 68");
_Static_assert(offsetof(struct es_audit_record, seed_file_reason) == 72, "seed_file_reason at 72");
_Static_assert(offsetof(struct es_audit_record, token_account) == 74, "token_account at 74");
_Static_assert(offsetof(struct es_audit_record, bytes_es_rng) == 76, "bytes_es_rng at 76");

/* A zeroed record with magic, version and length set. */
void es_audit_init(struct es_audit_record *a);
/* The token's account (core/earlyseed.h "The token"), so the OS can judge
 * a file bound to a token it cannot read as the app will: bit 15 set, the
 * non-CPU bits / 4 in bits 0-6 and the CPU bits / 4 in bits 7-13 (rounded
 * down: never more than the token holds). */
#define ES_AUDIT_TOKEN_KNOWN 0x8000u
void es_audit_set_token(struct es_audit_record *a, const struct es_provenance *from);
/* true and *from when the record holds a token's account. */
bool es_audit_token(const struct es_audit_record *a, struct es_provenance *from);
void es_audit_encode(const struct es_audit_record *a, uint8_t out[ES_AUDIT_SIZE]);

enum es_audit_error {
	ES_AUDIT_OK = 0,
	ES_AUDIT_ESHORT,   /* fewer bytes than its version's size */
	ES_AUDIT_EMAGIC,   /* not "ESAR" */
	ES_AUDIT_EVERSION, /* a version this decoder does not know */
	ES_AUDIT_ELENGTH,  /* length field is not its version's size */
	ES_AUDIT_EFLAGS,   /* unknown flag bits or the reserved word set */
};

/* A zeroed record's fields set from a verdict: flags, bytes, sizes, bits. */
void es_audit_from_verdict(struct es_audit_record *a, const struct es_verdict *v);

/*
 * A source's health verdict as the summary line spells it: "absent" without
 * its present flag, "fail" with its fail flag, else "pass" (flags from the
 * source table). The app's summary and `earlyseed inspect` both read it from
 * the record, so they cannot disagree.
 */
const char *es_audit_verdict(const struct es_audit_record *a, enum es_source src);
/* The bytes the record says src gave. */
uint32_t es_audit_bytes(const struct es_audit_record *a, enum es_source src);

/* "rdseed=N rdrand=N efi_rng=N prev_table=N seed_file=N table=N
 * health=rdseed:v,..." (without "summary "), always NUL-terminated;
 * ES_AUDIT_SUMMARY_MAX fits. */
#define ES_AUDIT_SUMMARY_MAX 200u
void es_audit_summary(const struct es_audit_record *a, char *out, size_t cap);

/* Decode and validate n bytes of any version from ES_AUDIT_VERSION_MIN;
 * *a is written only on ES_AUDIT_OK and keeps the version it was written in
 * (fields a version lacks are zero; version 1's elapsed_us is in
 * elapsed_kcycles). */
enum es_audit_error es_audit_decode(const uint8_t *in, size_t n, struct es_audit_record *a);
const char *es_audit_decode_strerror(enum es_audit_error e);
/* The name inspect prints for one ES_AUDIT_F_* bit (the CPU sources' flags
 * by their names on the record's architecture, es_source_name()). */
const char *es_audit_flag_name(uint32_t bit);
const char *es_audit_flag_name_arch(uint32_t bit, unsigned int arch);

#endif
