/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_EFI_RNGSRV_H
#define EARLYSEED_EFI_RNGSRV_H

#include <efi.h>
#include <stdbool.h>

/* Seed (the first time) or reseed the DRBG from n >= 48 pool bytes; 0 or -1. */
int rngsrv_seed(const UINT8 *in, UINTN n);
bool rngsrv_seeded(void);
/* Install the protocol on image's handle (only once seeded). */
EFI_STATUS rngsrv_install(EFI_HANDLE image);
/* Is it installed now (a later stage may have uninstalled it)? */
bool rngsrv_installed(void);
/* Forget the DRBG state: GetRNG answers EFI_NOT_READY from then on. */
void rngsrv_wipe(void);
/* As at load: unseeded, not installed, no calls. */
void rngsrv_reset(void);

#endif
