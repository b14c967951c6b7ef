/* SPDX-License-Identifier: MIT */
/*
 * make bench: the core's costs measured side by side in one run, as ratios
 * to es_pool_mix; `bench --boot` runs only what one boot of the app computes
 * (for valgrind --tool=callgrind instruction counts, which do not jitter).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../core/blake2s.h"
#include "../core/earlyseed.h"
#include "../core/health.h"
#include "../core/pool.h"
#include "../core/seed.h"

#define BUF (1u << 20)
#define REPS 5

static uint8_t buf[BUF];
static struct es_pool pool;
static volatile uint8_t sink;

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void run_mix(void) { es_pool_mix(&pool, buf, BUF); }
static void run_unmix(void) { es_pool_unmix(&pool, buf, BUF); }

static void run_blake2s(void)
{
	uint8_t out[32];

	(void)es_blake2s(out, 32, NULL, 0, buf, BUF);
	sink = out[0];
}

static void run_health(void)
{
	struct es_health_test t;

	es_health_init(&t, 4u);
	es_health_feed(&t, buf, BUF);
	sink = (uint8_t)t.failed;
}

/* What one boot computes, through the engine: the app's records (clock 24,
 * two EFI RNG blocks of 32, 512 bytes of CPU longs), their health tests, the
 * verdict and a 32-byte seed. */
static void run_boot(void)
{
	struct es_session s;
	struct es_verdict v;
	struct es_trust trust;
	uint8_t seed[32];

	es_trust_defaults(&trust);
	es_session_begin(&s);
	(void)es_session_add(&s, ES_SRC_CLOCK, buf, 24);
	(void)es_session_add(&s, ES_SRC_EFI_RNG, buf + 24, 32);
	(void)es_session_add(&s, ES_SRC_EFI_RNG, buf + 56, 32);
	(void)es_session_add(&s, ES_SRC_RDRAND, buf + 128, 512);
	(void)es_session_finish(&s, &trust, seed, sizeof(seed), &v);
	sink = seed[0];
}

/* Best of REPS runs, in seconds. */
static double best(void (*fn)(void))
{
	double b = 1e9;

	for (int r = 0; r < REPS; r++) {
		double t0 = now();

		fn();
		t0 = now() - t0;
		b = t0 < b ? t0 : b;
	}
	return b;
}

int main(int argc, char **argv)
{
	static const struct {
		const char *name;
		void (*fn)(void);
		double bytes;
	} cases[] = {
		{ "es_pool_mix (v3.17 _mix_pool_bytes)", run_mix, BUF },
		{ "es_pool_unmix", run_unmix, BUF },
		{ "blake2s", run_blake2s, BUF },
		{ "es_health_feed (RCT + APT)", run_health, BUF },
	};
	double base = 0;

	int boot_only = argc > 1 && strcmp(argv[1], "--boot") == 0;

	/* --boot fills only what one boot uses, so callgrind counts the boot. */
	for (size_t i = 0; i < (boot_only ? 1024u : BUF); i++)
		buf[i] = (uint8_t)(i * 2654435761u >> 13);
	if (boot_only) {
		run_boot();
		return 0;
	}
	printf("%-36s %10s %12s %10s\n", "1 MiB through", "ms", "MB/s", "vs mix");
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		double t = best(cases[i].fn);

		if (i == 0)
			base = t;
		printf("%-36s %10.2f %12.1f %9.2fx\n", cases[i].name, t * 1e3, cases[i].bytes / t / 1e6, t / base);
	}
	{
		double t0 = now();
		int n = 0;

		while (now() - t0 < 0.2 && n < 1000000) {
			run_boot();
			n++;
		}
		printf("one boot's core work (600 bytes mixed, tested, 32-byte seed): %.1f us\n",
		       (now() - t0) / n * 1e6);
	}
	return 0;
}
