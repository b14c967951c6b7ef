/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_CORE_CREDIT_H
#define EARLYSEED_CORE_CREDIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * The kernel's entropy accounting, to report what a kernel would credit.
 * earlyseed itself credits nothing: the app never calls these.
 */

/* v3.17 drivers/char/random.c: entropy_count is in 1/8 bits. */
#define ES_CREDIT_ENTROPY_SHIFT 3
/* poolinfo_table[]: poolbitshift = ilog2(poolwords) + 5. */
#define ES_CREDIT_INPUT_POOLBITSHIFT 12  /* input pool, 128 words, 4096 bits */
#define ES_CREDIT_OUTPUT_POOLBITSHIFT 10 /* blocking/nonblocking pools, 32 words */
/* random_read_wakeup_bits: "the minimum number of bits of entropy before we
 * wake up a read on /dev/random" (v3.17 default 64). */
#define ES_CREDIT_READ_WAKEUP_BITS 64

/* The accounting half of a v3.17 struct entropy_store. */
struct es_credit_pool {
	int poolbitshift;  /* ES_CREDIT_INPUT_POOLBITSHIFT or ES_CREDIT_OUTPUT_POOLBITSHIFT */
	int entropy_count; /* 1/8 bits, 0 .. 1 << (poolbitshift + 3) */
	int entropy_total; /* bits credited since the last reset */
	bool initialized;  /* set once entropy_total > 128 */
};

void es_credit_pool_init(struct es_credit_pool *p, int poolbitshift);
/* poolfracbits: the pool's size in 1/8 bits (32768 for the input pool). */
int es_credit_pool_fracbits(const struct es_credit_pool *p);

/*
 * v3.17 es_credit_entropy_bits(r, nbits), bit-exact, with the kernel's wrapping
 * int arithmetic (it is built with -fno-strict-overflow): the asymptotic 3/4
 * rule in chunks of at most pool_size/2, clamping to [0, pool_size], a
 * negative nbits as a plain debit, entropy_total and initialized. For the
 * input pool, the kernel's push to the output pools resets entropy_total when
 * entropy_bits > random_write_wakeup_bits (896) and entropy_total >= 128 once
 * initialized; that reset is applied here too, assuming the output pools are
 * below 3/4 full (they start empty and nothing here reads them).
 */
void es_credit_entropy_bits(struct es_credit_pool *p, int nbits);
/* v3.17 es_credit_entropy_bits_safe(): caps |nbits| at ~0U >> 4 first. */
void es_credit_entropy_bits_safe(struct es_credit_pool *p, int nbits);

/* Kernels whose seeding rules are modelled. */
enum es_credit_kernel {
	ES_CREDIT_KERNEL_3_14,
	ES_CREDIT_KERNEL_3_15,
	ES_CREDIT_KERNEL_3_16,
	ES_CREDIT_KERNEL_3_17,
	ES_CREDIT_KERNEL_6, /* Linux >= 5.19 (the rules of 6.x) */
};

/* Bytes mixed when a hw_random device registers: 3.15 hwrng_register() and
 * 3.16+ add_early_randomness() read 16 bytes (drivers/char/hw_random/core.c,
 * add_device_randomness: mixed, no credit); 3.14 reads none; 6.x reads 32. */
size_t es_credit_hwrng_register_bytes(enum es_credit_kernel k, size_t available);

/* Bits credited for RDSEED/RDRAND at boot. 3.x init_std_data(): mixed, never
 * credited. 6.x random_init(): a BLAKE2s block (512 bits) credited only with
 * random.trust_cpu=on. */
int es_credit_boot_arch_bits(enum es_credit_kernel k, bool have_arch, bool trust_cpu);

/* Bits credited by one fast-pool spill in add_interrupt_randomness() (once a
 * second on a busy CPU): 1 for the fast pool; with RDSEED one long is mixed
 * too and credited sizeof(long) * 4 = 32 bits on x86_64 in 3.15/3.16 ("count
 * it as 50% entropic"), 1 bit in 3.17; 3.14 and 6.x do not use RDSEED there. */
int es_credit_interrupt_bits(enum es_credit_kernel k, bool rdseed);

/* 3.15/3.16 arch_random_refill() before /dev/random blocks: up to 64 RDSEED
 * longs (512 bytes on x86_64) mixed into the input pool, credited bytes * 4.
 * Returns the bytes mixed (0 where the kernel has no refill); *bits the credit. */
size_t es_credit_refill_bytes(enum es_credit_kernel k, bool rdseed, int *bits);

/* Linux >= 5.19 add_bootloader_randomness(buf, len): mixed always, credited
 * len * 8 only with random.trust_bootloader=on; the kernel reads at most 1024
 * bytes of the table (drivers/firmware/efi/efi.c). 3.x has no consumer: 0. */
int es_credit_bootloader_bits(enum es_credit_kernel k, size_t len, bool trust_bootloader);

/* Linux >= 5.19 is ready (crng init done) at 256 credited bits
 * (POOL_READY_BITS); credits beyond are not counted (entropy_avail <= 256). */
#define ES_CREDIT_READY_BITS 256

#endif
