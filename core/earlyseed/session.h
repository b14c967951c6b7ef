/* SPDX-License-Identifier: MIT */
/* Part of core/earlyseed.h: the session: the pool, the token, adding what the sources hand over. Include core/earlyseed.h, never this. */
#ifndef EARLYSEED_CORE_EARLYSEED_H
#error "include core/earlyseed.h, the engine's one public header"
#endif
#ifndef EARLYSEED_CORE_EARLYSEED_SESSION_H
#define EARLYSEED_CORE_EARLYSEED_SESSION_H

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
#define ES_SEEDFILE_HEADER (16u + 8u + ES_ID_COUNT * 8u + 16u) /* 64 in version 2 (core/seedfile.c) */
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
/* ES_ID_MORE: rows a build adds after these three, each with its row in
 * core/identity.c's ES_ID_MORE_ROWS and a header version of its own
 * (ES_SEEDFILE_MAGIC): tests/core/identity_dummy.h adds a fourth. */
#ifndef ES_ID_MORE
#define ES_ID_MORE
#endif
enum es_identity { ES_ID_GENID = 0, ES_ID_UUID, ES_ID_TPM, ES_ID_MORE ES_ID_COUNT };
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

/*
 * The Linux v3.17 input pool (drivers/char/random.c, poolinfo_table[0]):
 * INPUT_POOL_SHIFT 12 -> 4096 bits = 128 u32 words.
 */
#define ES_POOL_WORDS 128u
#define ES_POOL_WORDMASK (ES_POOL_WORDS - 1u)
struct es_pool {
	uint32_t words[ES_POOL_WORDS];
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

#endif
