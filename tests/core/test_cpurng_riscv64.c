/* SPDX-License-Identifier: MIT */
/* arch/riscv64/cpurng.c on the x86_64 host against a scripted seed CSR and
 * device tree: Zkr counted only where every hart's ISA string lists it and
 * a read does not trap, Linux's csr_seed_long (four ES16 samples, 100
 * reads at most, DEAD ends it), and the gathering and health tests as the
 * engine runs them (the CSR itself runs under QEMU, tests/boot/uboot.sh). */
#include <string.h>

#include "../../arch/riscv64/cpurng.h"
#include "../../core/earlyseed.h"
#include "../check.h"
#include "../fake_insn_riscv64.h"
#include "../mkrhct.h"
#include "../mkfdt.h"

#define ES16 (2ull << CPURNG_OPST_SHIFT)
#define WAIT (1ull << CPURNG_OPST_SHIFT)
#define DEAD (3ull << CPURNG_OPST_SHIFT)

static bool trap(uint64_t *csr)
{
	(void)csr;
	return false;
}

static bool es16(uint64_t *csr)
{
	*csr = ES16 | (check_rand64() & 0xffffu);
	return true;
}

static bool dead(uint64_t *csr)
{
	*csr = DEAD;
	return true;
}

/* WAIT for the first wait_left reads, then counting samples 0x1111.. */
static unsigned int wait_left, sample;
static bool slow(uint64_t *csr)
{
	if (wait_left > 0) {
		wait_left--;
		*csr = WAIT;
		return true;
	}
	*csr = ES16 | (0x1111u * ++sample);
	return true;
}

static bool stuck(uint64_t *csr)
{
	*csr = ES16 | 0xabcdu;
	return true;
}

static uint8_t tree[4096];
static struct es_cpu_facts facts;

/* The facts of a machine whose one hart's ISA string is isa. */
static void machine(const char *isa, bool (*seed)(uint64_t *))
{
	const struct mkfdt_hart h = { isa, NULL, 0, NULL, 0 };

	memset(&fake_rv64, 0, sizeof(fake_rv64));
	fake_rv64.seed_fn = seed;
	facts.fdt = tree;
	facts.fdt_size = mkfdt_harts(tree, sizeof(tree), &h, 1);
	CHECK(facts.fdt_size > 0);
}

static void gather(struct es_verdict *v, struct es_cpu_report *r, bool trust_cpu)
{
	check_cpu_gather(&cpurng_arch, &facts, trust_cpu, v, r);
}

static void test_probe(void)
{
	/* listed, and the read does not trap (OpenSBI 1.6) */
	machine("rv64imafdch_zicsr_zifencei_zkr", es16);
	CHECK(cpurng_zkr_probe(&facts) == ES_CPU_PRESENT && fake_rv64.seed_calls == 1);
	/* listed, but the read traps (OpenSBI 1.1): refused, never a crash */
	machine("rv64imafdch_zicsr_zifencei_zkr", trap);
	CHECK(cpurng_zkr_probe(&facts) == ES_CPU_REFUSED && fake_rv64.seed_calls == 1);
	/* not listed: the CSR is never touched, whatever it would say */
	machine("rv64imafdch_zicsr_zifencei", es16);
	CHECK(cpurng_zkr_probe(&facts) == ES_CPU_ABSENT && fake_rv64.seed_calls == 0);
	/* no device tree at all (edk2 with ACPI alone): absent, untouched */
	facts.fdt = NULL;
	facts.fdt_size = 0;
	CHECK(cpurng_zkr_probe(&facts) == ES_CPU_ABSENT && fake_rv64.seed_calls == 0);
	CHECK(cpurng_arch.audit_arch == ES_AUDIT_ARCH_RISCV64 && cpurng_arch.count == 1);
}

/* A firmware that hands ACPI and no device tree (edk2): the harts' ISA
 * strings are in the RHCT, read as Linux reads it. */
static void test_probe_rhct(void)
{
	static uint8_t rhct[512];

	machine("rv64gc", es16);
	facts.fdt = NULL;
	facts.fdt_size = 0;
	facts.rhct = rhct;
	facts.rhct_len = mkrhct(rhct, sizeof(rhct), 2, "rv64imafdch_zicsr_zifencei_zkr", NULL);
	CHECK(facts.rhct_len > 0);
	CHECK(cpurng_zkr_probe(&facts) == ES_CPU_PRESENT && fake_rv64.seed_calls == 1);
	fake_rv64.seed_fn = trap;
	CHECK(cpurng_zkr_probe(&facts) == ES_CPU_REFUSED && fake_rv64.seed_calls == 2);
	/* one hart without it: absent, the CSR untouched */
	fake_rv64.seed_calls = 0;
	facts.rhct_len = mkrhct(rhct, sizeof(rhct), 2, "rv64gc_zkr", "rv64gc");
	CHECK(cpurng_zkr_probe(&facts) == ES_CPU_ABSENT && fake_rv64.seed_calls == 0);
	/* a device tree that does not list it, an RHCT that does: listed */
	machine("rv64gc", es16);
	facts.rhct_len = mkrhct(rhct, sizeof(rhct), 1, "rv64gc_zkr", NULL);
	CHECK(cpurng_zkr_probe(&facts) == ES_CPU_PRESENT);
	facts.rhct = NULL;
	facts.rhct_len = 0;
}

/* Where the firmware listed Zkr, for the line that names it when the read
 * traps: the device tree where it lists it, else the RHCT. */
static void test_listed(void)
{
	static uint8_t rhct[512];
	struct es_verdict v;
	struct es_cpu_report r;

	CHECK(cpurng_arch.sources[0].isa_ext != NULL && strcmp(cpurng_arch.sources[0].isa_ext, "zkr") == 0);
	/* a device tree without it, an RHCT with it: the RHCT, trapping */
	machine("rv64gc", trap);
	facts.rhct = rhct;
	facts.rhct_len = mkrhct(rhct, sizeof(rhct), 1, "rv64gc_zkr", NULL);
	CHECK(es_cpu_isa_listed(&facts, "zkr") == ES_ISA_RHCT);
	gather(&v, &r, true);
	CHECK(r.refused[ES_SRC_RDSEED] && r.listed[ES_SRC_RDSEED] == ES_ISA_RHCT);
	/* both list it: the device tree */
	machine("rv64gc_zkr", trap);
	CHECK(es_cpu_isa_listed(&facts, "zkr") == ES_ISA_FDT);
	gather(&v, &r, true);
	CHECK(r.refused[ES_SRC_RDSEED] && r.listed[ES_SRC_RDSEED] == ES_ISA_FDT);
	/* the device tree alone */
	facts.rhct = NULL;
	facts.rhct_len = 0;
	gather(&v, &r, true);
	CHECK(r.listed[ES_SRC_RDSEED] == ES_ISA_FDT);
	/* neither: unlisted, absent */
	machine("rv64gc", es16);
	gather(&v, &r, true);
	CHECK(r.listed[ES_SRC_RDSEED] == ES_ISA_UNLISTED && !r.present[ES_SRC_RDSEED]);
	CHECK(es_cpu_isa_listed(&facts, "zicsr") == ES_ISA_UNLISTED);
}

static void test_arch(void)
{
	CHECK(cpurng_arch.sources[0].src == ES_SRC_RDSEED && !cpurng_arch.sources[0].startup_test);
	CHECK(strcmp(es_source_name(ES_SRC_RDSEED, cpurng_arch.audit_arch), "zkr") == 0);
	CHECK(cpurng_cycles() < cpurng_cycles());
}

/* Linux's csr_seed_long: four ES16 samples make a long, low half first;
 * WAIT and BIST read again, within 100 reads; DEAD and a trap end it. */
static void test_long(void)
{
	uint64_t v = 1;

	machine("rv64gc_zkr", slow);
	wait_left = 5;
	sample = 0;
	CHECK(cpurng_zkr64(&v) && v == 0x4444333322221111ull && fake_rv64.seed_calls == 9);
	machine("rv64gc_zkr", slow);
	wait_left = CPURNG_SEED_TRIES - 3;
	sample = 0;
	CHECK(!cpurng_zkr64(&v) && v == 0 && fake_rv64.seed_calls == CPURNG_SEED_TRIES);
	machine("rv64gc_zkr", slow);
	wait_left = CPURNG_SEED_TRIES - 4;
	sample = 0;
	CHECK(cpurng_zkr64(&v) && fake_rv64.seed_calls == CPURNG_SEED_TRIES);
	machine("rv64gc_zkr", dead);
	CHECK(!cpurng_zkr64(&v) && v == 0 && fake_rv64.seed_calls == 1);
	machine("rv64gc_zkr", trap);
	CHECK(!cpurng_zkr64(&v) && v == 0 && fake_rv64.seed_calls == 1);
}

static void test_gathering(void)
{
	struct es_verdict v;
	struct es_cpu_report r;

	/* Zkr gives every long: counted as RDSEED's row, as Linux credits it
	 * under random.trust_cpu */
	machine("rv64imafdc_zicsr_zkr", es16);
	gather(&v, &r, true);
	CHECK(r.present[ES_SRC_RDSEED] && !r.refused[ES_SRC_RDSEED] && r.longs[ES_SRC_RDSEED] == ES_CPU_LONGS);
	CHECK(v.state[ES_SRC_RDSEED] == ES_PASS && v.bits[ES_SRC_RDSEED] == 2048 && v.gate_met);
	/* untrusted: mixed, not counted */
	gather(&v, &r, false);
	CHECK(v.counted_bits == 0 && v.untrusted_bits > 0 && !v.gate_met);
	/* listed but trapping: refused, nothing read after the probe, nothing
	 * counted */
	machine("rv64imafdc_zicsr_zkr", trap);
	gather(&v, &r, true);
	CHECK(!r.present[ES_SRC_RDSEED] && r.refused[ES_SRC_RDSEED] && fake_rv64.seed_calls == 1);
	CHECK(r.longs[ES_SRC_RDSEED] == 0 && v.counted_bits == 0 && !v.gate_met);
	/* DEAD after the probe: present, every long failed, not counted */
	machine("rv64imafdc_zicsr_zkr", dead);
	gather(&v, &r, true);
	CHECK(r.present[ES_SRC_RDSEED] && r.failed == ES_CPU_LONGS && v.state[ES_SRC_RDSEED] == ES_FAIL);
	CHECK(!v.gate_met);
	/* a stuck value fails the health tests */
	machine("rv64imafdc_zicsr_zkr", stuck);
	gather(&v, &r, true);
	CHECK(v.state[ES_SRC_RDSEED] == ES_FAIL && !v.gate_met);
	/* not listed: absent, never read */
	machine("rv64imafdc_zicsr", es16);
	gather(&v, &r, true);
	CHECK(!r.present[ES_SRC_RDSEED] && !r.refused[ES_SRC_RDSEED] && fake_rv64.seed_calls == 0);
}

int main(void)
{
	RUN(test_probe);
	RUN(test_probe_rhct);
	RUN(test_listed);
	RUN(test_arch);
	RUN(test_long);
	RUN(test_gathering);
	return check_done();
}
