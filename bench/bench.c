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

/*
 * The kernel's own loop, for the ratio (issue: at most the kernel's
 * instructions per byte): Linux v3.17 drivers/char/random.c
 * _mix_pool_bytes() (dual BSD/GPL) as written there, input through a
 * `const char *` (signed on x86), for the 128-word input pool.
 */
struct v317_pool {
	uint32_t pool[128];
	unsigned short add_ptr, input_rotate;
};
static const uint32_t v317_twist_table[8] = { 0x00000000, 0x3b6e20c8, 0x76dc4190, 0x4db26158,
					      0xedb88320, 0xd6d6a3e8, 0x9b64c2b0, 0xa00ae278 };
static struct v317_pool kpool;

static inline uint32_t v317_rol32(uint32_t word, unsigned int shift)
{
	return (word << shift) | (word >> ((-shift) & 31));
}

static void v317_mix_pool_bytes(struct v317_pool *r, const void *in, int nbytes)
{
	unsigned long i, tap1, tap2, tap3, tap4, tap5;
	int input_rotate;
	int wordmask = 128 - 1;
	const signed char *bytes = in;

	tap1 = 104;
	tap2 = 76;
	tap3 = 51;
	tap4 = 25;
	tap5 = 1;
	input_rotate = r->input_rotate;
	i = r->add_ptr;
	while (nbytes--) {
		uint32_t w = v317_rol32((uint32_t)*bytes++, (unsigned int)input_rotate);

		i = (i - 1) & (unsigned long)wordmask;
		w ^= r->pool[i];
		w ^= r->pool[(i + tap1) & (unsigned long)wordmask];
		w ^= r->pool[(i + tap2) & (unsigned long)wordmask];
		w ^= r->pool[(i + tap3) & (unsigned long)wordmask];
		w ^= r->pool[(i + tap4) & (unsigned long)wordmask];
		w ^= r->pool[(i + tap5) & (unsigned long)wordmask];
		r->pool[i] = (w >> 3) ^ v317_twist_table[w & 7];
		input_rotate = (input_rotate + (i ? 7 : 14)) & 31;
	}
	r->input_rotate = (unsigned short)input_rotate;
	r->add_ptr = (unsigned short)i;
}

static void run_v317(void) { v317_mix_pool_bytes(&kpool, buf, (int)BUF); }
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
		{ "v3.17 _mix_pool_bytes as written", run_v317, BUF },
		{ "es_pool_unmix", run_unmix, BUF },
		{ "blake2s", run_blake2s, BUF },
		{ "es_health_feed (RCT + APT)", run_health, BUF },
	};
	double base = 0;

	int boot_only = argc > 1 && strcmp(argv[1], "--boot") == 0;

	/* --mix es|v317 N: only N bytes through one mix (callgrind counts it) */
	if (argc > 3 && strcmp(argv[1], "--mix") == 0) {
		char *end;
		long n = strtol(argv[3], &end, 10);

		if (*end != '\0' || n < 0 || n > (long)BUF)
			return 2;
		if (strcmp(argv[2], "es") == 0)
			es_pool_mix(&pool, buf, (size_t)n);
		else
			v317_mix_pool_bytes(&kpool, buf, (int)n);
		sink = (uint8_t)(pool.words[0] ^ kpool.pool[0]);
		return 0;
	}

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
