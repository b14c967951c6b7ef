/* SPDX-License-Identifier: MIT */
/* A flattened device tree (tests/mkfdt.h), written token by token as libfdt's
 * sequential writer (fdt_sw.c) lays it out. */
#include "mkfdt.h"

#include <string.h>

struct w {
	uint8_t *b;
	size_t cap, at;
	int bad;
};

static void put32(struct w *w, uint32_t v)
{
	if (w->at + 4 > w->cap) {
		w->bad = 1;
		return;
	}
	w->b[w->at++] = (uint8_t)(v >> 24);
	w->b[w->at++] = (uint8_t)(v >> 16);
	w->b[w->at++] = (uint8_t)(v >> 8);
	w->b[w->at++] = (uint8_t)v;
}

static void put(struct w *w, const void *p, size_t n)
{
	if (w->at + n > w->cap) {
		w->bad = 1;
		return;
	}
	memcpy(w->b + w->at, p, n);
	w->at += n;
	while (w->at % 4 != 0 && w->at < w->cap)
		w->b[w->at++] = 0;
}

static void node(struct w *w, const char *name)
{
	put32(w, 1); /* FDT_BEGIN_NODE */
	put(w, name, strlen(name) + 1);
}

/* the strings block, and each name's offset in it */
static const char strs[] =
	"bootargs\0rng-seed\0stdout-path\0reg\0device_type\0#address-cells\0riscv,isa\0riscv,isa-extensions\0status";
enum { S_BOOTARGS = 0, S_RNG = 9, S_STDOUT = 18, S_REG = 30, S_TYPE = 34, S_CELLS = 46, S_ISA = 61, S_EXTS = 71, S_STATUS = 92 };

static void prop(struct w *w, uint32_t nameoff, const void *v, size_t n)
{
	put32(w, 3); /* FDT_PROP */
	put32(w, (uint32_t)n);
	put32(w, nameoff);
	if (n > 0)
		put(w, v, n);
}

static size_t build(uint8_t *out, size_t cap, const char *chosen, const uint8_t *seed, size_t n,
		    const struct mkfdt_hart *harts, size_t nh)
{
	struct w w = { out, cap, 0, 0 };
	static const uint8_t reg[16] = { 0, 0, 0, 0, 0x80, 0, 0, 0, 0, 0, 0, 0, 0x40, 0, 0, 0 };
	static const uint8_t two[4] = { 0, 0, 0, 2 };
	size_t st, st_size;

	if (cap < 40 + 16)
		return 0;
	memset(out, 0, cap < 40 + 16 ? cap : 40 + 16);
	w.at = 40 + 16; /* the header, then an empty memory reservation map */
	st = w.at;
	node(&w, "");
	prop(&w, S_CELLS, two, sizeof(two));
	node(&w, "cpus");
	for (size_t i = 0; i < (harts != NULL ? nh : 1); i++) {
		char name[16] = "cpu@0";

		name[4] = (char)('0' + i % 10);
		node(&w, name);
		prop(&w, S_TYPE, "cpu", 4);
		if (harts != NULL && harts[i].status != NULL)
			prop(&w, S_STATUS, harts[i].status, strlen(harts[i].status) + 1);
		if (harts != NULL && harts[i].isa != NULL && !harts[i].isa_late)
			prop(&w, S_ISA, harts[i].isa, strlen(harts[i].isa) + 1);
		if (harts != NULL && harts[i].exts != NULL)
			prop(&w, S_EXTS, harts[i].exts, harts[i].exts_len);
		node(&w, "interrupt-controller");
		put32(&w, 2);
		if (harts != NULL && harts[i].isa != NULL && harts[i].isa_late)
			prop(&w, S_ISA, harts[i].isa, strlen(harts[i].isa) + 1);
		put32(&w, 2);
	}
	node(&w, "cpu-map"); /* not a hart, though its name starts so */
	put32(&w, 2);
	put32(&w, 2);
	node(&w, "memory@80000000");
	prop(&w, S_REG, reg, sizeof(reg));
	put32(&w, 2);
	put32(&w, 4); /* an FDT_NOP, as a tree that was edited has */
	node(&w, chosen);
	prop(&w, S_BOOTARGS, "console=ttyS0", 14);
	if (seed != NULL)
		prop(&w, S_RNG, seed, n);
	prop(&w, S_STDOUT, "/soc/serial@10000000", 21);
	put32(&w, 2);
	put32(&w, 2);
	put32(&w, 9); /* FDT_END */
	st_size = w.at - st;
	put(&w, strs, sizeof(strs));
	if (w.bad)
		return 0;
	/* the header (section 5.2) */
	w.at = 0;
	put32(&w, 0xd00dfeedu);
	put32(&w, (uint32_t)(st + st_size + sizeof(strs)));
	put32(&w, (uint32_t)st);
	put32(&w, (uint32_t)(st + st_size));
	put32(&w, 40);
	put32(&w, 17);
	put32(&w, 16);
	put32(&w, 0);
	put32(&w, (uint32_t)sizeof(strs));
	put32(&w, (uint32_t)st_size);
	return st + st_size + sizeof(strs);
}

size_t mkfdt(uint8_t *out, size_t cap, const char *chosen, const uint8_t *seed, size_t n)
{
	return build(out, cap, chosen, seed, n, NULL, 0);
}

size_t mkfdt_harts(uint8_t *out, size_t cap, const struct mkfdt_hart *harts, size_t n)
{
	return build(out, cap, "chosen", NULL, 0, harts, n);
}
