/* SPDX-License-Identifier: MIT */
/* Part of core/earlyseed.h: CPU sources: one ops row per instruction (core/cpu.c). Include core/earlyseed.h, never this. */
#ifndef EARLYSEED_CORE_EARLYSEED_H
#error "include core/earlyseed.h, the engine's one public header"
#endif
#ifndef EARLYSEED_CORE_EARLYSEED_CPU_H
#define EARLYSEED_CORE_EARLYSEED_CPU_H

/* ---- CPU sources: one ops row per instruction (arch/<cpu>/cpurng.c) ----- */

/* iPXE's struct entropy_source is the model: an architecture offers its
 * instructions as rows; core/cpu.c gathers from them the kernel's way. */
struct es_cpu_source {
	enum es_source src;         /* ES_SRC_RDSEED or ES_SRC_RDRAND */
	bool (*probe)(void);        /* the CPU has the instruction */
	bool (*read)(uint64_t *v);  /* one result within its retry bound; false
				     * and *v = 0 when there is none */
	bool startup_test;          /* Linux's start-up test before first use */
};

struct es_cpu_arch {
	const struct es_cpu_source *sources; /* in v3.17 init_std_data() order:
					      * each long from the first that gives one */
	unsigned int count;
	uint64_t (*cycles)(void);   /* the cycle counter (a clock: counts nothing) */
	uint16_t audit_arch;        /* ES_AUDIT_ARCH_* (core/audit.h) */
};

struct es_cpu_report {
	bool present[ES_SRC_COUNT];
	uint32_t longs[ES_SRC_COUNT]; /* longs taken from each source */
	uint32_t failed;              /* longs no source gave */
};

/* Take ES_CPU_LONGS longs the way v3.17 init_std_data() does and add each
 * source's batch to the session (start-up test first where the row asks). */
void es_cpu_gather(struct es_session *s, const struct es_cpu_arch *a, struct es_cpu_report *r);

#endif
