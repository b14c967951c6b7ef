/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_EFI_SEALED_H
#define EARLYSEED_EFI_SEALED_H

#include "../core/earlyseed.h"

/* The app's sealed settings (core/earlyseed.h "struct es_sealed"): what
 * `earlyseed seal` wrote into this image; the tests set them here. */
extern volatile struct es_sealed es_sealed_settings;
/* The owner sealed `--disk-token count` into this image. */
bool sealed_disk_token_count(void);

#endif
