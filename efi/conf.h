/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_EFI_CONF_H
#define EARLYSEED_EFI_CONF_H

#include <efi.h>
#include <stdbool.h>

#include "../core/earlyseed.h"

/*
 * Read the config from the volume `device` into *c (which holds the
 * defaults): the file beside the image (es_config_path_beside of self,
 * the image's own file path in ASCII, "" when unknown), else ES_CONFIG_PATH. Every failure is
 * logged and leaves the defaults: a config problem never stops the boot.
 * Returns the number of problems reported; *no_fs is set when the volume has
 * no file system at all (earlyseed was loaded over the network: PXE, HTTP).
 */
UINT32 conf_load(EFI_HANDLE device, const char *self, struct es_config *c, bool *no_fs);

#endif
