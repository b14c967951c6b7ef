/* SPDX-License-Identifier: MIT */
/*
 * The C library functions the firmware images need and link no library
 * for: memset, memcpy and memcmp, which core/ calls and the compiler may
 * emit (C11 7.24). Below core/, which depends on them, and above nothing;
 * only the firmware images link this file: the host programs and the fault
 * matrix take the host's C library. Byte loops: built with
 * -fno-tree-loop-distribute-patterns (Makefile), or GCC would turn each
 * loop back into a call of itself.
 */
#include <stddef.h>

void *memset(void *p, int c, size_t n);
void *memcpy(void *dst, const void *src, size_t n);
int memcmp(const void *a, const void *b, size_t n);

void *memset(void *p, int c, size_t n)
{
	unsigned char *d = p;

	for (size_t i = 0; i < n; i++)
		d[i] = (unsigned char)c;
	return p;
}

void *memcpy(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	for (size_t i = 0; i < n; i++)
		d[i] = s[i];
	return dst;
}

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
