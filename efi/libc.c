/* SPDX-License-Identifier: MIT */
/*
 * The mem* functions core/ may use (DEVELOPERS.md) that GNU-EFI 3.0.15's
 * libefi does not define: it has memset and memcpy only.
 */
#include <stddef.h>

int memcmp(const void *a, const void *b, size_t n);

int memcmp(const void *a, const void *b, size_t n)
{
	const unsigned char *x = a;
	const unsigned char *y = b;

	for (size_t i = 0; i < n; i++) {
		if (x[i] != y[i])
			return x[i] < y[i] ? -1 : 1;
	}
	return 0;
}
