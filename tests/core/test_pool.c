/* SPDX-License-Identifier: MIT */
/* es_pool_mix(): known answers from the kernel; es_pool_unmix(): exact inverse. */
#include <string.h>

#include "../../core/pool.h"
#include "../check.h"
#include "pool_kat.h"

static int pool_equals_kat(const struct es_pool *p, const struct pool_kat *k)
{
	return p->add_ptr == k->add_ptr && p->input_rotate == k->input_rotate &&
	       memcmp(p->words, k->words, sizeof(p->words)) == 0;
}

static int pool_is_zero(const struct es_pool *p)
{
	static const struct es_pool zero;

	return memcmp(p, &zero, sizeof(*p)) == 0;
}

static void lcg_1000(uint8_t *b)
{
	uint32_t x = 1;

	for (int i = 0; i < 1000; i++) {
		x = x * 1103515245u + 12345u;
		b[i] = (uint8_t)(x >> 16);
	}
}

static void test_kat_signed_bytes(void)
{
	static const uint8_t in[4] = { 0x00, 0x7f, 0x80, 0xff };
	struct es_pool p;

	es_pool_init(&p);
	es_pool_mix(&p, in, sizeof(in));
	CHECK(pool_equals_kat(&p, &pool_kats[0]));
	es_pool_unmix(&p, in, sizeof(in));
	CHECK(pool_is_zero(&p));
}

static void test_kat_all_bytes(void)
{
	uint8_t in[256];
	struct es_pool p;

	for (int i = 0; i < 256; i++)
		in[i] = (uint8_t)i;
	es_pool_init(&p);
	es_pool_mix(&p, in, sizeof(in));
	CHECK(pool_equals_kat(&p, &pool_kats[1]));
	es_pool_unmix(&p, in, sizeof(in));
	CHECK(pool_is_zero(&p));
}

static void test_kat_wraps_pool(void)
{
	uint8_t in[1000];
	struct es_pool p;

	lcg_1000(in);
	es_pool_init(&p);
	es_pool_mix(&p, in, sizeof(in));
	CHECK(pool_equals_kat(&p, &pool_kats[2]));
	es_pool_mix(&p, "earlyseed", 9);
	es_pool_mix(&p, "\xff\xff\xff", 3);
	CHECK(pool_equals_kat(&p, &pool_kats[3]));
	es_pool_unmix(&p, "\xff\xff\xff", 3);
	es_pool_unmix(&p, "earlyseed", 9);
	CHECK(pool_equals_kat(&p, &pool_kats[2]));
	es_pool_unmix(&p, in, sizeof(in));
	CHECK(pool_is_zero(&p));
}

/* Bytes >= 0x80 enter sign-extended: 0x80 and 0xff are not 0x80 and 0xff
 * zero-extended. A zero-extending mix of 0x80 alone would leave the top
 * bits of the written word clear before the twist. */
static void test_sign_extension(void)
{
	struct es_pool p;

	es_pool_init(&p);
	es_pool_mix(&p, "\x80", 1);
	/* w = 0xffffff80, rotate 0: pool[127] = (w >> 3) ^ twist[0]. */
	CHECK(p.words[127] == (0xffffff80u >> 3));
	CHECK(p.add_ptr == 127 && p.input_rotate == 7);
	es_pool_init(&p);
	es_pool_mix(&p, "\x7f", 1);
	/* w = 0x7f: w & 7 = 7 selects twist_table[7]. */
	CHECK(p.words[127] == ((0x7fu >> 3) ^ 0xa00ae278u));
}

static void random_pool(struct es_pool *p)
{
	check_rand_fill(p->words, sizeof(p->words));
	p->add_ptr = (uint16_t)(check_rand64() & ES_POOL_WORDMASK);
	p->input_rotate = (uint16_t)(check_rand64() & 31u);
}

/* 100 000 random states and inputs (fixed seed): unmix(mix(x)) == x and
 * mix(unmix(x)) == x; lengths cross the pool's wrap point. */
static void test_unmix_inverts_mix(void)
{
	check_rand_seed(1);
	for (int k = 0; k < 100000; k++) {
		struct es_pool p, orig;
		uint8_t in[300];
		size_t n = (size_t)(check_rand64() % (k % 100 == 0 ? sizeof(in) + 1 : 40u));

		random_pool(&p);
		check_rand_fill(in, n);
		orig = p;
		es_pool_mix(&p, in, n);
		if (n > 0)
			CHECK(memcmp(&p, &orig, sizeof(p)) != 0);
		es_pool_unmix(&p, in, n);
		CHECK(memcmp(&p, &orig, sizeof(p)) == 0);
		es_pool_unmix(&p, in, n);
		es_pool_mix(&p, in, n);
		CHECK(memcmp(&p, &orig, sizeof(p)) == 0);
	}
}

/* Mixing is a stream: mix(a || b) == mix(a); mix(b). */
static void test_mix_is_streaming(void)
{
	check_rand_seed(2);
	for (int k = 0; k < 1000; k++) {
		struct es_pool a, b;
		uint8_t in[200];
		size_t cut = (size_t)(check_rand64() % (sizeof(in) + 1));

		random_pool(&a);
		b = a;
		check_rand_fill(in, sizeof(in));
		es_pool_mix(&a, in, sizeof(in));
		es_pool_mix(&b, in, cut);
		es_pool_mix(&b, in + cut, sizeof(in) - cut);
		CHECK(memcmp(&a, &b, sizeof(a)) == 0);
	}
}

static void test_wipe(void)
{
	struct es_pool p;

	random_pool(&p);
	es_pool_wipe(&p);
	CHECK(pool_is_zero(&p));
}

int main(void)
{
	RUN(test_kat_signed_bytes);
	RUN(test_kat_all_bytes);
	RUN(test_kat_wraps_pool);
	RUN(test_sign_extension);
	RUN(test_unmix_inverts_mix);
	RUN(test_mix_is_streaming);
	RUN(test_wipe);
	return check_done();
}
