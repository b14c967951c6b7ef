/* SPDX-License-Identifier: MIT */
/* Part of core/earlyseed.h: CPU sources: one ops row per instruction (core/cpu.c). Include core/earlyseed.h, never this. */
#ifndef EARLYSEED_CORE_EARLYSEED_H
#error "include core/earlyseed.h, the engine's one public header"
#endif
#ifndef EARLYSEED_CORE_EARLYSEED_CPU_H
#define EARLYSEED_CORE_EARLYSEED_CPU_H

/* ---- CPU sources: one ops row per instruction (arch/<cpu>/cpurng.c) ----- */

/* What a probe found: whether the CPU has the instruction, and whether it
 * may be read. */
enum es_cpu_probe {
	ES_CPU_ABSENT = 0, /* the CPU does not have it */
	ES_CPU_PRESENT,    /* it has it, and a read does not fault */
	/* the firmware says the CPU has it, but reading it faults: riscv64's
	 * Zkr where M-mode has not granted S-mode the seed CSR
	 * (mseccfg.SSEED; OpenSBI 1.1), an illegal-instruction trap caught */
	ES_CPU_REFUSED,
};

/* What the firmware says of the CPU where no register of the CPU does
 * (riscv64: the device tree's ISA string names Zkr; no CSR does). */
struct es_cpu_facts {
	const uint8_t *fdt; /* the firmware's device tree (EFI_DTB_TABLE_GUID), or NULL */
	size_t fdt_size;    /* its header's totalsize (es_fdt_size) */
	const uint8_t *rhct; /* ACPI's RHCT (riscv64, where the firmware hands ACPI), or NULL */
	size_t rhct_len;     /* its header's length */
};

/* Where the firmware lists an ISA extension (es_cpu_isa_listed). */
enum es_isa_listed {
	ES_ISA_UNLISTED = 0,
	ES_ISA_FDT,  /* a hart's riscv,isa / riscv,isa-extensions in the device tree */
	ES_ISA_RHCT, /* the ISA string node of ACPI's RHCT */
};
/* Where f lists ext for every hart: the device tree if it does, else the
 * RHCT (Linux reads whichever it booted with: a firmware hands one). */
enum es_isa_listed es_cpu_isa_listed(const struct es_cpu_facts *f, const char *ext);

/* iPXE's struct entropy_source is the model: an architecture offers its
 * instructions as rows; core/cpu.c gathers from them the kernel's way. */
struct es_cpu_source {
	enum es_source src;         /* ES_SRC_RDSEED or ES_SRC_RDRAND */
	enum es_cpu_probe (*probe)(const struct es_cpu_facts *f);
	bool (*read)(uint64_t *v);  /* one result within its retry bound; false
				     * and *v = 0 when there is none */
	bool startup_test;          /* Linux's start-up test before first use */
	const char *isa_ext;        /* the ISA extension the firmware lists
				     * before the probe reads (riscv64: "zkr"),
				     * or NULL: a CPU register says */
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
	bool refused[ES_SRC_COUNT];   /* listed, but reading it faults (ES_CPU_REFUSED) */
	enum es_isa_listed listed[ES_SRC_COUNT]; /* where the row's isa_ext is listed */
	uint32_t longs[ES_SRC_COUNT]; /* longs taken from each source */
	uint32_t failed;              /* longs no source gave */
};

/* Take ES_CPU_LONGS longs the way v3.17 init_std_data() does and add each
 * source's batch to the session (start-up test first where the row asks);
 * f (may be NULL: no facts) for the probes. */
void es_cpu_gather(struct es_session *s, const struct es_cpu_arch *a, const struct es_cpu_facts *f,
		   struct es_cpu_report *r);
/* Does the CPU have an RNG instruction that may be read (a row's probe
 * says ES_CPU_PRESENT)? */
bool es_cpu_any(const struct es_cpu_arch *a, const struct es_cpu_facts *f);

#endif
