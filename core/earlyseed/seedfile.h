/* SPDX-License-Identifier: MIT */
/* Part of core/earlyseed.h: the seed file: its reasons, its header, its identities (core/seedfile.c). Include core/earlyseed.h, never this. */
#ifndef EARLYSEED_CORE_EARLYSEED_H
#error "include core/earlyseed.h, the engine's one public header"
#endif
#ifndef EARLYSEED_CORE_EARLYSEED_SEEDFILE_H
#define EARLYSEED_CORE_EARLYSEED_SEEDFILE_H

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
	ES_FILE_OLD_FORMAT,    /* an earlier format (ESSEEDv1: no authenticated header): rewritten in this one */
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
#ifndef ES_SEEDFILE_MAGIC
#define ES_SEEDFILE_MAGIC "ESSEEDv2" /* the header of the three identity rows */
#endif
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
#define ES_SEEDFILE_MACED (ES_SEEDFILE_HEADER - ES_SEEDFILE_MAC_LEN) /* bytes under the MAC: 48 in version 2 */
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
/* p starts with an earlier version's magic (an earlier release's file:
 * ES_SEEDFILE_MAGIC_V1, or any "ESSEEDv<d>" before this build's). */
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
/* The file read is not earlyseed's (es_seedfile_ours): seed_file names
 * someone else's file, which is mixed and never rewritten. */
bool es_session_file_foreign(const struct es_session *s);

#endif
