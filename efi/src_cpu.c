/* SPDX-License-Identifier: MIT */
/* The CPU's instructions (arch/<cpu>/cpurng.c), taken the way v3.17
 * init_std_data() takes them (core/cpu.c). */
#include "pass.h"

#include <efilib.h>

#include "cpurng.h"
#include "log.h"

void src_cpu(struct pass *p)
{
	struct es_cpu_report r;

	es_cpu_gather(&p->s, &cpurng_arch, &r);
	if (cpurng_arch.count == 0) {
		/* an architecture whose instructions are not read (riscv64's
		 * Zkr: arch/riscv64/cpurng.h says why) */
		log_line("cpu: no RNG instruction read on this architecture");
		return;
	}
	const char *seed = es_source_name(ES_SRC_RDSEED, cpurng_arch.audit_arch);
	const char *drbg = es_source_name(ES_SRC_RDRAND, cpurng_arch.audit_arch);

	log_line("cpu: %a %a, %a %a", seed, r.present[ES_SRC_RDSEED] ? "present" : "absent", drbg,
		 r.present[ES_SRC_RDRAND] ? "present" : "absent");
	if (!r.present[ES_SRC_RDSEED] && !r.present[ES_SRC_RDRAND])
		return;
	p->out.cpu_longs_failed = (UINT16)r.failed;
	log_line("cpu: %u longs asked, %u from %a, %u from %a, %u failed", (UINT32)ES_CPU_LONGS,
		 r.longs[ES_SRC_RDSEED], seed, r.longs[ES_SRC_RDRAND], drbg, r.failed);
}
