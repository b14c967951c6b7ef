/* SPDX-License-Identifier: MIT */
#include "seed.h"

#include <string.h>

#include "blake2s.h"
#include "wipe.h"

/* Domain label for extraction; change it and every seed changes. */
static const char extract_label[] = "earlyseed v1 seed extract";

static void put_le32(uint8_t *b, uint32_t v)
{
	b[0] = (uint8_t)v;
	b[1] = (uint8_t)(v >> 8);
	b[2] = (uint8_t)(v >> 16);
	b[3] = (uint8_t)(v >> 24);
}

int seed_absorb(struct pool *p, struct seed_stats *st, enum seed_source src,
		const void *data, size_t n)
{
	uint8_t hdr[8] = { 'e', 's', 0, 0, 0, 0, 0, 0 };

	if ((unsigned int)src >= SEED_SRC_COUNT || n > UINT32_MAX ||
	    (n != 0 && data == NULL))
		return -1;
	hdr[2] = (uint8_t)src;
	put_le32(hdr + 4, (uint32_t)n);
	pool_mix(p, hdr, sizeof(hdr));
	pool_mix(p, data, n);
	if (st->bytes[src] > UINT32_MAX - (uint32_t)n)
		st->bytes[src] = UINT32_MAX;
	else
		st->bytes[src] += (uint32_t)n;
	return 0;
}

static void hash_pool(struct blake2s *c, const struct pool *p)
{
	uint8_t w[4];

	for (unsigned int i = 0; i < POOL_WORDS; i++) {
		put_le32(w, p->words[i]);
		blake2s_update(c, w, sizeof(w));
	}
	put_le32(w, (uint32_t)p->add_ptr | ((uint32_t)p->input_rotate << 16));
	blake2s_update(c, w, sizeof(w));
	wipe_bytes(w, sizeof(w));
}

int seed_extract(const struct pool *p, uint8_t *out, size_t n)
{
	struct blake2s c;
	uint8_t hdr[12];
	uint8_t block[BLAKE2S_MAX_OUT];
	size_t done = 0;

	if (n == 0 || n > SEED_MAX_LEN)
		return -1;
	for (uint32_t ctr = 0; done < n; ctr++) {
		size_t take = n - done;

		if (take > sizeof(block))
			take = sizeof(block);
		(void)blake2s_init(&c, sizeof(block), NULL, 0);
		put_le32(hdr, (uint32_t)(sizeof(extract_label) - 1u));
		put_le32(hdr + 4, ctr);
		put_le32(hdr + 8, (uint32_t)n);
		blake2s_update(&c, hdr, 4);
		blake2s_update(&c, extract_label, sizeof(extract_label) - 1u);
		blake2s_update(&c, hdr + 4, 8);
		hash_pool(&c, p);
		blake2s_final(&c, block);
		memcpy(out + done, block, take);
		done += take;
	}
	wipe_bytes(block, sizeof(block));
	return 0;
}
