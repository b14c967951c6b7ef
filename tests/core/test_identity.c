/* SPDX-License-Identifier: MIT */
/* The machine's identities as a table (core/identity.c): every test here
 * loops over the rows and reads what each row says, so a row added to the
 * table is tested by what it declares, with no case of its own: its slot
 * and flag, the seal, the check (its mismatch reason, or a repeat that
 * fails its source), the OS's reseal, and the session recording it from
 * its source's row. */
#include <string.h>

#include "../../core/earlyseed.h"
#include "../check.h"

static const uint8_t tok[ES_TOKEN_LEN] = { 7, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
					   16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31 };

static const struct es_identity_info *row(unsigned int i)
{
	return es_identity((enum es_identity)i);
}

static struct es_ids one(unsigned int i, const uint8_t v[ES_ID_LEN])
{
	struct es_ids ids = { 0 };

	es_ids_set(&ids, (enum es_identity)i, v);
	return ids;
}

/* The table itself: every row whole, slots inside the header's tag area and
 * apart, flags and labels apart, nothing past the end. */
static void test_rows(void)
{
	uint32_t flags = ES_SEEDFILE_F_NO_CPU_TRUST;

	for (unsigned int i = 0; i < ES_ID_COUNT; i++) {
		const struct es_identity_info *r = row(i);

		CHECK(r != NULL && r->label != NULL && r->label[0] != '\0');
		CHECK(r->flag != 0 && (r->flag & (r->flag - 1)) == 0 && (flags & r->flag) == 0);
		flags |= r->flag;
		CHECK(r->at >= 16 + ES_SEEDFILE_BIND_LEN && r->at + ES_SEEDFILE_TAG_LEN <= ES_SEEDFILE_MACED);
		CHECK(es_source(r->source) != NULL);
		CHECK(r->rule == ES_ID_MUST_HOLD || r->rule == ES_ID_MUST_CHANGE);
		CHECK(r->rule != ES_ID_MUST_HOLD || (r->mismatch != ES_FILE_COUNTED && es_file_reason_text(
										    (enum es_file_reason)r->mismatch) != NULL));
		for (unsigned int j = 0; j < i; j++) {
			CHECK(row(j)->at + ES_SEEDFILE_TAG_LEN <= r->at || r->at + ES_SEEDFILE_TAG_LEN <= row(j)->at);
			CHECK(strcmp(row(j)->label, r->label) != 0);
		}
	}
	CHECK(es_identity(ES_ID_COUNT) == NULL);
}

/* Sealed under one row's value: the flag and the tag at that row's slot,
 * nothing in the others'; the check by the row's rule. */
static void test_seal_and_check(void)
{
	static uint8_t b[ES_SEED_FILE_MIN];

	for (unsigned int i = 0; i < ES_ID_COUNT; i++) {
		const struct es_identity_info *r = row(i);
		struct es_seedfile_header h = { .from = { 0, 256 } }, g;
		uint8_t x[ES_ID_LEN], y[ES_ID_LEN], tag[ES_SEEDFILE_TAG_LEN];
		struct es_ids ix, iy, none = { 0 };

		check_rand_fill(x, sizeof(x));
		memcpy(y, x, sizeof(y));
		y[i % ES_ID_LEN] ^= 0x10;
		ix = one(i, x);
		iy = one(i, y);
		check_rand_fill(b, sizeof(b));
		es_seedfile_seal(&h, tok, &ix, b);
		CHECK(es_seedfile_parse(b, sizeof(b), &g) && g.flags == r->flag);
		es_seedfile_tag(tok, (enum es_identity)i, x, tag);
		CHECK(memcmp(b + r->at, tag, sizeof(tag)) == 0 && memcmp(g.tag[i], tag, sizeof(tag)) == 0);
		for (unsigned int j = 0; j < ES_ID_COUNT; j++) {
			static const uint8_t zero[ES_SEEDFILE_TAG_LEN];

			CHECK(j == i || memcmp(b + row(j)->at, zero, sizeof(zero)) == 0);
		}
		CHECK(es_seedfile_check(b, sizeof(b), tok, &ix, true) == ES_FILE_COUNTED);
		if (r->rule == ES_ID_MUST_HOLD) {
			/* another value, none now, or one now where the file has none */
			CHECK(es_seedfile_check(b, sizeof(b), tok, &iy, true) == r->mismatch);
			CHECK(es_seedfile_check(b, sizeof(b), tok, &none, true) == r->mismatch);
			CHECK(es_seedfile_check(b, sizeof(b), tok, NULL, true) == r->mismatch);
			CHECK(es_seedfile_check(b, sizeof(b), tok, &iy, false) ==
			      (r->checked_only ? ES_FILE_COUNTED : r->mismatch));
			CHECK(es_seedfile_repeats(b, sizeof(b), tok, &ix) == 0);
		} else {
			/* the file counts whatever the value; the same value again
			 * fails the source that handed it */
			CHECK(es_seedfile_check(b, sizeof(b), tok, &iy, true) == ES_FILE_COUNTED);
			CHECK(es_seedfile_check(b, sizeof(b), tok, NULL, true) == ES_FILE_COUNTED);
			CHECK(es_seedfile_repeats(b, sizeof(b), tok, &ix) == 1u << r->source);
			CHECK(es_seedfile_repeats(b, sizeof(b), tok, &iy) == 0);
			CHECK(es_seedfile_repeats(b, sizeof(b), tok, NULL) == 0);
		}
		/* sealed with none: a MUST_HOLD row with a value now does not hold */
		es_seedfile_seal(&h, tok, NULL, b);
		CHECK(es_seedfile_check(b, sizeof(b), tok, &ix, true) ==
		      (r->rule == ES_ID_MUST_HOLD ? r->mismatch : ES_FILE_COUNTED));
		CHECK(es_seedfile_repeats(b, sizeof(b), tok, &ix) == 0);
	}
}

/* The OS's reseal: a row it has is sealed anew, one it lacks keeps the old
 * header's flag and tag, and the result checks as the old one did. */
static void test_reseal(void)
{
	static uint8_t a[ES_SEED_FILE_MIN], b[ES_SEED_FILE_MIN];
	struct es_ids all = { 0 };

	for (unsigned int i = 0; i < ES_ID_COUNT; i++) {
		uint8_t v[ES_ID_LEN];

		check_rand_fill(v, sizeof(v));
		es_ids_set(&all, (enum es_identity)i, v);
	}
	for (unsigned int i = 0; i < ES_ID_COUNT; i++) {
		struct es_seedfile_header h = { .from = { 0, 256 } }, old, n = { .from = { 0, 256 } };
		struct es_ids sees = one(i, all.id[i]);

		check_rand_fill(a, sizeof(a));
		memcpy(b, a, sizeof(b));
		es_seedfile_seal(&h, tok, &all, a);
		CHECK(es_seedfile_parse(a, sizeof(a), &old));
		/* a side that sees row i alone */
		es_seedfile_reseal(&n, tok, &sees, &old, b);
		CHECK(memcmp(a, b, ES_SEEDFILE_HEADER) == 0);
		CHECK(es_seedfile_check(b, sizeof(b), tok, &all, true) == ES_FILE_COUNTED);
		/* no old header: only what it sees */
		es_seedfile_reseal(&n, tok, &sees, NULL, b);
		CHECK(es_seedfile_parse(b, sizeof(b), &old) && old.flags == row(i)->flag);
	}
}

/* The session records each row's identity from its source: the bytes a row
 * of ES_ID_LEN hands, or the digest of its first block; a second one of
 * the same kind does not replace the first; other lengths are no identity. */
static void test_session_records(void)
{
	for (unsigned int i = 0; i < ES_ID_COUNT; i++) {
		const struct es_identity_info *r = row(i);
		struct es_session s;
		uint8_t v[64], w[64];
		size_t n = r->from_digest ? 32 : ES_ID_LEN;

		check_rand_fill(v, sizeof(v));
		check_rand_fill(w, sizeof(w));
		es_session_begin(&s);
		CHECK(es_session_add(&s, (enum es_source)r->source, v, n) == 0);
		CHECK((s.ids.have & (1u << i)) != 0);
		CHECK(r->from_digest || memcmp(s.ids.id[i], v, ES_ID_LEN) == 0);
		memcpy(w, s.ids.id[i], ES_ID_LEN);
		CHECK(es_session_add(&s, (enum es_source)r->source, w + 16, n) == 0);
		CHECK(memcmp(s.ids.id[i], w, ES_ID_LEN) == 0);
		es_session_end(&s);
		if (!r->from_digest) {
			es_session_begin(&s);
			(void)es_session_add(&s, (enum es_source)r->source, v, ES_ID_LEN + 1);
			CHECK((s.ids.have & (1u << i)) == 0);
			es_session_end(&s);
		}
	}
}

/* The header's version follows its rows: version 2's three make 64 bytes
 * (what every release since has written); the build with the dummy fourth
 * (tests/core/identity_dummy.h) makes version 3, 8 bytes longer, and takes
 * a version 2 file for an earlier release's: mixed, never counted, and
 * rewritten, as version 1's is. */
static void test_header_version(void)
{
	static uint8_t b[ES_SEED_FILE_MIN + 8];
	struct es_seedfile_header h = { .from = { 0, 256 } };

	CHECK(ES_SEEDFILE_HEADER == 16 + ES_SEEDFILE_BIND_LEN + ES_ID_COUNT * ES_SEEDFILE_TAG_LEN + ES_SEEDFILE_MAC_LEN);
	es_seedfile_seal(&h, tok, NULL, b);
	CHECK(memcmp(b, ES_SEEDFILE_MAGIC, 8) == 0);
	CHECK(es_seedfile_check(b, sizeof(b), tok, NULL, true) == ES_FILE_COUNTED);
	CHECK(!es_seedfile_old(b, sizeof(b)) && es_seedfile_old(ES_SEEDFILE_MAGIC_V1, 8));
	CHECK(!es_seedfile_parse(b, ES_SEEDFILE_HEADER - 1, &h));
#ifdef ES_ID_DUMMY_BUILD
	CHECK(ES_ID_COUNT == 4 && ES_SEEDFILE_HEADER == 72 && ES_SEEDFILE_MACED == 56);
	CHECK(memcmp(ES_SEEDFILE_MAGIC, "ESSEEDv3", 8) == 0 && es_identity(ES_ID_DUMMY)->at == 48);
	memcpy(b, "ESSEEDv2", 8);
	CHECK(es_seedfile_old(b, sizeof(b)) && !es_seedfile_parse(b, sizeof(b), &h));
	CHECK(es_seedfile_check(b, sizeof(b), tok, NULL, true) == ES_FILE_OLD_FORMAT);
#else
	CHECK(ES_ID_COUNT == 3 && ES_SEEDFILE_HEADER == 64 && ES_SEEDFILE_MACED == 48);
	CHECK(memcmp(ES_SEEDFILE_MAGIC, "ESSEEDv2", 8) == 0);
	memcpy(b, "ESSEEDv3", 8);
	CHECK(!es_seedfile_old(b, sizeof(b)) && !es_seedfile_parse(b, sizeof(b), &h));
#endif
}

int main(void)
{
	RUN(test_rows);
	RUN(test_header_version);
	RUN(test_seal_and_check);
	RUN(test_reseal);
	RUN(test_session_records);
	return check_done();
}
