/* SPDX-License-Identifier: MIT */
#include "wipe.h"

#include <string.h>

/*
 * A plain memset() before a free or a return is a dead store the compiler may
 * delete. The empty asm takes the pointer as an input and clobbers memory, so
 * the compiler must assume the zeroed bytes are read afterwards (the same
 * barrier Linux's memzero_explicit() uses, include/linux/string.h).
 */
void es_wipe(void *p, size_t n)
{
	if (p == NULL || n == 0)
		return;
	memset(p, 0, n);
	__asm__ __volatile__("" : : "r"(p) : "memory");
}
