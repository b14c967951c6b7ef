/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_TOOLS_SEALTOOL_H
#define EARLYSEED_TOOLS_SEALTOOL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * `earlyseed seal`: the owner's choices written into an image of the app
 * (core/earlyseed.h "struct es_sealed"), where an ESP writer cannot make
 * them: the one block whose magic the app's data holds gets its flags.
 * Before signing: a signature covers the image as it is, and a signed
 * image is refused.
 */
/* img[0..n) changed in place: its sealed flags set to flags (ES_SEALED_F_*).
 * 0, or -1 with why (not a PE32+ image, signed already, no sealed block or
 * more than one, a version this tool does not know). */
int sealtool_set(uint8_t *img, size_t n, uint32_t flags, const char **why);
/* The flags an image carries: 0 and *flags, or -1 with why. */
int sealtool_get(const uint8_t *img, size_t n, uint32_t *flags, const char **why);

#endif
