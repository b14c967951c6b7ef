/* SPDX-License-Identifier: MIT */
/* BLAKE2s against RFC 7693 (Appendix B and the Appendix E self-test) and the
 * BLAKE2 reference KAT file (keyed vectors). */
#include <string.h>

#include "../../core/blake2s.h"
#include "../check.h"

/* RFC 7693 Appendix B: BLAKE2s-256("abc"). */
static void test_rfc7693_abc(void)
{
	uint8_t want[32], got[32];

	check_hex(want, "508c5e8c327c14e2e1a72ba34eeb452f37458b209ed63a294d999b4c86675982");
	CHECK(es_blake2s(got, 32, NULL, 0, "abc", 3) == 0);
	CHECK(memcmp(got, want, 32) == 0);
}

/* RFC 7693 Appendix E: selftest_seq() and the grand hash of 48 digests. */
static void selftest_seq(uint8_t *out, size_t len, uint32_t seed)
{
	uint32_t a = 0xdead4badu * seed, b = 1;

	for (size_t i = 0; i < len; i++) {
		uint32_t t = a + b;

		a = b;
		b = t;
		out[i] = (uint8_t)(t >> 24);
	}
}

static void test_rfc7693_selftest(void)
{
	static const size_t md_len[4] = { 16, 20, 28, 32 };
	static const size_t in_len[6] = { 0, 3, 64, 65, 255, 1024 };
	uint8_t in[1024], md[32], key[32], want[32];
	struct es_blake2s ctx;

	check_hex(want, "6a411f08ce25adcdfb02aba641451cec53c598b24f4fc787fbdc88797f4c1dfe");
	CHECK(es_blake2s_init(&ctx, 32, NULL, 0) == 0);
	for (size_t i = 0; i < 4; i++) {
		for (size_t j = 0; j < 6; j++) {
			selftest_seq(in, in_len[j], (uint32_t)in_len[j]);
			CHECK(es_blake2s(md, md_len[i], NULL, 0, in, in_len[j]) == 0);
			es_blake2s_update(&ctx, md, md_len[i]);
			selftest_seq(key, md_len[i], (uint32_t)md_len[i]);
			CHECK(es_blake2s(md, md_len[i], key, md_len[i], in, in_len[j]) == 0);
			es_blake2s_update(&ctx, md, md_len[i]);
		}
	}
	es_blake2s_final(&ctx, md);
	CHECK(memcmp(md, want, 32) == 0);
}

/* BLAKE2 reference blake2s-kat.txt: key 00..1f, inputs 00..(n-1). */
static void test_keyed_kat(void)
{
	uint8_t key[32], in[255], got[32], want[32];

	for (int i = 0; i < 32; i++)
		key[i] = (uint8_t)i;
	for (int i = 0; i < 255; i++)
		in[i] = (uint8_t)i;
	check_hex(want, "48a8997da407876b3d79c0d92325ad3b89cbb754d86ab71aee047ad345fd2c49");
	CHECK(es_blake2s(got, 32, key, 32, in, 0) == 0);
	CHECK(memcmp(got, want, 32) == 0);
	check_hex(want, "3fb735061abc519dfe979e54c1ee5bfad0a9d858b3315bad34bde999efd724dd");
	CHECK(es_blake2s(got, 32, key, 32, in, 255) == 0);
	CHECK(memcmp(got, want, 32) == 0);
}

/* Feeding in pieces of every size gives the one-shot digest. */
static void test_incremental(void)
{
	uint8_t in[300], one[32], inc[32];

	check_rand_seed(3);
	check_rand_fill(in, sizeof(in));
	CHECK(es_blake2s(one, 32, NULL, 0, in, sizeof(in)) == 0);
	for (size_t step = 1; step <= 130; step++) {
		struct es_blake2s c;

		CHECK(es_blake2s_init(&c, 32, NULL, 0) == 0);
		for (size_t off = 0; off < sizeof(in); off += step)
			es_blake2s_update(&c, in + off, off + step > sizeof(in) ? sizeof(in) - off : step);
		es_blake2s_final(&c, inc);
		CHECK(memcmp(one, inc, 32) == 0);
	}
}

static void test_bad_parameters(void)
{
	struct es_blake2s c;
	uint8_t key[33] = { 0 };

	CHECK(es_blake2s_init(&c, 0, NULL, 0) == -1);
	CHECK(es_blake2s_init(&c, 33, NULL, 0) == -1);
	CHECK(es_blake2s_init(&c, 32, key, 33) == -1);
	CHECK(es_blake2s_init(&c, 32, NULL, 1) == -1);
	CHECK(es_blake2s_init(&c, 1, key, 32) == 0);
}

int main(void)
{
	RUN(test_rfc7693_abc);
	RUN(test_rfc7693_selftest);
	RUN(test_keyed_kat);
	RUN(test_incremental);
	RUN(test_bad_parameters);
	return check_done();
}
