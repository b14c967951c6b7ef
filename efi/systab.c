/* SPDX-License-Identifier: MIT */
/*
 * The table pointers GNU-EFI's efilib.h declares, which its libefi would
 * define: the firmware images do not link libefi (efi/console.c says why).
 * Not part of the host fault matrix, whose fake firmware defines them.
 */
#include <efi.h>
#include <efilib.h>

EFI_SYSTEM_TABLE *ST;
EFI_BOOT_SERVICES *BS;
EFI_RUNTIME_SERVICES *RT;

#if defined(__riscv)
/* GNU-EFI 3.0.18's riscv64 crt0 calls _entry, which its libefi defines
 * (lib/entry.c: constructors, of which these images have none, then
 * efi_main): the same call, without libefi. */
EFI_STATUS _entry(EFI_HANDLE image, EFI_SYSTEM_TABLE *systab);
EFI_STATUS efi_main(EFI_HANDLE image, EFI_SYSTEM_TABLE *systab);
EFI_STATUS _entry(EFI_HANDLE image, EFI_SYSTEM_TABLE *systab)
{
	return efi_main(image, systab);
}
#endif
