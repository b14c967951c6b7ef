/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_EFI_CONF_H
#define EARLYSEED_EFI_CONF_H

#include <efi.h>

#include "../core/config.h"

/*
 * Read CONFIG_PATH from the volume `device` into *c (which holds the
 * defaults). Every failure is logged and leaves the defaults: a config
 * problem never stops the boot. Returns the number of problems reported.
 */
UINT32 conf_load(EFI_HANDLE device, struct config *c);

#endif
