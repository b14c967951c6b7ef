/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_TESTS_MKFDT_H
#define EARLYSEED_TESTS_MKFDT_H

#include <stddef.h>
#include <stdint.h>

/*
 * A flattened device tree as firmware writes one (Devicetree Specification
 * v0.4 chapter 5, version 17, big-endian): a root with a /cpus node, a
 * /memory node and /chosen holding bootargs, then rng-seed (seed, n bytes;
 * NULL for none) and stdout-path, each with its padding. chosen: the node's
 * name ("chosen", "chosen@0", or another to leave none). Returns the
 * tree's size (its header's totalsize), 0 when it does not fit cap.
 */
size_t mkfdt(uint8_t *out, size_t cap, const char *chosen, const uint8_t *seed, size_t n);

/* One RISC-V hart under /cpus, as QEMU and U-Boot write it: each property
 * NULL for none. exts is "riscv,isa-extensions" (NUL-separated names,
 * exts_len bytes with the last NUL). */
struct mkfdt_hart {
	const char *isa;
	const char *exts;
	size_t exts_len;
	const char *status;
	int isa_late; /* 1: riscv,isa after the hart's interrupt-controller subnode */
};
/* The same tree with these harts (at most 10) as /cpus/cpu@0.. and no seed. */
size_t mkfdt_harts(uint8_t *out, size_t cap, const struct mkfdt_hart *harts, size_t n);

#endif
