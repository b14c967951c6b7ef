/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_EFI_MAIN_H
#define EARLYSEED_EFI_MAIN_H

#include <efi.h>

EFI_STATUS efi_main(EFI_HANDLE image, EFI_SYSTEM_TABLE *systab);

#endif
