/* SPDX-License-Identifier: MIT */
/* core/fdt.c: /chosen/rng-seed found in a tree as firmware writes one,
 * removed as Linux removes it, and every broken or hostile tree refused
 * without a read outside it. */
#define _GNU_SOURCE
#include <string.h>

#include "../../core/earlyseed.h"
#include "../check.h"
#include "../mkfdt.h"

static uint8_t t[4096];

static size_t tree(const char *chosen, const uint8_t *seed, size_t n)
{
	size_t z = mkfdt(t, sizeof(t), chosen, seed, n);

	CHECK(z > 0);
	return z;
}

static uint32_t get_be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static void put_be32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24);
	p[1] = (uint8_t)(v >> 16);
	p[2] = (uint8_t)(v >> 8);
	p[3] = (uint8_t)v;
}

/* Every seed length (padding or not), under /chosen and /chosen@0. */
static void test_find(void)
{
	uint8_t seed[64];
	struct es_fdt_prop p;

	check_rand_fill(seed, sizeof(seed));
	for (size_t n = 1; n <= sizeof(seed); n++) {
		for (int k = 0; k < 2; k++) {
			size_t z = tree(k ? "chosen@0" : "chosen", seed, n);

			CHECK(es_fdt_size(t, z) == z);
			CHECK(es_fdt_find(t, z, "chosen", "rng-seed", &p));
			CHECK(p.len == n && memcmp(t + p.value, seed, n) == 0);
			CHECK(p.value == p.at + 12 && p.span % 4 == 0 && p.span >= 12 + n && p.span < 12 + n + 4);
			/* the other properties of the node, and none elsewhere */
			CHECK(es_fdt_find(t, z, "chosen", "bootargs", &p) && p.len == 14);
			CHECK(es_fdt_find(t, z, "chosen", "stdout-path", &p) && p.len == 21);
			CHECK(!es_fdt_find(t, z, "chosen", "reg", &p) && p.len == 0);
			CHECK(es_fdt_find(t, z, "memory@80000000", "reg", &p) && p.len == 16);
		}
	}
	/* libfdt takes "chosen@<unit>" for "chosen" (fdt_nodename_eq_) */
	CHECK(es_fdt_find(t, tree("chosen@1", seed, 32), "chosen", "rng-seed", &p) && p.len == 32);
	/* none: another node's name, no property, an empty one */
	CHECK(!es_fdt_find(t, tree("choose", seed, 32), "chosen", "rng-seed", &p));
	CHECK(!es_fdt_find(t, tree("chosenx", seed, 32), "chosen", "rng-seed", &p));
	/* only the first chosen node is Linux's: a second one's seed is not */
	{
		size_t z = tree("chosen", seed, 32);
		uint8_t *m = memmem(t, z, "memory@80000000", 15);

		CHECK(m != NULL);
		if (m != NULL)
			memcpy(m, "chosen@80000000", 15);
		CHECK(!es_fdt_find(t, z, "chosen", "rng-seed", &p));
		CHECK(es_fdt_find(t, z, "chosen", "reg", &p) && p.len == 16);
	}
	CHECK(!es_fdt_find(t, tree("chosen", NULL, 0), "chosen", "rng-seed", &p));
	CHECK(es_fdt_find(t, tree("chosen", seed, 0), "chosen", "rng-seed", &p) && p.len == 0);
	/* a property of a grandchild of the root is not the node's */
	CHECK(!es_fdt_find(t, tree("chosen", seed, 32), "cpus", "device_type", &p));
}

/* Removed as Linux does (fdt_nop_property): the bytes gone, the tree the
 * same size and still read, the other properties where they were. */
static void test_nop(void)
{
	uint8_t seed[32], before[4096];
	struct es_fdt_prop p, q;
	size_t z = tree("chosen", NULL, 0);

	check_rand_fill(seed, sizeof(seed));
	z = tree("chosen", seed, sizeof(seed));
	memcpy(before, t, z);
	CHECK(es_fdt_find(t, z, "chosen", "rng-seed", &p));
	es_fdt_nop(t, z, &p);
	CHECK(es_fdt_size(t, z) == z);
	CHECK(!es_fdt_find(t, z, "chosen", "rng-seed", &q));
	CHECK(es_fdt_find(t, z, "chosen", "stdout-path", &q) && memcmp(t + q.value, "/soc/serial@10000000", 21) == 0);
	for (uint32_t i = 0; i < p.span; i += 4)
		CHECK(t[p.at + i] == 0 && t[p.at + i + 1] == 0 && t[p.at + i + 2] == 0 && t[p.at + i + 3] == 4);
	CHECK(memcmp(t, before, p.at) == 0 && memcmp(t + p.at + p.span, before + p.at + p.span, z - p.at - p.span) == 0);
	/* a span that lies is not written */
	memcpy(t, before, z);
	p.span = (uint32_t)z;
	es_fdt_nop(t, z, &p);
	CHECK(memcmp(t, before, z) == 0);
}

/* Broken trees: a header that lies, every cut, tokens that run out. */
static void test_hostile(void)
{
	uint8_t seed[32], good[4096];
	struct es_fdt_prop p;
	size_t z;

	check_rand_fill(seed, sizeof(seed));
	z = tree("chosen", seed, sizeof(seed));
	memcpy(good, t, z);
	/* every cut of the bytes the caller can read */
	for (size_t n = 0; n < z; n++)
		CHECK(es_fdt_size(t, n) == 0 && !es_fdt_find(t, n, "chosen", "rng-seed", &p));
	CHECK(!es_fdt_find(NULL, z, "chosen", "rng-seed", &p));
	/* each header field made wrong */
	static const struct {
		size_t at;
		uint32_t v;
	} bad[] = {
		{ 0, 0xd00dfeeeu }, /* magic */
		{ 4, 39 },	    /* totalsize under the header */
		{ 4, 5000 },	    /* totalsize past what is readable */
		{ 8, 57 },	    /* a structure block not 4-aligned */
		{ 8, 5000 },	    /* ... past the tree */
		{ 12, 5000 },	    /* strings past it */
		{ 20, 16 },	    /* version 16: no size_dt_struct */
		{ 24, 18 },	    /* last_comp_version past 17 */
		{ 32, 5000 },	    /* strings size past it */
		{ 36, 0xfffffff0u } /* structure size that wraps */
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		memcpy(t, good, z);
		put_be32(t + bad[i].at, bad[i].v);
		CHECK(!es_fdt_find(t, z, "chosen", "rng-seed", &p));
	}
	/* a property length past the block, a name offset past the strings, a
	 * string block without its last NUL, an unknown token, a node name
	 * without its NUL: not found, nothing read past the tree */
	memcpy(t, good, z);
	CHECK(es_fdt_find(t, z, "chosen", "rng-seed", &p));
	put_be32(t + p.at + 4, 0x7ffffff0u);
	CHECK(!es_fdt_find(t, z, "chosen", "rng-seed", &p));
	memcpy(t, good, z);
	CHECK(es_fdt_find(t, z, "chosen", "rng-seed", &p));
	put_be32(t + p.at + 8, 4000);
	CHECK(!es_fdt_find(t, z, "chosen", "rng-seed", &p));
	memcpy(t, good, z);
	t[z - 1] = 'x';
	CHECK(!es_fdt_find(t, z, "chosen", "bootargs", &p) || p.len == 14);
	memcpy(t, good, z);
	put_be32(t + 56, 7);
	CHECK(!es_fdt_find(t, z, "chosen", "rng-seed", &p));
	/* a structure block cut inside the rng-seed value */
	memcpy(t, good, z);
	CHECK(es_fdt_find(t, z, "chosen", "rng-seed", &p));
	put_be32(t + 36, p.value + 8 - 56);
	CHECK(!es_fdt_find(t, z, "chosen", "rng-seed", &p));
	/* blocks inside the header, or over each other: refused (fdt_check_header) */
	memcpy(t, good, z);
	put_be32(t + 8, 36);
	CHECK(!es_fdt_find(t, z, "chosen", "rng-seed", &p));
	memcpy(t, good, z);
	put_be32(t + 12, 60); /* the strings inside the structure block */
	CHECK(!es_fdt_find(t, z, "chosen", "rng-seed", &p));
	/* a token before the root (a NOP): libfdt reads the root at offset 0 */
	{
		static uint8_t shifted[4096];
		uint32_t st_size = (uint32_t)(t[36] << 24 | t[37] << 16 | t[38] << 8 | t[39]);

		memcpy(t, good, z);
		memcpy(shifted, t, 56);
		put_be32(shifted + 56, 4);
		memcpy(shifted + 60, t + 56, z - 56);
		put_be32(shifted + 4, (uint32_t)z + 4);
		put_be32(shifted + 12, 56 + st_size + 4);
		put_be32(shifted + 36, st_size + 4);
		CHECK(es_fdt_size(shifted, z + 4) == z + 4 && !es_fdt_find(shifted, z + 4, "chosen", "rng-seed", &p));
	}
	/* a property after a subnode of chosen: libfdt's property walk ends at
	 * the subnode, so Linux never reads it */
	memcpy(t, good, z);
	CHECK(es_fdt_find(t, z, "chosen", "bootargs", &p) && p.span == 28);
	put_be32(t + p.at, 1);
	memcpy(t + p.at + 4, "x\0\0\0", 4);
	put_be32(t + p.at + 8, 2);
	for (uint32_t i = 12; i < 28; i += 4)
		put_be32(t + p.at + i, 4);
	CHECK(!es_fdt_find(t, z, "chosen", "rng-seed", &p));
	/* nodes nested past any real tree's depth: refused, not recursed */
	{
		static uint8_t deep[4096];
		size_t at = 56;

		memcpy(deep, good, 56);
		for (int d = 0; d < 200 && at + 8 < sizeof(deep) - 64; d++) {
			put_be32(deep + at, 1);
			memcpy(deep + at + 4, "n\0\0\0", 4);
			at += 8;
		}
		put_be32(deep + at, 9);
		at += 4;
		put_be32(deep + 4, (uint32_t)at);
		put_be32(deep + 12, (uint32_t)at);
		put_be32(deep + 32, 0);
		put_be32(deep + 36, (uint32_t)(at - 56));
		CHECK(es_fdt_size(deep, at) == at && !es_fdt_find(deep, at, "chosen", "rng-seed", &p));
	}
}

/* ISA(harts...): does the tree of these harts list zkr? */
static bool isa_zkr(const struct mkfdt_hart *h, size_t n)
{
	static uint8_t tree[4096];
	size_t z = mkfdt_harts(tree, sizeof(t), h, n);

	CHECK(z > 0);
	return es_fdt_isa_has(tree, z, "zkr");
}

/* The ISA as Linux reads it (arch/riscv/kernel/cpufeature.c): the string
 * list first, else the string; every running hart; "zk" bundles "zkr". */
static void test_isa(void)
{
	static const char exts[] = "i\0m\0a\0f\0d\0c\0zicsr\0zkr\0zkt";
	static const char exts_no[] = "i\0m\0a\0zicsr\0zkrx\0zkt";
	const struct mkfdt_hart qemu72 = { "rv64imafdch_zicsr_zifencei_zihintpause_zba_zbb_zbc_zbs_zkr", NULL, 0, NULL, 0 };
	const struct mkfdt_hart plain = { "rv64imafdch_zicsr_zifencei_zihintpause_zba_zbb_zbc_zbs", NULL, 0, "okay", 0 };
	const struct mkfdt_hart two[2] = { { "rv64gc_zkr", NULL, 0, NULL, 0 }, { "rv64gc", NULL, 0, NULL, 0 } };
	const struct mkfdt_hart off[2] = { { "rv64gc_zkr", NULL, 0, NULL, 0 }, { "rv64gc", NULL, 0, "disabled", 0 } };
	const struct mkfdt_hart list[2] = { { "rv64gc", exts, sizeof(exts), NULL, 0 }, { NULL, exts, sizeof(exts), NULL, 0 } };
	const struct mkfdt_hart list_no = { "rv64gc_zkr", exts_no, sizeof(exts_no), NULL, 0 };
	const struct mkfdt_hart bundle = { "RV64IMAFDC_ZICSR_ZK", NULL, 0, NULL, 0 };
	const struct mkfdt_hart single = { "rv64imafdczkr", NULL, 0, NULL, 0 };
	const struct mkfdt_hart not_rv = { "xx64gc_zkr", NULL, 0, NULL, 0 };
	const struct mkfdt_hart prefix = { "rv64gc_zkrx_zk_", NULL, 0, NULL, 0 };
	const struct mkfdt_hart near[3] = { { "rv64gc_zkrx", NULL, 0, NULL, 0 }, { "rv64gc_zkn", NULL, 0, NULL, 0 },
					    { "rv64gc_szkr", NULL, 0, NULL, 0 } };
	static const char exts_upper[] = "i\0m\0ZKR";
	const struct mkfdt_hart upper = { NULL, exts_upper, sizeof(exts_upper), NULL, 0 };
	const struct mkfdt_hart late = { "rv64gc_zkr", NULL, 0, NULL, 1 };
	const struct mkfdt_hart okay_no_nul = { "rv64gc_zkr", NULL, 0, "okay", 0 };
	static uint8_t tree[4096];
	size_t z;

	CHECK(isa_zkr(&qemu72, 1));
	CHECK(!isa_zkr(&plain, 1));
	/* every hart that runs: one without it takes it away */
	CHECK(!isa_zkr(two, 2));
	CHECK(isa_zkr(off, 2));
	/* the list wins over the string, where a hart has both */
	CHECK(isa_zkr(list, 2));
	CHECK(!isa_zkr(&list_no, 1));
	CHECK(isa_zkr(&bundle, 1) && isa_zkr(&single, 1) && isa_zkr(&prefix, 1));
	CHECK(!isa_zkr(&not_rv, 1));
	/* the list's names are exact, as Linux matches them */
	CHECK(!isa_zkr(&upper, 1));
	/* a property after the hart's subnode is not the hart's (libfdt) */
	CHECK(!isa_zkr(&late, 1));
	CHECK(isa_zkr(&okay_no_nul, 1));
	for (size_t i = 0; i < 3; i++)
		CHECK(!isa_zkr(&near[i], 1));
	/* no hart says anything, or no tree: not listed */
	z = mkfdt(tree, sizeof(t), "chosen", NULL, 0);
	CHECK(z > 0 && !es_fdt_isa_has(tree, z, "zkr"));
	CHECK(!es_fdt_isa_has(NULL, 0, "zkr") && !es_fdt_isa_has(tree, 39, "zkr"));
	/* a property whose length runs past the structure block, and a hart
	 * left open at the block's end: refused, never read past (ASan) */
	z = mkfdt_harts(tree, sizeof(tree), &qemu72, 1);
	for (size_t at = 56; at + 12 < z; at += 4) {
		static uint8_t bad[4096];

		if (get_be32(tree + at) != 3)
			continue;
		memcpy(bad, tree, z);
		put_be32(bad + at + 4, 0x7fffffffu);
		CHECK(!es_fdt_isa_has(bad, z, "zkr"));
	}
	{
		static uint8_t open_hart[4096];

		memcpy(open_hart, tree, z);
		/* the structure block ends inside the hart's node */
		put_be32(open_hart + 36, get_be32(tree + 36) / 2u & ~3u);
		CHECK(es_fdt_size(open_hart, z) == z && !es_fdt_isa_has(open_hart, z, "zkr"));
	}
}

int main(void)
{
	RUN(test_find);
	RUN(test_isa);
	RUN(test_nop);
	RUN(test_hostile);
	return check_done();
}
