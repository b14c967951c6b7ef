/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_HOST_APPCONF_H
#define EARLYSEED_HOST_APPCONF_H

#include <stddef.h>
#include <stdio.h>

#include "../core/earlyseed.h"
#include "machine.h"

/* The app's image on the ESP: --app, else what the app left in
 * EarlyseedImage (UCS-2), else SEEDTOOL_APP. */
void appconf_path(const struct machine *m, char *app, size_t cap);
/* The config the app reads (es_config_places(): beside its image, then the
 * default place), opened below the ESP like the seed file; the defaults
 * when there is none. Names the file it read on out. */
void appconf_read(int espfd, const char *app, struct es_config *c, FILE *out, FILE *err);

#endif
