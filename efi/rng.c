/* SPDX-License-Identifier: MIT */
#include "rng.h"

#include <efi.h>
#include <efilib.h>

#include "../core/wipe.h"
#include "guid.h"

_Static_assert(sizeof(EFI_RNG_PROTOCOL) == 16, "EFI_RNG_PROTOCOL is GetInfo + GetRNG");
_Static_assert(offsetof(EFI_RNG_PROTOCOL, GetRNG) == 8, "GetRNG at offset 8");

/* edk2's RngDxe refuses RAW requests under 32 bytes with
 * EFI_INVALID_PARAMETER (SPEC.md section 5); 32 is also the seed size. */
#define RNG_REQUEST 32u
/* iPXE saw EFI_NOT_READY 6 times in a row on real boards (SPEC.md section 5):
 * 10 tries, 10 ms apart, bound the wait at 100 ms per algorithm. */
#define RNG_NOT_READY_TRIES 10u
#define RNG_NOT_READY_STALL_US 10000u
/* One RNG per device is usual; a bound keeps a hostile handle list short. */
#define RNG_MAX_INSTANCES 8u

static EFI_GUID rng_protocol_guid = ES_EFI_RNG_PROTOCOL_GUID;
static EFI_GUID rng_raw_guid = ES_EFI_RNG_ALGORITHM_RAW_GUID;

static EFI_STATUS rng_ask(EFI_RNG_PROTOCOL *rng, EFI_GUID *algo, UINT8 *buf, UINT32 *tries)
{
	EFI_STATUS status = EFI_NOT_READY;

	for (*tries = 0; *tries < RNG_NOT_READY_TRIES;) {
		(*tries)++;
		status = uefi_call_wrapper(rng->GetRNG, 4, rng, algo, (UINTN)RNG_REQUEST, buf);
		if (status != EFI_NOT_READY)
			break;
		uefi_call_wrapper(BS->Stall, 1, (UINTN)RNG_NOT_READY_STALL_US);
	}
	return status;
}

static void rng_one(EFI_RNG_PROTOCOL *rng, UINT32 idx, struct pool *p, struct seed_stats *st,
		    struct audit_record *a)
{
	UINT8 buf[RNG_REQUEST];
	UINT32 tries = 0;
	/* RAW first, as the Linux stub asks (libstub/random.c); then the
	 * firmware's default algorithm if RAW failed in any way. */
	EFI_STATUS status = rng_ask(rng, &rng_raw_guid, buf, &tries);
	const CHAR16 *algo = L"raw";

	a->efi_rng_calls = (UINT16)(a->efi_rng_calls + tries);
	if (EFI_ERROR(status)) {
		Print(L"earlyseed: efi_rng: instance %u: raw algorithm: %r after %u tries, trying default\n",
		      idx, status, tries);
		status = rng_ask(rng, NULL, buf, &tries);
		algo = L"default";
		a->efi_rng_calls = (UINT16)(a->efi_rng_calls + tries);
	}
	if (EFI_ERROR(status)) {
		a->efi_rng_failed++;
		Print(L"earlyseed: efi_rng: instance %u: default algorithm: %r after %u tries, skipped\n",
		      idx, status, tries);
	} else {
		(void)seed_absorb(p, st, SEED_SRC_EFI_RNG, buf, sizeof(buf));
		Print(L"earlyseed: efi_rng: instance %u: %u bytes (%s algorithm, %u tries)\n", idx,
		      (UINT32)sizeof(buf), algo, tries);
	}
	/* Also after a failure: firmware may have written part of buf. */
	wipe_bytes(buf, sizeof(buf));
}

void rng_gather(struct pool *p, struct seed_stats *st, struct audit_record *a)
{
	EFI_HANDLE *handles = NULL;
	UINTN count = 0;
	EFI_STATUS status;

	status = uefi_call_wrapper(BS->LocateHandleBuffer, 5, ByProtocol, &rng_protocol_guid, NULL,
				   &count, &handles);
	if (EFI_ERROR(status) || count == 0) {
		Print(L"earlyseed: efi_rng: no EFI_RNG_PROTOCOL (%r)\n", EFI_ERROR(status) ? status : EFI_NOT_FOUND);
		return;
	}
	Print(L"earlyseed: efi_rng: %lu instance(s)\n", (UINT64)count);
	a->flags |= AUDIT_F_EFI_RNG;
	if (count > RNG_MAX_INSTANCES) {
		Print(L"earlyseed: efi_rng: using the first %u instances\n", (UINT32)RNG_MAX_INSTANCES);
		count = RNG_MAX_INSTANCES;
	}
	a->efi_rng_instances = (UINT16)count;
	for (UINTN i = 0; i < count; i++) {
		EFI_RNG_PROTOCOL *rng = NULL;

		status = uefi_call_wrapper(BS->HandleProtocol, 3, handles[i], &rng_protocol_guid,
					   (void **)&rng);
		if (EFI_ERROR(status) || rng == NULL) {
			Print(L"earlyseed: efi_rng: instance %u: cannot open: %r\n", (UINT32)i, status);
			a->efi_rng_failed++;
			continue;
		}
		rng_one(rng, (UINT32)i, p, st, a);
	}
	FreePool(handles);
}
