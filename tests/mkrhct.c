/* SPDX-License-Identifier: MIT */
/* ACPI's RHCT as QEMU builds it (tests/mkrhct.h). */
#include "mkrhct.h"

#include <string.h>

static void put16(uint8_t *t, size_t at, uint32_t v)
{
	t[at] = (uint8_t)v;
	t[at + 1] = (uint8_t)(v >> 8);
}

static void put32(uint8_t *t, size_t at, uint32_t v)
{
	put16(t, at, v & 0xffffu);
	put16(t, at + 2, v >> 16);
}

/* An ISA string node (type 0, revision 1) at at: its size, padded to even. */
static size_t isa_node(uint8_t *t, size_t at, const char *isa)
{
	size_t n = strlen(isa) + 1, size = (6 + 2 + n + 1) & ~(size_t)1;

	put16(t, at, 0);
	put16(t, at + 2, (uint32_t)size);
	put16(t, at + 4, 1);
	put16(t, at + 6, (uint32_t)n);
	memcpy(t + at + 8, isa, n);
	return size;
}

size_t mkrhct(uint8_t *out, size_t cap, unsigned int harts, const char *isa, const char *isa2)
{
	size_t at = 56, first = 56, second = 0, need;

	need = 56 + 8 + strlen(isa) + 2 + (isa2 != NULL ? 8 + strlen(isa2) + 2 : 0) + (size_t)harts * 16;
	memset(out, 0, cap);
	if (need > cap || need > UINT16_MAX)
		return 0;
	memcpy(out, "RHCT", 4);
	put32(out, 52, 56);
	at += isa_node(out, at, isa);
	if (isa2 != NULL) {
		second = at;
		at += isa_node(out, at, isa2);
	}
	for (unsigned int h = 0; h < harts; h++) {
		/* a hart info node (type 0xffff): one offset, to its ISA node */
		put16(out, at, 0xffff);
		put16(out, at + 2, 16);
		put16(out, at + 4, 1);
		put16(out, at + 6, 1);
		put32(out, at + 8, h);
		put32(out, at + 12, (uint32_t)((isa2 != NULL && h + 1 == harts) ? second : first));
		at += 16;
	}
	put32(out, 48, (isa2 != NULL ? 2u : 1u) + harts);
	put32(out, 4, (uint32_t)at);
	return at;
}
