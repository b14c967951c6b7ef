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

#include "../../core/earlyseed.h"

/* CPUID.01H:ECX[30] */
bool cpurng_has_rdrand(void);
/* CPUID.(EAX=07H,ECX=0):EBX[18], asked only if the max leaf is >= 7 */
bool cpurng_has_rdseed(void);
/* True and *v set on success; false (and *v = 0) after the retry bound. */
bool cpurng_rdrand64(uint64_t *v);
bool cpurng_rdseed64(uint64_t *v);
uint64_t cpurng_cycles(void);

/* This architecture's CPU sources for es_cpu_gather(): RDSEED, then RDRAND
 * (the order of v3.17 init_std_data()), and the cycle counter. */
extern const struct es_cpu_arch cpurng_arch;

#endif
