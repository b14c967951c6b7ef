/* SPDX-License-Identifier: MIT */
/*
 * The driver's EFI_RNG_PROTOCOL (UEFI 2.10 section 37.5): Hash_DRBG with
 * SHA-256 (core/drbg.c), seeded from the pool once the gate is met and
 * reseeded at every ReadyToBoot. It advertises exactly that algorithm,
 * EFI_RNG_ALGORITHM_SP800_90_HASH_256, never RAW: it is not raw noise.
 */
#include "rngsrv.h"

#include <efilib.h>

#include "../core/earlyseed.h"
#include "console.h"
#include "guid.h"

static EFI_GUID rng_protocol_guid = ES_EFI_RNG_PROTOCOL_GUID;
static EFI_GUID hash256_guid = ES_EFI_RNG_ALGORITHM_SP800_90_HASH_256_GUID;

/* Lives as long as the driver: the one secret it must keep. */
static struct es_drbg drbg;
static EFI_RNG_PROTOCOL proto;
static EFI_HANDLE installed_on;
static UINT32 calls;
/* GetRNG calls said on the console (each is one line). */
#define RNGSRV_SHOWN 8u

static EFI_STATUS EFIAPI rngsrv_get_info(EFI_RNG_PROTOCOL *This, UINTN *size, EFI_RNG_ALGORITHM *list)
{
	(void)This;
	if (size == NULL)
		return EFI_INVALID_PARAMETER;
	if (*size < sizeof(EFI_GUID)) {
		*size = sizeof(EFI_GUID);
		return EFI_BUFFER_TOO_SMALL;
	}
	if (list == NULL)
		return EFI_INVALID_PARAMETER;
	list[0] = hash256_guid;
	*size = sizeof(EFI_GUID);
	return EFI_SUCCESS;
}

static EFI_STATUS EFIAPI rngsrv_get_rng(EFI_RNG_PROTOCOL *This, EFI_RNG_ALGORITHM *algo, UINTN len, UINT8 *out)
{
	UINTN done = 0;
	EFI_TPL old;

	(void)This;
	if (out == NULL || len == 0)
		return EFI_INVALID_PARAMETER;
	/* NULL: the default, which is the only one. */
	if (algo != NULL && !guid_equal(algo, &hash256_guid))
		return EFI_UNSUPPORTED;
	/* One caller at a time: a timer callback may call GetRNG while a
	 * caller at TPL_APPLICATION is in it, and ReadyToBoot reseeds at
	 * TPL_CALLBACK (UEFI 2.10 section 7.1, RaiseTPL). */
	old = uefi_call_wrapper(BS->RaiseTPL, 1, TPL_NOTIFY);
	if (!drbg.seeded) {
		uefi_call_wrapper(BS->RestoreTPL, 1, old);
		return EFI_NOT_READY;
	}
	while (done < len) {
		UINTN n = len - done > ES_DRBG_MAX_REQUEST ? ES_DRBG_MAX_REQUEST : len - done;

		if (es_drbg_generate(&drbg, out + done, n, NULL, 0) != 0) {
			uefi_call_wrapper(BS->RestoreTPL, 1, old);
			es_wipe(out, done);
			return EFI_DEVICE_ERROR;
		}
		done += n;
	}
	calls++;
	uefi_call_wrapper(BS->RestoreTPL, 1, old);
	if (calls <= RNGSRV_SHOWN)
		console_log(CONSOLE_INFO, "driver: GetRNG: %lu bytes from its Hash_DRBG (call %u)", (UINT64)len,
			      calls);
	return EFI_SUCCESS;
}

int rngsrv_seed(const UINT8 *in, UINTN n)
{
	/* The first half-ish is the entropy input, the rest the nonce
	 * (SP 800-90A section 8.6.7: a nonce of half the security strength). */
	static const char pers[] = "earlyseed driver";

	EFI_TPL old;
	int rc;

	if (n < ES_DRBG_MIN_ENTROPY + 16u)
		return -1;
	old = uefi_call_wrapper(BS->RaiseTPL, 1, TPL_NOTIFY);
	if (drbg.seeded)
		rc = es_drbg_reseed(&drbg, in, n, NULL, 0);
	else
		rc = es_drbg_instantiate(&drbg, in, ES_DRBG_MIN_ENTROPY, in + ES_DRBG_MIN_ENTROPY,
					 n - ES_DRBG_MIN_ENTROPY, pers, sizeof(pers) - 1);
	uefi_call_wrapper(BS->RestoreTPL, 1, old);
	return rc;
}

bool rngsrv_seeded(void)
{
	return drbg.seeded;
}

bool rngsrv_installed(void)
{
	EFI_RNG_PROTOCOL *p = NULL;

	/* A later stage may have taken it away (efi/rng.c rng_own()). */
	return installed_on != NULL &&
	       !EFI_ERROR(uefi_call_wrapper(BS->HandleProtocol, 3, installed_on, &rng_protocol_guid, (void **)&p)) &&
	       p == &proto;
}

EFI_STATUS rngsrv_install(EFI_HANDLE image)
{
	EFI_HANDLE h = image;
	EFI_STATUS status;

	if (!drbg.seeded)
		return EFI_NOT_READY;
	proto.GetInfo = rngsrv_get_info;
	proto.GetRNG = rngsrv_get_rng;
	status = uefi_call_wrapper(BS->InstallProtocolInterface, 4, &h, &rng_protocol_guid, EFI_NATIVE_INTERFACE,
				   &proto);
	if (!EFI_ERROR(status))
		installed_on = image;
	return status;
}

void rngsrv_wipe(void)
{
	es_drbg_wipe(&drbg);
}

void rngsrv_reset(void)
{
	es_drbg_wipe(&drbg);
	installed_on = NULL;
	calls = 0;
}
