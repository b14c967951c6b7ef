/* SPDX-License-Identifier: MIT */
/*
 * The seed file's header (core/earlyseed.h "The seed file's format"): what
 * the pool that wrote the file held, and which machine it belongs to.
 */
#include <string.h>

#include "blake2s.h"
#include "earlyseed.h"
#include "le.h"

/* The magic as bytes (no terminator: it is not a string on disk). */
static const uint8_t magic[8] = ES_SEEDFILE_MAGIC;
_Static_assert(sizeof(ES_SEEDFILE_MAGIC) - 1 == sizeof(magic), "magic is 8 bytes");
_Static_assert(sizeof(ES_SEEDFILE_MAGIC_V1) - 1 == sizeof(magic), "magic is 8 bytes");
/* A header's size follows its identity rows: version 2's three make the
 * 64 bytes every release since has read and written. */
_Static_assert(ES_ID_COUNT != 3 || ES_SEEDFILE_HEADER == 64, "version 2's header is 64 bytes");
/* The layout (core/earlyseed.h "The seed file's format"). */
#define AT_BIND 16u
#define AT_MAC ES_SEEDFILE_MACED /* the identities' tags between (core/identity.c) */
_Static_assert(AT_MAC + ES_SEEDFILE_MAC_LEN == ES_SEEDFILE_HEADER, "the MAC ends the header");
/* A tag's label plus the ID fit one buffer. */
#define TAG_IN_MAX 64u
_Static_assert(sizeof(ES_LABEL_GENID) - 1 + ES_ID_LEN <= TAG_IN_MAX && sizeof(ES_LABEL_UUID) - 1 + ES_ID_LEN <= TAG_IN_MAX &&
		       sizeof(ES_LABEL_TPM) - 1 + ES_ID_LEN <= TAG_IN_MAX,
	       "tag input");

static uint16_t cap(uint32_t bits)
{
	return (uint16_t)(bits > ES_GATE_BITS ? ES_GATE_BITS : bits);
}

bool es_seedfile_parse(const void *p, size_t n, struct es_seedfile_header *h)
{
	const uint8_t *b = p;

	memset(h, 0, sizeof(*h));
	if (p == NULL || n < ES_SEEDFILE_HEADER || memcmp(b, magic, sizeof(magic)) != 0)
		return false;
	h->from.other_bits = cap(es_le_get16(b + 8));
	h->from.cpu_bits = cap(es_le_get16(b + 10));
	h->flags = es_le_get32(b + 12);
	memcpy(h->bind, b + AT_BIND, ES_SEEDFILE_BIND_LEN);
	for (unsigned int i = 0; i < ES_ID_COUNT; i++)
		memcpy(h->tag[i], b + es_identity((enum es_identity)i)->at, ES_SEEDFILE_TAG_LEN);
	memcpy(h->mac, b + AT_MAC, ES_SEEDFILE_MAC_LEN);
	return true;
}

bool es_seedfile_old(const void *p, size_t n)
{
	const uint8_t *b = p;

	/* "ESSEEDv" and a version before this build's */
	return p != NULL && n >= sizeof(magic) && memcmp(b, magic, sizeof(magic) - 1) == 0 && b[7] >= '1' &&
	       b[7] < magic[7];
}

void es_seedfile_encode(const struct es_seedfile_header *h, uint8_t out[ES_SEEDFILE_HEADER])
{
	memcpy(out, magic, sizeof(magic));
	es_le_put16(out + 8, cap(h->from.other_bits));
	es_le_put16(out + 10, cap(h->from.cpu_bits));
	es_le_put32(out + 12, h->flags);
	memcpy(out + AT_BIND, h->bind, ES_SEEDFILE_BIND_LEN);
	for (unsigned int i = 0; i < ES_ID_COUNT; i++)
		memcpy(out + es_identity((enum es_identity)i)->at, h->tag[i], ES_SEEDFILE_TAG_LEN);
	memcpy(out + AT_MAC, h->mac, ES_SEEDFILE_MAC_LEN);
}

void es_seedfile_mac(const uint8_t token[ES_TOKEN_LEN], const uint8_t hdr[ES_SEEDFILE_HEADER],
		     uint8_t mac[ES_SEEDFILE_MAC_LEN])
{
	uint8_t in[sizeof(ES_LABEL_MAC) - 1 + ES_SEEDFILE_MACED];

	/* its own label: no other keyed hash of the token says the same */
	memcpy(in, ES_LABEL_MAC, sizeof(ES_LABEL_MAC) - 1);
	memcpy(in + sizeof(ES_LABEL_MAC) - 1, hdr, ES_SEEDFILE_MACED);
	/* the one bit anyone may set (it only removes trust) */
	in[sizeof(ES_LABEL_MAC) - 1 + 12] &= (uint8_t)~ES_SEEDFILE_F_NO_CPU_TRUST;
	(void)es_blake2s(mac, ES_SEEDFILE_MAC_LEN, token, ES_TOKEN_LEN, in, sizeof(in));
	es_wipe(in, sizeof(in));
}

void es_seedfile_tag(const uint8_t token[ES_TOKEN_LEN], enum es_identity what, const uint8_t id[ES_ID_LEN],
		     uint8_t tag[ES_SEEDFILE_TAG_LEN])
{
	const struct es_identity_info *r = es_identity(what);
	uint8_t in[TAG_IN_MAX];
	size_t l;

	if (r == NULL) {
		memset(tag, 0, ES_SEEDFILE_TAG_LEN);
		return;
	}
	/* no strlen: the firmware build has mem* only (libc/mem.c) */
	for (l = 0; l < TAG_IN_MAX - ES_ID_LEN && r->label[l] != '\0'; l++)
		;
	memcpy(in, r->label, l);
	memcpy(in + l, id, ES_ID_LEN);
	(void)es_blake2s(tag, ES_SEEDFILE_TAG_LEN, token, ES_TOKEN_LEN, in, l + ES_ID_LEN);
	es_wipe(in, sizeof(in));
}

void es_seedfile_sign(struct es_seedfile_header *h, const uint8_t token[ES_TOKEN_LEN], uint8_t out[ES_SEEDFILE_HEADER])
{
	es_seedfile_bind(token, h->bind);
	es_seedfile_encode(h, out);
	es_seedfile_mac(token, out, h->mac);
	memcpy(out + AT_MAC, h->mac, ES_SEEDFILE_MAC_LEN);
}

static bool has(const struct es_ids *ids, unsigned int i)
{
	return ids != NULL && (ids->have & (1u << i)) != 0;
}

void es_seedfile_reseal(struct es_seedfile_header *h, const uint8_t token[ES_TOKEN_LEN], const struct es_ids *ids,
			const struct es_seedfile_header *old, uint8_t out[ES_SEEDFILE_HEADER])
{
	h->flags &= ES_SEEDFILE_F_NO_CPU_TRUST;
	for (unsigned int i = 0; i < ES_ID_COUNT; i++) {
		const struct es_identity_info *r = es_identity((enum es_identity)i);

		memset(h->tag[i], 0, ES_SEEDFILE_TAG_LEN);
		if (has(ids, i)) {
			h->flags |= r->flag;
			es_seedfile_tag(token, (enum es_identity)i, ids->id[i], h->tag[i]);
		} else if (old != NULL && (old->flags & r->flag) != 0) {
			/* what this side cannot see, as the side that saw it sealed it */
			h->flags |= r->flag;
			memcpy(h->tag[i], old->tag[i], ES_SEEDFILE_TAG_LEN);
		}
	}
	es_seedfile_sign(h, token, out);
}

void es_seedfile_seal(struct es_seedfile_header *h, const uint8_t token[ES_TOKEN_LEN], const struct es_ids *ids,
		      uint8_t out[ES_SEEDFILE_HEADER])
{
	es_seedfile_reseal(h, token, ids, NULL, out);
}

/* Compare without an early exit: the MAC is checked against an attacker's
 * guesses. */
static bool same(const uint8_t *a, const uint8_t *b, size_t n)
{
	uint8_t d = 0;

	for (size_t i = 0; i < n; i++)
		d |= (uint8_t)(a[i] ^ b[i]);
	return d == 0;
}

/* Identity i now against the header: sealed under the same value? (false
 * when either side has none) */
static bool same_id(const uint8_t token[ES_TOKEN_LEN], const struct es_seedfile_header *h, const struct es_ids *ids,
		    unsigned int i)
{
	uint8_t now[ES_SEEDFILE_TAG_LEN];
	bool ok;

	if ((h->flags & es_identity((enum es_identity)i)->flag) == 0 || !has(ids, i))
		return false;
	es_seedfile_tag(token, (enum es_identity)i, ids->id[i], now);
	ok = same(now, h->tag[i], sizeof(now));
	es_wipe(now, sizeof(now));
	return ok;
}

/* A MUST_HOLD row: a tagged file needs the same ID now; an untagged one,
 * none now. */
static bool holds(const uint8_t token[ES_TOKEN_LEN], const struct es_seedfile_header *h, const struct es_ids *ids,
		  unsigned int i)
{
	bool tagged = (h->flags & es_identity((enum es_identity)i)->flag) != 0;

	if (!tagged || !has(ids, i))
		return !tagged && !has(ids, i);
	return same_id(token, h, ids, i);
}

enum es_file_reason es_seedfile_check(const void *p, size_t n, const uint8_t token[ES_TOKEN_LEN],
				      const struct es_ids *ids, bool genid_check)
{
	struct es_seedfile_header h;
	uint8_t want[ES_SEEDFILE_MAC_LEN];
	enum es_file_reason r = ES_FILE_COUNTED;

	if (!es_seedfile_parse(p, n, &h))
		return es_seedfile_old(p, n) ? ES_FILE_OLD_FORMAT : ES_FILE_NO_HEADER;
	es_seedfile_bind(token, want);
	if (!same(want, h.bind, ES_SEEDFILE_BIND_LEN))
		r = ES_FILE_OTHER_MACHINE;
	es_seedfile_mac(token, p, want);
	if (r == ES_FILE_COUNTED && !same(want, h.mac, sizeof(want)))
		r = ES_FILE_BAD_MAC;
	es_wipe(want, sizeof(want));
	for (unsigned int i = 0; i < ES_ID_COUNT && r == ES_FILE_COUNTED; i++) {
		const struct es_identity_info *row = es_identity((enum es_identity)i);

		if (row->rule != ES_ID_MUST_HOLD || (row->checked_only && !genid_check))
			continue;
		if (!holds(token, &h, ids, i))
			r = (enum es_file_reason)row->mismatch;
	}
	return r;
}

uint32_t es_seedfile_repeats(const void *p, size_t n, const uint8_t token[ES_TOKEN_LEN], const struct es_ids *ids)
{
	struct es_seedfile_header h;
	uint32_t bits = 0;

	if (!es_seedfile_parse(p, n, &h))
		return 0;
	for (unsigned int i = 0; i < ES_ID_COUNT; i++) {
		const struct es_identity_info *row = es_identity((enum es_identity)i);

		if (row->rule == ES_ID_MUST_CHANGE && same_id(token, &h, ids, i))
			bits |= 1u << row->source;
	}
	return bits;
}

bool es_seedfile_ours(const void *p, size_t n, uint64_t size)
{
	const uint8_t *b = p;
	bool zeros = true;

	if (size == 0)
		return true;
	if (p == NULL)
		return false;
	/* either version's magic: "ESSEEDv" */
	if (n >= sizeof(magic) && memcmp(b, magic, sizeof(magic) - 1) == 0)
		return true;
	for (size_t i = 0; i < n; i++)
		zeros = zeros && b[i] == 0;
	/* all zeros, and all of it seen */
	return zeros && size <= n;
}

uint32_t es_seedfile_flags(const struct es_trust *t)
{
	return t->cpu ? 0u : ES_SEEDFILE_F_NO_CPU_TRUST;
}

void es_trust_from_seedfile(struct es_trust *t, uint32_t flags)
{
	if ((flags & ES_SEEDFILE_F_NO_CPU_TRUST) != 0) {
		t->cpu = false;
		t->cpu_set = true;
	}
}

void es_seedfile_bind(const uint8_t token[ES_TOKEN_LEN], uint8_t out[ES_SEEDFILE_BIND_LEN])
{
	(void)es_blake2s(out, ES_SEEDFILE_BIND_LEN, token, ES_TOKEN_LEN, ES_LABEL_BIND, sizeof(ES_LABEL_BIND) - 1);
}
