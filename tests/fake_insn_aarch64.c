/* SPDX-License-Identifier: MIT */
#include "fake_insn_aarch64.h"

#include "../arch/aarch64/insn.h"

struct fake_a64 fake_a64;

uint64_t insn_id_aa64isar0(void)
{
	return fake_a64.isar0;
}

int insn_rndr(uint64_t *v)
{
	fake_a64.rndr_calls++;
	if (fake_a64.rndr_fn == NULL || !fake_a64.rndr_fn(v)) {
		*v = 0; /* the register reads 0 when it fails (Arm ARM, RNDR) */
		return 0;
	}
	return 1;
}

int insn_rndrrs(uint64_t *v)
{
	fake_a64.rndrrs_calls++;
	if (fake_a64.rndrrs_fn == NULL || !fake_a64.rndrrs_fn(v)) {
		*v = 0;
		return 0;
	}
	return 1;
}

uint64_t insn_cntvct(void)
{
	return fake_a64.counter += 1000u;
}
