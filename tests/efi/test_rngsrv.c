/* SPDX-License-Identifier: MIT */
/*
 * The fault matrix (tests/efi/matrix.h) for efi/rngsrv.c, the driver's
 * EFI_RNG_PROTOCOL (UEFI 2.10 section 37.5), called directly: what it
 * serves is its Hash_DRBG's output (SP 800-90A, core/drbg.c) and nothing
 * before it is seeded or after it is wiped; a request of any length is cut
 * into the DRBG's largest ones; GetInfo and GetRNG refuse what the
 * specification says they refuse.
 */
#include <string.h>

#include "../../efi/rngsrv.h"
#include "matrix.h"

static EFI_GUID rng_guid = ES_EFI_RNG_PROTOCOL_GUID;
static EFI_GUID hash256 = ES_EFI_RNG_ALGORITHM_SP800_90_HASH_256_GUID;
static EFI_GUID raw = ES_EFI_RNG_ALGORITHM_RAW_GUID;

/* Seed input: ES_DRBG_MIN_ENTROPY bytes of entropy, then the nonce. */
static uint8_t in[64];
/* Larger than two of the DRBG's requests (ES_DRBG_MAX_REQUEST). */
static uint8_t got[2 * ES_DRBG_MAX_REQUEST + 5], want[sizeof(got)];

static EFI_RNG_PROTOCOL *installed(void)
{
	EFI_RNG_PROTOCOL *p = NULL;

	if (EFI_ERROR(ST->BootServices->HandleProtocol(fake_image_handle(), &rng_guid, (void **)&p)))
		return NULL;
	return p;
}

/* A machine, and the tables efi_main() would have taken from it. */
static void fresh(void)
{
	base();
	BS = ST->BootServices;
	rngsrv_reset();
	check_rand_fill(in, sizeof(in));
}

/* Unseeded: not installed, and too short an input seeds nothing. */
static void test_not_before_seeded(void)
{
	fresh();
	CHECK(!rngsrv_seeded() && rngsrv_install(fake_image_handle()) == EFI_NOT_READY && installed() == NULL);
	CHECK(rngsrv_seed(in, ES_DRBG_MIN_ENTROPY + 15u) == -1 && !rngsrv_seeded());
	CHECK(rngsrv_seed(in, sizeof(in)) == 0 && rngsrv_seeded());
	CHECK(rngsrv_install(fake_image_handle()) == EFI_SUCCESS && installed() != NULL && rngsrv_installed());
	CHECK(fake_tpl_balanced());
}

/* GetRNG's bytes are the DRBG's, as core/drbg.c makes them from the same
 * seed (instantiated with the personalization "earlyseed driver"), in
 * requests of at most ES_DRBG_MAX_REQUEST; the default algorithm and
 * SP800_90_HASH_256 are the same one. */
static void test_known_answer(void)
{
	static struct es_drbg d;
	EFI_RNG_PROTOCOL *p;
	size_t k;

	fresh();
	CHECK(rngsrv_seed(in, sizeof(in)) == 0 && rngsrv_install(fake_image_handle()) == EFI_SUCCESS);
	p = installed();
	CHECK(p != NULL);
	if (p == NULL)
		return;
	CHECK(es_drbg_instantiate(&d, in, ES_DRBG_MIN_ENTROPY, in + ES_DRBG_MIN_ENTROPY,
				  sizeof(in) - ES_DRBG_MIN_ENTROPY, "earlyseed driver", 16) == 0);
	for (k = 0; k < sizeof(want); k += ES_DRBG_MAX_REQUEST)
		CHECK(es_drbg_generate(&d, want + k, sizeof(want) - k < ES_DRBG_MAX_REQUEST ? sizeof(want) - k
											     : ES_DRBG_MAX_REQUEST,
				       NULL, 0) == 0);
	CHECK(p->GetRNG(p, NULL, sizeof(got), got) == EFI_SUCCESS);
	CHECK(memcmp(got, want, sizeof(got)) == 0);
	CHECK(es_drbg_generate(&d, want, 32, NULL, 0) == 0);
	CHECK(p->GetRNG(p, &hash256, 32, got) == EFI_SUCCESS && memcmp(got, want, 32) == 0);
	/* a reseed changes what follows: no longer the old state's */
	CHECK(es_drbg_generate(&d, want, 32, NULL, 0) == 0);
	in[0] ^= 1;
	CHECK(rngsrv_seed(in, sizeof(in)) == 0);
	CHECK(p->GetRNG(p, NULL, 32, got) == EFI_SUCCESS && memcmp(got, want, 32) != 0);
	CHECK(fake_tpl_balanced());
	es_drbg_wipe(&d);
}

/* What the specification refuses, and nothing after the state is wiped. */
static void test_refusals(void)
{
	EFI_RNG_ALGORITHM list[2];
	UINTN size;
	EFI_RNG_PROTOCOL *p;

	fresh();
	CHECK(rngsrv_seed(in, sizeof(in)) == 0 && rngsrv_install(fake_image_handle()) == EFI_SUCCESS);
	p = installed();
	if (p == NULL)
		return;
	CHECK(p->GetInfo(p, NULL, list) == EFI_INVALID_PARAMETER);
	size = sizeof(EFI_GUID) - 1;
	CHECK(p->GetInfo(p, &size, list) == EFI_BUFFER_TOO_SMALL && size == sizeof(EFI_GUID));
	size = sizeof(list);
	CHECK(p->GetInfo(p, &size, NULL) == EFI_INVALID_PARAMETER);
	CHECK(p->GetInfo(p, &size, list) == EFI_SUCCESS && size == sizeof(EFI_GUID));
	CHECK(memcmp(&list[0], &hash256, sizeof(hash256)) == 0);
	CHECK(p->GetRNG(p, &raw, 32, got) == EFI_UNSUPPORTED);
	CHECK(p->GetRNG(p, NULL, 0, got) == EFI_INVALID_PARAMETER);
	CHECK(p->GetRNG(p, NULL, 32, NULL) == EFI_INVALID_PARAMETER);
	memset(got, 0x5a, 32);
	rngsrv_wipe();
	CHECK(!rngsrv_seeded() && p->GetRNG(p, NULL, 32, got) == EFI_NOT_READY);
	for (size_t i = 0; i < 32; i++)
		CHECK(got[i] == 0x5a); /* nothing written */
	CHECK(fake_tpl_balanced());
}

int main(void)
{
	matrix_start();
	RUN(test_not_before_seeded);
	RUN(test_known_answer);
	RUN(test_refusals);
	rngsrv_reset();
	return matrix_done();
}
