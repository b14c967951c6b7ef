/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_ARCH_X86_64_CPURNG_H
#define EARLYSEED_ARCH_X86_64_CPURNG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * Intel DRNG Software Implementation Guide, 5.2.1: RDRAND "retry up to 10
 * times" before reporting failure; Linux RDRAND_RETRY_LOOPS is 10 too
 * (arch/x86/include/asm/archrandom.h). Ten executions in all.
 */
#define CPURNG_RDRAND_TRIES 10u
/*
 * DRNG guide 5.3.1: RDSEED may fail transiently under load; retry with PAUSE
 * between tries and give up after a bound. 100 tries cost microseconds; a
 * part that fails that many in a row is not delivering seeds at boot.
 */
#define CPURNG_RDSEED_TRIES 100u

struct cpurng_caps {
	bool rdrand; /* CPUID.01H:ECX[30] */
	bool rdseed; /* CPUID.(EAX=07H,ECX=0):EBX[18], only if max leaf >= 7 */
};

void cpurng_probe(struct cpurng_caps *caps);
/* True and *v set on success; false (and *v = 0) after the retry bound. */
bool cpurng_rdrand64(uint64_t *v);
bool cpurng_rdseed64(uint64_t *v);
uint64_t cpurng_cycles(void);

struct cpurng_counts {
	uint32_t rdseed; /* longs taken from RDSEED */
	uint32_t rdrand; /* longs taken from RDRAND */
	uint32_t none;   /* longs neither instruction delivered */
};

/*
 * Take n longs the way v3.17 init_std_data() does (drivers/char/random.c):
 * each from RDSEED, else from RDRAND. RDSEED results go to seeds[], RDRAND
 * results to rands[], packed from index 0; counts says how many of each.
 * Instructions the CPU lacks are not executed.
 */
void cpurng_gather(const struct cpurng_caps *caps, uint64_t *seeds, uint64_t *rands,
		   size_t n, struct cpurng_counts *counts);

#endif
