/* SPDX-License-Identifier: MIT */
/*
 * The fault matrix (tests/efi/matrix.h) for efi/src_rng_seed.c: the device
 * tree's /chosen/rng-seed, as QEMU's virt boards and U-Boot hand it over.
 */
#include <string.h>

#include "../mkfdt.h"
#include "matrix.h"

static const char distrust[] = "next = \\vmlinuz\ncmdline = console=ttyS0 random.trust_cpu=off\n";

/* a machine with no other source: the device tree's seed alone */
static uint8_t *machine(const uint8_t *seed, size_t n, size_t *z)
{
	static uint8_t t[4096];

	base();
	no_cpu_rng();
	fake.no_rng_protocol = true;
	set_conf(distrust);
	*z = mkfdt(t, sizeof(t), "chosen", seed, n);
	CHECK(*z > 0);
	return fake_set_dtb(t, *z);
}

/* 32 bytes, as QEMU writes them: counted as Linux counts them (256 bits, a
 * table), then removed as Linux removes them, so the kernel does not
 * credit them a second time; the tree still parses. */
static void test_seed_counted_then_removed(void)
{
	uint8_t seed[32];
	struct es_audit_record a;
	struct es_fdt_prop p;
	size_t z;
	uint8_t *t;

	check_rand_fill(seed, sizeof(seed));
	t = machine(seed, sizeof(seed), &z);
	finish(true, true);
	CHECK(logged("rng_seed: the device tree's /chosen/rng-seed: 32 bytes mixed"));
	CHECK(logged("rng_seed: removed from the device tree, as Linux does"));
	CHECK(logged("counted sources: an assumed 256 bits") && logged(" rng_seed=32 ") && logged(",rng_seed:pass"));
	CHECK(audit_decode_ok(&a) && es_audit_present(&a, ES_SRC_RNG_SEED) && es_audit_bytes(&a, ES_SRC_RNG_SEED) == 32);
	CHECK(es_fdt_size(t, z) == z && !es_fdt_find(t, z, "chosen", "rng-seed", &p));
	CHECK(es_fdt_find(t, z, "chosen", "bootargs", &p) && memcmp(t + p.value, "console=ttyS0", 14) == 0);
	CHECK(memmem(t, z, seed, 8) == NULL);
	/* the tree read again (the app after a driver, a chained stage):
	 * nothing left to count */
	{
		static uint8_t after[4096];

		memcpy(after, t, z);
		fake_efi_reset();
		base();
		no_cpu_rng();
		fake.no_rng_protocol = true;
		(void)fake_set_dtb(after, z);
	}
	finish(false, true);
	CHECK(logged("rng_seed: none (no /chosen/rng-seed in the device tree)"));
}

/* Too few bytes for a table, or bytes that fail their health tests: they
 * count nothing here and stay, untouched, for the kernel. */
static void test_seed_left_for_the_kernel(void)
{
	uint8_t seed[32];
	struct es_fdt_prop p;
	size_t z;
	uint8_t *t;

	check_rand_fill(seed, sizeof(seed));
	t = machine(seed, 16, &z);
	finish(false, true);
	CHECK(logged("rng_seed: the device tree's /chosen/rng-seed: 16 bytes mixed"));
	CHECK(logged("rng_seed: left in the device tree for the kernel"));
	CHECK(es_fdt_find(t, z, "chosen", "rng-seed", &p) && p.len == 16 && memcmp(t + p.value, seed, 16) == 0);
	memset(seed, 0, sizeof(seed));
	t = machine(seed, sizeof(seed), &z);
	finish(false, true);
	CHECK(logged("rng_seed:fail") || logged(",rng_seed:fail"));
	CHECK(es_fdt_find(t, z, "chosen", "rng-seed", &p) && p.len == 32);
}

/* A tree that is not one, or has no seed, or an empty one: said, and the
 * boot goes on; a machine with no device tree says nothing of it. */
static void test_no_seed(void)
{
	uint8_t seed[32];
	size_t z;
	uint8_t *t;

	check_rand_fill(seed, sizeof(seed));
	t = machine(seed, sizeof(seed), &z);
	t[0] ^= 1;
	finish(false, true);
	CHECK(logged("rng_seed: the firmware's device tree has no valid header (version 17): not read"));
	(void)machine(NULL, 0, &z);
	finish(false, true);
	CHECK(logged("rng_seed: none (no /chosen/rng-seed in the device tree)"));
	(void)machine(seed, 0, &z);
	finish(false, true);
	CHECK(logged("rng_seed: /chosen/rng-seed is empty (already read)"));
	base();
	no_cpu_rng();
	fake.no_rng_protocol = true;
	finish(false, true);
	CHECK(!logged("rng_seed:"));
}

/* The next stage fails: a table that rests on the device tree's seed is
 * taken back, since U-Boot hands the next boot option a fresh copy of its
 * tree with the seed back in it, and a kernel would credit both. */
static void test_seed_table_taken_back(void)
{
	uint8_t seed[32];
	struct es_audit_record a;
	size_t z;

	check_rand_fill(seed, sizeof(seed));
	(void)machine(seed, sizeof(seed), &z);
	fake.files[1].path = "\\elsewhere";
	finish(false, false);
	CHECK(logged("rng_seed: removed from the device tree, as Linux does"));
	CHECK(logged("earlyseed: table: taken back"));
	CHECK(audit_decode_ok(&a) && (a.flags & ES_AUDIT_F_TAKEN_BACK) != 0);
}

int main(void)
{
	matrix_start();
	RUN(test_seed_counted_then_removed);
	RUN(test_seed_left_for_the_kernel);
	RUN(test_no_seed);
	RUN(test_seed_table_taken_back);
	return matrix_done();
}
