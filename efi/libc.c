/* SPDX-License-Identifier: MIT */
/*
 * What the firmware image needs from a C library and from GNU-EFI's libefi,
 * which it does not link (efi/console.c says why): the mem* functions core/
 * may call and the compiler may emit, and the table pointers efilib.h
 * declares. Not part of the host fault matrix, whose fake firmware and libc
 * provide them.
 */
#include <efi.h>
#include <efilib.h>
#include <stddef.h>

EFI_SYSTEM_TABLE *ST;
EFI_BOOT_SERVICES *BS;
EFI_RUNTIME_SERVICES *RT;

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
