/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_CORE_AUDIT_H
#define EARLYSEED_CORE_AUDIT_H

#include <stddef.h>
#include <stdint.h>

/*
 * The audit record: what the app did, published as a volatile EFI variable
 * (README "The audit record") so the booted OS can read it. It holds counts,
 * sizes, flags and a duration only: never a random byte or anything derived
 * from one. Wire format: ES_AUDIT_SIZE bytes, little-endian, at the offsets of
 * struct es_audit_record (asserted below); es_audit_encode/decode do the byte order.
 */
#define ES_AUDIT_MAGIC "ESAR"
#define ES_AUDIT_VERSION 1u

/* flags */
#define ES_AUDIT_F_RDSEED 0x001u         /* CPUID offers RDSEED */
#define ES_AUDIT_F_RDRAND 0x002u         /* CPUID offers RDRAND */
#define ES_AUDIT_F_EFI_RNG 0x004u        /* an EFI_RNG_PROTOCOL was found */
#define ES_AUDIT_F_PREV_FOUND 0x008u     /* a previous seed table was present */
#define ES_AUDIT_F_PREV_CORRUPT 0x010u   /* ... with size > 512: not read */
#define ES_AUDIT_F_PREV_RETIRED 0x020u   /* ... merged, then wiped and freed */
#define ES_AUDIT_F_TABLE 0x040u          /* a table was installed */
#define ES_AUDIT_F_INSTALL_FAILED 0x080u /* AllocatePool/InstallConfigurationTable failed */
#define ES_AUDIT_F_BELOW_GATE 0x100u     /* no table: healthy sources below the gate */
#define ES_AUDIT_F_RDSEED_FAIL 0x200u    /* RDSEED failed its health tests */
#define ES_AUDIT_F_RDRAND_FAIL 0x400u    /* RDRAND failed its health tests */
#define ES_AUDIT_F_EFI_RNG_FAIL 0x800u   /* EFI_RNG_PROTOCOL failed its health tests */
#define ES_AUDIT_F_ALL 0xfffu

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
	uint32_t elapsed_us;        /* time from entry to chain-load */
	uint32_t entropy_bits;      /* assumed min-entropy of the healthy sources */
	uint32_t reserved;          /* zero in version 1 */
};

#define ES_AUDIT_SIZE 64u
_Static_assert(sizeof(struct es_audit_record) == ES_AUDIT_SIZE, "audit record is 64 bytes");
_Static_assert(offsetof(struct es_audit_record, version) == 4, "version at 4");
_Static_assert(offsetof(struct es_audit_record, flags) == 8, "flags at 8");
_Static_assert(offsetof(struct es_audit_record, bytes_clock) == 12, "bytes_clock at 12");
_Static_assert(offsetof(struct es_audit_record, bytes_rdrand) == 28, "bytes_rdrand at 28");
_Static_assert(offsetof(struct es_audit_record, prev_table_size) == 32, "prev_table_size at 32");
_Static_assert(offsetof(struct es_audit_record, table_size) == 36, "table_size at 36");
_Static_assert(offsetof(struct es_audit_record, efi_rng_instances) == 40, "efi_rng_instances at 40");
_Static_assert(offsetof(struct es_audit_record, cpu_longs_failed) == 46, "cpu_longs_failed at 46");
_Static_assert(offsetof(struct es_audit_record, config_problems) == 48, "config_problems at 48");
_Static_assert(offsetof(struct es_audit_record, elapsed_us) == 52, "elapsed_us at 52");
_Static_assert(offsetof(struct es_audit_record, entropy_bits) == 56, "entropy_bits at 56");
_Static_assert(offsetof(struct es_audit_record, reserved) == 60, "reserved at 60");

/* A zeroed record with magic, version and length set. */
void es_audit_init(struct es_audit_record *a);
void es_audit_encode(const struct es_audit_record *a, uint8_t out[ES_AUDIT_SIZE]);

enum es_audit_error {
	ES_AUDIT_OK = 0,
	ES_AUDIT_ESHORT,   /* fewer than ES_AUDIT_SIZE bytes */
	ES_AUDIT_EMAGIC,   /* not "ESAR" */
	ES_AUDIT_EVERSION, /* a version this decoder does not know */
	ES_AUDIT_ELENGTH,  /* length field is not ES_AUDIT_SIZE */
	ES_AUDIT_EFLAGS,   /* unknown flag bits or the reserved word set */
};

/*
 * A source's health verdict as the summary line spells it: "absent" without
 * present_flag, "fail" with fail_flag, else "pass". The app's summary and
 * `earlyseed inspect` both read it from the record, so they cannot disagree.
 */
const char *es_audit_verdict(const struct es_audit_record *a, uint32_t present_flag, uint32_t fail_flag);

/* Decode and validate n bytes; *a is written only on ES_AUDIT_OK. */
enum es_audit_error es_audit_decode(const uint8_t *in, size_t n, struct es_audit_record *a);
const char *es_audit_strerror(enum es_audit_error e);

#endif
