/* SPDX-License-Identifier: MIT */
/* libFuzzer: the device tree a firmware hands over (EFI_DTB_TABLE_GUID),
 * however broken (core/fdt.c): nothing outside the bytes is read or
 * written (ASan sees it), a property found lies inside the tree, and once
 * removed as Linux removes it the tree keeps its size and the property is
 * gone (a second of the same name, in a broken tree, lies after it); the
 * harts' ISA strings are read within it too (es_fdt_isa_has, the probe of
 * riscv64's Zkr), and a tree whose header fails lists nothing. */
#include <stdlib.h>
#include <string.h>

#include "../../core/earlyseed.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	unsigned char *t = malloc(size ? size : 1);
	struct es_fdt_prop p, q;
	uint32_t z;

	if (t == NULL)
		return 0;
	memcpy(t, data, size);
	z = es_fdt_size(t, size);
	if (z > size)
		abort();
	if (es_fdt_find(t, size, "chosen", "rng-seed", &p)) {
		if (z == 0 || p.at + p.span > z || p.value != p.at + 12 || p.value + p.len > p.at + p.span ||
		    p.span % 4 != 0)
			abort();
		es_fdt_nop(t, size, &p);
		/* gone; a second one of the same name (a broken tree) lies after it */
		if (es_fdt_size(t, size) != z || (es_fdt_find(t, size, "chosen", "rng-seed", &q) && q.at <= p.at))
			abort();
	}
	(void)es_fdt_find(t, size, "cpus", "riscv,isa", &q);
	if (es_fdt_isa_has(t, size, "zkr") && z == 0)
		abort();
	(void)es_fdt_isa_has(t, z, "zicsr");
	free(t);
	return 0;
}
