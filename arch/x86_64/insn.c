/* SPDX-License-Identifier: MIT */
#include "insn.h"

void insn_cpuid(uint32_t leaf, uint32_t subleaf, uint32_t out[4])
{
	uint32_t a, b, c, d;

	__asm__ __volatile__("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d) : "a"(leaf), "c"(subleaf));
	out[0] = a;
	out[1] = b;
	out[2] = c;
	out[3] = d;
}

/*
 * Always the 64-bit forms: AMD Zen5 returns 0 with CF=1 from the 16/32-bit
 * RDSEED (AMD-SB-7055, CVE-2025-62626); the 64-bit form is not affected.
 */
int insn_rdrand64(uint64_t *v)
{
	uint64_t r;
	uint8_t cf;

	__asm__ __volatile__("rdrand %0; setc %1" : "=r"(r), "=qm"(cf) : : "cc");
	*v = r;
	return cf;
}

int insn_rdseed64(uint64_t *v)
{
	uint64_t r;
	uint8_t cf;

	__asm__ __volatile__("rdseed %0; setc %1" : "=r"(r), "=qm"(cf) : : "cc");
	*v = r;
	return cf;
}

void insn_pause(void)
{
	__asm__ __volatile__("pause");
}

uint64_t insn_rdtsc(void)
{
	uint32_t lo, hi;

	__asm__ __volatile__("rdtsc" : "=a"(lo), "=d"(hi));
	return ((uint64_t)hi << 32) | lo;
}
