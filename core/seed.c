/* SPDX-License-Identifier: MIT */
#include "seed.h"

#include <string.h>

#include "blake2s.h"
#include "wipe.h"

static void put_le32(uint8_t *b, uint32_t v)
{
	b[0] = (uint8_t)v;
	b[1] = (uint8_t)(v >> 8);
	b[2] = (uint8_t)(v >> 16);
	b[3] = (uint8_t)(v >> 24);
}

int es_seed_absorb(struct es_pool *p, enum es_source src, const void *data, size_t n)
{
	uint8_t hdr[8] = { 'e', 's', 0, 0, 0, 0, 0, 0 };

	if ((unsigned int)src >= ES_SRC_COUNT || n > UINT32_MAX ||
	    (n != 0 && data == NULL))
		return -1;
	hdr[2] = (uint8_t)src;
	put_le32(hdr + 4, (uint32_t)n);
	es_pool_mix(p, hdr, sizeof(hdr));
	es_pool_mix(p, data, n);
	return 0;
}

static void hash_pool(struct es_blake2s *c, const struct es_pool *p)
{
	uint8_t w[4];

	for (unsigned int i = 0; i < ES_POOL_WORDS; i++) {
		put_le32(w, p->words[i]);
		es_blake2s_update(c, w, sizeof(w));
	}
	put_le32(w, (uint32_t)p->add_ptr | ((uint32_t)p->input_rotate << 16));
	es_blake2s_update(c, w, sizeof(w));
	es_wipe(w, sizeof(w));
}

int es_seed_extract(const struct es_pool *p, const char *label, uint8_t *out, size_t n)
{
	struct es_blake2s c;
	uint8_t hdr[12];
	uint8_t block[ES_BLAKE2S_MAX_OUT];
	size_t done = 0, label_len = 0;

	if (n == 0 || n > ES_SEED_MAX_LEN || label == NULL)
		return -1;
	while (label[label_len] != '\0')
		label_len++;
	for (uint32_t ctr = 0; done < n; ctr++) {
		size_t take = n - done;

		if (take > sizeof(block))
			take = sizeof(block);
		(void)es_blake2s_init(&c, sizeof(block), NULL, 0);
		put_le32(hdr, (uint32_t)label_len);
		put_le32(hdr + 4, ctr);
		put_le32(hdr + 8, (uint32_t)n);
		es_blake2s_update(&c, hdr, 4);
		es_blake2s_update(&c, label, label_len);
		es_blake2s_update(&c, hdr + 4, 8);
		hash_pool(&c, p);
		es_blake2s_final(&c, block);
		memcpy(out + done, block, take);
		done += take;
	}
	es_wipe(block, sizeof(block));
	return 0;
}
