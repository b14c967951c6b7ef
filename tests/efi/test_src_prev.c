/* SPDX-License-Identifier: MIT */
/*
 * The fault matrix (tests/efi/matrix.h) for efi/src_prev.c: a previous
 * LINUX_EFI_RANDOM_SEED_TABLE of any size or contents.
 */
#include <stdio.h>
#include <string.h>

#include "matrix.h"

static void test_prev_tables(void)
{
	static const uint32_t sizes[] = { 0, 32, 512, 513, 1024 };

	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		struct es_table_seed *p;
		char want[64];

		base();
		p = install_prev(sizes[i], sizes[i]);
		finish(true, true);
		CHECK(!fake_is_live(p)); /* replaced: wiped, then freed */
		CHECK(fake.prev_wiped_at_free);
		snprintf(want, sizeof(want), "prev_table=%u ", sizes[i]);
		CHECK(logged(want));
		CHECK(logged("prev_table: replaced by ours, wiped and freed"));
	}
}

/* A size field over the kernel's 1 KiB: never read past it, never freed; it
 * must not reach the kernel, so ours replaces it or it is removed. */
static void test_prev_tables_oversized(void)
{
	static const uint32_t sizes[] = { 1025, 0xffffffffu };

	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		struct es_table_seed *p;

		base();
		p = install_prev(sizes[i], 16); /* only 16 bytes exist: reading more is a bug ASan sees */
		finish(true, true);
		CHECK(prev_intact(p, sizes[i], 16)); /* not read, not freed */
		CHECK(logged("over the kernel's 1024-byte bound: bogus, not read"));
		CHECK(logged("prev_table=0 "));
		/* no hardware source: no table of ours, and the bogus one is gone */
		base();
		no_cpu_rng();
		fake.no_rng_protocol = true;
		p = install_prev(sizes[i], 16);
		finish(false, true);
		CHECK(fake_seed_table() == NULL && fake.remove_seen);
		CHECK(prev_intact(p, sizes[i], 16));
		CHECK(logged("prev_table: bad: removed so no kernel credits it (not freed: its size is bogus)"));
	}
}

/* Bad contents with no hardware source: mixed, not counted, removed. */
static void test_prev_tables_bad_contents(void)
{
	for (int kind = 0; kind < 3; kind++) {
		struct es_table_seed *p;
		size_t n = kind == 1 ? 64 : 512;

		base();
		no_cpu_rng();
		fake.no_rng_protocol = true;
		p = install_prev((uint32_t)n, n);
		if (kind == 0)
			memset(p->bits, 0, n); /* littlekernel */
		else if (kind == 1)
			memset(p->bits, 0x42, n);
		else
			for (size_t i = 32; i < n; i++)
				p->bits[i] = p->bits[i - 32]; /* one 32-byte key, repeated */
		finish(false, true);
		CHECK(fake_seed_table() == NULL && fake.remove_seen);
		CHECK(!fake_is_live(p) && fake.prev_wiped_at_free);
		CHECK(logged("earlyseed: health: prev_table: fail: "));
		CHECK(logged("prev_table: bad: removed so no kernel credits it, wiped and freed"));
	}
}

static void test_prev_table_alone(void)
{
	struct es_table_seed *p;

	/* 64 good-looking bytes: a table a kernel would trust anyway */
	base();
	no_cpu_rng();
	fake.no_rng_protocol = true;
	p = install_prev(64, 64);
	finish(true, true);
	CHECK(!fake_is_live(p) && fake.prev_wiped_at_free);
	/* 16 bytes are not enough: no table, the old one stays as it was */
	base();
	no_cpu_rng();
	fake.no_rng_protocol = true;
	p = install_prev(16, 16);
	finish(false, true);
	CHECK(prev_intact(p, 16, 16));
	CHECK(fake_seed_table() == p);
	CHECK(logged("prev_table: left in place"));
}

int main(void)
{
	matrix_start();
	RUN(test_prev_tables);
	RUN(test_prev_tables_oversized);
	RUN(test_prev_tables_bad_contents);
	RUN(test_prev_table_alone);
	return matrix_done();
}
