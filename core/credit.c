/* SPDX-License-Identifier: MIT */
/* Reference: Linux v3.15, v3.16, v3.17 drivers/char/random.c and
 * drivers/char/hw_random/core.c; Linux 6.1 drivers/char/random.c. */
#include "credit.h"

/* 3.15/3.16 arch_random_refill(): 64 longs of 8 bytes on x86_64. */
#define REFILL_BYTES ((size_t)64 * 8)

/* v3.17 random_write_wakeup_bits = 28 * OUTPUT_POOL_WORDS (32). */
#define WRITE_WAKEUP_BITS 896

/* The kernel's int arithmetic wraps (-fno-strict-overflow); C's does not,
 * so the wrapping operations are done in uint32_t and mapped back. */
static int wrap_int(uint32_t u)
{
	return u <= (uint32_t)INT32_MAX ? (int)u : -(int)(~u) - 1;
}

void es_credit_pool_init(struct es_credit_pool *p, int poolbitshift)
{
	p->poolbitshift = poolbitshift;
	p->entropy_count = 0;
	p->entropy_total = 0;
	p->initialized = false;
}

int es_credit_pool_fracbits(const struct es_credit_pool *p)
{
	return 1 << (p->poolbitshift + ES_CREDIT_ENTROPY_SHIFT);
}

void es_credit_entropy_bits(struct es_credit_pool *p, int nbits)
{
	const int pool_size = es_credit_pool_fracbits(p);
	/* int nfrac = nbits << ENTROPY_SHIFT; */
	int nfrac = wrap_int((uint32_t)nbits << ES_CREDIT_ENTROPY_SHIFT);
	int entropy_count = p->entropy_count;

	if (nbits == 0)
		return;
	if (nfrac < 0) {
		entropy_count = wrap_int((uint32_t)entropy_count + (uint32_t)nfrac);
	} else {
		int pnfrac = nfrac;
		/* The +2 is the /4 of the 3/4 rule. */
		const unsigned int s = (unsigned int)(p->poolbitshift + ES_CREDIT_ENTROPY_SHIFT + 2);

		do {
			unsigned int anfrac = (unsigned int)(pnfrac < pool_size / 2 ? pnfrac : pool_size / 2);
			unsigned int add = ((unsigned int)(pool_size - entropy_count) * anfrac * 3u) >> s;

			entropy_count = wrap_int((uint32_t)entropy_count + add);
			pnfrac = wrap_int((uint32_t)pnfrac - anfrac);
		} while (entropy_count < pool_size - 2 && pnfrac != 0);
	}
	if (entropy_count < 0)
		entropy_count = 0; /* the kernel also warns "negative entropy/overflow" */
	else if (entropy_count > pool_size)
		entropy_count = pool_size;
	p->entropy_count = entropy_count;

	p->entropy_total = wrap_int((uint32_t)p->entropy_total + (uint32_t)nbits);
	if (!p->initialized && p->entropy_total > 128) {
		p->initialized = true;
		p->entropy_total = 0;
	}
	if (p->poolbitshift == ES_CREDIT_INPUT_POOLBITSHIFT &&
	    (entropy_count >> ES_CREDIT_ENTROPY_SHIFT) > WRITE_WAKEUP_BITS && p->initialized &&
	    p->entropy_total >= 2 * ES_CREDIT_READ_WAKEUP_BITS)
		p->entropy_total = 0;
}

void es_credit_entropy_bits_safe(struct es_credit_pool *p, int nbits)
{
	const int nbits_max = (int)(~0U >> (ES_CREDIT_ENTROPY_SHIFT + 1));

	if (nbits > nbits_max)
		nbits = nbits_max;
	if (nbits < -nbits_max)
		nbits = -nbits_max;
	es_credit_entropy_bits(p, nbits);
}

size_t es_credit_hwrng_register_bytes(enum es_credit_kernel k, size_t available)
{
	size_t want;

	switch (k) {
	case ES_CREDIT_KERNEL_3_14:
		return 0;
	case ES_CREDIT_KERNEL_6:
		want = 32; /* 6.x add_early_randomness(): 32 bytes */
		break;
	default:
		want = 16; /* 3.15 hwrng_register(), 3.16+ add_early_randomness() */
		break;
	}
	return available < want ? available : want;
}

int es_credit_boot_arch_bits(enum es_credit_kernel k, bool have_arch, bool trust_cpu)
{
	/* 6.x random_init(): arch_bits = BLAKE2S_BLOCK_SIZE * 8 when every long
	 * came from RDSEED/RDRAND; _credit_init_bits(arch_bits) if trust_cpu. */
	if (k == ES_CREDIT_KERNEL_6 && have_arch && trust_cpu)
		return 512;
	return 0;
}

int es_credit_interrupt_bits(enum es_credit_kernel k, bool rdseed)
{
	switch (k) {
	case ES_CREDIT_KERNEL_3_15:
	case ES_CREDIT_KERNEL_3_16:
		/* credit = 1; credit += sizeof(seed) * 4 */
		return rdseed ? 1 + 8 * 4 : 1;
	case ES_CREDIT_KERNEL_3_17:
		/* credit = 1 for the seed; es_credit_entropy_bits(r, credit + 1) */
		return rdseed ? 2 : 1;
	default:
		return 1;
	}
}

size_t es_credit_refill_bytes(enum es_credit_kernel k, bool rdseed, int *bits)
{
	*bits = 0;
	if (!rdseed || (k != ES_CREDIT_KERNEL_3_15 && k != ES_CREDIT_KERNEL_3_16))
		return 0;
	/* nlongs = 64 ("Arbitrary number"); credit rand_bytes * 4 */
	*bits = (int)REFILL_BYTES * 4;
	return REFILL_BYTES;
}

int es_credit_bootloader_bits(enum es_credit_kernel k, size_t len, bool trust_bootloader)
{
	if (k != ES_CREDIT_KERNEL_6 || !trust_bootloader)
		return 0;
	if (len > 1024)
		len = 1024;
	return (int)len * 8;
}
