/* SPDX-License-Identifier: MIT */
/*
 * make bench: the firmware driver's work per ReadyToBoot, run as shipped
 * (efi/driver.c and the core at -Os, general registers only) against the
 * fake UEFI on this host: a machine with RDRAND, no firmware RNG. Prints the
 * time per pass (host wall clock; firmware on real hardware is of the same
 * order, TCG far slower); `--passes N` loads and runs N passes quietly, so
 * valgrind --tool=callgrind's counts for N = 1 and N = 0 differ by one pass.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../efi/main.h"
#include "../tests/check.h"
#include "../tests/fake_efi.h"
#include "../tests/fake_insn.h"

static int cpu(uint64_t *v)
{
	*v = check_rand64();
	return 1;
}

/* Nanoseconds, in integers: this file is built without SSE registers. */
static uint64_t now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

int main(int argc, char **argv)
{
	int passes = argc > 2 && strcmp(argv[1], "--passes") == 0 ? (int)strtol(argv[2], NULL, 10) : 200;
	uint64_t t0, t1;

	setenv("ES_NO_STACK_SCAN", "1", 1);
	fake_efi_reset();
	memset(&fake_insn, 0, sizeof(fake_insn));
	fake_insn.max_leaf = 0x16;
	fake_insn.leaf1_ecx = 1u << 30;
	fake_insn.rdrand_fn = cpu;
	fake.no_file_system = true;
	(void)efi_main(fake_image_handle(), ST);
	t0 = now_ns();
	for (int i = 0; i < passes; i++) {
		fake.loglen = 0; /* the fake console's buffer is bounded */
		(void)fake_ready_to_boot();
	}
	t1 = now_ns();
	if (argc <= 2)
		printf("driver: one ReadyToBoot pass (gather, judge, refresh the table, reseed the DRBG): %llu us on "
		       "this host, mean of %d\n", (unsigned long long)((t1 - t0) / 1000u / (uint64_t)passes), passes);
	fake_efi_reset();
	return 0;
}
