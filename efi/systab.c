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
