/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_ARCH_X86_64_INSN_H
#define EARLYSEED_ARCH_X86_64_INSN_H

#include <stdint.h>

/*
 * Single x86 instructions, one function each. This is the link-time seam:
 * insn.c executes the real instructions; tests/fake_insn.c provides the same
 * symbols with scripted results, so cpurng.c is tested unchanged.
 */

/* CPUID with EAX=leaf, ECX=subleaf; out = { eax, ebx, ecx, edx }. */
void insn_cpuid(uint32_t leaf, uint32_t subleaf, uint32_t out[4]);
/* One 64-bit RDRAND / RDSEED; returns CF (1 = *v is valid). */
int insn_rdrand64(uint64_t *v);
int insn_rdseed64(uint64_t *v);
void insn_pause(void);
uint64_t insn_rdtsc(void);

#endif
