/* SPDX-License-Identifier: MIT */
/* SHA-256 (FIPS 180-2 appendix B examples) and Hash_DRBG (NIST CAVP
 * known answers from drbgtestvectors.zip, Hash_DRBG.rsp, PR false). */
#include <stdlib.h>
#include <string.h>

#include "../../core/earlyseed.h"
#include "../../core/sha256.h"
#include "../check.h"

static void sha(const void *p, size_t n, uint8_t out[32])
{
	struct es_sha256 c;

	es_sha256_init(&c);
	es_sha256_update(&c, p, n);
	es_sha256_final(&c, out);
}

static void test_sha256(void)
{
	uint8_t got[32], want[32];
	static char million[1000000];
	struct es_sha256 c;

	sha("abc", 3, got);
	check_hex(want, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
	CHECK(memcmp(got, want, 32) == 0);
	sha("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 56, got);
	check_hex(want, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
	CHECK(memcmp(got, want, 32) == 0);
	memset(million, 'a', sizeof(million));
	sha(million, sizeof(million), got);
	check_hex(want, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
	CHECK(memcmp(got, want, 32) == 0);
	/* the same in uneven pieces */
	es_sha256_init(&c);
	for (size_t i = 0; i < sizeof(million);) {
		size_t n = (i % 7919) + 1;

		if (n > sizeof(million) - i)
			n = sizeof(million) - i;
		es_sha256_update(&c, million + i, n);
		i += n;
	}
	es_sha256_final(&c, got);
	CHECK(memcmp(got, want, 32) == 0);
	sha("", 0, got);
	check_hex(want, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
	CHECK(memcmp(got, want, 32) == 0);
}

struct kat {
	const char *entropy, *nonce, *pers, *reseed, *add_reseed, *add1, *add2, *returned;
};

/* [SHA-256] [PredictionResistance = False] [EntropyInputLen = 256]
 * [NonceLen = 128] [ReturnedBitsLen = 1024]: instantiate, (reseed),
 * generate, generate; the second output is ReturnedBits. */
static const struct kat kats[] = {
	/* no reseed file (drbgvectors_no_reseed), COUNT = 0 */
	{ "a65ad0f345db4e0effe875c3a2e71f42c7129d620ff5c119a9ef55f05185e0fb", "8581f9317517276e06e9607ddbcbcc2e", "",
	  NULL, "", "", "",
	  "d3e160c35b99f340b2628264d1751060e0045da383ff57a57d73a673d2b8d80daaf6a6c35a91bb4579d73fd0c8fed111b0391306828adfed528f018121b3febdc343e797b87dbb63db1333ded9d1ece177cfa6b71fe8ab1da46624ed6415e51ccde2c7ca86e283990eeaeb91120415528b2295910281b02dd431f4c9f70427df" },
	/* drbgvectors_pr_false, PersonalizationStringLen = 256, COUNT = 0 */
	{ "b87bb4de5c148d964fc0cb612d69295671780b4270fe32bf389b6f49488efe13", "27eb37a0c695c4ee3c9b70b7f6b33492",
	  "52321406ac8a9c266b1f8d811bb871269e5824b59a0234f01d358193523bbb7c",
	  "7638267f534c4e6ee22cc6ca6ed824fd5d3d387c00b89dd791eb5ac9766385b8", "", "", "",
	  "de01c061651bab3cef2fc4ea89a56b6e86e74b2e9fd11ed671c97c813778a06a2c1f41b41e754a5257750c6bde9601da9d67d8d9564f4a8538b92516a2dacc496dee257b85393f2a01ad59aa3257f1b6da9566e3706d2d6d4a26e511b0c64d7dc223acb24827178afa43ca8d5a66f983d6929dc61564c4c14fc32d85765a23f7" },
	/* drbgvectors_pr_false, no personalization, no additional input */
	{ "63363377e41e86468deb0ab4a8ed683f6a134e47e014c700454e81e95358a569", "808aa38f2a72a62359915a9f8a04ca68", "",
	  "e62b8a8ee8f141b6980566e3bfe3c04903dad4ac2cdf9f2280010a6739bc83d3", "", "", "",
	  "04eec63bb231df2c630a1afbe724949d005a587851e1aa795e477347c8b056621c18bddcdd8d99fc5fc2b92053d8cfacfb0bb8831205fad1ddd6c071318a6018f03b73f5ede4d4d071f9de03fd7aea105d9299b8af99aa075bdb4db9aa28c18d174b56ee2a014d098896ff2282c955a81969e069fa8ce007a180183a07dfae17" },
	/* drbgvectors_pr_false, AdditionalInputLen = 256 */
	{ "9cfb7ad03be487a3b42be06e9ae44f283c2b1458cec801da2ae6532fcb56cc4c", "a20765538e8db31295747ec922c13a69", "",
	  "96bc8014f90ebdf690db0e171b59cc46c75e2e9b8e1dc699c65c03ceb2f4d7dc",
	  "6fea0894052dab3c44d503950c7c72bd7b87de87cb81d3bb51c32a62f742286d",
	  "d3467c78563b74c13db7af36c2a964820f2a9b1b167474906508fdac9b2049a6",
	  "5840a11cc9ebf77b963854726a826370ffdb2fc2b3d8479e1df5dcfa3dddd10b",
	  "71c1154a2a7a3552413970bf698aa02f14f8ea95e861f801f463be27868b1b14b1b4babd9eba5915a6414ab1104c8979b1918f3094925aeab0d07d2037e613b63cbd4f79d9f95c84b47ed9b77230a57515c211f48f4af6f5edb2c308b33905db308cf88f552c8912c49b34e66c026e67b302ca65b187928a1aba9a49edbfe190" },
};

static size_t unhex(uint8_t *out, const char *h)
{
	size_t n = strlen(h) / 2;

	check_hex(out, h);
	return n;
}

static void test_cavp(void)
{
	for (size_t i = 0; i < sizeof(kats) / sizeof(kats[0]); i++) {
		const struct kat *k = &kats[i];
		uint8_t e[64], no[32], p[64], r[64], ar[64], a1[64], a2[64], want[128], got[128];
		size_t en = unhex(e, k->entropy), nn = unhex(no, k->nonce), pn = unhex(p, k->pers);
		size_t a1n = unhex(a1, k->add1), a2n = unhex(a2, k->add2);
		struct es_drbg d;

		unhex(want, k->returned);
		CHECK(es_drbg_instantiate(&d, e, en, no, nn, p, pn) == 0);
		if (k->reseed != NULL)
			CHECK(es_drbg_reseed(&d, r, unhex(r, k->reseed), ar, unhex(ar, k->add_reseed)) == 0);
		CHECK(es_drbg_generate(&d, got, sizeof(got), a1, a1n) == 0);
		CHECK(es_drbg_generate(&d, got, sizeof(got), a2, a2n) == 0);
		CHECK(memcmp(got, want, sizeof(got)) == 0);
		es_drbg_wipe(&d);
	}
}

static void test_bounds(void)
{
	struct es_drbg d;
	static uint8_t e[32], out[ES_DRBG_MAX_REQUEST + 1];

	memset(&d, 0, sizeof(d));
	check_rand_fill(e, sizeof(e));
	out[0] = 0xaa;
	/* never before it is seeded */
	CHECK(es_drbg_generate(&d, out, 32, NULL, 0) == -1 && out[0] == 0xaa);
	CHECK(es_drbg_reseed(&d, e, sizeof(e), NULL, 0) == -1);
	/* too little entropy: unseeded */
	CHECK(es_drbg_instantiate(&d, e, 31, NULL, 0, NULL, 0) == -1 && !d.seeded);
	CHECK(es_drbg_generate(&d, out, 32, NULL, 0) == -1);
	CHECK(es_drbg_instantiate(&d, e, sizeof(e), NULL, 0, NULL, 0) == 0);
	CHECK(es_drbg_generate(&d, out, 0, NULL, 0) == -1);
	CHECK(es_drbg_generate(&d, out, ES_DRBG_MAX_REQUEST + 1, NULL, 0) == -1);
	CHECK(es_drbg_generate(&d, out, ES_DRBG_MAX_REQUEST, NULL, 0) == 0);
	CHECK(es_drbg_reseed(&d, e, 16, NULL, 0) == -1);
	/* the reseed interval */
	d.reseed_counter = ES_DRBG_RESEED_INTERVAL + 1;
	CHECK(es_drbg_generate(&d, out, 32, NULL, 0) == -1);
	CHECK(es_drbg_reseed(&d, e, sizeof(e), NULL, 0) == 0 && d.reseed_counter == 1);
	CHECK(es_drbg_generate(&d, out, 32, NULL, 0) == 0);
	/* two requests differ; a reseed changes the stream */
	{
		uint8_t a[32], b[32];

		CHECK(es_drbg_generate(&d, a, 32, NULL, 0) == 0);
		CHECK(es_drbg_generate(&d, b, 32, NULL, 0) == 0);
		CHECK(memcmp(a, b, 32) != 0);
	}
	es_drbg_wipe(&d);
	CHECK(!d.seeded && d.reseed_counter == 0);
}

int main(void)
{
	RUN(test_sha256);
	RUN(test_cavp);
	RUN(test_bounds);
	return check_done();
}
