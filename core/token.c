/* SPDX-License-Identifier: MIT */
/*
 * The per-machine token as NVRAM holds it (core/earlyseed.h "The token"):
 * the secret, then what the pool that made it held. An ESP writer can forge a
 * seed file's header but not a boot-service-only variable, so the token's
 * own account bounds what any file bound to it may count.
 */
#include <string.h>

#include "earlyseed.h"
#include "le.h"

static const uint8_t magic[4] = { 'E', 'S', 'T', 'K' };
_Static_assert(sizeof(ES_TOKEN_MAGIC) - 1 == sizeof(magic), "token magic is 4 bytes");
_Static_assert(ES_TOKEN_LEN + 8u == ES_TOKEN_VAR_LEN, "the token's account is 8 bytes after it");

static uint16_t cap(uint32_t bits)
{
	return (uint16_t)(bits > ES_GATE_BITS ? ES_GATE_BITS : bits);
}

bool es_token_decode(const uint8_t *p, size_t n, uint8_t tok[ES_TOKEN_LEN], struct es_provenance *from)
{
	bool same = true;

	from->other_bits = 0;
	from->cpu_bits = 0;
	if (p == NULL || (n != ES_TOKEN_LEN && n != ES_TOKEN_VAR_LEN))
		return false;
	if (n == ES_TOKEN_VAR_LEN && memcmp(p + ES_TOKEN_LEN, magic, sizeof(magic)) != 0)
		return false;
	for (size_t i = 1; i < ES_TOKEN_LEN; i++)
		same = same && p[i] == p[0];
	if (same)
		return false; /* all bytes equal: not a token */
	memcpy(tok, p, ES_TOKEN_LEN);
	if (n == ES_TOKEN_LEN) {
		/* Made before tokens kept their account: it may rest on the
		 * CPU's RNG alone, so it counts only where the CPU is trusted. */
		from->cpu_bits = ES_GATE_BITS;
		return true;
	}
	from->other_bits = cap(es_le_get16(p + ES_TOKEN_LEN + 4));
	from->cpu_bits = cap(es_le_get16(p + ES_TOKEN_LEN + 6));
	return true;
}

void es_token_encode(const uint8_t tok[ES_TOKEN_LEN], const struct es_provenance *from,
		     uint8_t out[ES_TOKEN_VAR_LEN])
{
	memcpy(out, tok, ES_TOKEN_LEN);
	memcpy(out + ES_TOKEN_LEN, magic, sizeof(magic));
	es_le_put16(out + ES_TOKEN_LEN + 4, cap(from->other_bits));
	es_le_put16(out + ES_TOKEN_LEN + 6, cap(from->cpu_bits));
}
