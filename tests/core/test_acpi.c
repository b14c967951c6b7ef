/* SPDX-License-Identifier: MIT */
/* ACPI's RHCT read for the harts' ISA strings (core/acpi.c
 * es_acpi_rhct_isa_has), on tables laid out as QEMU's riscv virt board
 * builds them (hw/riscv/virt-acpi-build.c build_rhct: one ISA string node,
 * then a hart info node per hart referring to it), and on broken ones. */
#include <string.h>

#include "../../core/earlyseed.h"
#include "../check.h"
#include "../mkrhct.h"

static uint8_t t[1024];

static void put16(uint32_t at, uint32_t v)
{
	t[at] = (uint8_t)v;
	t[at + 1] = (uint8_t)(v >> 8);
}

static void put32(uint32_t at, uint32_t v)
{
	put16(at, v & 0xffffu);
	put16(at + 2, v >> 16);
}

static uint32_t rhct(unsigned int harts, const char *isa, const char *isa2)
{
	return (uint32_t)mkrhct(t, sizeof(t), harts, isa, isa2);
}

static void test_listed(void)
{
	uint32_t n = rhct(2, "rv64imafdch_zicsr_zifencei_zkr_zba", NULL);

	CHECK(es_acpi_rhct_isa_has(t, n, "zkr"));
	CHECK(es_acpi_rhct_isa_has(t, sizeof(t), "zkr"));
	CHECK(!es_acpi_rhct_isa_has(t, n, "zkt"));
	/* the zk bundle holds Zkr (Linux riscv_zk_bundled_exts) */
	n = rhct(1, "rv64imac_zk", NULL);
	CHECK(es_acpi_rhct_isa_has(t, n, "zkr"));
	n = rhct(4, "RV64GC_ZKR", NULL);
	CHECK(es_acpi_rhct_isa_has(t, n, "zkr"));
}

static void test_not_every_hart(void)
{
	uint32_t n = rhct(3, "rv64gc_zkr", "rv64gc_zicsr");

	CHECK(!es_acpi_rhct_isa_has(t, n, "zkr"));
	n = rhct(3, "rv64gc", NULL);
	CHECK(!es_acpi_rhct_isa_has(t, n, "zkr"));
	/* no hart at all: nothing is listed */
	n = rhct(0, "rv64gc_zkr", NULL);
	CHECK(!es_acpi_rhct_isa_has(t, n, "zkr"));
	/* a hart that refers to no ISA string node lists nothing */
	n = rhct(1, "rv64gc_zkr", NULL);
	{
		uint32_t hart = 56 + ((6 + 2 + (uint32_t)strlen("rv64gc_zkr") + 1 + 1) & ~1u);

		CHECK(es_acpi_rhct_isa_has(t, n, "zkr"));
		put32(hart + 12, hart); /* refers to itself, not an ISA node */
		CHECK(!es_acpi_rhct_isa_has(t, n, "zkr"));
		put32(hart + 12, 4000); /* past the table */
		CHECK(!es_acpi_rhct_isa_has(t, n, "zkr"));
		put32(hart + 12, 56);
		put16(hart + 6, 0); /* no offsets */
		CHECK(!es_acpi_rhct_isa_has(t, n, "zkr"));
		put16(hart + 6, 3); /* more offsets than the node holds */
		CHECK(!es_acpi_rhct_isa_has(t, n, "zkr"));
	}
}

static void test_malformed(void)
{
	uint32_t n = rhct(2, "rv64gc_zkr", NULL);

	CHECK(es_acpi_rhct_isa_has(t, n, "zkr"));
	CHECK(!es_acpi_rhct_isa_has(NULL, n, "zkr"));
	CHECK(!es_acpi_rhct_isa_has(t, n - 1, "zkr")); /* its length past what may be read */
	CHECK(!es_acpi_rhct_isa_has(t, 40, "zkr"));
	memcpy(t, "SSDT", 4);
	CHECK(!es_acpi_rhct_isa_has(t, n, "zkr"));
	memcpy(t, "RHCT", 4);
	put16(56 + 2, 0xfff0); /* a node longer than the table */
	CHECK(!es_acpi_rhct_isa_has(t, n, "zkr"));
	n = rhct(2, "rv64gc_zkr", NULL);
	put16(56 + 6, 200); /* a string longer than its node */
	CHECK(!es_acpi_rhct_isa_has(t, n, "zkr"));
	n = rhct(2, "rv64gc_zkr", NULL);
	put16(56 + 2, 2); /* a node shorter than its header */
	CHECK(!es_acpi_rhct_isa_has(t, n, "zkr"));
	n = rhct(2, "rv64gc_zkr", NULL);
	put32(52, 8); /* nodes said to start inside the header */
	CHECK(!es_acpi_rhct_isa_has(t, n, "zkr"));
	/* the string itself is read as the device tree's is */
	n = rhct(1, "xx64gc_zkr", NULL);
	CHECK(!es_acpi_rhct_isa_has(t, n, "zkr"));
	CHECK(es_fdt_isa_string_has((const uint8_t *)"rv64i_zkr", 9, "zkr"));
	CHECK(!es_fdt_isa_string_has((const uint8_t *)"rv64i_zkr", 7, "zkr"));
	CHECK(!es_fdt_isa_string_has(NULL, 9, "zkr"));
}

int main(void)
{
	RUN(test_listed);
	RUN(test_not_every_hart);
	RUN(test_malformed);
	return check_done();
}
