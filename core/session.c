/* SPDX-License-Identifier: MIT */
/*
 * The engine: one session gathers every source into the pool (mixed, never
 * credited), runs each through the health tests its row in the source table
 * names, and judges them under the kernel's trust settings (earlyseed.h).
 */
#include <string.h>

#include "blake2s.h"
#include "health.h"
#include "pool.h"
#include "seed.h"
#include "earlyseed.h"

void es_session_begin(struct es_session *s)
{
	memset(s, 0, sizeof(*s));
	es_pool_init(&s->pool);
	for (unsigned int i = 0; i < ES_SRC_COUNT; i++)
		es_health_init(&s->test[i], es_source((enum es_source)i)->h_bits);
}

void es_session_present(struct es_session *s, enum es_source src)
{
	if ((unsigned int)src < ES_SRC_COUNT)
		s->present |= 1u << src;
}

void es_session_fail(struct es_session *s, enum es_source src, const char *why)
{
	if ((unsigned int)src >= ES_SRC_COUNT)
		return;
	es_session_present(s, src);
	es_health_fail(&s->test[src], why);
}

/* A block of an ES_FEED_BLOCKS source: not zero, not a repeat of any earlier
 * block of that source (any instance). Only a digest of each is kept. */
/* Record what source src handed as the identity it is (the table of
 * es_identity()): its bytes, or the digest of its first block. */
static void identify(struct es_session *s, enum es_source src, const uint8_t *id, bool digest)
{
	for (unsigned int i = 0; i < ES_ID_COUNT; i++) {
		const struct es_identity_info *r = es_identity((enum es_identity)i);

		if (r->source == (uint8_t)src && (r->from_digest != 0) == digest)
			es_ids_set(&s->ids, (enum es_identity)i, id);
	}
}

static void feed_block(struct es_session *s, enum es_source src, struct es_health_test *t, const uint8_t *p,
		       size_t n)
{
	uint8_t d[ES_BLOCK_DIGEST];
	bool zero = true;

	for (size_t i = 0; i < n; i++)
		zero = zero && p[i] == 0;
	if (n > 0 && zero)
		es_health_fail(t, "returned a block of zeros");
	(void)es_blake2s(d, sizeof(d), NULL, 0, p, n);
	for (uint32_t i = 0; i < s->nblocks; i++) {
		if (memcmp(s->digest[i], d, sizeof(d)) == 0)
			es_health_fail(t, "returned the same block twice");
	}
	if (s->nblocks < ES_MAX_BLOCKS)
		memcpy(s->digest[s->nblocks++], d, sizeof(d));
	/* a first block that is an identity (the TPM's), for the seed
	 * file's rule across boots */
	if (n > 0)
		identify(s, src, d, true);
	es_wipe(d, sizeof(d));
	es_health_feed(t, p, n);
}

int es_session_add(struct es_session *s, enum es_source src, const void *p, size_t n)
{
	const struct es_source_info *r = es_source(src);
	struct es_health_test *t;

	if (r == NULL || n > UINT32_MAX || (n != 0 && p == NULL) || (r->feed == ES_FEED_WORDS && n % 8u != 0))
		return -1;
	t = &s->test[src];
	(void)es_seed_absorb(&s->pool, src, p, n);
	es_session_present(s, src);
	/* The machine's identities: facts of these rows, for the seed file's
	 * rules (applied when judged, whatever the order of the calls). */
	if (n == ES_ID_LEN)
		identify(s, src, p, false);
	s->bytes[src] = s->bytes[src] > UINT32_MAX - (uint32_t)n ? UINT32_MAX : s->bytes[src] + (uint32_t)n;
	switch (r->feed) {
	case ES_FEED_NONE:
		break;
	case ES_FEED_WORDS:
		es_health_feed_words(t, p, n / 8u);
		break;
	case ES_FEED_BLOCKS:
		feed_block(s, src, t, p, n);
		break;
	case ES_FEED_TABLE:
		es_health_feed_table(t, p, n);
		break;
	}
	return 0;
}

bool es_session_add_table(struct es_session *s, const void *table, const struct es_provenance *from,
			  uint32_t *size_field)
{
	uint32_t size;

	es_session_present(s, ES_SRC_PREV_TABLE);
	/* Reads the size field only; the bytes only up to the kernel's bound. */
	if (es_table_prev_check(table, es_table_alloc_size(ES_TABLE_READ_MAX), &size) != ES_TABLE_PREV_OK) {
		s->prev_size = size;
		s->prev_oversized = true;
		es_session_fail(s, ES_SRC_PREV_TABLE, "size field over the kernel's " ES_STR(ES_TABLE_READ_MAX) "-byte bound, not read");
		*size_field = size;
		return false;
	}
	s->prev_size = size;
	*size_field = size;
	(void)es_session_add(s, ES_SRC_PREV_TABLE, (const uint8_t *)table + sizeof(uint32_t), size);
	if (from != NULL) {
		s->from_known |= 1u << ES_SRC_PREV_TABLE;
		s->from[ES_SRC_PREV_TABLE] = *from;
	}
	return true;
}

/* What the token says of the file, in the order it matters (the first
 * reason is kept): none (a clone, or one the firmware lost), malformed,
 * readable by the OS under Secure Boot, or kept on the disk. */
static enum es_file_reason token_reason(const struct es_file_token *tok)
{
	if (tok != NULL && tok->have == ES_HAVE_NONE && tok->lost)
		return ES_FILE_TOKEN_LOST;
	if (tok == NULL || tok->have == ES_HAVE_NONE)
		return ES_FILE_NO_TOKEN;
	if (tok->have != ES_HAVE_YES || tok->bytes == NULL)
		return ES_FILE_TOKEN_BAD;
	/* Secure Boot keeps an ESP writer from replacing earlyseed, not from
	 * writing a file it knows: then only a token the OS cannot read keeps
	 * the pool unknown to it. */
	if (tok->secure_boot && tok->runtime)
		return ES_FILE_TOKEN_EXPOSED;
	/* anyone who can read the disk knows the token; a copy of the disk
	 * brings it along: a disk image carries bytes, never authority
	 * (systemd's SYSTEMD_RANDOM_SEED_CREDIT is the same choice, the
	 * owner's to make) */
	if (tok->disk_kept && !tok->count_disk)
		return ES_FILE_TOKEN_ON_DISK;
	return ES_FILE_COUNTED;
}

bool es_session_file_foreign(const struct es_session *s)
{
	return s->file_foreign;
}

void es_session_add_seed_file(struct es_session *s, const void *p, size_t n, const struct es_file_token *tok)
{
	const enum es_source f = ES_SRC_SEED_FILE; /* this row's tag */
	struct es_seedfile_header h;
	enum es_file_reason t = token_reason(tok);

	es_session_present(s, f);
	if (n > ES_SEED_FILE_MAX || (n != 0 && p == NULL)) {
		es_session_block(s, f, ES_FILE_READ_FAILED);
		return;
	}
	/* Every byte is mixed, whatever it turns out to be worth. */
	(void)es_seed_absorb(&s->pool, f, p, n);
	s->bytes[f] = (uint32_t)n;
	s->file_read = true;
	/* Someone else's file that seed_file names: mixed, never rewritten. */
	if (!es_seedfile_ours(p, n, tok != NULL && tok->size > n ? tok->size : n)) {
		s->file_foreign = true;
		es_session_block(s, f, ES_FILE_NOT_OURS);
		return;
	}
	/* The token first: without it (a clone) nothing else matters. */
	if (t != ES_FILE_COUNTED)
		es_session_block(s, f, t);
	if (n < ES_SEED_FILE_MIN) {
		es_session_block(s, f, ES_FILE_SHORT);
		return;
	}
	if (!es_seedfile_parse(p, n, &h)) {
		es_session_block(s, f, es_seedfile_old(p, n) ? ES_FILE_OLD_FORMAT : ES_FILE_NO_HEADER);
		return;
	}
	es_health_feed_table(&s->test[f], (const uint8_t *)p + ES_SEEDFILE_HEADER, n - ES_SEEDFILE_HEADER);
	/* Its header is judged with the machine's identity (judge()). */
	if (tok != NULL && tok->have == ES_HAVE_YES && tok->bytes != NULL) {
		memcpy(s->file_head, p, ES_SEEDFILE_HEADER);
		memcpy(s->file_tok, tok->bytes, ES_TOKEN_LEN);
		s->file_checked = true;
		s->genid_check = tok->genid_check;
		s->token_from = tok->from;
	}
	s->from_known |= 1u << f;
	s->from[f] = h.from;
	s->file_flags = h.flags;
}

bool es_clock_tells_boots_apart(bool count_ok, uint64_t count, bool time_ok, uint16_t year)
{
	if (count_ok && (count >> 32) != 0)
		return true;
	return count_ok && time_ok && year >= ES_CLOCK_SET_YEAR;
}

void es_session_counter(struct es_session *s, bool ok)
{
	s->counter_ok = ok;
}

void es_session_settle(struct es_session *s, struct es_trust *t)
{
	/* without the clock's word (no clock row read), no evidence either */
	if (s->file_read && !s->counter_ok)
		es_session_block(s, ES_SRC_SEED_FILE, ES_FILE_NO_COUNTER);
	/* The header's bit only takes the CPU's trust away, so it applies
	 * whatever the config's command line says: a line an ESP writer adds
	 * must not lift what the OS recorded (Hardening V, 1). */
	if ((s->file_flags & ES_SEEDFILE_F_NO_CPU_TRUST) != 0)
		es_trust_from_seedfile(t, s->file_flags);
}

void es_session_block(struct es_session *s, enum es_source src, enum es_file_reason r)
{
	if ((unsigned int)src >= ES_SRC_COUNT || r == ES_FILE_COUNTED || (unsigned int)r >= ES_FILE_REASONS)
		return;
	if (s->file_reason[src] == ES_FILE_COUNTED)
		s->file_reason[src] = (uint8_t)r;
	/* Nothing there to fail: missing, turned off, no volume, or an earlier
	 * stage's to use. */
	if (r != ES_FILE_MISSING && r != ES_FILE_OFF && r != ES_FILE_NO_VOLUME && r != ES_FILE_EARLIER_STAGE)
		es_session_fail(s, src, es_file_reason_text(r));
}

void es_session_commit(struct es_session *s, enum es_source src)
{
	if ((unsigned int)src < ES_SRC_COUNT)
		s->committed |= 1u << src;
}

void es_session_startup(struct es_session *s, enum es_source src,
			const uint64_t samples[ES_STARTUP_SAMPLES + 1], unsigned int got)
{
	if ((unsigned int)src >= ES_SRC_COUNT)
		return;
	es_session_present(s, src);
	if (got < ES_STARTUP_SAMPLES + 1u)
		es_session_fail(s, src, "no result within its retry bound during the start-up test");
	else if (!es_health_rdrand_startup(samples))
		es_session_fail(s, src, "fewer than " ES_STR(ES_HEALTH_RDRAND_MIN_CHANGE) " changes in " ES_STR(
						   ES_STARTUP_SAMPLES) " samples (Linux's start-up test)");
	else
		return;
	for (unsigned int i = 0; i < ES_SRC_COUNT; i++) {
		if (es_source((enum es_source)i)->distrusted_by == (int8_t)src)
			es_session_fail(s, (enum es_source)i, "distrusted: its DRBG sibling failed Linux's start-up test");
	}
}

static uint32_t sat_add(uint32_t a, uint32_t b)
{
	return a > UINT32_MAX - b ? UINT32_MAX : a + b;
}

static uint32_t min32(uint32_t a, uint32_t b)
{
	return a < b ? a : b;
}

/* bits of a source an earlier stage made, counted for what it rests on
 * under this stage's trust (and, for the seed file, its token's: token
 * not NULL); its parts go into v->made_of. */
static uint32_t by_provenance(const struct es_provenance *from, const struct es_provenance *token, uint32_t bits,
			      const struct es_trust *trust, struct es_verdict *v)
{
	uint32_t rests = sat_add(from->other_bits, trust->cpu ? from->cpu_bits : 0u);
	uint32_t other = from->other_bits;

	if (!trust->cpu && from->cpu_bits > 0)
		v->untrusted_bits = sat_add(v->untrusted_bits, bits < from->cpu_bits ? bits : from->cpu_bits);
	bits = bits < rests ? bits : rests;
	/* A seed file is worth no more than its token holds either (anyone
	 * who reads the file knows it; the token is the secret left, and an
	 * ESP writer can forge the header, not the token's account). */
	if (token != NULL) {
		uint32_t t_rests = sat_add(token->other_bits, trust->cpu ? token->cpu_bits : 0u);

		bits = min32(bits, t_rests);
		other = min32(other, token->other_bits);
	}
	other = min32(bits, other);
	v->made_of.other_bits = sat_add(v->made_of.other_bits, other);
	v->made_of.cpu_bits = sat_add(v->made_of.cpu_bits, bits - other);
	return bits;
}

/*
 * The judgement is a list of named rules (judge_rules[] below), run in
 * order over one struct judging: each reads the session and what the rules
 * before it decided, and writes its part of the verdict. A new join of
 * sources is a new rule with its reason beside it; tests/core/test_rules.c shows
 * that each rule changes some verdict (es_session_judge_without).
 */
struct judging {
	const struct es_session *s;
	const struct es_trust *trust;
	uint32_t committed;          /* conditional sources taken as committed */
	uint8_t reason[ES_SRC_COUNT]; /* what blocked a conditional source */
	bool cpu_failed;             /* one of the CPU's own sources failed */
	uint32_t repeats;            /* bit per source whose identity is the recorded one (es_seedfile_repeats) */
	uint8_t file_why;            /* the seed file's reason from its credit */
	struct es_verdict *v;
};

/* A firmware RNG that is the CPU's stands or falls with the CPU's own
 * instructions (their start-up and health tests). */
static void rule_cpu_tests(struct judging *j)
{
	for (unsigned int i = 0; i < ES_SRC_COUNT; i++)
		j->cpu_failed = j->cpu_failed || (es_source((enum es_source)i)->cpu && !es_source((enum es_source)i)->wraps_cpu &&
						  (j->s->present & (1u << i)) != 0 && j->s->test[i].failed);
}

/* The file's header against the identity this boot's rows handed in (one
 * check: its rules run in order, binding and MAC first; core/seedfile.c).
 * A TPM whose first block is the one an earlier boot recorded in a header
 * bound here and sealed (identity aside) is stuck, or seeded the same at
 * every start (an emulator's fixed state): its credit would repeat. */
static void rule_file_header(struct judging *j)
{
	const struct es_session *s = j->s;
	enum es_file_reason h;

	if (!s->file_checked)
		return;
	h = es_seedfile_check(s->file_head, sizeof(s->file_head), s->file_tok, &s->ids, s->genid_check);
	/* only a header bound here whose MAC passed says what repeats */
	if (h == ES_FILE_COUNTED || h == ES_FILE_VM_CHANGED || h == ES_FILE_ID_CHANGED)
		j->repeats = es_seedfile_repeats(s->file_head, sizeof(s->file_head), s->file_tok, &s->ids);
	if (j->reason[ES_SRC_SEED_FILE] == ES_FILE_COUNTED)
		j->reason[ES_SRC_SEED_FILE] = (uint8_t)h;
}

/* Why source i fails (NULL: it passes): its tests, the CPU it wraps, a
 * repeating first block, no bytes, a block, or not yet written. */
static const char *fails_because(const struct judging *j, unsigned int i)
{
	const struct es_source_info *r = es_source((enum es_source)i);
	const struct es_session *s = j->s;

	if (s->test[i].failed)
		return s->test[i].why;
	if (r->wraps_cpu && j->cpu_failed)
		return "the CPU's RNG it wraps failed its own tests";
	if ((j->repeats & (1u << i)) != 0)
		return "returned the same first block as at the boot that wrote the seed file";
	if (r->must_deliver && s->bytes[i] == 0)
		return "delivered no bytes";
	/* blocked, in whatever order the calls came */
	if (r->conditional && j->reason[i] != ES_FILE_COUNTED)
		return es_file_reason_text((enum es_file_reason)j->reason[i]);
	if (r->conditional && (j->committed & (1u << i)) == 0)
		return es_file_reason_text(ES_FILE_NOT_WRITTEN);
	return NULL;
}

/* Each present source passes or fails, with its first reason. */
static void rule_states(struct judging *j)
{
	for (unsigned int i = 0; i < ES_SRC_COUNT; i++) {
		const char *why;

		j->v->bytes[i] = j->s->bytes[i];
		if ((j->s->present & (1u << i)) == 0)
			continue;
		why = fails_because(j, i);
		j->v->state[i] = why == NULL ? ES_PASS : ES_FAIL;
		j->v->why[i] = why;
	}
}

/* A seed file that rests on nothing counted here fails, with the reason
 * the audit record gives: nothing at all; the header alone would count but
 * its token holds nothing under this trust; or only the CPU's, untrusted. */
static void file_rests_on_nothing(struct judging *j, unsigned int i, uint32_t rests)
{
	const struct es_provenance *from = &j->s->from[i];

	if (sat_add(from->other_bits, from->cpu_bits) == 0)
		j->file_why = ES_FILE_UNSEEDED;
	else if (rests > 0)
		j->file_why = j->trust->cpu ? ES_FILE_UNSEEDED : ES_FILE_TOKEN_UNTRUSTED;
	else
		j->file_why = ES_FILE_CPU_UNTRUSTED;
	j->v->state[i] = ES_FAIL;
	j->v->why[i] = es_file_reason_text((enum es_file_reason)j->file_why);
}

/* What a passing source counts: its health credit, its cap, and what an
 * earlier stage's output rests on (provenance) or the CPU's trust. */
static void credit_one(struct judging *j, unsigned int i)
{
	const struct es_source_info *r = es_source((enum es_source)i);
	const struct es_trust *trust = j->trust;
	struct es_verdict *v = j->v;
	uint32_t bits = es_health_credit(j->s->bytes[i], r->h_bits);

	if (r->max_bits != 0 && bits > r->max_bits)
		bits = r->max_bits;
	if ((j->s->from_known & (1u << i)) != 0) {
		const struct es_provenance *from = &j->s->from[i];
		uint32_t rests = sat_add(from->other_bits, trust->cpu ? from->cpu_bits : 0u);

		/* A kernel would credit a whole table: one resting on less
		 * than that must not reach the kernel on its own. */
		if (r->whole_table && rests < bits)
			v->prev_overclaims = true;
		bits = by_provenance(from, r->token_bound ? &j->s->token_from : NULL, bits, trust, v);
		if (bits == 0 && r->token_bound) {
			file_rests_on_nothing(j, i, rests);
			return;
		}
	} else if (r->cpu && !trust->cpu) {
		v->untrusted_bits = sat_add(v->untrusted_bits, bits);
		bits = 0;
	} else if (r->cpu) {
		v->made_of.cpu_bits = sat_add(v->made_of.cpu_bits, bits);
	} else {
		v->made_of.other_bits = sat_add(v->made_of.other_bits, bits);
	}
	v->bits[i] = bits;
	v->counted_bits = sat_add(v->counted_bits, bits);
	if (r->hardware)
		v->hw_bits = sat_add(v->hw_bits, bits);
}

static void rule_credits(struct judging *j)
{
	for (unsigned int i = 0; i < ES_SRC_COUNT; i++)
		if ((j->s->present & (1u << i)) != 0 && j->v->state[i] == ES_PASS)
			credit_one(j, i);
}

/* drop bits of source i from its count, the totals and what they rest on */
static void uncount(struct es_verdict *v, unsigned int i, uint32_t drop, uint32_t *made_of)
{
	v->bits[i] -= drop < v->bits[i] ? drop : v->bits[i];
	v->counted_bits -= drop < v->counted_bits ? drop : v->counted_bits;
	v->hw_bits -= drop < v->hw_bits ? drop : v->hw_bits;
	*made_of -= drop < *made_of ? drop : *made_of;
}

/* Sources that may be one chip (the source table's one_chip): the
 * firmware's RNG may be the TPM itself (U-Boot binds tpm-rng behind
 * EFI_RNG_PROTOCOL, drivers/rng/tpm_rng.c, with no other RNG device). When
 * more than one passed, the largest credit stays (the first of equals)
 * and the others go: they count as one source. None is the CPU's. */
static void rule_one_chip(struct judging *j)
{
	struct es_verdict *v = j->v;
	unsigned int keep = ES_SRC_COUNT;

	for (unsigned int i = 0; i < ES_SRC_COUNT; i++)
		if (es_source((enum es_source)i)->one_chip && v->bits[i] > 0 &&
		    (keep == ES_SRC_COUNT || v->bits[i] > v->bits[keep]))
			keep = i;
	for (unsigned int i = 0; keep < ES_SRC_COUNT && i < ES_SRC_COUNT; i++) {
		if (i == keep || !es_source((enum es_source)i)->one_chip || v->bits[i] == 0)
			continue;
		uncount(v, i, v->bits[i], &v->made_of.other_bits);
		v->rng_tpm_once = true;
	}
}

/* The firmware's wrapper of the CPU's RNG and the CPU's own instructions
 * are one source: the larger credit, never both. Both are the CPU's
 * (made_of.cpu_bits). */
static void rule_cpu_wrapper_once(struct judging *j)
{
	struct es_verdict *v = j->v;
	uint32_t own = 0, w = 0;
	unsigned int wrapper = ES_SRC_COUNT;

	for (unsigned int i = 0; i < ES_SRC_COUNT; i++) {
		const struct es_source_info *r = es_source((enum es_source)i);

		if (r->wraps_cpu)
			w = v->bits[wrapper = i];
		else if (r->cpu)
			own = sat_add(own, v->bits[i]);
	}
	if (own > 0 && w > 0)
		uncount(v, wrapper, own < w ? own : w, &v->made_of.cpu_bits);
}

/* The seed file's one reason for the audit record: what blocked it, what
 * its credit said, or why it failed (no bytes, its health, not written);
 * absent: missing. */
static void rule_file_reason(struct judging *j)
{
	const enum es_source f = ES_SRC_SEED_FILE;
	struct es_verdict *v = j->v;
	const struct es_session *s = j->s;

	v->file_reason = j->reason[f];
	if (v->file_reason == ES_FILE_COUNTED && j->file_why != ES_FILE_COUNTED)
		v->file_reason = j->file_why;
	else if (v->file_reason == ES_FILE_COUNTED && v->state[f] == ES_FAIL)
		v->file_reason = s->bytes[f] == 0 ? ES_FILE_SHORT : s->test[f].failed ? ES_FILE_HEALTH : ES_FILE_NOT_WRITTEN;
	else if (v->state[f] == ES_ABSENT && v->file_reason == ES_FILE_COUNTED)
		v->file_reason = ES_FILE_MISSING;
}

/* The gate keeps a kernel from crediting what the sources do not hold; a
 * kernel that credits no table cannot be misled, and mixing helps. */
static void rule_gate(struct judging *j)
{
	j->v->gate_met = j->v->counted_bits >= ES_GATE_BITS;
	j->v->uncredited = !j->trust->bootloader;
	j->v->install = j->v->gate_met || j->v->uncredited;
}

/* A previous table that failed, overclaims or is oversized must not reach
 * the kernel on its own (core/table.c settles it). */
static void rule_previous(struct judging *j)
{
	struct es_verdict *v = j->v;

	v->prev_found = (j->s->present & (1u << ES_SRC_PREV_TABLE)) != 0;
	v->prev_bad = v->prev_found && (v->state[ES_SRC_PREV_TABLE] == ES_FAIL || v->prev_overclaims);
	v->prev_freeable = v->prev_found && !j->s->prev_oversized;
	v->prev_size = j->s->prev_size;
}

static const struct {
	const char *name;
	void (*apply)(struct judging *j);
} judge_rules[] = {
	{ "cpu-tests", rule_cpu_tests },	 /* before the states: the wrapper falls with the CPU */
	{ "file-header", rule_file_header },	 /* before the states: a header's reason, a TPM that repeats */
	{ "states", rule_states },		 /* pass or fail, the first reason */
	{ "credits", rule_credits },		 /* what each passing source counts */
	{ "one-chip", rule_one_chip },		 /* after the credits: joins of passing sources */
	{ "cpu-wrapper-once", rule_cpu_wrapper_once },
	{ "file-reason", rule_file_reason },	 /* after the credits: the file's one reason */
	{ "gate", rule_gate },			 /* after the joins: what is counted */
	{ "previous-table", rule_previous },
};
#define JUDGE_RULES (sizeof(judge_rules) / sizeof(judge_rules[0]))

/* a and b the same name (a NULL: none is); no C library in the firmware */
static bool same_name(const char *a, const char *b)
{
	size_t i = 0;

	if (a == NULL)
		return false;
	while (a[i] != '\0' && a[i] == b[i])
		i++;
	return a[i] == b[i];
}

/* es_session_judge() with the conditional sources in `committed` taken as
 * committed, without the rule named skip (NULL: every rule). */
static void judge(const struct es_session *s, const struct es_trust *trust, uint32_t committed, const char *skip,
		  struct es_verdict *v)
{
	struct judging j;

	memset(v, 0, sizeof(*v));
	v->trust = *trust;
	j = (struct judging){ s, trust, committed, { 0 }, false, false, ES_FILE_COUNTED, v };
	memcpy(j.reason, s->file_reason, sizeof(j.reason));
	for (size_t i = 0; i < JUDGE_RULES; i++)
		if (!same_name(skip, judge_rules[i].name))
			judge_rules[i].apply(&j);
}

size_t es_judge_rules(const char **names, size_t cap)
{
	for (size_t i = 0; i < JUDGE_RULES && i < cap; i++)
		names[i] = judge_rules[i].name;
	return JUDGE_RULES;
}

void es_session_judge_without(const struct es_session *s, const struct es_trust *trust, const char *rule,
			      struct es_verdict *v)
{
	judge(s, trust, s->committed, rule, v);
}

void es_session_judge(const struct es_session *s, const struct es_trust *trust, struct es_verdict *v)
{
	judge(s, trust, s->committed, NULL, v);
}

void es_session_file_provenance(const struct es_session *s, const struct es_trust *trust, bool file_counts,
				struct es_provenance *from)
{
	struct es_verdict v;

	judge(s, trust, s->committed | (file_counts ? 1u << ES_SRC_SEED_FILE : 0u), NULL, &v);
	from->other_bits = v.made_of.other_bits > ES_GATE_BITS ? ES_GATE_BITS : v.made_of.other_bits;
	from->cpu_bits = v.made_of.cpu_bits > ES_GATE_BITS ? ES_GATE_BITS : v.made_of.cpu_bits;
}

int es_session_extract(const struct es_session *s, const char *label, uint8_t *out, size_t n)
{
	return es_seed_extract(&s->pool, label, out, n);
}

void es_session_end(struct es_session *s)
{
	es_wipe(s, sizeof(*s));
}

bool es_session_finish(struct es_session *s, const struct es_trust *trust, uint8_t *out, size_t n,
		       struct es_verdict *v)
{
	es_session_judge(s, trust, v);
	if (!v->install || es_session_extract(s, ES_LABEL_TABLE, out, n) != 0) {
		v->install = false;
		es_wipe(out, n);
	}
	es_session_end(s);
	return v->install;
}

enum es_prev_action es_verdict_prev(const struct es_verdict *v, bool installed)
{
	if (!v->prev_found)
		return ES_PREV_NONE;
	if (installed)
		return v->prev_freeable ? ES_PREV_RETIRE : ES_PREV_FORGET;
	if (!v->prev_bad)
		return ES_PREV_KEEP;
	return v->prev_freeable ? ES_PREV_REMOVE_FREE : ES_PREV_REMOVE;
}

void es_file_plan(const struct es_verdict *v, enum es_have token, enum es_have file, struct es_file_plan *p)
{
	bool hw = v->hw_bits >= ES_GATE_BITS;

	p->create_token = token == ES_HAVE_NONE && hw;
	p->write_file = file == ES_HAVE_YES ||
			(file == ES_HAVE_NONE && (token == ES_HAVE_YES || p->create_token) && hw);
	p->create_file = p->write_file && file == ES_HAVE_NONE;
	p->may_count = token == ES_HAVE_YES && file == ES_HAVE_YES;
}

bool es_provenance_enough(const struct es_provenance *from, const struct es_trust *t)
{
	return sat_add(from->other_bits, t->cpu ? from->cpu_bits : 0u) >= ES_GATE_BITS;
}

bool es_stage_may_chain(unsigned int before)
{
	return before < ES_MAX_STAGES;
}
