/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_EFI_CHAIN_H
#define EARLYSEED_EFI_CHAIN_H

#include <efi.h>

#include "../core/earlyseed.h"

/*
 * LoadImage c->next from the volume `device`, pass c->cmdline as its UTF-16
 * LoadOptions, StartImage it. Returns only if the next stage could not be
 * loaded (after one clear error line) or returned; the status is the one to
 * hand back to the firmware.
 */
EFI_STATUS chain_start(EFI_HANDLE image, EFI_HANDLE device, const struct es_config *c);

#endif
