/* SPDX-License-Identifier: MIT */
/*
 * The fault matrix and the driver test link this with -Wl,--wrap for the mem*
 * functions: glibc's versions move bytes through SSE/AVX registers, and an
 * ms_abi function of the fake firmware then saves xmm6-15 in its frame, so
 * source bytes would turn up on the stack where the shipped image (built
 * -mgeneral-regs-only, with libc/mem.c) never puts them. These are the same
 * byte loops as libc/mem.c, built without SSE.
 */
#include <stddef.h>

void *__wrap_memset(void *p, int c, size_t n);
void *__wrap_memcpy(void *dst, const void *src, size_t n);
void *__wrap_memmove(void *dst, const void *src, size_t n);
int __wrap_memcmp(const void *a, const void *b, size_t n);

void *__wrap_memset(void *p, int c, size_t n)
{
	volatile unsigned char *d = p;

	for (size_t i = 0; i < n; i++)
		d[i] = (unsigned char)c;
	return p;
}

void *__wrap_memcpy(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const volatile unsigned char *s = src;

	for (size_t i = 0; i < n; i++)
		d[i] = s[i];
	return dst;
}

void *__wrap_memmove(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const volatile unsigned char *s = src;

	if (d < s) {
		for (size_t i = 0; i < n; i++)
			d[i] = s[i];
	} else {
		for (size_t i = n; i > 0; i--)
			d[i - 1] = s[i - 1];
	}
	return dst;
}

int __wrap_memcmp(const void *a, const void *b, size_t n)
{
	const volatile unsigned char *x = a;
	const volatile unsigned char *y = b;

	for (size_t i = 0; i < n; i++) {
		if (x[i] != y[i])
			return x[i] < y[i] ? -1 : 1;
	}
	return 0;
}
