/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_HOST_VARFILE_H
#define EARLYSEED_HOST_VARFILE_H

#include <stddef.h>

#include "../core/earlyseed.h"

/* A file in the folder dir (an ESP's root) holding a variable store with
 * earlyseed's token in it (core/varstore.c, as the app looks at boot): its
 * kind, its name in name (cap bytes; "" when none). */
enum es_varstore varfile_scan(const char *dir, char *name, size_t cap);

#endif
