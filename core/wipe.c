/* SPDX-License-Identifier: MIT */
#include "wipe.h"
#include "earlyseed.h"

#include <string.h>

/*
 * A plain memset() before a free or a return is a dead store the compiler may
 * delete. The empty asm takes the pointer as an input and clobbers memory, so
 * the compiler must assume the zeroed bytes are read afterwards (the same
 * barrier Linux's memzero_explicit() uses, include/linux/string.h).
 */
/*
 * Registers spilled by the compiler (BLAKE2s's working vector, say) land in
 * stack slots no es_wipe() of a named buffer reaches. The kernel erases its
 * key material's stack the same way (stackleak, memzero_explicit of stack
 * buffers); systemd-boot's random-seed.c keeps its keys in explicit_bzero'd
 * locals. Called where the deep work has returned, this overwrites the
 * region its frames used.
 */
__attribute__((noinline)) void es_wipe_stack(void)
{
	unsigned char area[ES_WIPE_STACK_BYTES];

	es_wipe(area, sizeof(area));
}

void es_wipe(void *p, size_t n)
{
	if (p == NULL || n == 0)
		return;
	memset(p, 0, n);
	__asm__ __volatile__("" : : "r"(p) : "memory");
}
