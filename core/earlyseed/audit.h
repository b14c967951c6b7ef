/* SPDX-License-Identifier: MIT */
/* Part of core/earlyseed.h: the audit record (core/audit.c). Include core/earlyseed.h, never this. */
#ifndef EARLYSEED_CORE_EARLYSEED_H
#error "include core/earlyseed.h, the engine's one public header"
#endif
#ifndef EARLYSEED_CORE_EARLYSEED_AUDIT_H
#define EARLYSEED_CORE_EARLYSEED_AUDIT_H

/* ==== the audit record ====================================================== */

/*
 * The audit record: what a stage did, published as a volatile EFI variable
 * (docs/audit-record.md "The audit record") so the booted OS can read it. It
 * holds counts, sizes, flags and durations only: never a random byte or
 * anything derived from one. Wire format: ES_AUDIT_SIZE bytes, little-endian,
 * at the offsets of struct es_audit_record (asserted below). The front end
 * never writes a field: it says what the firmware did in a struct es_outcome
 * and es_audit_build() makes the record from that and the verdict.
 *
 * From version 5 what each source did is kept in arrays indexed by its tag
 * (enum es_source): a new source adds no field, flag or version. Version 6
 * is version 5's layout with the writer's version in what was a reserved
 * u32 (image_version), and ES_AUDIT_F_RNG_UNKNOWN among its flags (a
 * version 5 record may carry that bit too: the builds just before 6 set it).
 */
#define ES_AUDIT_MAGIC "ESAR"
#define ES_AUDIT_VERSION 6
/* Older versions es_audit_decode() still reads, into this layout: 1 (64
 * bytes, elapsed in microseconds at 52, a u32 reserved at 60), 2 (64 bytes),
 * 3 (80 bytes, a reserved u16 at 74) and 4 (80 bytes, the token's account at
 * 74); each kept one byte count and one flag per source. */
#define ES_AUDIT_VERSION_MIN 1
/* Room for this many source tags: ES_SRC_COUNT may grow to it. */
#define ES_AUDIT_SOURCES 16u

/* flags: what happened, not which source did what (present, failed) */
#define ES_AUDIT_F_PREV_CORRUPT 0x010u   /* a previous table's size was over 1024: not read */
#define ES_AUDIT_F_PREV_RETIRED 0x020u   /* ... replaced by ours, then wiped and freed */
#define ES_AUDIT_F_TABLE 0x040u          /* a table was installed */
#define ES_AUDIT_F_INSTALL_FAILED 0x080u /* AllocatePool/InstallConfigurationTable failed */
#define ES_AUDIT_F_BELOW_GATE 0x100u     /* counted sources below the gate */
#define ES_AUDIT_F_PREV_REMOVED 0x2000u  /* a bad previous table was removed from the system table */
#define ES_AUDIT_F_CPU_UNTRUSTED 0x4000u /* random.trust_cpu=off: CPU sources not counted */
#define ES_AUDIT_F_UNCREDITED 0x8000u    /* random.trust_bootloader=off: the kernel credits no table */
#define ES_AUDIT_F_LOOP 0x10000u         /* too many earlyseed stages: refused to chain */
#define ES_AUDIT_F_SEED_FILE_WRITTEN 0x80000u /* the seed file was rewritten and flushed */
#define ES_AUDIT_F_SEED_FILE_CREATED 0x100000u /* ... it was missing: created */
#define ES_AUDIT_F_TOKEN 0x200000u            /* EarlyseedToken was there at start */
#define ES_AUDIT_F_TOKEN_CREATED 0x400000u    /* ... it was missing: created */
#define ES_AUDIT_F_TOKEN_FAILED 0x800000u     /* unreadable, malformed, or creating it failed */
#define ES_AUDIT_F_DRIVER 0x1000000u         /* written by the firmware driver (v3) */
#define ES_AUDIT_F_RNG_PROTOCOL 0x2000000u   /* ... which serves an EFI_RNG_PROTOCOL */
#define ES_AUDIT_F_NEXT_FAILED 0x4000000u    /* the next stage could not be loaded or started (v4) */
#define ES_AUDIT_F_TAKEN_BACK 0x8000000u     /* ... and the table was taken back */
#define ES_AUDIT_F_RNG_UNKNOWN 0x10000000u   /* an EFI_RNG_PROTOCOL not known to be a device (es_rng_not_known_device) */
#define ES_AUDIT_F_ALL                                                                                   \
	(ES_AUDIT_F_PREV_CORRUPT | ES_AUDIT_F_PREV_RETIRED | ES_AUDIT_F_TABLE | ES_AUDIT_F_INSTALL_FAILED |      \
	 ES_AUDIT_F_BELOW_GATE | ES_AUDIT_F_PREV_REMOVED | ES_AUDIT_F_CPU_UNTRUSTED | ES_AUDIT_F_UNCREDITED |    \
	 ES_AUDIT_F_LOOP | ES_AUDIT_F_SEED_FILE_WRITTEN | ES_AUDIT_F_SEED_FILE_CREATED | ES_AUDIT_F_TOKEN |      \
	 ES_AUDIT_F_TOKEN_CREATED | ES_AUDIT_F_TOKEN_FAILED | ES_AUDIT_F_DRIVER | ES_AUDIT_F_RNG_PROTOCOL |      \
	 ES_AUDIT_F_NEXT_FAILED | ES_AUDIT_F_TAKEN_BACK | ES_AUDIT_F_RNG_UNKNOWN)
/* The per-source flags versions 1 to 4 kept (decoded into present/failed,
 * never written): their bits are reserved from version 5 on. */
#define ES_AUDIT_F_V4_RDSEED 0x001u
#define ES_AUDIT_F_V4_RDRAND 0x002u
#define ES_AUDIT_F_V4_EFI_RNG 0x004u
#define ES_AUDIT_F_V4_PREV_FOUND 0x008u
#define ES_AUDIT_F_V4_RDSEED_FAIL 0x200u
#define ES_AUDIT_F_V4_RDRAND_FAIL 0x400u
#define ES_AUDIT_F_V4_EFI_RNG_FAIL 0x800u
#define ES_AUDIT_F_V4_PREV_FAIL 0x1000u
#define ES_AUDIT_F_V4_SEED_FILE 0x20000u
#define ES_AUDIT_F_V4_SEED_FILE_FAIL 0x40000u
/* The flags each older version knew. */
#define ES_AUDIT_F_ALL_V1 0xfffu
#define ES_AUDIT_F_ALL_V2 0x1ffffu
#define ES_AUDIT_F_ALL_V3 0x3ffffffu
#define ES_AUDIT_F_ALL_V4 0xfffffffu

/* Which architecture wrote the record (v3). */
#define ES_AUDIT_ARCH_X86_64 1u
#define ES_AUDIT_ARCH_AARCH64 2u
#define ES_AUDIT_ARCH_RISCV64 3u

/* Steps a stage times besides its sources (v5), cycle counter / 1024 each. */
enum es_step {
	ES_STEP_TOKEN = 0,  /* creating EarlyseedToken (SetVariable, non-volatile) */
	ES_STEP_FILE_WRITE, /* rewriting the seed file */
	ES_STEP_FILE_FLUSH, /* flushing it */
	ES_STEP_TABLE,      /* installing the table (and settling a previous one) */
	ES_STEP_NVRAM,      /* other variables: EarlyseedImage, earlier records */
	ES_STEP_START,      /* before the sources: the config, the trust, the stage's marker */
	ES_STEP_JUDGE,      /* after them: the engine's rules, the judge, the seed, what it says */
	ES_STEP_END,        /* the summary line, the record, erasing the stack */
	ES_STEP_COUNT
};
#define ES_AUDIT_STEPS 8u

struct es_audit_record {
	uint8_t magic[4];           /* "ESAR" */
	uint16_t version;           /* ES_AUDIT_VERSION */
	uint16_t length;            /* ES_AUDIT_SIZE */
	uint32_t flags;             /* ES_AUDIT_F_* */
	uint32_t present;           /* bit (1 << tag) per source that exists here */
	uint32_t failed;            /* ... per source that failed its tests (or did not count) */
	uint32_t prev_table_size;   /* size field of the previous table, 0 if none */
	uint32_t table_size;        /* bytes of the table installed, 0 if none */
	uint32_t config_problems;   /* config lines or files reported and ignored */
	uint32_t elapsed_kcycles;   /* cycle counter from entry to chain-load, / 1024 (v1: us) */
	uint32_t entropy_bits;      /* assumed min-entropy of the counted sources */
	uint32_t seed_file_size;    /* the seed file's size on disk, 0 if none */
	uint16_t efi_rng_instances; /* EFI_RNG_PROTOCOL handles found */
	uint16_t efi_rng_failed;    /* instances that gave nothing */
	uint16_t cpu_longs_failed;  /* longs neither RDSEED nor RDRAND gave */
	uint16_t stage;             /* 1 for the first earlyseed in the chain; 0: a driver */
	uint16_t arch;              /* ES_AUDIT_ARCH_*; zero (reserved) before v3 */
	uint16_t seed_file_reason;  /* enum es_file_reason: 0 when it counted */
	uint16_t token_account;     /* v4: what the token rests on (es_audit_set_token) */
	uint16_t reserved16;        /* 0 */
	uint32_t image_version;     /* v6: es_version_pack() of the image that wrote it (0 before) */
	uint32_t bytes[ES_AUDIT_SOURCES];      /* bytes mixed from each source */
	uint16_t calls[ES_AUDIT_SOURCES];      /* firmware calls made for it (retries included) */
	uint32_t kcycles[ES_AUDIT_SOURCES];    /* time spent reading it, / 1024 (v5) */
	uint32_t step_kcycles[ES_AUDIT_STEPS]; /* enum es_step, / 1024 (v5) */
};

#define ES_AUDIT_SIZE 256
/* Versions 1 and 2 are 64 bytes, 3 and 4 are 80. */
#define ES_AUDIT_SIZE_V2 64
#define ES_AUDIT_SIZE_V4 80
_Static_assert(ES_SRC_COUNT <= ES_AUDIT_SOURCES, "the record has a slot for every source");
_Static_assert(ES_STEP_COUNT <= ES_AUDIT_STEPS, "the record has a slot for every step");
/* The share (percent, 0..100) of the time spent that its sources and steps
 * account for; 0 when no time was recorded. */
uint32_t es_audit_attributed_pct(const struct es_audit_record *a);
_Static_assert(sizeof(struct es_audit_record) == ES_AUDIT_SIZE, "audit record is 256 bytes");
_Static_assert(offsetof(struct es_audit_record, version) == 4, "version at 4");
_Static_assert(offsetof(struct es_audit_record, flags) == 8, "flags at 8");
_Static_assert(offsetof(struct es_audit_record, present) == 12, "present at 12");
_Static_assert(offsetof(struct es_audit_record, failed) == 16, "failed at 16");
_Static_assert(offsetof(struct es_audit_record, prev_table_size) == 20, "prev_table_size at 20");
_Static_assert(offsetof(struct es_audit_record, table_size) == 24, "table_size at 24");
_Static_assert(offsetof(struct es_audit_record, config_problems) == 28, "config_problems at 28");
_Static_assert(offsetof(struct es_audit_record, elapsed_kcycles) == 32, "elapsed_kcycles at 32");
_Static_assert(offsetof(struct es_audit_record, entropy_bits) == 36, "entropy_bits at 36");
_Static_assert(offsetof(struct es_audit_record, seed_file_size) == 40, "seed_file_size at 40");
_Static_assert(offsetof(struct es_audit_record, efi_rng_instances) == 44, "efi_rng_instances at 44");
_Static_assert(offsetof(struct es_audit_record, cpu_longs_failed) == 48, "cpu_longs_failed at 48");
_Static_assert(offsetof(struct es_audit_record, stage) == 50, "stage at 50");
_Static_assert(offsetof(struct es_audit_record, arch) == 52, "arch at 52");
_Static_assert(offsetof(struct es_audit_record, seed_file_reason) == 54, "seed_file_reason at 54");
_Static_assert(offsetof(struct es_audit_record, token_account) == 56, "token_account at 56");
_Static_assert(offsetof(struct es_audit_record, image_version) == 60, "image_version at 60");
_Static_assert(offsetof(struct es_audit_record, bytes) == 64, "bytes at 64");
_Static_assert(offsetof(struct es_audit_record, calls) == 128, "calls at 128");
_Static_assert(offsetof(struct es_audit_record, kcycles) == 160, "kcycles at 160");
_Static_assert(offsetof(struct es_audit_record, step_kcycles) == 224, "step_kcycles at 224");

/*
 * What the firmware side did in one pass, said by the front end (efi/) in
 * plain facts; es_audit_build() turns it and the verdict into the record.
 * Times are raw cycle-counter differences.
 */
struct es_outcome {
	uint16_t stage;            /* 1 for the first earlyseed app; 0: a driver */
	uint16_t arch;             /* ES_AUDIT_ARCH_* */
	bool driver;               /* a resident driver's pass */
	bool rng_protocol;         /* ... which serves an EFI_RNG_PROTOCOL */
	bool table;                /* a table of ours is installed now */
	uint32_t table_size;
	bool install_failed;
	bool prev_retired;
	bool prev_removed;
	bool token_found;          /* EarlyseedToken was there at start */
	bool token_created;
	bool token_failed;         /* unreadable, malformed, or creating it failed */
	bool token_known;          /* token_from holds the token's account */
	struct es_provenance token_from;
	bool file_written;         /* the seed file was rewritten and flushed */
	bool file_created;
	uint32_t seed_file_size;
	bool next_failed;          /* the next stage could not be started */
	bool taken_back;           /* ... and our table was taken back */
	bool rng_unknown;          /* an EFI_RNG_PROTOCOL not known to be a device */
	uint32_t config_problems;
	uint16_t rng_instances;    /* EFI_RNG_PROTOCOL handles opened */
	uint16_t rng_failed;       /* ... that gave nothing */
	uint16_t cpu_longs_failed;
	uint16_t calls[ES_SRC_COUNT];        /* firmware calls per source */
	uint64_t src_cycles[ES_SRC_COUNT];   /* time per source */
	uint64_t step_cycles[ES_STEP_COUNT]; /* time per step */
	uint64_t elapsed_cycles;             /* the whole pass */
};

/* The record for outcome o and verdict v (NULL: nothing judged yet). */
void es_audit_build(struct es_audit_record *a, const struct es_outcome *o, const struct es_verdict *v);
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

/* Does the record say src exists / failed its tests? */
bool es_audit_present(const struct es_audit_record *a, enum es_source src);
bool es_audit_failed(const struct es_audit_record *a, enum es_source src);
/*
 * A source's health verdict as the summary line spells it: "absent" when
 * not present, "fail" when failed, else "pass". The app's summary and
 * `earlyseed inspect` both read it from the record, so they cannot disagree.
 */
const char *es_audit_verdict(const struct es_audit_record *a, enum es_source src);
/* The bytes the record says src gave. */
uint32_t es_audit_bytes(const struct es_audit_record *a, enum es_source src);

/* "rdseed=N rdrand=N efi_rng=N prev_table=N seed_file=N [tpm=N ...] table=N
 * health=rdseed:v,..." (without "summary "), always NUL-terminated;
 * ES_AUDIT_SUMMARY_MAX fits. Sources a record's version did not know are
 * left out. */
#define ES_AUDIT_SUMMARY_MAX 256u
void es_audit_summary(const struct es_audit_record *a, char *out, size_t cap);

/* Decode and validate n bytes of any version from ES_AUDIT_VERSION_MIN;
 * *a is written only on ES_AUDIT_OK, in this version's layout, and keeps
 * the version it was written in (fields a version lacks are zero; version
 * 1's elapsed_us is in elapsed_kcycles). */
enum es_audit_error es_audit_decode(const uint8_t *in, size_t n, struct es_audit_record *a);
const char *es_audit_decode_strerror(enum es_audit_error e);
/* The name inspect prints for one ES_AUDIT_F_* bit. */
const char *es_audit_flag_name(uint32_t bit);
/* inspect's flags line: the flag names and, where versions 1 to 4 had a
 * flag for a source, that flag's name at its place (the CPU sources by
 * their names on the record's architecture); sources without one follow as
 * "<name>" and "<name>_fail". Writes at most cap bytes, NUL-terminated. */
void es_audit_flag_names(const struct es_audit_record *a, char *out, size_t cap);

#endif
