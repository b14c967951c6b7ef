/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_EFI_TEXT_H
#define EARLYSEED_EFI_TEXT_H

#include <efi.h>
#include <stddef.h>

/* ASCII to UCS-2, truncated to cap - 1 characters, always NUL-terminated. */
void text_to_ucs2(CHAR16 *dst, size_t cap, const char *src);

#endif
