/* SPDX-License-Identifier: MIT */
#include "text.h"

void text_to_ucs2(CHAR16 *dst, size_t cap, const char *src)
{
	size_t i = 0;

	if (cap == 0)
		return;
	for (; i + 1 < cap && src[i] != '\0'; i++)
		dst[i] = (CHAR16)(unsigned char)src[i];
	dst[i] = 0;
}
