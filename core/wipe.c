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
	/*
	 * A value the seeding left in a scratch register (the last CPU sample,
	 * say) survives the return and lands in whatever frame spills that
	 * register next, below the area just erased. Clear the registers no
	 * caller expects to keep (System V: rax, rcx, rdx, rsi, rdi, r8-r11;
	 * the ms_abi firmware functions treat rsi and rdi as callee-saved, so
	 * they would save them in their frames).
	 */
#if defined(__x86_64__)
	__asm__ __volatile__("xorl %%eax, %%eax\n\txorl %%ecx, %%ecx\n\txorl %%edx, %%edx\n\t"
			     "xorl %%esi, %%esi\n\txorl %%edi, %%edi\n\txorl %%r8d, %%r8d\n\t"
			     "xorl %%r9d, %%r9d\n\txorl %%r10d, %%r10d\n\txorl %%r11d, %%r11d"
			     :
			     :
			     : "rax", "rcx", "rdx", "rsi", "rdi", "r8", "r9", "r10", "r11", "memory");
#if defined(__SSE2__)
	/* A host build (the OS tool, the tests) uses the vector registers for
	 * memcpy; none is kept across a call (System V), and an ms_abi callee
	 * would save xmm6-15 in its frame below the area just erased. The
	 * firmware images have no SSE (-mno-sse): nothing to clear there. */
	__asm__ __volatile__("pxor %%xmm0, %%xmm0\n\tpxor %%xmm1, %%xmm1\n\tpxor %%xmm2, %%xmm2\n\t"
			     "pxor %%xmm3, %%xmm3\n\tpxor %%xmm4, %%xmm4\n\tpxor %%xmm5, %%xmm5\n\t"
			     "pxor %%xmm6, %%xmm6\n\tpxor %%xmm7, %%xmm7\n\tpxor %%xmm8, %%xmm8\n\t"
			     "pxor %%xmm9, %%xmm9\n\tpxor %%xmm10, %%xmm10\n\tpxor %%xmm11, %%xmm11\n\t"
			     "pxor %%xmm12, %%xmm12\n\tpxor %%xmm13, %%xmm13\n\tpxor %%xmm14, %%xmm14\n\t"
			     "pxor %%xmm15, %%xmm15" ::: "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7",
			     "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15", "memory");
#endif
#elif defined(__aarch64__)
	/* AAPCS64: x0-x17 are not preserved across a call. */
	__asm__ __volatile__("mov x0, xzr\n\tmov x1, xzr\n\tmov x2, xzr\n\tmov x3, xzr\n\t"
			     "mov x4, xzr\n\tmov x5, xzr\n\tmov x6, xzr\n\tmov x7, xzr\n\t"
			     "mov x8, xzr\n\tmov x9, xzr\n\tmov x10, xzr\n\tmov x11, xzr\n\t"
			     "mov x12, xzr\n\tmov x13, xzr\n\tmov x14, xzr\n\tmov x15, xzr\n\t"
			     "mov x16, xzr\n\tmov x17, xzr"
			     :
			     :
			     : "x0", "x1", "x2", "x3", "x4", "x5", "x6", "x7", "x8", "x9", "x10", "x11", "x12",
			       "x13", "x14", "x15", "x16", "x17", "memory");
#endif
}

void es_wipe(void *p, size_t n)
{
	if (p == NULL || n == 0)
		return;
	memset(p, 0, n);
	__asm__ __volatile__("" : : "r"(p) : "memory");
}
