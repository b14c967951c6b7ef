/* SPDX-License-Identifier: MIT */
/* The CPU's instructions (arch/<cpu>/cpurng.c), taken the way v3.17
 * init_std_data() takes them (core/cpu.c). */
#include "row.h"

#include <efilib.h>

#include "cpurng.h"
#include "log.h"

/* One row's state, as the log says it. */
static const char *state(const struct es_cpu_report *r, enum es_source src)
{
	return r->present[src] ? "present" : r->refused[src] ? "refused" : "absent";
}

void src_cpu(struct pass *p)
{
	struct es_cpu_report r;
	const char *seed = es_source_name(ES_SRC_RDSEED, cpurng_arch.audit_arch);
	const char *drbg = es_source_name(ES_SRC_RDRAND, cpurng_arch.audit_arch);

	es_cpu_gather(&p->s, &cpurng_arch, &p->cpu, &r);
	/* riscv64 has one row (Zkr: no DRBG instruction), the others two */
	if (cpurng_arch.count == 1)
		log_line("cpu: %a %a", seed, state(&r, ES_SRC_RDSEED));
	else
		log_line("cpu: %a %a, %a %a", seed, state(&r, ES_SRC_RDSEED), drbg, state(&r, ES_SRC_RDRAND));
	if (r.refused[ES_SRC_RDSEED] || r.refused[ES_SRC_RDRAND]) {
		enum es_source refused = r.refused[ES_SRC_RDSEED] ? ES_SRC_RDSEED : ES_SRC_RDRAND;

		log_warn("cpu: %a: the firmware's %a lists it, but reading it traps (M-mode has not "
			 "granted S-mode the seed CSR: mseccfg.SSEED, set by OpenSBI 1.6, not by 1.1): not read, "
			 "not counted; a kernel that trusts the ISA string faults on it too",
			 refused == ES_SRC_RDSEED ? seed : drbg,
			 r.listed[refused] == ES_ISA_RHCT ? "ACPI RHCT" : "device tree");
	}
	if (!r.present[ES_SRC_RDSEED] && !r.present[ES_SRC_RDRAND])
		return;
	p->out.cpu_longs_failed = (UINT16)r.failed;
	if (cpurng_arch.count == 1)
		log_line("cpu: %u longs asked, %u from %a, %u failed", (UINT32)ES_CPU_LONGS, r.longs[ES_SRC_RDSEED],
			 seed, r.failed);
	else
		log_line("cpu: %u longs asked, %u from %a, %u from %a, %u failed", (UINT32)ES_CPU_LONGS,
			 r.longs[ES_SRC_RDSEED], seed, r.longs[ES_SRC_RDRAND], drbg, r.failed);
}
