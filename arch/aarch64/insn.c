/* SPDX-License-Identifier: MIT */
/* The instructions themselves (arch/aarch64/insn.h). The RNDR registers are
 * named by encoding, as assemblers without FEAT_RNG do not know their names
 * (Linux arch/arm64/include/asm/archrandom.h does the same). */
#include "insn.h"

uint64_t insn_id_aa64isar0(void)
{
	uint64_t v;

	__asm__ __volatile__("mrs %0, ID_AA64ISAR0_EL1" : "=r"(v));
	return v;
}

int insn_rndr(uint64_t *v)
{
	uint64_t x, ok;

	/* s3_3_c2_c4_0 is RNDR; Z is set when it failed. */
	__asm__ __volatile__("mrs %0, s3_3_c2_c4_0\n\tcset %1, ne" : "=r"(x), "=r"(ok) : : "cc");
	*v = ok ? x : 0;
	return (int)ok;
}

int insn_rndrrs(uint64_t *v)
{
	uint64_t x, ok;

	/* s3_3_c2_c4_1 is RNDRRS: reseeded from the TRNG before the read. */
	__asm__ __volatile__("mrs %0, s3_3_c2_c4_1\n\tcset %1, ne" : "=r"(x), "=r"(ok) : : "cc");
	*v = ok ? x : 0;
	return (int)ok;
}

uint64_t insn_cntvct(void)
{
	uint64_t v;

	__asm__ __volatile__("isb\n\tmrs %0, cntvct_el0" : "=r"(v) : : "memory");
	return v;
}
