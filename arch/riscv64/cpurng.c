/* SPDX-License-Identifier: MIT */
#include "cpurng.h"

#include "insn.h"
#include "../../core/earlyseed.h"

/* The ISA extension that is the seed CSR: the name the firmware lists
 * (RISC-V ISA manual, "Zkr"; Linux arch/riscv/kernel/cpufeature.c) */
#define ZKR "zkr"

uint64_t cpurng_cycles(void)
{
	return insn_rdtime();
}

bool cpurng_zkr64(uint64_t *v)
{
	uint64_t got = 0, csr;
	unsigned int have = 0;

	for (unsigned int i = 0; i < CPURNG_SEED_TRIES && have < 4u; i++) {
		unsigned int opst;

		if (!insn_seed(&csr))
			break;
		opst = (unsigned int)(csr >> CPURNG_OPST_SHIFT) & 3u;
		if (opst == CPURNG_OPST_DEAD)
			break;
		/* BIST and WAIT: no entropy yet, read again */
		if (opst == CPURNG_OPST_ES16)
			got |= (csr & 0xffffu) << (16u * have++);
	}
	es_wipe(&csr, sizeof(csr));
	*v = have == 4u ? got : 0;
	es_wipe(&got, sizeof(got));
	return have == 4u;
}

enum es_cpu_probe cpurng_zkr_probe(const struct es_cpu_facts *f)
{
	uint64_t csr;
	bool read;

	/* listed in the device tree, or (a firmware that hands ACPI, as
	 * edk2 does) in the RHCT, as Linux reads whichever it booted with */
	if (es_cpu_isa_listed(f, ZKR) == ES_ISA_UNLISTED)
		return ES_CPU_ABSENT;
	read = insn_seed(&csr);
	es_wipe(&csr, sizeof(csr));
	return read ? ES_CPU_PRESENT : ES_CPU_REFUSED;
}

/* Linux runs no start-up test on Zkr; the batch tests (stuck values,
 * repeats, counters, RCT, APT) apply as to RDSEED. */
static const struct es_cpu_source sources[] = {
	{ ES_SRC_RDSEED, cpurng_zkr_probe, cpurng_zkr64, false, ZKR },
};

const struct es_cpu_arch cpurng_arch = { sources, sizeof(sources) / sizeof(sources[0]), cpurng_cycles,
					 ES_AUDIT_ARCH_RISCV64 };
