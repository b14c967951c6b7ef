/* SPDX-License-Identifier: MIT */
#include "fake_insn_riscv64.h"

#include "../arch/riscv64/insn.h"

struct fake_rv64 fake_rv64;

uint64_t insn_rdtime(void)
{
	return fake_rv64.time += 100u;
}

bool insn_seed(uint64_t *v)
{
	fake_rv64.seed_calls++;
	if (fake_rv64.seed_fn == NULL || !fake_rv64.seed_fn(v)) {
		*v = 0;
		return false;
	}
	return true;
}
