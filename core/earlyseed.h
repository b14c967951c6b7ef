/* SPDX-License-Identifier: MIT */
/*
 * earlyseed's engine: the one header a front end (the UEFI app, a firmware
 * driver, the host tool, the tests) needs. Freestanding C, no firmware calls,
 * no floating point; every name starts with es_ / ES_.
 *
 * A front end gathers bytes and hands them to a session:
 *
 *   struct es_session s;                     // secrets: keep it local
 *   es_session_begin(&s);
 *   es_session_present(&s, ES_SRC_RDRAND);    // the source exists here
 *   es_session_add(&s, ES_SRC_RDRAND, buf, n);// mixed (never credited) and
 *                                             // health-tested as its row says
 *   es_session_fail(&s, ES_SRC_EFI_RNG, "why");
 *   es_session_finish(&s, &trust, seed, 32, &verdict); // judge, gate,
 *                                             // extract, wipe the session
 *
 * The verdict says which sources passed, how many bits the counted ones are
 * assumed to hold, whether a table may be installed and what to do with a
 * table an earlier stage left. Policy lives here; firmware I/O does not.
 */
#ifndef EARLYSEED_CORE_EARLYSEED_H
#define EARLYSEED_CORE_EARLYSEED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A constant as text, for messages that state it (never a typed copy). */
#define ES_STR_(x) #x
#define ES_STR(x) ES_STR_(x)

/* ---- sources ------------------------------------------------------------ */

/* Everything earlyseed mixes. The values are on-the-wire tags of the mixed
 * records ("es", tag, 0, length): never renumber them. */
enum es_source {
	ES_SRC_CLOCK = 0,      /* firmware time and cycle counter */
	ES_SRC_PREV_TABLE = 1, /* a LINUX_EFI_RANDOM_SEED_TABLE left by an earlier stage */
	ES_SRC_EFI_RNG = 2,    /* EFI_RNG_PROTOCOL.GetRNG() */
	ES_SRC_RDSEED = 3,     /* the CPU's seed instruction (x86 RDSEED, arm64 RNDRRS) */
	ES_SRC_RDRAND = 4,     /* the CPU's DRBG instruction (x86 RDRAND, arm64 RNDR) */
	ES_SRC_SEED_FILE = 5,  /* the seed file kept on the ESP across reboots */
	ES_SRC_TOKEN = 6,      /* the per-machine token (NV variable EarlyseedToken) */
	ES_SRC_ES_RNG = 7,     /* an EFI_RNG_PROTOCOL an earlyseed driver installed */
	ES_SRC_COUNT
};

/* How a source's bytes reach the health tests. */
enum es_feed {
	ES_FEED_NONE,   /* not tested: assumed to hold nothing (clocks) */
	ES_FEED_WORDS,  /* 64-bit results of a CPU instruction */
	ES_FEED_BLOCKS, /* each es_session_add() is one block; no block may be
			 * zero or repeat an earlier one */
	ES_FEED_TABLE,  /* one buffer handed over whole (a previous table) */
};

/* One row per source: adding a source is one row plus the code reading it. */
struct es_source_info {
	const char *name;        /* summary, inspect, log lines */
	unsigned int h_bits;     /* assumed min-entropy per byte, with the reason in source.c */
	enum es_feed feed;
	bool cpu;                /* counted only when the kernel trusts the CPU */
	bool must_deliver;       /* present but no bytes: fails */
	bool in_health_summary;  /* listed in the summary line's health= */
	bool hardware;           /* a hardware RNG: may create the token and file */
	bool conditional;        /* counts only once es_session_commit() says so */
	uint32_t max_bits;       /* counted at most this many bits (0: no cap) */
	int8_t distrusted_by;    /* fails when this source fails its start-up
				  * test (-1: none); Linux's RDRAND rule */
	uint32_t audit_present;  /* audit flag: the source exists */
	uint32_t audit_fail;     /* audit flag: it failed its health tests */
};

/* The row of src; NULL for a value out of range. */
const struct es_source_info *es_source(enum es_source src);
/* src's name on an architecture (ES_AUDIT_ARCH_*, core/audit.h): the CPU
 * sources are "rdseed"/"rdrand" on x86_64, "rndrrs"/"rndr" on aarch64. */
const char *es_source_name(enum es_source src, unsigned int arch);
/* The order the summary line lists byte counts in (docs/app.md "summary"). */
#define ES_SUMMARY_SOURCES 5u
extern const enum es_source es_source_summary_order[ES_SUMMARY_SOURCES];

/* ---- trust (what the next kernel will credit) --------------------------- */

struct es_trust {
	bool cpu;        /* random.trust_cpu: the kernel credits RDSEED/RDRAND itself */
	bool bootloader; /* random.trust_bootloader: the kernel credits the seed table */
	bool cpu_set;    /* the command line named random.trust_cpu (a valid value) */
	bool bootloader_set;
};

/* Both on: Linux >= 6.2, and Debian 12's 6.1 (CONFIG_RANDOM_TRUST_CPU=y,
 * CONFIG_RANDOM_TRUST_BOOTLOADER=y; drivers/char/random.c). */
void es_trust_defaults(struct es_trust *t);
/*
 * Apply the kernel command line cmdline (ASCII, NUL-terminated) to *t as
 * Linux parses early parameters: lib/cmdline.c next_arg() (quotes, blanks),
 * kernel/params.c parameq() ('-' equals '_'), parsing stops at "--", each
 * occurrence of random.trust_cpu= / random.trust_bootloader= goes through
 * lib/kstrtox.c kstrtobool() and a rejected value leaves the setting as it
 * was (drivers/char/random.c parse_trust_cpu()). The last one wins.
 */
void es_trust_parse(struct es_trust *t, const char *cmdline);
/* COMMAND_LINE_SIZE on x86 and arm64 (arch/x86/include/asm/setup.h,
 * arch/arm64/include/uapi/asm/setup.h); a kernel before 5.8 keeps
 * COMMAND_LINE_SIZE - 1 bytes of a longer line, a stub from 5.8 on cuts it
 * at a blank (es_trust_stub_cut). es_trust_parse() judges a long line as
 * each of them would, and whole, and takes the cautious settings. */
#define ES_KERNEL_CMDLINE_SIZE 2048u
#define ES_KERNEL_CMDLINE_KEPT (ES_KERNEL_CMDLINE_SIZE - 1u)
/* The most any kernel may trust under cmdline (every view, a disputed value
 * read as trust): what a pool that kernel made ready may rest on. The OS
 * side claims a pool free of the CPU's bytes only when even this says the
 * CPU is not trusted. */
void es_trust_parse_most(struct es_trust *t, const char *cmdline);
/* How many bytes of an ASCII line of len bytes Linux >= 5.8's EFI stub
 * passes on (efi_convert_cmdline()). */
size_t es_trust_stub_cut(const char *cmd, size_t len);
/* kstrtobool(): 1 true, 0 false, -1 rejected. */
int es_trust_kstrtobool(const char *s);

/*
 * What the running kernel trusts, kept for a firmware driver that sees no
 * command line (systemd-boot loads it from \EFI\systemd\drivers\ before
 * its menu): the non-volatile variable EarlyseedKernelTrust under
 * earlyseed's vendor GUID, written by the OS service from /proc/cmdline.
 * It can only take trust away: a driver applies its bits to the trust it was
 * built with, and a variable it cannot read costs the CPU's credit.
 *   0  4 bytes  ES_TRUST_VAR_MAGIC
 *   4  u8       version, ES_TRUST_VAR_VERSION
 *   5  u8       flags: ES_TRUST_VAR_F_NO_CPU, ES_TRUST_VAR_F_NO_BOOTLOADER
 *   6  u16      reserved, 0
 */
#define ES_TRUST_VAR_LEN 8u
#define ES_TRUST_VAR_MAGIC "ESKT"
#define ES_TRUST_VAR_VERSION 1u
/* The kernel runs with random.trust_cpu off: count no CPU source. */
#define ES_TRUST_VAR_F_NO_CPU 0x1u
/* ... with random.trust_bootloader off: it will not credit the table. Said,
 * never applied: believing it would install a table below the gate for a
 * next kernel that may credit it (es_trust_var_apply). */
#define ES_TRUST_VAR_F_NO_BOOTLOADER 0x2u
#define ES_TRUST_VAR_F_ALL 0x3u
/* What a variable read back said. */
enum es_trust_var {
	ES_TRUST_VAR_NONE = 0, /* no variable: nothing changed */
	ES_TRUST_VAR_OK,       /* its flags applied */
	ES_TRUST_VAR_BAD       /* malformed: the CPU is not trusted */
};
/* Encode the flags that trust t (es_trust_parse: the cautious view) implies. */
void es_trust_var_encode(const struct es_trust *t, uint8_t out[ES_TRUST_VAR_LEN]);
/* Apply the variable's n bytes at p (NULL or n 0: none) to *t: only the
 * CPU's trust ever goes away. */
enum es_trust_var es_trust_var_apply(struct es_trust *t, const void *p, size_t n);

/* ---- the session -------------------------------------------------------- */

/* v3.17 init_std_data() takes poolbytes / sizeof(long) longs: 512 / 8. */
#define ES_CPU_LONGS 64u
/* What a trusting kernel credits a 32-byte table, and so what the counted
 * sources must reach (drivers/char/random.c: the crng is ready at
 * POOL_READY_BITS = 256). */
#define ES_GATE_BITS 256u
/* The seed installed as the table: 32 bytes, as the Linux stub and
 * systemd-boot install (libstub/random.c EFI_RANDOM_SEED_SIZE). */
#define ES_SEED_LEN 32u
/* drivers/firmware/efi/efi.c reads min(size, SZ_1K) of a seed table and
 * credits all of it: the most of a previous table earlyseed reads. */
#define ES_TABLE_READ_MAX 1024
/* Linux arch/x86/kernel/cpu/rdrand.c x86_init_rdrand(): SAMPLES 8. */
#define ES_STARTUP_SAMPLES 8
/* Blocks of an ES_FEED_BLOCKS source remembered for the repeat check. */
#define ES_MAX_BLOCKS 16u
#define ES_BLOCK_DIGEST 16u
/* At most this many earlyseed stages run in one boot (loop guard). */
#define ES_MAX_STAGES 4u

/* Extraction labels: distinct labels give unrelated outputs of one pool, so
 * the seed file never holds a seed that was handed on, and the token neither. */
#define ES_LABEL_TABLE "earlyseed v1 seed extract"
#define ES_LABEL_FILE "earlyseed v1 seed file"
#define ES_LABEL_TOKEN "earlyseed v1 token"
#define ES_LABEL_DRBG "earlyseed v1 drbg seed"
/* What the driver's Hash_DRBG is seeded with: 32 bytes of entropy input and
 * a 16-byte nonce (SP 800-90A section 8.6.7). */
#define ES_DRBG_SEED_LEN 48u

/* The seed file: a header (ES_SEEDFILE_HEADER bytes) and at least 32 bytes
 * (a seed's worth) of contents; up to ES_SEED_FILE_MAX is read. It counts 8
 * bits a byte, at most ES_GATE_BITS, and never more than its header says
 * the pool that wrote it held (it is a pool output, worth no more than that
 * pool). */
#define ES_SEEDFILE_HEADER 32u
#define ES_SEED_FILE_MIN (ES_SEEDFILE_HEADER + 32u)
#define ES_SEED_FILE_MAX 4096u
/* The per-machine token, like systemd-boot's LoaderSystemToken: 32 bytes. */
#define ES_TOKEN_LEN 32u

/* Health state of one source's tests (internal, in the session). */
struct es_health_test {
	unsigned int h;
	uint32_t rct_cutoff;
	uint32_t apt_cutoff;
	uint32_t rct_count;
	uint32_t apt_count;
	uint32_t apt_seen;
	uint64_t last_word;
	uint32_t words;
	uint8_t rct_last;
	uint8_t apt_ref;
	bool started;
	bool failed;
	const char *why; /* first failure, a static string */
};

struct es_pool {
	uint32_t words[128];
	uint16_t add_ptr;      /* v3.17 struct entropy_store keeps both */
	uint16_t input_rotate; /* as unsigned short */
};

/* Where a previous table came from, when an earlier earlyseed stage made it:
 * the bits it rested on, split so the current stage can apply its own trust. */
struct es_provenance {
	uint32_t cpu_bits;   /* from CPU sources */
	uint32_t other_bits; /* from every other counted source */
};

/*
 * The token's variable (EarlyseedToken), little-endian:
 *   0  ES_TOKEN_LEN bytes  the token
 *  32  4 bytes  ES_TOKEN_MAGIC
 *  36  u16      other_bits: what the pool that made it held from sources no
 *               CPU trust setting touches (at most ES_GATE_BITS)
 *  38  u16      cpu_bits: ... from the CPU's RNG
 * A file bound to the token is worth no more than the token under the trust
 * it is judged by: whoever reads the file knows it, and the token is what is
 * left (an ESP writer can forge the file's header, not a boot-service-only
 * variable). A 32-byte variable (made before this account existed) is taken
 * as resting on the CPU's RNG alone.
 */
#define ES_TOKEN_VAR_LEN 40u
#define ES_TOKEN_MAGIC "ESTK"
/* Decode a token variable's n bytes: true with the token in tok and its
 * account in *from; false for a wrong size or magic, or a token whose bytes
 * are all equal (*from is then zero, tok untouched). */
bool es_token_decode(const uint8_t *p, size_t n, uint8_t tok[ES_TOKEN_LEN], struct es_provenance *from);
/* The variable's bytes for tok resting on *from (counts capped at ES_GATE_BITS). */
void es_token_encode(const uint8_t tok[ES_TOKEN_LEN], const struct es_provenance *from,
		     uint8_t out[ES_TOKEN_VAR_LEN]);

struct es_session {
	struct es_pool pool;
	struct es_health_test test[ES_SRC_COUNT];
	uint32_t bytes[ES_SRC_COUNT];
	uint32_t present; /* bit per source */
	uint8_t digest[ES_MAX_BLOCKS][ES_BLOCK_DIGEST];
	uint32_t nblocks;
	uint32_t prev_size;        /* size field of a previous table */
	bool prev_oversized;       /* over ES_TABLE_READ_MAX: not read */
	uint32_t from_known;       /* bit per source whose provenance is in from[] */
	struct es_provenance from[ES_SRC_COUNT]; /* what a stage-made input rests on */
	struct es_provenance token_from; /* what the seed file's token rests on */
	uint32_t committed;        /* bit per conditional source the caller committed */
	uint8_t file_reason[ES_SRC_COUNT]; /* enum es_file_reason of a failed source */
};

void es_session_begin(struct es_session *s);
/* The source exists on this machine (CPUID bit, protocol, table). */
void es_session_present(struct es_session *s, enum es_source src);
/*
 * Mix n bytes of src into the pool as one length-prefixed record (never
 * credited) and run them through src's health tests; marks src present.
 * ES_FEED_WORDS sources take whole 64-bit words (n a multiple of 8, little-
 * endian). Returns 0, or -1 (nothing done) for a bad source or length.
 */
int es_session_add(struct es_session *s, enum es_source src, const void *p, size_t n);
/*
 * A previous LINUX_EFI_RANDOM_SEED_TABLE at table (u32 size, then bytes).
 * A size over ES_TABLE_READ_MAX is not read past the size field (the
 * firmware's allocation is unknown): the table fails. Otherwise its bytes
 * are added as ES_SRC_PREV_TABLE. from: what an earlier earlyseed stage said
 * the table rests on, or NULL. *size_field: the table's size field; false
 * when it is over ES_TABLE_READ_MAX (not one byte read: a failed source).
 */
bool es_session_add_table(struct es_session *s, const void *table, const struct es_provenance *from,
			  uint32_t *size_field);
/*
 * Linux's start-up test of a CPU DRBG instruction (x86_init_rdrand): s[0] is
 * the kernel's "prev", s[1..8] the next eight; fewer than 5 changes fail src
 * and every source distrusted_by it, as does got < 9 (the instruction gave
 * no result within its retry bound). The samples are tested, never mixed.
 */
void es_session_startup(struct es_session *s, enum es_source src,
			const uint64_t samples[ES_STARTUP_SAMPLES + 1], unsigned int got);
/* Mark src failed with a static reason (the first reason is kept). */
void es_session_fail(struct es_session *s, enum es_source src, const char *why);

/* Why the seed file does not count (or ES_FILE_COUNTED): a code for the audit
 * record, text from es_file_reason_text(). */
enum es_file_reason {
	ES_FILE_COUNTED = 0,
	ES_FILE_OFF,           /* seed_file = none */
	ES_FILE_MISSING,       /* no file (normal before the first creation) */
	ES_FILE_NO_TOKEN,      /* no EarlyseedToken: a cloned disk, or a new machine */
	ES_FILE_SHORT,         /* under ES_SEED_FILE_MIN bytes */
	ES_FILE_HEALTH,        /* all bytes equal, a repeated pattern, RCT or APT */
	ES_FILE_RO_VOLUME,     /* the volume is read-only */
	ES_FILE_RO_ATTR,       /* the file has the FAT read-only attribute */
	ES_FILE_READ_FAILED,   /* Open/GetInfo/Read failed */
	ES_FILE_WRITE_FAILED,  /* the rewrite failed */
	ES_FILE_FLUSH_FAILED,  /* the flush after it failed */
	ES_FILE_NOT_WRITTEN,   /* not rewritten before use */
	ES_FILE_TOKEN_BAD,     /* EarlyseedToken malformed: never rewritten */
	ES_FILE_NO_VOLUME,     /* earlyseed's own device has no file system */
	ES_FILE_EARLIER_STAGE, /* an earlier earlyseed stage of this boot used it */
	ES_FILE_NO_HEADER,     /* not in earlyseed's format (ES_SEEDFILE_MAGIC) */
	ES_FILE_OTHER_MACHINE, /* bound to another machine's token: copied */
	ES_FILE_UNSEEDED,      /* written from a pool that held no counted bits */
	ES_FILE_CPU_UNTRUSTED, /* rests on the CPU's RNG alone, and trust_cpu is off */
	ES_FILE_TOKEN_EXPOSED, /* Secure Boot on, and the OS can read the token */
	ES_FILE_TOKEN_UNTRUSTED, /* the token rests on the CPU's RNG alone, and trust_cpu is off */
	ES_FILE_NO_COUNTER,    /* GetNextMonotonicCount failed: a lost write could count one pool twice */
	ES_FILE_REASONS
};
const char *es_file_reason_text(enum es_file_reason r);
/*
 * The seed file's format (docs/seed-file.md "The seed file"), little-endian:
 *   0  8 bytes  ES_SEEDFILE_MAGIC
 *   8  u16      other_bits: what the pool that wrote it held from sources
 *               no CPU trust setting touches (at most ES_GATE_BITS)
 *  10  u16      cpu_bits: ... from the CPU's RNG (counted under trust_cpu)
 *  12  u32      flags: ES_SEEDFILE_F_NO_CPU_TRUST (others reserved, 0)
 *  16  16 bytes bind: es_seedfile_bind() of the machine's token
 *  32  contents, 32 bytes or more
 * A header that says "nothing" (both counts 0) is what a boot whose sources
 * did not meet the gate writes: such a file never counts until a boot with
 * real sources (or the OS, once its pool is ready) rewrites it.
 */
#define ES_SEEDFILE_MAGIC "ESSEEDv1"
/* The kernel that last booted with this file had random.trust_cpu=off: a
 * boot whose next stage is a boot loader (no command line earlyseed can see)
 * counts no CPU source (es_trust_from_seedfile). */
#define ES_SEEDFILE_F_NO_CPU_TRUST 0x1u
#define ES_SEEDFILE_BIND_LEN 16u
#define ES_LABEL_BIND "earlyseed v1 seed file binding"
struct es_seedfile_header {
	struct es_provenance from;
	uint32_t flags;
	uint8_t bind[ES_SEEDFILE_BIND_LEN];
};
/* A header of ours at p (n bytes, at least ES_SEEDFILE_HEADER): true and *h
 * (counts capped at ES_GATE_BITS); false for anything else. */
bool es_seedfile_parse(const void *p, size_t n, struct es_seedfile_header *h);
/* Encode *h (counts capped at ES_GATE_BITS) into out. */
void es_seedfile_encode(const struct es_seedfile_header *h, uint8_t out[ES_SEEDFILE_HEADER]);
/* The header flags a file written under trust t carries. */
uint32_t es_seedfile_flags(const struct es_trust *t);
/* With no command line of its own (the next stage is a boot loader),
 * earlyseed takes the trust of the kernel that last booted: flags from the
 * seed file's header can only take trust away (an ESP writer gains nothing),
 * never credit the table less (that would drop the gate). */
void es_trust_from_seedfile(struct es_trust *t, uint32_t flags);
/* The machine's binding: BLAKE2s-128 keyed with the token over
 * ES_LABEL_BIND. One-way: the file shows it, the token stays unknown. */
void es_seedfile_bind(const uint8_t token[ES_TOKEN_LEN], uint8_t out[ES_SEEDFILE_BIND_LEN]);

/* Whether a thing (the token, the seed file) was found, and usable. */
enum es_have { ES_HAVE_NONE = 0, ES_HAVE_YES, ES_HAVE_BAD };
/* What the caller knows of the token when it reads the seed file. */
struct es_file_token {
	enum es_have have;    /* as found at start */
	const uint8_t *bytes; /* ES_TOKEN_LEN bytes when have is ES_HAVE_YES */
	bool runtime;         /* it has EFI_VARIABLE_RUNTIME_ACCESS: the OS can read it */
	bool secure_boot;     /* the firmware's SecureBoot variable is 1 */
	struct es_provenance from; /* what the token rests on (es_token_decode) */
};
/*
 * The seed file's first n bytes (the caller reads at most ES_SEED_FILE_MAX):
 * all mixed; the contents after the header are health-tested. It may count
 * (after es_session_commit()) only with a token (tok), a header of ours bound
 * to that token, at least ES_SEED_FILE_MIN bytes, and — under Secure Boot —
 * a token the OS cannot read; and for no more than its header says, under
 * the trust it is judged by.
 */
void es_session_add_seed_file(struct es_session *s, const void *p, size_t n, const struct es_file_token *tok);
/* A conditional source does not count, for reason r (the first is kept).
 * ES_FILE_MISSING, _OFF, _NO_VOLUME and _EARLIER_STAGE say why there is
 * nothing, and fail nothing. */
void es_session_block(struct es_session *s, enum es_source src, enum es_file_reason r);
/* The caller did what a conditional source needs (the seed file: rewritten
 * and flushed): it may count from now on. */
void es_session_commit(struct es_session *s, enum es_source src);

enum es_state { ES_ABSENT = 0, ES_PASS, ES_FAIL };

/* What to do with a table an earlier stage left (es_verdict_prev()). */
enum es_prev_action {
	ES_PREV_NONE,        /* there is none */
	ES_PREV_KEEP,        /* healthy and no table of ours: leave it */
	ES_PREV_RETIRE,      /* ours replaced it: wipe its bytes, FreePool it */
	ES_PREV_FORGET,      /* ours replaced it; its size is bogus: touch nothing */
	ES_PREV_REMOVE_FREE, /* bad, none of ours: uninstall, wipe, FreePool */
	ES_PREV_REMOVE,      /* bad with a bogus size, none of ours: uninstall only */
};

struct es_verdict {
	uint8_t state[ES_SRC_COUNT];   /* enum es_state */
	const char *why[ES_SRC_COUNT]; /* ES_FAIL: the first reason */
	uint32_t bytes[ES_SRC_COUNT];  /* mixed, whatever the verdict */
	uint32_t bits[ES_SRC_COUNT];   /* counted toward the gate */
	uint32_t counted_bits;         /* their sum (saturating) */
	uint32_t hw_bits;              /* counted bits of hardware sources alone */
	uint8_t file_reason;           /* enum es_file_reason of the seed file */
	uint32_t untrusted_bits;       /* passing CPU bits the kernel's trust drops */
	struct es_provenance made_of;  /* what a table of ours rests on */
	struct es_trust trust;
	bool gate_met;    /* counted_bits >= ES_GATE_BITS */
	bool install;     /* install a table (gate met, or the kernel credits none) */
	bool uncredited;  /* random.trust_bootloader=off: the kernel credits no table */
	bool prev_found;
	bool prev_bad;      /* failed its tests, oversized, or overclaims: must not
			     * reach the kernel on its own */
	bool prev_overclaims; /* an earlier stage's table resting on fewer bits
			       * than a kernel credits it, under this trust */
	bool prev_freeable; /* its size field is within ES_TABLE_READ_MAX */
	uint32_t prev_size;
};

/* Judge every source, apply trust and the gate. The session is unchanged. */
void es_session_judge(const struct es_session *s, const struct es_trust *trust, struct es_verdict *v);
/* n (1..ES_SEED_FILE_MAX) bytes from the pool under label: BLAKE2s-256 in counter mode
 * (core/seed.c). Returns 0, or -1 for a bad n. */
int es_session_extract(const struct es_session *s, const char *label, uint8_t *out, size_t n);
/* Wipe everything the session holds (es_wipe). */
void es_session_end(struct es_session *s);
/*
 * Judge, and when the verdict allows a table, extract n bytes (ES_LABEL_TABLE)
 * into out (else out is zeroed); then end the session. Returns v->install.
 */
bool es_session_finish(struct es_session *s, const struct es_trust *trust, uint8_t *out, size_t n,
		       struct es_verdict *v);

/* What to do about the token and the seed file, from a verdict judged before
 * the file is written (the file not yet committed). */
struct es_file_plan {
	bool create_token; /* no token, and the hardware alone met the gate */
	bool write_file;   /* rewrite the file (write before use) */
	bool create_file;  /* ... creating it: it was missing */
	bool may_count;    /* the file may count once written and flushed */
};
/*
 * token: the token as found at start. file: the file as found (ES_HAVE_BAD: it
 * exists but cannot be written: read-only volume or attribute). An existing,
 * writable file is always rewritten; a missing one is created only when the
 * token exists or is being created and the hardware alone met the gate —
 * never from clocks, a token or a file alone. The file counts only when the
 * token was there before this boot.
 */
void es_file_plan(const struct es_verdict *v, enum es_have token, enum es_have file, struct es_file_plan *p);

/* What the seed file's next contents rest on (their header's counts): what
 * the pool's counted sources hold under trust, the file itself included when
 * it is about to count (file_counts: es_file_plan()'s may_count), each
 * capped at ES_GATE_BITS. */
void es_session_file_provenance(const struct es_session *s, const struct es_trust *trust, bool file_counts,
				struct es_provenance *from);

/* What to do with the previous table once the caller knows whether its own
 * table was installed. */
enum es_prev_action es_verdict_prev(const struct es_verdict *v, bool installed);
/* Would a kernel with trust t, crediting what rests on `from` in full, be
 * given at least ES_GATE_BITS from sources it trusts? (A table or an RNG
 * protocol an earlier earlyseed stage made, judged by a later one.) */
bool es_provenance_enough(const struct es_provenance *from, const struct es_trust *t);
/* Loop guard: may a stage that found `before` earlyseed stages above it in
 * the chain start the next stage? (at most ES_MAX_STAGES in one boot) */
bool es_stage_may_chain(unsigned int before);

/* ---- CPU sources: one ops row per instruction (arch/<cpu>/cpurng.c) ----- */

/* iPXE's struct entropy_source is the model: an architecture offers its
 * instructions as rows; core/cpu.c gathers from them the kernel's way. */
struct es_cpu_source {
	enum es_source src;         /* ES_SRC_RDSEED or ES_SRC_RDRAND */
	bool (*probe)(void);        /* the CPU has the instruction */
	bool (*read)(uint64_t *v);  /* one result within its retry bound; false
				     * and *v = 0 when there is none */
	bool startup_test;          /* Linux's start-up test before first use */
};

struct es_cpu_arch {
	const struct es_cpu_source *sources; /* in v3.17 init_std_data() order:
					      * each long from the first that gives one */
	unsigned int count;
	uint64_t (*cycles)(void);   /* the cycle counter (a clock: counts nothing) */
	uint16_t audit_arch;        /* ES_AUDIT_ARCH_* (core/audit.h) */
};

struct es_cpu_report {
	bool present[ES_SRC_COUNT];
	uint32_t longs[ES_SRC_COUNT]; /* longs taken from each source */
	uint32_t failed;              /* longs no source gave */
};

/* Take ES_CPU_LONGS longs the way v3.17 init_std_data() does and add each
 * source's batch to the session (start-up test first where the row asks). */
void es_cpu_gather(struct es_session *s, const struct es_cpu_arch *a, struct es_cpu_report *r);

/* The one erase primitive: a memset the compiler cannot drop (core/wipe.c). */
void es_wipe(void *p, size_t n);
/* Erase ES_WIPE_STACK_BYTES of stack below the caller: where the session's
 * callees (extraction, health tests) spilled registers. Call it after
 * es_session_finish() has returned, from the frame that called it. */
#define ES_WIPE_STACK_BYTES 16384u
void es_wipe_stack(void);

#endif
