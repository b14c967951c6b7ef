/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_HOST_JSONPRETTY_H
#define EARLYSEED_HOST_JSONPRETTY_H

#include <stdio.h>

/* One JSON text, as status --json writes it, indented two spaces a level
 * with a space after each colon (bootctl --json=pretty's look); strings
 * pass through untouched. */
void jsonpretty_write(const char *json, FILE *out);

#endif
