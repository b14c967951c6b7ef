/* SPDX-License-Identifier: MIT */
/* NIST SP 800-90A Rev. 1 section 10.1.1: Hash_DRBG, SHA-256. */
#include "earlyseed.h"

#include <string.h>

#include "sha256.h"
#include "wipe.h"

/* section 10.3.1 Hash_df: Hash(counter || no_of_bits_to_return || input)
 * for counter = 1, 2, ...; the input is up to three pieces. */
static void hash_df(uint8_t out[ES_DRBG_SEEDLEN], const void *a, size_t an, const void *b, size_t bn,
		    const void *c, size_t cn, const void *d, size_t dn)
{
	uint8_t hdr[5] = { 1, 0, 0, (ES_DRBG_SEEDLEN * 8u) >> 8, (ES_DRBG_SEEDLEN * 8u) & 0xffu };
	uint8_t blk[ES_SHA256_LEN];
	struct es_sha256 h;

	for (size_t done = 0; done < ES_DRBG_SEEDLEN; hdr[0]++) {
		size_t take = ES_DRBG_SEEDLEN - done < ES_SHA256_LEN ? ES_DRBG_SEEDLEN - done : ES_SHA256_LEN;

		es_sha256_init(&h);
		es_sha256_update(&h, hdr, sizeof(hdr));
		es_sha256_update(&h, a, an);
		es_sha256_update(&h, b, bn);
		es_sha256_update(&h, c, cn);
		es_sha256_update(&h, d, dn);
		es_sha256_final(&h, blk);
		memcpy(out + done, blk, take);
		done += take;
	}
	es_wipe(blk, sizeof(blk));
}

/* v = (v + x) mod 2^seedlen, x big-endian of n <= ES_DRBG_SEEDLEN bytes. */
static void add_be(uint8_t v[ES_DRBG_SEEDLEN], const uint8_t *x, size_t n)
{
	unsigned int carry = 0;

	for (size_t i = 0; i < ES_DRBG_SEEDLEN; i++) {
		unsigned int s = v[ES_DRBG_SEEDLEN - 1 - i] + carry + (i < n ? x[n - 1 - i] : 0u);

		v[ES_DRBG_SEEDLEN - 1 - i] = (uint8_t)s;
		carry = s >> 8;
	}
}

static void set_c(struct es_drbg *d)
{
	static const uint8_t zero = 0;

	hash_df(d->c, &zero, 1, d->v, ES_DRBG_SEEDLEN, NULL, 0, NULL, 0);
	d->reseed_counter = 1;
	d->seeded = true;
}

int es_drbg_instantiate(struct es_drbg *d, const void *entropy, size_t elen, const void *nonce, size_t nlen,
			const void *pers, size_t plen)
{
	es_drbg_wipe(d);
	if (elen < ES_DRBG_MIN_ENTROPY)
		return -1;
	hash_df(d->v, entropy, elen, nonce, nlen, pers, plen, NULL, 0);
	set_c(d);
	return 0;
}

int es_drbg_reseed(struct es_drbg *d, const void *entropy, size_t elen, const void *add, size_t alen)
{
	static const uint8_t one = 1;
	uint8_t v[ES_DRBG_SEEDLEN];

	if (!d->seeded || elen < ES_DRBG_MIN_ENTROPY)
		return -1;
	/* seed_material = 0x01 || V || entropy_input || additional_input */
	memcpy(v, d->v, sizeof(v));
	hash_df(d->v, &one, 1, v, sizeof(v), entropy, elen, add, alen);
	es_wipe(v, sizeof(v));
	set_c(d);
	return 0;
}

int es_drbg_generate(struct es_drbg *d, void *out, size_t n, const void *add, size_t alen)
{
	struct es_sha256 h;
	uint8_t w[ES_SHA256_LEN], data[ES_DRBG_SEEDLEN], ctr[8];
	static const uint8_t one = 1;
	uint8_t tag;
	uint8_t *o = out;

	if (!d->seeded || n == 0 || n > ES_DRBG_MAX_REQUEST || d->reseed_counter > ES_DRBG_RESEED_INTERVAL)
		return -1;
	if (alen > 0) {
		/* w = Hash(0x02 || V || additional_input); V = V + w */
		tag = 2;
		es_sha256_init(&h);
		es_sha256_update(&h, &tag, 1);
		es_sha256_update(&h, d->v, ES_DRBG_SEEDLEN);
		es_sha256_update(&h, add, alen);
		es_sha256_final(&h, w);
		add_be(d->v, w, sizeof(w));
	}
	/* Hashgen (section 10.1.1.4): Hash(data), data + 1, ... */
	memcpy(data, d->v, sizeof(data));
	for (size_t done = 0; done < n;) {
		size_t take = n - done < sizeof(w) ? n - done : sizeof(w);

		es_sha256_init(&h);
		es_sha256_update(&h, data, sizeof(data));
		es_sha256_final(&h, w);
		memcpy(o + done, w, take);
		done += take;
		add_be(data, &one, 1);
	}
	/* H = Hash(0x03 || V); V = V + H + C + reseed_counter */
	tag = 3;
	es_sha256_init(&h);
	es_sha256_update(&h, &tag, 1);
	es_sha256_update(&h, d->v, ES_DRBG_SEEDLEN);
	es_sha256_final(&h, w);
	add_be(d->v, w, sizeof(w));
	add_be(d->v, d->c, ES_DRBG_SEEDLEN);
	for (unsigned int i = 0; i < 8; i++)
		ctr[i] = (uint8_t)(d->reseed_counter >> (56 - 8 * i));
	add_be(d->v, ctr, sizeof(ctr));
	d->reseed_counter++;
	es_wipe(w, sizeof(w));
	es_wipe(data, sizeof(data));
	return 0;
}

void es_drbg_wipe(struct es_drbg *d)
{
	es_wipe(d, sizeof(*d));
}
