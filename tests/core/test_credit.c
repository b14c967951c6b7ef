/* SPDX-License-Identifier: MIT */
/* es_credit_entropy_bits(_safe)(): the kernel's own answers; seeding policies. */
#include <stdio.h>

#include "../../core/credit.h"
#include "../check.h"
#include "credit_kat.h"

static void test_kernel_known_answers(void)
{
	struct es_credit_pool p;
	size_t rows = sizeof(credit_kats) / sizeof(credit_kats[0]);

	es_credit_pool_init(&p, ES_CREDIT_INPUT_POOLBITSHIFT);
	for (size_t i = 0; i < rows; i++) {
		const struct credit_kat *k = &credit_kats[i];

		if (k->op == KAT_RESET) {
			es_credit_pool_init(&p, ES_CREDIT_INPUT_POOLBITSHIFT);
			continue;
		}
		if (p.poolbitshift != k->poolbitshift)
			es_credit_pool_init(&p, k->poolbitshift);
		if (k->op == KAT_SAFE)
			es_credit_entropy_bits_safe(&p, k->nbits);
		else
			es_credit_entropy_bits(&p, k->nbits);
		if (p.entropy_count != k->entropy_count || p.entropy_total != k->entropy_total ||
		    p.initialized != (k->initialized != 0)) {
			printf("#   row %zu: nbits %d: got %d/%d/%d, kernel %d/%d/%d\n", i, k->nbits,
			       p.entropy_count, p.entropy_total, p.initialized, k->entropy_count,
			       k->entropy_total, k->initialized);
			CHECK(0);
		}
	}
}

/* Properties the kernel's comments promise: credits never decrease the count
 * nor exceed the pool; the count approaches the pool size asymptotically. */
static void test_credit_properties(void)
{
	check_rand_seed(6);
	for (int k = 0; k < 20000; k++) {
		struct es_credit_pool p;
		int before;
		int n = (int)(check_rand64() % 5000u);

		es_credit_pool_init(&p, ES_CREDIT_INPUT_POOLBITSHIFT);
		p.entropy_count = (int)(check_rand64() % 32769u);
		before = p.entropy_count;
		es_credit_entropy_bits(&p, n);
		CHECK(p.entropy_count >= before);
		CHECK(p.entropy_count <= 32768);
		/* 3/4 rule: never more than the full credit */
		CHECK(p.entropy_count - before <= n * 8);
		es_credit_entropy_bits(&p, -n);
		CHECK(p.entropy_count >= 0);
	}
}

static void test_policies(void)
{
	int bits;

	CHECK(es_credit_hwrng_register_bytes(ES_CREDIT_KERNEL_3_14, 100) == 0);
	CHECK(es_credit_hwrng_register_bytes(ES_CREDIT_KERNEL_3_15, 100) == 16);
	CHECK(es_credit_hwrng_register_bytes(ES_CREDIT_KERNEL_3_17, 8) == 8);
	CHECK(es_credit_hwrng_register_bytes(ES_CREDIT_KERNEL_6, 100) == 32);

	for (int k = ES_CREDIT_KERNEL_3_14; k <= ES_CREDIT_KERNEL_3_17; k++)
		CHECK(es_credit_boot_arch_bits((enum es_credit_kernel)k, true, true) == 0);
	CHECK(es_credit_boot_arch_bits(ES_CREDIT_KERNEL_6, true, true) == 512);
	CHECK(es_credit_boot_arch_bits(ES_CREDIT_KERNEL_6, true, false) == 0);
	CHECK(es_credit_boot_arch_bits(ES_CREDIT_KERNEL_6, false, true) == 0);

	CHECK(es_credit_interrupt_bits(ES_CREDIT_KERNEL_3_14, true) == 1);
	CHECK(es_credit_interrupt_bits(ES_CREDIT_KERNEL_3_15, true) == 33);
	CHECK(es_credit_interrupt_bits(ES_CREDIT_KERNEL_3_16, true) == 33);
	CHECK(es_credit_interrupt_bits(ES_CREDIT_KERNEL_3_16, false) == 1);
	CHECK(es_credit_interrupt_bits(ES_CREDIT_KERNEL_3_17, true) == 2);
	CHECK(es_credit_interrupt_bits(ES_CREDIT_KERNEL_6, true) == 1);

	CHECK(es_credit_refill_bytes(ES_CREDIT_KERNEL_3_15, true, &bits) == 512 && bits == 2048);
	CHECK(es_credit_refill_bytes(ES_CREDIT_KERNEL_3_16, true, &bits) == 512 && bits == 2048);
	CHECK(es_credit_refill_bytes(ES_CREDIT_KERNEL_3_17, true, &bits) == 0 && bits == 0);
	CHECK(es_credit_refill_bytes(ES_CREDIT_KERNEL_3_15, false, &bits) == 0 && bits == 0);

	CHECK(es_credit_bootloader_bits(ES_CREDIT_KERNEL_6, 32, true) == 256);
	CHECK(es_credit_bootloader_bits(ES_CREDIT_KERNEL_6, 32, false) == 0);
	CHECK(es_credit_bootloader_bits(ES_CREDIT_KERNEL_6, 5000, true) == 8192);
	CHECK(es_credit_bootloader_bits(ES_CREDIT_KERNEL_3_17, 32, true) == 0);
}

int main(void)
{
	RUN(test_kernel_known_answers);
	RUN(test_credit_properties);
	RUN(test_policies);
	return check_done();
}
