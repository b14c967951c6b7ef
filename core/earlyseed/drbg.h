/* SPDX-License-Identifier: MIT */
/* Part of core/earlyseed.h: the driver's Hash_DRBG (core/drbg.c). Include core/earlyseed.h, never this. */
#ifndef EARLYSEED_CORE_EARLYSEED_H
#error "include core/earlyseed.h, the engine's one public header"
#endif
#ifndef EARLYSEED_CORE_EARLYSEED_DRBG_H
#define EARLYSEED_CORE_EARLYSEED_DRBG_H

/* ==== the driver's Hash_DRBG ================================================ */

/*
 * NIST SP 800-90A Rev. 1 section 10.1.1 Hash_DRBG with SHA-256, the
 * algorithm behind the driver's EFI_RNG_PROTOCOL
 * (EFI_RNG_ALGORITHM_SP800_90_HASH_256). No prediction resistance; the caller
 * reseeds from the pool at every ReadyToBoot. Checked against NIST CAVP
 * Hash_DRBG.rsp vectors in tests/core/test_drbg.c.
 */
/* Table 2: seedlen for SHA-256 is 440 bits. */
#define ES_DRBG_SEEDLEN 55u
/* Table 2: max_number_of_bits_per_request 2^19. */
#define ES_DRBG_MAX_REQUEST 65536u
/* Table 2: reseed_interval 2^48. */
#define ES_DRBG_RESEED_INTERVAL (1ull << 48)
/* Section 8.4: the security strength of SHA-256 is 256 bits; entropy input
 * must hold at least that much, and the nonce half of it (section 8.6.7). */
#define ES_DRBG_MIN_ENTROPY 32u

struct es_drbg {
	uint8_t v[ES_DRBG_SEEDLEN];
	uint8_t c[ES_DRBG_SEEDLEN];
	uint64_t reseed_counter;
	bool seeded;
};

/* Instantiate (section 10.1.1.2). Returns 0, or -1 when the entropy input
 * is shorter than ES_DRBG_MIN_ENTROPY (the state is then unseeded). */
int es_drbg_instantiate(struct es_drbg *d, const void *entropy, size_t elen, const void *nonce, size_t nlen,
			const void *pers, size_t plen);
/* Reseed (section 10.1.1.3); -1 as above, or when d is not seeded. */
int es_drbg_reseed(struct es_drbg *d, const void *entropy, size_t elen, const void *add, size_t alen);
/* Generate n bytes (section 10.1.1.4). Returns 0, or -1 with out untouched
 * when d is not seeded, n is 0 or over ES_DRBG_MAX_REQUEST, or the reseed
 * interval is reached (SP 800-90A: a reseed is then required). */
int es_drbg_generate(struct es_drbg *d, void *out, size_t n, const void *add, size_t alen);
/* Wipe (section 9.4, uninstantiate). */
void es_drbg_wipe(struct es_drbg *d);

#endif
