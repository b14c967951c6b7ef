/* SPDX-License-Identifier: MIT */
#include "check.h"

#include <stdio.h>
#include <string.h>

static unsigned int failures_in_test;
static unsigned int passed, failed, skipped;
static uint64_t rng_state = 0x6561726c79736565u; /* "earlysee" */

void check_fail(const char *file, int line, const char *what)
{
	/* Only the first few failures of a test: a loop can fail 100 000 times. */
	if (failures_in_test < 5)
		printf("#   %s:%d: check failed: %s\n", file, line, what);
	failures_in_test++;
}

void check_run(const char *name, void (*fn)(void))
{
	failures_in_test = 0;
	fn();
	if (failures_in_test == 0) {
		passed++;
		printf("ok - %s\n", name);
	} else {
		failed++;
		printf("not ok - %s (%u failed checks)\n", name, failures_in_test);
	}
	fflush(stdout);
}

void check_skip(const char *name, const char *why)
{
	skipped++;
	printf("ok - %s # SKIP %s\n", name, why);
}

unsigned int check_failures_in_test(void)
{
	return failures_in_test;
}

int check_done(void)
{
	printf("# %u passed, %u failed, %u skipped\n", passed, failed, skipped);
	return failed == 0 ? 0 : 1;
}

void check_rand_seed(uint64_t seed)
{
	rng_state = seed;
}

uint64_t check_rand64(void)
{
	uint64_t z = (rng_state += 0x9e3779b97f4a7c15u);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

void check_rand_fill(void *p, size_t n)
{
	uint8_t *b = p;

	for (size_t i = 0; i < n; i++)
		b[i] = (uint8_t)check_rand64();
}

void check_hex(uint8_t *out, const char *h)
{
	for (size_t i = 0; h[2 * i] != '\0' && h[2 * i + 1] != '\0'; i++) {
		unsigned int v = 0;

		for (size_t k = 0; k < 2; k++) {
			char c = h[2 * i + k];

			v = v * 16u + (unsigned int)(c <= '9' ? c - '0' : c - 'a' + 10);
		}
		out[i] = (uint8_t)v;
	}
}
