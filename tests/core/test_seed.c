/* SPDX-License-Identifier: MIT */
/* es_seed_absorb(): length-prefixed records; es_seed_extract(): one-way, pinned. */
#include <string.h>

#include "../../core/seed.h"
#include "../check.h"

static void test_absorb_is_header_then_data(void)
{
	struct es_pool a, b;
	static const uint8_t hdr[8] = { 'e', 's', ES_SRC_RDRAND, 0, 3, 0, 0, 0 };

	es_pool_init(&a);
	es_pool_init(&b);
	CHECK(es_seed_absorb(&a, ES_SRC_RDRAND, "xyz", 3) == 0);
	es_pool_mix(&b, hdr, sizeof(hdr));
	es_pool_mix(&b, "xyz", 3);
	CHECK(memcmp(&a, &b, sizeof(a)) == 0);
}

/* (ab, c) and (a, bc) must not mix to the same pool. */
static void test_absorb_length_prefix(void)
{
	struct es_pool a, b;

	es_pool_init(&a);
	es_pool_init(&b);
	(void)es_seed_absorb(&a, ES_SRC_EFI_RNG, "ab", 2);
	(void)es_seed_absorb(&a, ES_SRC_EFI_RNG, "c", 1);
	(void)es_seed_absorb(&b, ES_SRC_EFI_RNG, "a", 1);
	(void)es_seed_absorb(&b, ES_SRC_EFI_RNG, "bc", 2);
	CHECK(memcmp(&a, &b, sizeof(a)) != 0);
	/* and the source is part of the record */
	es_pool_init(&a);
	es_pool_init(&b);
	(void)es_seed_absorb(&a, ES_SRC_RDSEED, "abc", 3);
	(void)es_seed_absorb(&b, ES_SRC_RDRAND, "abc", 3);
	CHECK(memcmp(&a, &b, sizeof(a)) != 0);
}

static void test_absorb_refuses_bad_input(void)
{
	struct es_pool p, before;

	es_pool_init(&p);
	before = p;
	CHECK(es_seed_absorb(&p, ES_SRC_COUNT, "x", 1) == -1);
	CHECK(es_seed_absorb(&p, ES_SRC_CLOCK, NULL, 4) == -1);
	CHECK(memcmp(&p, &before, sizeof(p)) == 0);
	CHECK(es_seed_absorb(&p, ES_SRC_CLOCK, NULL, 0) == 0);
}

/* Pins the extraction format: computed independently with Python's
 * hashlib.blake2s over label-length, label, counter, n, pool words (LE),
 * add_ptr | input_rotate << 16. */
static void test_extract_known_answers(void)
{
	struct es_pool p;
	uint8_t got[40], want[40];

	es_pool_init(&p);
	check_hex(want, "a6c27b5556b5b6b95debc2426111c8b10590a762e2615faad48f087c72785882");
	CHECK(es_seed_extract(&p, ES_LABEL_TABLE, got, 32) == 0);
	CHECK(memcmp(got, want, 32) == 0);

	for (uint32_t i = 0; i < ES_POOL_WORDS; i++)
		p.words[i] = i * 0x01010101u;
	p.add_ptr = 5;
	p.input_rotate = 9;
	check_hex(want, "a0a009971d24971a35101f0b71f5408631b43dde82bb80ab2403ae0510fde7b9cc66c9d83edee415");
	CHECK(es_seed_extract(&p, ES_LABEL_TABLE, got, 40) == 0);
	CHECK(memcmp(got, want, 40) == 0);
}

static void test_extract_lengths(void)
{
	struct es_pool p;
	uint8_t out[ES_SEED_MAX_LEN + 1];

	es_pool_init(&p);
	memset(out, 0xaa, sizeof(out));
	CHECK(es_seed_extract(&p, ES_LABEL_TABLE, out, 0) == -1);
	CHECK(es_seed_extract(&p, ES_LABEL_TABLE, out, ES_SEED_MAX_LEN + 1) == -1);
	CHECK(out[0] == 0xaa);
	CHECK(es_seed_extract(&p, ES_LABEL_TABLE, out, 1) == 0);
	CHECK(es_seed_extract(&p, ES_LABEL_TABLE, out, ES_SEED_MAX_LEN) == 0);
	CHECK(out[ES_SEED_MAX_LEN] == 0xaa);
}

/* The seed is a hash: no 4-byte window of it is a pool word, the pool is
 * not changed, and any change of the pool changes the seed. */
static void test_extract_is_one_way(void)
{
	check_rand_seed(4);
	for (int k = 0; k < 200; k++) {
		struct es_pool p, before;
		uint8_t s1[64], s2[64];

		check_rand_fill(p.words, sizeof(p.words));
		p.add_ptr = (uint16_t)(check_rand64() & ES_POOL_WORDMASK);
		p.input_rotate = (uint16_t)(check_rand64() & 31u);
		before = p;
		CHECK(es_seed_extract(&p, ES_LABEL_TABLE, s1, sizeof(s1)) == 0);
		CHECK(memcmp(&p, &before, sizeof(p)) == 0);
		for (size_t off = 0; off + 4 <= sizeof(s1); off++) {
			uint32_t w = (uint32_t)s1[off] | (uint32_t)s1[off + 1] << 8 |
				     (uint32_t)s1[off + 2] << 16 | (uint32_t)s1[off + 3] << 24;

			for (unsigned int i = 0; i < ES_POOL_WORDS; i++)
				CHECK(w != p.words[i]);
		}
		p.words[check_rand64() & ES_POOL_WORDMASK] ^= 1u << (check_rand64() & 31u);
		CHECK(es_seed_extract(&p, ES_LABEL_TABLE, s2, sizeof(s2)) == 0);
		CHECK(memcmp(s1, s2, sizeof(s1)) != 0);
		p = before;
		p.input_rotate = (uint16_t)((p.input_rotate + 1u) & 31u);
		CHECK(es_seed_extract(&p, ES_LABEL_TABLE, s2, sizeof(s2)) == 0);
		CHECK(memcmp(s1, s2, sizeof(s1)) != 0);
	}
}

/* Distinct labels give unrelated outputs of one pool (the table, a seed
 * file, a token never equal each other). */
static void test_extract_labels(void)
{
	struct es_pool p;
	uint8_t a[32], b[32];

	check_rand_fill(p.words, sizeof(p.words));
	p.add_ptr = 5;
	p.input_rotate = 7;
	CHECK(es_seed_extract(&p, ES_LABEL_TABLE, a, sizeof(a)) == 0);
	CHECK(es_seed_extract(&p, "file", b, sizeof(b)) == 0);
	CHECK(memcmp(a, b, sizeof(a)) != 0);
	CHECK(es_seed_extract(&p, "", b, sizeof(b)) == 0);
	CHECK(memcmp(a, b, sizeof(a)) != 0);
	CHECK(es_seed_extract(&p, NULL, b, sizeof(b)) == -1);
}

int main(void)
{
	RUN(test_extract_labels);
	RUN(test_absorb_is_header_then_data);
	RUN(test_absorb_length_prefix);
	RUN(test_absorb_refuses_bad_input);
	RUN(test_extract_known_answers);
	RUN(test_extract_lengths);
	RUN(test_extract_is_one_way);
	return check_done();
}
