/* SPDX-License-Identifier: MIT */
/*
 * A first stage for the boot tests (tests/boot/qemu.sh): it installs a previous
 * LINUX_EFI_RANDOM_SEED_TABLE the way real earlier stages do, then
 * chain-loads \EFI\earlyseed\earlyseed.efi from its own volume. Built three
 * times (Makefile, PREV_KIND):
 *   1  512 zero bytes, as littlekernel's UEFI installs (littlekernel lib/uefi/configuration_table.cpp)
 *   2  a 64-byte allocation whose size field says 0xFFFFFFFF
 *   3  64 good-looking bytes (an xorshift of the cycle counter)
 * Not part of earlyseed: a test fixture only.
 */
#include <efi.h>
#include <efilib.h>

#include "../efi/guid.h"

#ifndef PREV_KIND
#error "build with -DPREV_KIND=1, 2 or 3"
#endif

static EFI_GUID seed_guid = ES_LINUX_EFI_RANDOM_SEED_TABLE_GUID;

static UINT64 cycles(void)
{
	UINT32 lo, hi;

	__asm__ __volatile__("rdtsc" : "=a"(lo), "=d"(hi));
	return ((UINT64)hi << 32) | lo;
}

EFI_STATUS efi_main(EFI_HANDLE image, EFI_SYSTEM_TABLE *systab)
{
	EFI_LOADED_IMAGE *self = NULL;
	EFI_DEVICE_PATH *dp;
	EFI_HANDLE child = NULL;
	UINT8 *t = NULL;
	UINT32 size, alloc = PREV_KIND == 1 ? 512 : 64;
	UINT64 x = cycles() | 1;
	EFI_STATUS status;

	InitializeLib(image, systab);
	status = uefi_call_wrapper(BS->AllocatePool, 3, EfiACPIReclaimMemory, (UINTN)(4 + alloc), (void **)&t);
	if (EFI_ERROR(status))
		return status;
	size = PREV_KIND == 2 ? 0xffffffffu : alloc;
	for (UINT32 i = 0; i < alloc; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		t[4 + i] = PREV_KIND == 3 ? (UINT8)(x >> 24) : 0;
	}
	CopyMem(t, &size, 4);
	status = uefi_call_wrapper(BS->InstallConfigurationTable, 2, &seed_guid, t);
	Print(L"prevstage: installed a seed table, size field %u, %u bytes allocated: %r\n", size, alloc, status);
	status = uefi_call_wrapper(BS->HandleProtocol, 3, image, &LoadedImageProtocol, (void **)&self);
	if (EFI_ERROR(status))
		return status;
	dp = FileDevicePath(self->DeviceHandle, L"\\EFI\\earlyseed\\earlyseed.efi");
	status = uefi_call_wrapper(BS->LoadImage, 6, FALSE, image, dp, NULL, 0, &child);
	if (EFI_ERROR(status)) {
		Print(L"prevstage: cannot load earlyseed: %r\n", status);
		return status;
	}
	return uefi_call_wrapper(BS->StartImage, 3, child, NULL, NULL);
}
