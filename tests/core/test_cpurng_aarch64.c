/* SPDX-License-Identifier: MIT */
/* arch/aarch64/cpurng.c on the x86_64 host against scripted instructions:
 * the FEAT_RNG probe, bounded retries, the gathering and the health tests
 * as the engine runs them (the instructions themselves run under QEMU,
 * tests/boot/qemu-aarch64.sh). */
#include <string.h>

#include "../../arch/aarch64/cpurng.h"
#include "../../core/earlyseed.h"
#include "../check.h"
#include "../fake_insn_aarch64.h"

static int good(uint64_t *v)
{
	*v = check_rand64();
	return 1;
}

static int never(uint64_t *v)
{
	*v = 0;
	return 0;
}

static unsigned int flaky_left;
static int flaky(uint64_t *v)
{
	if (flaky_left > 0) {
		flaky_left--;
		return 0;
	}
	return good(v);
}

static int stuck(uint64_t *v)
{
	*v = 0x0123456789abcdefu;
	return 1;
}

static void reset(uint64_t rndr_field)
{
	memset(&fake_a64, 0, sizeof(fake_a64));
	fake_a64.isar0 = rndr_field << CPURNG_ISAR0_RNDR_SHIFT | 0x0000111100210000u; /* other fields set */
	fake_a64.rndr_fn = good;
	fake_a64.rndrrs_fn = good;
}

static void gather(struct es_verdict *v, struct es_cpu_report *r, bool trust_cpu)
{
	check_cpu_gather(&cpurng_arch, NULL, trust_cpu, v, r);
}

static void test_probe(void)
{
	reset(0);
	CHECK(!cpurng_has_rng());
	reset(1);
	CHECK(cpurng_has_rng());
	reset(2); /* a later FEAT_RNG revision still has the instructions */
	CHECK(cpurng_has_rng());
	CHECK(cpurng_arch.audit_arch == ES_AUDIT_ARCH_AARCH64 && cpurng_arch.count == 2);
	CHECK(cpurng_arch.sources[0].src == ES_SRC_RDSEED && cpurng_arch.sources[1].src == ES_SRC_RDRAND);
	CHECK(strcmp(es_source_name(ES_SRC_RDSEED, cpurng_arch.audit_arch), "rndrrs") == 0);
	CHECK(strcmp(es_source_name(ES_SRC_RDRAND, cpurng_arch.audit_arch), "rndr") == 0);
	{
		uint64_t c0 = cpurng_cycles();
		uint64_t c1 = cpurng_cycles();

		CHECK(c0 < c1);
	}
}

static void test_retries(void)
{
	uint64_t v = 1;

	reset(1);
	fake_a64.rndrrs_fn = never;
	CHECK(!cpurng_rndrrs64(&v) && v == 0 && fake_a64.rndrrs_calls == CPURNG_RNDRRS_TRIES);
	fake_a64.rndr_fn = never;
	CHECK(!cpurng_rndr64(&v) && fake_a64.rndr_calls == CPURNG_RNDR_TRIES);
	fake_a64.rndr_fn = flaky;
	flaky_left = CPURNG_RNDR_TRIES - 1;
	CHECK(cpurng_rndr64(&v) && v != 0);
}

static void test_gathering(void)
{
	struct es_verdict v;
	struct es_cpu_report r;

	/* RNDRRS gives every long: counted as RDSEED's row (4 bits a byte) */
	reset(1);
	gather(&v, &r, true);
	CHECK(r.longs[ES_SRC_RDSEED] == ES_CPU_LONGS && r.longs[ES_SRC_RDRAND] == 0);
	CHECK(v.state[ES_SRC_RDSEED] == ES_PASS && v.bits[ES_SRC_RDSEED] == 2048 && v.gate_met);
	/* untrusted: mixed, not counted */
	gather(&v, &r, false);
	CHECK(v.counted_bits == 0 && v.untrusted_bits > 0 && !v.gate_met);
	/* RNDRRS never reseeds in time: RNDR fills in, RNDRRS fails */
	reset(1);
	fake_a64.rndrrs_fn = never;
	gather(&v, &r, true);
	CHECK(r.longs[ES_SRC_RDRAND] == ES_CPU_LONGS && v.state[ES_SRC_RDSEED] == ES_FAIL);
	CHECK(v.state[ES_SRC_RDRAND] == ES_PASS && v.bits[ES_SRC_RDRAND] == 512);
	/* a stuck value fails the health tests */
	reset(1);
	fake_a64.rndrrs_fn = stuck;
	fake_a64.rndr_fn = stuck;
	gather(&v, &r, true);
	CHECK(v.state[ES_SRC_RDSEED] == ES_FAIL && !v.gate_met);
	/* no FEAT_RNG: the instructions are never executed (they would fault) */
	reset(0);
	gather(&v, &r, true);
	CHECK(!r.present[ES_SRC_RDSEED] && fake_a64.rndr_calls == 0 && fake_a64.rndrrs_calls == 0);
}

static void test_summary_names(void)
{
	struct es_audit_record a;
	char line[ES_AUDIT_SUMMARY_MAX], names[128];

	es_audit_init(&a);
	a.arch = ES_AUDIT_ARCH_AARCH64;
	a.present = 1u << ES_SRC_RDSEED | 1u << ES_SRC_RDRAND;
	a.bytes[ES_SRC_RDSEED] = 512;
	es_audit_summary(&a, line, sizeof(line));
	CHECK(strcmp(line, "rndrrs=512 rndr=0 efi_rng=0 prev_table=0 seed_file=0 table=0 "
			   "health=rndrrs:pass,rndr:pass,efi_rng:absent,seed_file:absent") == 0);
	a.failed = 1u << ES_SRC_RDSEED;
	es_audit_flag_names(&a, names, sizeof(names));
	CHECK(strcmp(names, "rndrrs rndr rndrrs_fail") == 0);
	a.arch = ES_AUDIT_ARCH_X86_64;
	es_audit_flag_names(&a, names, sizeof(names));
	CHECK(strcmp(names, "rdseed rdrand rdseed_fail") == 0);
}

int main(void)
{
	RUN(test_probe);
	RUN(test_retries);
	RUN(test_gathering);
	RUN(test_summary_names);
	return check_done();
}
