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
static const uint8_t magic[8] = { 'E', 'S', 'S', 'E', 'E', 'D', 'v', '1' };
_Static_assert(sizeof(ES_SEEDFILE_MAGIC) - 1 == sizeof(magic), "magic is 8 bytes");
_Static_assert(16 + ES_SEEDFILE_BIND_LEN == ES_SEEDFILE_HEADER, "bind ends the header");

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
	memcpy(h->bind, b + 16, ES_SEEDFILE_BIND_LEN);
	return true;
}

void es_seedfile_encode(const struct es_seedfile_header *h, uint8_t out[ES_SEEDFILE_HEADER])
{
	memcpy(out, magic, sizeof(magic));
	es_le_put16(out + 8, cap(h->from.other_bits));
	es_le_put16(out + 10, cap(h->from.cpu_bits));
	es_le_put32(out + 12, h->flags);
	memcpy(out + 16, h->bind, ES_SEEDFILE_BIND_LEN);
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

uint32_t es_seedfile_genid_flags(const uint8_t token[ES_TOKEN_LEN], const uint8_t genid[ES_VMGENID_LEN])
{
	uint8_t in[sizeof(ES_LABEL_GENID) - 1 + ES_VMGENID_LEN], tag[3];
	uint32_t f;

	/* its own label: no other keyed hash of the token says the same */
	memcpy(in, ES_LABEL_GENID, sizeof(ES_LABEL_GENID) - 1);
	memcpy(in + sizeof(ES_LABEL_GENID) - 1, genid, ES_VMGENID_LEN);
	(void)es_blake2s(tag, sizeof(tag), token, ES_TOKEN_LEN, in, sizeof(in));
	es_wipe(in, sizeof(in));
	f = ES_SEEDFILE_F_VMGENID | (uint32_t)tag[0] << 8 | (uint32_t)tag[1] << 16 | (uint32_t)tag[2] << 24;
	es_wipe(tag, sizeof(tag));
	return f;
}
