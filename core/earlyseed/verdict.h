/* SPDX-License-Identifier: MIT */
/* Part of core/earlyseed.h: the verdict, write before use, the outcome. Include core/earlyseed.h, never this. */
#ifndef EARLYSEED_CORE_EARLYSEED_H
#error "include core/earlyseed.h, the engine's one public header"
#endif
#ifndef EARLYSEED_CORE_EARLYSEED_VERDICT_H
#define EARLYSEED_CORE_EARLYSEED_VERDICT_H

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

#endif
