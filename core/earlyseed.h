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
	ES_SRC_TPM = 8,        /* TPM2_GetRandom through EFI_TCG2_PROTOCOL */
	ES_SRC_VMGENID = 9,    /* the VM generation ID (ACPI VGIA) */
	ES_SRC_SMBIOS = 10,    /* the SMBIOS system UUID (type 1) */
	ES_SRC_EFI_RNG_CPU = 11, /* an EFI_RNG_PROTOCOL that is the CPU's RNG (es_rng_classify) */
	ES_SRC_EFI_RNG_UNSAFE = 12, /* ... that edk2 marks unsafe (a timer): mixed, counts nothing */
	ES_SRC_OEM0 = 13,      /* Hyper-V's ACPI OEM0 table: the host's entropy for this boot */
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
	/* Facts the judgement's rules join on (core/session.c judge_rules[]): */
	bool wraps_cpu;    /* a firmware's wrapper of the CPU's RNG: falls with the
			    * CPU's own sources, counts the larger of it and them */
	bool whole_table;  /* a table a kernel credits whole: one that rests on less
			    * overclaims */
	bool token_bound;  /* counts no more than its token holds (the seed file) */
	bool one_chip;     /* may be the same chip as another such source (the
			    * firmware's RNG and the TPM): counted once, the largest */
};

/* The row of src; NULL for a value out of range. */
const struct es_source_info *es_source(enum es_source src);
/* src's name on an architecture (ES_AUDIT_ARCH_*, core/audit.h): the CPU
 * sources are "rdseed"/"rdrand" on x86_64, "rndrrs"/"rndr" on aarch64. */
const char *es_source_name(enum es_source src, unsigned int arch);
/* The order the summary line lists byte counts in (docs/app.md "summary");
 * records before version 5 knew the first ES_SUMMARY_SOURCES_V4 (before
 * version 3 the first four). A new source is listed by adding it here. */
#define ES_SUMMARY_SOURCES 7u
#define ES_SUMMARY_SOURCES_V4 5u
extern const enum es_source es_source_summary_order[ES_SUMMARY_SOURCES];

/* ---- what an EFI_RNG_PROTOCOL instance is (core/rng.c) ------------------ */

/* edk2 from 2024 on installs an EFI_RNG_PROTOCOL of its own that is the
 * CPU's RNG (SecurityPkg/RandomNumberGenerator/RngDxe over RDRAND or RNDR,
 * in OvmfPkg X64 from edk2-stable202408, ArmVirtQemu from
 * edk2-stable202405). What earlyseed learns of an instance: */
struct es_rng_facts {
	bool device_path;  /* its handle has a device path (virtio-rng: PCI) */
	bool cpu_insn;     /* the CPU has an RNG instruction (RDRAND/RDSEED, RNDR) */
	bool info;         /* GetInfo answered */
	bool arm_rndr;     /* ... listing edk2's gEfiRngAlgorithmArmRndr */
	bool unsafe;       /* ... listing edk2's gEdkiiRngAlgorithmUnSafe */
	bool ctr256, raw;  /* ... listing SP800-90 CTR-256, RAW */
	/* Its device path is one vendor node and its end: a firmware's root,
	 * no hardware (U-Boot installs EFI_RNG_PROTOCOL on efi_root whatever
	 * backs it: a device, a TPM, the CPU's RNDR or Zkr; U-Boot
	 * lib/efi_loader/efi_rng.c, efi_root_node.c). */
	bool root_only;
	/* GetInfo named a list it then would not give, or one longer than
	 * anyone lists: what it is cannot be read. */
	bool info_unread;
};
/* Its class: the source tag its bytes are mixed and counted under. */
enum es_rng_class {
	ES_RNG_DEVICE = ES_SRC_EFI_RNG,        /* a device's RNG: counted as the firmware's */
	ES_RNG_CPU = ES_SRC_EFI_RNG_CPU,       /* the CPU's: counted only as the CPU is */
	ES_RNG_UNSAFE = ES_SRC_EFI_RNG_UNSAFE, /* a timer: counts nothing */
};
/* The class of an instance, and why (a static string). Where the evidence
 * cannot tell, the reading that credits less wins. */
enum es_rng_class es_rng_classify(const struct es_rng_facts *f, const char **why);
/* The instance is not known to be a device (the firmware's root node, or a
 * list that could not be read), so it was classed as the CPU's or the
 * platform's by the CPU alone: the record says so (ES_AUDIT_F_RNG_UNKNOWN). */
bool es_rng_not_known_device(const struct es_rng_facts *f);

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
#define ES_MAX_BLOCKS 32u
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
#define ES_SEEDFILE_HEADER 64u
#define ES_SEED_FILE_MIN (ES_SEEDFILE_HEADER + 32u)
#define ES_SEED_FILE_MAX 4096u
/* The per-machine token, like systemd-boot's LoaderSystemToken: 32 bytes. */
#define ES_TOKEN_LEN 32u
/* The VM generation ID: 16 bytes (Microsoft "Virtual Machine Generation ID",
 * QEMU docs/specs/vmgenid.rst); the SMBIOS UUID: 16 bytes (DSP0134 7.2.1). */
#define ES_VMGENID_LEN 16u
#define ES_UUID_LEN 16u

/*
 * The machine's identities: what a seed file is sealed under, one row each
 * (es_identity(), core/identity.c): the source whose row hands it, whether
 * it is that row's bytes or the digest of its first block, its header flag,
 * the slot of its tag, its label, and what a mismatch means. The seal, the
 * check and the OS's reseal loop over the rows; a new identity is a row, a
 * slot in a new header version, and nothing in the rules.
 */
enum es_identity { ES_ID_GENID = 0, ES_ID_UUID, ES_ID_TPM, ES_ID_COUNT };
#define ES_ID_LEN 16u
enum es_id_rule {
	/* a file sealed under it counts only under the same one now; a file
	 * sealed without it, only with none now (a clone, a copied disk) */
	ES_ID_MUST_HOLD = 0,
	/* the same value at a later boot means the source repeats itself: the
	 * source fails (a TPM that answers the same first block) */
	ES_ID_MUST_CHANGE,
};
struct es_identity_info {
	const char *label;     /* the tag's own label: no two keyed hashes say the same */
	uint32_t flag;         /* ES_SEEDFILE_F_* */
	uint8_t source;        /* enum es_source whose row hands it */
	uint8_t from_digest;   /* 1: the digest of the source's first block; 0: its ES_ID_LEN bytes */
	uint8_t rule;          /* enum es_id_rule */
	uint8_t mismatch;      /* enum es_file_reason, for ES_ID_MUST_HOLD */
	uint8_t checked_only;  /* held only under vmgenid = check */
	uint8_t at;            /* the tag's offset in the header */
};
/* The row of id, or NULL past the table. */
const struct es_identity_info *es_identity(enum es_identity id);
/* This boot's identities, as their rows handed them: have has bit
 * (1u << enum es_identity) for each one in id[]. */
struct es_ids {
	uint8_t id[ES_ID_COUNT][ES_ID_LEN];
	uint32_t have;
};
/* Record identity what (ES_ID_LEN bytes) in ids; a second one of the same
 * kind in a boot is ignored (the first block is the one recorded). */
void es_ids_set(struct es_ids *ids, enum es_identity what, const uint8_t id[ES_ID_LEN]);

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
	/* The machine's identities, as their rows handed them (the table of
	 * es_identity(): the VM generation ID, the SMBIOS UUID, the digest of
	 * the TPM's first block). */
	struct es_ids ids;
	/* The seed file's header and the token it is judged by (secrets until
	 * es_session_end). */
	uint8_t file_head[ES_SEEDFILE_HEADER];
	uint8_t file_tok[ES_TOKEN_LEN];
	bool file_checked;  /* file_head and file_tok hold a header to check */
	bool genid_check;   /* vmgenid = check */
	bool file_foreign;  /* not earlyseed's file: never rewritten */
	bool file_read;     /* a file was read and mixed (es_session_add_seed_file) */
	uint32_t file_flags; /* its header's flags (ES_SEEDFILE_F_*), 0 without one */
	bool counter_ok;    /* the clock's row: the monotonic count tells this boot apart */
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
	ES_FILE_VM_CHANGED,    /* written under another VM generation ID: a clone or a reverted snapshot */
	ES_FILE_BAD_MAC,       /* its header fails the token's MAC: edited on the disk */
	ES_FILE_ID_CHANGED,    /* written under another SMBIOS system UUID: a copied disk and variable store */
	ES_FILE_OLD_FORMAT,    /* an ESSEEDv1 file: its header is not authenticated (rewritten as v2) */
	ES_FILE_NOT_OURS,      /* not empty, not zeros, no ESSEED magic: someone else's file, left alone */
	ES_FILE_TOKEN_ON_DISK, /* the firmware keeps its variables, the token among them, in a file on the disk */
	ES_FILE_TOKEN_LOST,    /* no token, and the firmware kept none: it did not store what it said it did */
	ES_FILE_REASONS
};
const char *es_file_reason_text(enum es_file_reason r);
/*
 * The seed file's format (docs/seed-file.md "The seed file"), little-endian:
 *   0  8 bytes  ES_SEEDFILE_MAGIC
 *   8  u16      other_bits: what the pool that wrote it held from sources
 *               no CPU trust setting touches (at most ES_GATE_BITS)
 *  10  u16      cpu_bits: ... from the CPU's RNG (counted under trust_cpu)
 *  12  u32      flags: ES_SEEDFILE_F_* (others reserved, 0)
 *  16   8 bytes bind: es_seedfile_bind() of the machine's token
 *  24   8 bytes the VM generation ID's tag (ES_SEEDFILE_F_VMGENID), else 0
 *  32   8 bytes the SMBIOS system UUID's tag (ES_SEEDFILE_F_SMBIOS), else 0
 *  40   8 bytes the TPM's first block's tag (ES_SEEDFILE_F_TPM), else 0
 *  48  16 bytes mac: es_seedfile_mac() of bytes 0..47
 *  64  contents, 32 bytes or more
 * Every field that decides a count is under the MAC, keyed with the token:
 * an ESP writer, who cannot read a boot-service-only token, can change
 * none of them (docs/seed-file.md "Who can do what"). The one field outside
 * it, ES_SEEDFILE_F_NO_CPU_TRUST, never gives more than the NVRAM the
 * firmware keeps (EarlyseedKernelTrust) allows.
 * A header that says "nothing" (both counts 0) is what a boot whose sources
 * did not meet the gate writes: such a file never counts until a boot with
 * real sources (or the OS, once its pool is ready) rewrites it.
 */
#define ES_SEEDFILE_MAGIC "ESSEEDv2"
/* Earlier earlyseed releases wrote a 32-byte header with no MAC: such a
 * file is mixed, never counted, and rewritten in the current format. */
#define ES_SEEDFILE_MAGIC_V1 "ESSEEDv1"
/* The kernel that last booted with this file had random.trust_cpu=off: a
 * boot that reads it counts no CPU source (es_trust_from_seedfile), whatever
 * command line its config gives (Hardening V, 1). Outside the MAC, so that
 * the OS may set it without the token. An ESP writer may set or clear it:
 * set, it removes trust; cleared, it gives back no more than
 * EarlyseedKernelTrust (NVRAM, read first: efi/kerneltrust.c) allows. */
#define ES_SEEDFILE_F_NO_CPU_TRUST 0x1u
/* Written under a VM generation ID: the tag at 24 is its keyed hash
 * (es_seedfile_tag), so the OS, which keeps it when it refreshes the file,
 * learns nothing of the ID. Under vmgenid = check, a boot under another ID
 * (a clone, a reverted snapshot), or a file without one where this boot
 * has one, does not count the file. */
#define ES_SEEDFILE_F_VMGENID 0x2u
/* Written on a machine with an SMBIOS system UUID (type 1): the tag at 32.
 * A boot under another UUID (a copied disk and variable store: a cloud
 * image, a cloned domain) or with one where the file has none does not
 * count the file (SMBIOS DSP0134 section 7.2.1, the type-1 UUID; all 0 or
 * all 0xFF bytes mean none is set). */
#define ES_SEEDFILE_F_SMBIOS 0x4u
/* The boot that wrote it had a TPM: the tag at 40 is the keyed hash of the
 * digest of the TPM's first GetRandom block. A TPM that answers the same
 * first block at a later boot (a stuck or emulated one with a fixed seed)
 * fails: it would be credited 256 bits at every boot for the same bytes
 * (Hardening IV, 7). */
#define ES_SEEDFILE_F_TPM 0x8u
#define ES_SEEDFILE_TAG_LEN 8u
#define ES_SEEDFILE_MAC_LEN 16u
#define ES_SEEDFILE_MACED 48u /* bytes under the MAC */
#define ES_LABEL_GENID "earlyseed v2 vm generation"
#define ES_LABEL_UUID "earlyseed v2 smbios uuid"
#define ES_LABEL_TPM "earlyseed v2 tpm first block"
#define ES_LABEL_MAC "earlyseed v2 seed file header"
/* One-way and short: it says "another machine's token"; the MAC is what
 * keeps an ESP writer out. */
#define ES_SEEDFILE_BIND_LEN 8u
#define ES_LABEL_BIND "earlyseed v1 seed file binding"
struct es_seedfile_header {
	struct es_provenance from;
	uint32_t flags;
	uint8_t bind[ES_SEEDFILE_BIND_LEN];
	uint8_t tag[ES_ID_COUNT][ES_SEEDFILE_TAG_LEN]; /* by enum es_identity, each at its row's slot */
	uint8_t mac[ES_SEEDFILE_MAC_LEN];
};
/* A header of ours (ES_SEEDFILE_MAGIC) at p (n bytes, at least
 * ES_SEEDFILE_HEADER): true and *h (counts capped at ES_GATE_BITS); false
 * for anything else (*h zeroed). Says nothing of the MAC. */
bool es_seedfile_parse(const void *p, size_t n, struct es_seedfile_header *h);
/* p starts with ES_SEEDFILE_MAGIC_V1 (an earlier release's file). */
bool es_seedfile_old(const void *p, size_t n);
/* Encode *h as it is (counts capped at ES_GATE_BITS) into out. */
void es_seedfile_encode(const struct es_seedfile_header *h, uint8_t out[ES_SEEDFILE_HEADER]);
/* The MAC of an encoded header: BLAKE2s-128 keyed with the token over
 * ES_LABEL_MAC and bytes 0..47, ES_SEEDFILE_F_NO_CPU_TRUST taken as 0. */
void es_seedfile_mac(const uint8_t token[ES_TOKEN_LEN], const uint8_t hdr[ES_SEEDFILE_HEADER],
		     uint8_t mac[ES_SEEDFILE_MAC_LEN]);
/* The tag of identity what (ES_ID_LEN bytes): BLAKE2s-64 keyed with the
 * token over the identity's label and bytes, so the file shows neither. */
void es_seedfile_tag(const uint8_t token[ES_TOKEN_LEN], enum es_identity what, const uint8_t id[ES_ID_LEN],
		     uint8_t tag[ES_SEEDFILE_TAG_LEN]);
/* Bind *h to token and sign it as it is (flags and tags untouched): sets
 * bind and the MAC; writes the header to out. */
void es_seedfile_sign(struct es_seedfile_header *h, const uint8_t token[ES_TOKEN_LEN], uint8_t out[ES_SEEDFILE_HEADER]);
/* Bind *h to token and seal it under every identity of the table: the
 * flag and tag of each that ids holds (NULL: none), no flag for the others;
 * keeps from and ES_SEEDFILE_F_NO_CPU_TRUST; sets bind and the MAC; writes
 * the header to out. */
void es_seedfile_seal(struct es_seedfile_header *h, const uint8_t token[ES_TOKEN_LEN], const struct es_ids *ids,
		      uint8_t out[ES_SEEDFILE_HEADER]);
/* As es_seedfile_seal, for a side that sees only some identities (the OS
 * sees the SMBIOS UUID, never the VM generation ID nor the TPM's block):
 * an identity ids lacks keeps old's flag and tag (old: a header bound here
 * whose MAC passed, or NULL). */
void es_seedfile_reseal(struct es_seedfile_header *h, const uint8_t token[ES_TOKEN_LEN], const struct es_ids *ids,
			const struct es_seedfile_header *old, uint8_t out[ES_SEEDFILE_HEADER]);
/* The sources whose identity must change between boots (ES_ID_MUST_CHANGE)
 * and did not: a bit per source (1u << enum es_source) whose value in ids
 * is the one the sealed header at p (n bytes; its MAC is not checked here)
 * recorded. */
uint32_t es_seedfile_repeats(const void *p, size_t n, const uint8_t token[ES_TOKEN_LEN], const struct es_ids *ids);
/*
 * Whether the file at p (n bytes read) may count on this machine, by its
 * header alone: ES_FILE_COUNTED, or ES_FILE_NO_HEADER, _OLD_FORMAT,
 * _OTHER_MACHINE (bound to another token), _BAD_MAC, or the mismatch reason
 * of the first identity row (ES_ID_MUST_HOLD) that does not hold: the file
 * was sealed under it and ids (NULL: none) holds another or none, or it was
 * not and ids holds one. Rows marked checked_only hold unless genid_check.
 */
enum es_file_reason es_seedfile_check(const void *p, size_t n, const uint8_t token[ES_TOKEN_LEN],
				      const struct es_ids *ids, bool genid_check);
/* May earlyseed rewrite, replace or delete this file? p: its first n bytes;
 * size: its whole size. Only when it is empty, all zeros, or starts with a
 * seed file's magic (either version): `seed_file` may name anything. */
bool es_seedfile_ours(const void *p, size_t n, uint64_t size);
/* The header flags a file written under trust t carries. */
uint32_t es_seedfile_flags(const struct es_trust *t);
/* Whatever its config's command line, earlyseed takes the distrust of the
 * kernel that last booted: flags from the
 * seed file's header can only take trust away (an ESP writer gains nothing),
 * never credit the table less (that would drop the gate). */
void es_trust_from_seedfile(struct es_trust *t, uint32_t flags);
/* The machine's binding: BLAKE2s-64 keyed with the token over
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
	bool genid_check;     /* vmgenid = check: a file written under another ID (or none) does not count */
	uint64_t size;        /* the file's whole size (es_seedfile_ours) */
	/* The firmware's variable store: disk_kept, every variable is in a
	 * file on a disk (U-Boot's \ubootefi.var, or a file es_varstore_find()
	 * finds the token in), so the token is no secret: the file does not
	 * count unless count_disk (a setting sealed into the image, the owner's
	 * choice); lost, a firmware that persists variables only in such a file
	 * kept none at all. */
	bool disk_kept;
	bool count_disk;
	bool lost;
};
/*
 * The seed file's first n bytes (the caller reads at most ES_SEED_FILE_MAX):
 * all mixed; the contents after the header are health-tested. It may count
 * (after es_session_commit()) only with a token (tok), a header of ours bound
 * to that token and sealed with it, written under this boot's VM generation
 * ID and SMBIOS UUID (es_seedfile_check, applied when judged: the order of
 * es_session_add() calls does not matter), at least ES_SEED_FILE_MIN bytes,
 * and — under Secure Boot — a token the OS cannot read; and for no more than
 * its header says, under the trust it is judged by. A file that is not
 * earlyseed's (es_seedfile_ours) is ES_FILE_NOT_OURS: never rewritten.
 */
void es_session_add_seed_file(struct es_session *s, const void *p, size_t n, const struct es_file_token *tok);
/*
 * The version this build is (core/version.h: ES_VERSION, dotted numbers)
 * and dpkg's order of two versions (negative, 0, positive as a is older,
 * the same, newer than b; lib/dpkg/version.c verrevcmp). es_version_pack
 * gives MAJOR << 16 | MINOR << 8 | PATCH (0 when v is not MAJOR.MINOR[.PATCH]
 * within 65535.255.255), the audit record's image_version;
 * es_version_unpack writes it back as text ("1.1", "1.1.2").
 */
extern const char es_version[];
int es_version_cmp(const char *a, const char *b);
uint32_t es_version_pack(const char *v);
void es_version_unpack(uint32_t packed, char *out, size_t cap);

/*
 * A variable store kept in a file (core/varstore.c). A firmware with no
 * flash of its own for variables keeps them in a file on a disk: U-Boot's
 * \ubootefi.var (lib/efi_loader/efi_var_file.c), or an edk2 port that
 * rewrites its own image in place (the Raspberry Pi 4's RPI_EFI.fd,
 * pftf/RPi4 issue #6). Then a copy of the disk carries the token. The
 * caller reads the files of every FAT volume the firmware sees whose size
 * and first ES_VARSTORE_HEAD bytes make them worth reading
 * (es_varstore_worth_reading: U-Boot's magic, or whole 4 KiB flash blocks,
 * at most ES_VARSTORE_FILE_MAX bytes) and asks es_varstore_find whether
 * the bytes hold a store, in either format, with EarlyseedToken under
 * earlyseed's vendor GUID (es_vendor_guid) in it.
 */
enum es_varstore {
	ES_VARSTORE_NONE = 0, /* no store, or none holding the token */
	ES_VARSTORE_UBOOT,    /* U-Boot's struct efi_var_file (include/efi_variable.h) */
	ES_VARSTORE_EDK2,     /* an edk2 NV firmware volume's variable store (VariableFormat.h) */
};
#define ES_VARSTORE_HEAD 24u
#define ES_VARSTORE_BLOCK 4096u
#define ES_VARSTORE_FILE_MAX (32u << 20) /* a firmware image: 2 MiB on the Pi 4, 4 MiB for OVMF */
extern const uint8_t es_vendor_guid[16];
enum es_varstore es_varstore_find(const void *buf, size_t n);
bool es_varstore_worth_reading(uint64_t size, const void *head, size_t n);
const char *es_varstore_text(enum es_varstore k);
/* A conditional source does not count, for reason r (the first is kept).
 * ES_FILE_MISSING, _OFF, _NO_VOLUME and _EARLIER_STAGE say why there is
 * nothing, and fail nothing. */
void es_session_block(struct es_session *s, enum es_source src, enum es_file_reason r);
/* The caller did what a conditional source needs (the seed file: rewritten
 * and flushed): it may count from now on. */
void es_session_commit(struct es_session *s, enum es_source src);
/* The clock's row: did GetNextMonotonicCount work? Its high half is what
 * tells this boot's pool from an earlier one's (UEFI 2.10 section 7.5.2). */
void es_session_counter(struct es_session *s, bool ok);
/*
 * Does the clock row tell this boot from an earlier one? A monotonic count
 * whose high half grew (UEFI 2.10 section 7.5.2: non-volatile, one more at
 * every boot) does. One whose high half is 0 cannot be told from a fresh
 * counter (U-Boot starts it at 0 at every boot, lib/efi_loader/
 * efi_boottime.c): then only a real-time clock that is set does (a year of
 * at least ES_CLOCK_SET_YEAR: a board without a battery starts at its
 * epoch, the same every boot). What es_session_counter() takes.
 */
#define ES_CLOCK_SET_YEAR 2024u
bool es_clock_tells_boots_apart(bool count_ok, uint64_t count, bool time_ok, uint16_t year);
/*
 * After every row has been read, in whatever order: the rules that join
 * facts of different rows. A failed monotonic count stops a seed file that
 * was read (ES_FILE_NO_COUNTER); the seed file's header may take the CPU's
 * trust away (es_trust_from_seedfile), whatever command line the config
 * gives: it never gives trust. *t is updated in place; call once, before
 * es_persist_prepare() and es_session_judge().
 */
void es_session_settle(struct es_session *s, struct es_trust *t);

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
	bool rng_tpm_once;  /* the firmware's RNG and the TPM both passed: counted
			     * once, the larger (they may be one chip: one_chip) */
	uint32_t prev_size;
};

/* Judge every source, apply trust and the gate. The session is unchanged. */
void es_session_judge(const struct es_session *s, const struct es_trust *trust, struct es_verdict *v);
/* The judgement's rules by name, in the order they run (core/session.c):
 * up to cap names into names; returns how many there are. */
size_t es_judge_rules(const char **names, size_t cap);
/* Tests: es_session_judge() without the rule named rule, to show what each
 * rule decides (tests/core/test_rules.c). */
void es_session_judge_without(const struct es_session *s, const struct es_trust *trust, const char *rule,
			      struct es_verdict *v);
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

/*
 * Write before use, as one call pair. The front end reads the token and the
 * seed file, adds them (es_session_add_seed_file), gathers every other
 * source, then:
 *   es_persist_prepare()  what to write: a token to create (its variable's
 *                         bytes) and the file's next contents in buf;
 *   ... creates the token, then writes and flushes the file, in that order;
 *   es_persist_done()     what that came to: the file counts from now on
 *                         only if it was written and flushed, and only if
 *                         it was there, with its token, before this boot.
 */
struct es_persist_in {
	enum es_have token;   /* the token as found at start */
	const uint8_t *tok;   /* its ES_TOKEN_LEN bytes when token is ES_HAVE_YES */
	enum es_have file;    /* the file as found (ES_HAVE_BAD: there but not writable) */
	size_t file_len;      /* bytes of it read (the new contents keep the length) */
};
/* Holds secrets (token, token_var): es_persist_done() wipes them. */
struct es_persist_plan {
	bool create_token;    /* create EarlyseedToken from token_var first */
	uint8_t token[ES_TOKEN_LEN];
	uint8_t token_var[ES_TOKEN_VAR_LEN];
	bool write_file;      /* then write buf[0..n) and flush */
	bool create_file;     /* ... creating the file: it was missing */
	bool may_count;       /* the file counts once written and flushed */
	size_t n;
	struct es_provenance from; /* what the new contents (and token) rest on */
	uint32_t hw_bits;     /* what the hardware alone held (a file not created says it) */
};
/* buf: ES_SEED_FILE_MAX bytes, the new contents when plan->write_file (a
 * secret: the caller wipes it). */
void es_persist_prepare(const struct es_session *s, const struct es_trust *trust, const struct es_persist_in *in,
			struct es_persist_plan *plan, uint8_t *buf);
/* token_ok: the token was created (when planned); written: ES_FILE_COUNTED
 * when the file reached the volume and was flushed, else why not. Commits or
 * blocks the file in s, wipes the plan's secrets; returns what the file came
 * to (ES_FILE_NO_TOKEN: not created, its token could not be; ES_FILE_NOT_WRITTEN:
 * nothing was to be written). */
enum es_file_reason es_persist_done(struct es_session *s, struct es_persist_plan *plan, bool token_ok,
				    enum es_file_reason written);

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

/* ---- the TPM: TPM2_GetRandom (TPM 2.0 Library Part 3, section 16.1) ------ */

/* The command: tag TPM_ST_NO_SESSIONS (0x8001), size 12, TPM_CC_GetRandom
 * (0x17B), bytesRequested; big-endian (Part 1, section 18). */
#define ES_TPM_CMD_LEN 12u
/* The response's header (tag, size, responseCode), then TPM2B_DIGEST. */
#define ES_TPM_RSP_HEADER 10u
void es_tpm_getrandom_cmd(uint8_t cmd[ES_TPM_CMD_LEN], uint16_t n);
enum es_tpm_rsp {
	ES_TPM_OK = 0,
	ES_TPM_ESHORT, /* fewer bytes than a header, or than its size field says */
	ES_TPM_ETAG,   /* not TPM_ST_NO_SESSIONS */
	ES_TPM_ERC,    /* a response code other than TPM_RC_SUCCESS (*rc) */
	ES_TPM_ESIZE,  /* the size field disagrees with the TPM2B inside */
	ES_TPM_EEMPTY, /* no bytes */
	ES_TPM_ELONG,  /* more bytes than asked */
};
/* A response of which cap bytes were given back (the protocol does not say
 * how many it wrote: the size field does, within cap). On ES_TPM_OK the n
 * random bytes are at rsp + *off; *rc is the response code when there is one. */
enum es_tpm_rsp es_tpm_getrandom_parse(const uint8_t *rsp, size_t cap, uint16_t asked, uint32_t *rc, size_t *off,
				       uint16_t *n);
const char *es_tpm_strerror(enum es_tpm_rsp e);
/* A response code that asks for the command again: TPM_RC_RETRY (0x922)
 * and TPM_RC_TESTING (0x90a, a self-test still running; Part 2, section
 * 6.6.3), which Linux retries (drivers/char/tpm/tpm-interface.c
 * tpm_transmit_cmd); TPM_RC_YIELDED (0x908) too. Retried within the
 * caller's call and time bounds, never waited on. */
bool es_tpm_rc_retry(uint32_t rc);

/* ---- what tells one VM from its clones: mixed, never counted ------------ */

/*
 * The VM generation ID's address in an ACPI table (an SSDT, as QEMU builds
 * it, docs/specs/vmgenid.rst): the AML `Name (VGIA, DWord or QWord)` the
 * firmware patched; the 16-byte ID is at that address + ES_VMGENID_OFFSET.
 * table: the whole table (its header's length within len). False when it is
 * not an SSDT, is malformed, or has no VGIA (or a zero one).
 */
#define ES_VMGENID_OFFSET 40u
bool es_acpi_vgia(const uint8_t *table, size_t len, uint64_t *addr);

/* ---- Hyper-V's OEM0 table: the host's entropy, counted ------------------ */

/*
 * A Hyper-V host gives its guest 64 bytes of entropy, new at every boot, in
 * an ACPI table `OEM0` whose OEM table id is `MICROSFT` (Linux
 * drivers/hv/hv_common.c ms_hyperv_late_init; Windows' loader reads it
 * too). es_acpi_oem0: the number of entropy bytes after its 36-byte header
 * (ES_OEM0_MIN..ES_OEM0_MAX, Linux's bounds), or 0 when table (len bytes
 * readable) is not such a table or its length is out of bounds.
 * es_acpi_oem0_scrub: what Linux does after reading it, so that nothing is
 * left for /sys/firmware/acpi or a later reader: the bytes zeroed, the
 * length set to the header's, the checksum kept right.
 */
#define ES_OEM0_MIN 8u
#define ES_OEM0_MAX 4096u
uint32_t es_acpi_oem0(const uint8_t *table, size_t len);
void es_acpi_oem0_scrub(uint8_t *table, size_t len);
/* The system UUID of an SMBIOS structure table of len bytes (type 1, offset
 * 8; SMBIOS 3.x section 7.2): false when there is none, or it is all 0x00
 * (not present) or all 0xff (not set). */
bool es_smbios_uuid(const uint8_t *table, size_t len, uint8_t uuid[16]);

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

/* ==== the seed table (LINUX_EFI_RANDOM_SEED_TABLE) ========================== */

/*
 * struct linux_efi_random_seed (include/linux/efi.h): the body of the
 * LINUX_EFI_RANDOM_SEED_TABLE configuration table. size is little-endian
 * (x86 and every UEFI target are LE).
 */
struct es_table_seed {
	uint32_t size;
	uint8_t bits[];
};

_Static_assert(sizeof(struct es_table_seed) == 4, "linux_efi_random_seed header is 4 bytes");
_Static_assert(offsetof(struct es_table_seed, size) == 0, "size at offset 0");
_Static_assert(offsetof(struct es_table_seed, bits) == 4, "bits at offset 4");

/*
 * The kernel (drivers/firmware/efi/efi.c) reads min(size, 1 KiB) of a seed
 * table and credits all of it; the Linux stub (libstub/random.c) merges a
 * previous table only when size <= 512. earlyseed reads a previous table up
 * to the kernel's bound and treats a larger size field as bogus.
 */

enum es_table_prev {
	ES_TABLE_PREV_OK,      /* size <= ES_TABLE_READ_MAX and the bytes are there */
	ES_TABLE_PREV_CORRUPT, /* size over ES_TABLE_READ_MAX: not one byte is read */
	ES_TABLE_PREV_SHORT,   /* fewer than 4 + size bytes available */
};

/*
 * Check a previous table at mem, of which avail bytes may be read (firmware
 * memory: the session passes 4 + ES_TABLE_READ_MAX, the most it will ever read).
 * Sets *size to the size field when there is one (avail >= 4), else 0.
 */
enum es_table_prev es_table_prev_check(const void *mem, size_t avail, uint32_t *size);

/* BLAKE2s-128 of a table's size field and bytes (at most ES_TABLE_READ_MAX):
 * lets a stage tell later whether the table at an address is still the one
 * it installed. One-way: it says nothing of the seed. */
void es_table_tag(const struct es_table_seed *t, uint8_t tag[16]);

/* Bytes to allocate for a table carrying n seed bytes. */
size_t es_table_alloc_size(size_t n);

/* ==== the config file ======================================================= */

/* Where the app looks, on its own volume, after the file beside its own
 * image (es_config_path_beside; docs/installing.md "Installing it"). */
#define ES_CONFIG_PATH "\\EFI\\earlyseed\\earlyseed.conf"
#define ES_CONFIG_FILE_NAME "earlyseed.conf"
/* Default next stage: systemd-boot's and the stub's usual place is the user's
 * choice, so the default is a fixed name beside the config file. */
#define ES_CONFIG_DEFAULT_NEXT "\\EFI\\earlyseed\\next.efi"

/* The seed file kept across reboots, on the app's own volume (a second ESP
 * has its own; systemd#43818 refreshed the wrong one). "none" turns it off. */
#define ES_CONFIG_DEFAULT_SEED_FILE "\\EFI\\earlyseed\\random-seed"

/* A config file is a few lines; anything larger is not a config file. */
#define ES_CONFIG_MAX_FILE 65536
/* Longest accepted line, without its line ending. */
#define ES_CONFIG_MAX_LINE 4608
/* Field capacities, terminating NUL included. */
#define ES_CONFIG_NEXT_MAX 256u
/* Linux takes 2048 bytes of command line on x86 and arm64 (COMMAND_LINE_SIZE,
 * arch/x86/include/asm/setup.h; arch/arm64/include/uapi/asm/setup.h) and up
 * to 4096 elsewhere: earlyseed takes whatever any of them takes. A longer
 * line leaves the next stage with no command line, and says so. */
#define ES_CONFIG_CMDLINE_MAX 4096

/* `verbose`: what a boot prints (docs/app.md "What the app does, and what it
 * prints"): the build's default, or every line, the summary and warnings,
 * warnings only. */
enum es_config_verbose { ES_VERBOSE_DEFAULT = 0, ES_VERBOSE_YES, ES_VERBOSE_NO, ES_VERBOSE_QUIET };
/* `vmgenid`: check (a seed file written under another VM generation ID does
 * not count: a clone, a reverted snapshot), mix (mixed only: for hosts that
 * change the ID at every start, QEMU's guid=auto), off (not read). */
enum es_config_vmgenid { ES_VMGENID_CHECK = 0, ES_VMGENID_MIX, ES_VMGENID_OFF };

struct es_config {
	char next[ES_CONFIG_NEXT_MAX];       /* absolute path, '\' separators */
	char cmdline[ES_CONFIG_CMDLINE_MAX]; /* ASCII, passed as UTF-16 LoadOptions */
	char seed_file[ES_CONFIG_NEXT_MAX];  /* absolute path, or "" (none) */
	uint8_t verbose;                     /* enum es_config_verbose */
	bool tpm_off;                        /* `tpm = off`: the TPM is not asked */
	uint8_t vmgenid;                     /* enum es_config_vmgenid */
	/* `disk_token = count` in the ESP's config: read so it can be named,
	 * never applied (the choice is the image's: struct es_sealed) */
	bool disk_token;
};

/*
 * The owner's choices, sealed into the app's image (Hardening V, 5). What
 * the ESP must not decide: an ESP writer controls earlyseed.conf and, on a
 * board whose firmware keeps its variables on that disk (U-Boot's
 * \ubootefi.var), the token too; `disk_token = count` in the config would
 * let them plant a token, a seed file sealed with it and the setting, and
 * be credited 256 bits they know. The choice lives in the image itself:
 * one struct es_sealed in the app's data, which `earlyseed seal` finds in
 * the file by its magic and writes before the image is signed (a Secure
 * Boot signature then covers it). Little-endian, as every target is.
 */
#define ES_SEALED_MAGIC { 'E', 'S', 'S', 'E', 'A', 'L', 'E', 'D', 0x7a, 0x3c, 0x91, 0xe4, 0x0b, 0x5d, 0xc6, 0x28 }
#define ES_SEALED_MAGIC_LEN 16u
#define ES_SEALED_VERSION 1u
#define ES_SEALED_F_DISK_TOKEN_COUNT 0x1u /* a token the firmware keeps on the disk counts */
#define ES_SEALED_F_ALL ES_SEALED_F_DISK_TOKEN_COUNT
struct es_sealed {
	uint8_t magic[ES_SEALED_MAGIC_LEN];
	uint32_t version; /* ES_SEALED_VERSION */
	uint32_t flags;   /* ES_SEALED_F_* */
};
_Static_assert(sizeof(struct es_sealed) == 24, "struct es_sealed is 24 bytes");
_Static_assert(offsetof(struct es_sealed, version) == 16, "es_sealed.version at 16");
_Static_assert(offsetof(struct es_sealed, flags) == 20, "es_sealed.flags at 20");

/* Called once per problem; line is 1-based, 0 for the file as a whole. */
typedef void (*es_config_warn_fn)(void *ctx, unsigned int line, const char *why);

void es_config_defaults(struct es_config *c);

/*
 * The config file beside an image: "\EFI\x\a.efi" -> "\EFI\x\earlyseed.conf"
 * ('/' taken as '\'). Lets two earlyseed instances on one volume each have
 * their own. Returns 0, or -1 when the result does not fit in cap or the
 * image path is empty or not absolute (out is then "").
 */
int es_config_path_beside(const char *image_path, char *out, size_t cap);

/* Where the app looks for its config, in order (docs/app.md "The config file"):
 * beside its own image (es_config_path_beside), then ES_CONFIG_PATH; the OS
 * side (`earlyseed seed`) looks in the same places. Returns how many: 1 when
 * self_path gives no other place than ES_CONFIG_PATH. */
#define ES_CONFIG_PLACES 2u
unsigned int es_config_places(const char *self_path, char places[ES_CONFIG_PLACES][ES_CONFIG_NEXT_MAX]);
/* Do two absolute paths name one file on FAT (ASCII case folded, '/' and
 * '\' the same; FAT 32 section 6: names are compared without case)? */
int es_config_same_path(const char *a, const char *b);
/*
 * The seed file is rewritten at every boot: it must not be a file the boot
 * needs. Returns NULL when c->seed_file is off or names none of them; else
 * what it names ("the next stage", "earlyseed's own image", "a config
 * file"), and the caller turns the seed file off. self_path: earlyseed's own
 * image on its volume (NULL when unknown).
 */
const char *es_config_seed_file_clash(const struct es_config *c, const char *self_path);

/*
 * Parse `key = value` lines into *c, which should hold the defaults first.
 * Keys: next, cmdline, seed_file (a path or "none"), verbose (yes, no, quiet),
 * tpm (on, off), vmgenid (check, mix, off). Blank lines and lines whose first non-blank byte is
 * '#' are skipped; CR before LF is dropped; blanks around key and value are
 * trimmed; a later line wins over an earlier one. A bad line (unknown key, no
 * '=', over ES_CONFIG_MAX_LINE, a byte outside printable ASCII and tab, a value
 * that does not fit) is reported through warn (may be NULL) and skipped; a
 * file over ES_CONFIG_MAX_FILE or in UTF-16 is reported and not read at all.
 * Never fails: returns the number of problems reported.
 */
unsigned int es_config_parse(struct es_config *c, const uint8_t *buf, size_t len,
			  es_config_warn_fn warn, void *ctx);

/* ==== the driver's Hash_DRBG ================================================ */

/*
 * NIST SP 800-90A Rev. 1 section 10.1.1 Hash_DRBG with SHA-256, the
 * algorithm behind the driver's EFI_RNG_PROTOCOL
 * (EFI_RNG_ALGORITHM_SP800_90_HASH_256). No prediction resistance; the caller
 * reseeds from the pool at every ReadyToBoot. Checked against NIST CAVP
 * Hash_DRBG.rsp vectors in tests/core/test_drbg.c.
 */
/* Table 2: seedlen for SHA-256 is 440 bits. */
#define ES_DRBG_SEEDLEN 55u
/* Table 2: max_number_of_bits_per_request 2^19. */
#define ES_DRBG_MAX_REQUEST 65536u
/* Table 2: reseed_interval 2^48. */
#define ES_DRBG_RESEED_INTERVAL (1ull << 48)
/* Section 8.4: the security strength of SHA-256 is 256 bits; entropy input
 * must hold at least that much, and the nonce half of it (section 8.6.7). */
#define ES_DRBG_MIN_ENTROPY 32u

struct es_drbg {
	uint8_t v[ES_DRBG_SEEDLEN];
	uint8_t c[ES_DRBG_SEEDLEN];
	uint64_t reseed_counter;
	bool seeded;
};

/* Instantiate (section 10.1.1.2). Returns 0, or -1 when the entropy input
 * is shorter than ES_DRBG_MIN_ENTROPY (the state is then unseeded). */
int es_drbg_instantiate(struct es_drbg *d, const void *entropy, size_t elen, const void *nonce, size_t nlen,
			const void *pers, size_t plen);
/* Reseed (section 10.1.1.3); -1 as above, or when d is not seeded. */
int es_drbg_reseed(struct es_drbg *d, const void *entropy, size_t elen, const void *add, size_t alen);
/* Generate n bytes (section 10.1.1.4). Returns 0, or -1 with out untouched
 * when d is not seeded, n is 0 or over ES_DRBG_MAX_REQUEST, or the reseed
 * interval is reached (SP 800-90A: a reseed is then required). */
int es_drbg_generate(struct es_drbg *d, void *out, size_t n, const void *add, size_t alen);
/* Wipe (section 9.4, uninstantiate). */
void es_drbg_wipe(struct es_drbg *d);

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
