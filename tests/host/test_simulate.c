/* SPDX-License-Identifier: MIT */
/* earlyseed simulate: timelines follow from the kernel rules in core/credit. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../host/simulate.h"
#include "../check.h"

static struct simulate_result res;

static struct simulate_opts opts(enum es_credit_kernel k, int seconds)
{
	struct simulate_opts o = { k, false, 0, 0, true, true, seconds };

	return o;
}

/* 3.15/3.16 with RDSEED: the first blocked read refills 512 bytes credited
 * 2048 bits, which the 3/4 rule turns into 1536 bits of a 4096-bit pool. */
static void test_v3_refill(void)
{
	for (int k = ES_CREDIT_KERNEL_3_15; k <= ES_CREDIT_KERNEL_3_16; k++) {
		struct simulate_opts o = opts((enum es_credit_kernel)k, 10);

		o.rdseed = true;
		simulate_run(&o, &res, NULL);
		CHECK(res.ready_at == 0);
		CHECK(res.bits[0] == 1536);
		/* 33 bits a second fill the nonblocking pool first: 129 bits after 4 s */
		CHECK(res.nonblocking_ready == 4);
	}
}

/* 3.17 dropped the refill and credits RDSEED 1 bit a second (2 with the
 * fast pool): entropy_total passes 128 at 65 s. 3.14 ignores RDSEED. */
static void test_v3_no_refill(void)
{
	struct simulate_opts o = opts(ES_CREDIT_KERNEL_3_17, 300);

	o.rdseed = true;
	simulate_run(&o, &res, NULL);
	CHECK(res.bits[0] == 0);
	CHECK(res.nonblocking_ready == 65);
	CHECK(res.ready_at > 65);
	o.kernel = ES_CREDIT_KERNEL_3_14;
	simulate_run(&o, &res, NULL);
	CHECK(res.nonblocking_ready == 129);
}

/* Without RDSEED every 3.x kernel is the same: 1 bit a second. */
static void test_v3_interrupts_only(void)
{
	static struct simulate_result a;

	memset(&res, 0, sizeof(res));
	for (int k = ES_CREDIT_KERNEL_3_14; k <= ES_CREDIT_KERNEL_3_17; k++) {
		struct simulate_opts o = opts((enum es_credit_kernel)k, 600);

		simulate_run(&o, k == ES_CREDIT_KERNEL_3_14 ? &a : &res, NULL);
		CHECK(a.nonblocking_ready == 129);
		if (k != ES_CREDIT_KERNEL_3_14)
			CHECK(memcmp(&a, &res, sizeof(res)) == 0);
	}
	/* The table has no consumer before 5.x. */
	{
		struct simulate_opts o = opts(ES_CREDIT_KERNEL_3_17, 600);

		o.table = 32;
		simulate_run(&o, &res, NULL);
		CHECK(memcmp(&a, &res, sizeof(res)) == 0);
	}
}

static void test_v6_rules(void)
{
	struct simulate_opts o = opts(ES_CREDIT_KERNEL_6, 300);

	/* 32 trusted bytes: 256 bits at 0 */
	o.table = 32;
	simulate_run(&o, &res, NULL);
	CHECK(res.ready_at == 0 && res.bits[0] == 256);
	/* 16 bytes: 128 bits, then 1 bit a second */
	o.table = 16;
	simulate_run(&o, &res, NULL);
	CHECK(res.bits[0] == 128 && res.ready_at == 128);
	/* untrusted bootloader: interrupts alone, 256 s */
	o.table = 32;
	o.trust_bootloader = false;
	simulate_run(&o, &res, NULL);
	CHECK(res.bits[0] == 0 && res.ready_at == 256);
	/* a trusted CPU: ready at 0; untrusted: not */
	o.rdseed = true;
	simulate_run(&o, &res, NULL);
	CHECK(res.ready_at == 0);
	o.trust_cpu = false;
	simulate_run(&o, &res, NULL);
	CHECK(res.ready_at == 256);
	/* the hwrng's registration bytes credit nothing */
	o.hwrng = 4096;
	simulate_run(&o, &res, NULL);
	CHECK(res.ready_at == 256);
	/* never above 256 */
	for (int t = 0; t <= o.seconds; t++)
		CHECK(res.bits[t] <= ES_CREDIT_READY_BITS);
}

static void test_text_and_svg(void)
{
	char *text = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&text, &n);
	struct simulate_opts o = opts(ES_CREDIT_KERNEL_3_16, 5);
	char path[] = "/tmp/earlyseed-test-XXXXXX";
	int fd = mkstemp(path);

	if (fd >= 0)
		close(fd);
	char buf[16384];
	size_t got;

	o.rdseed = true;
	simulate_run(&o, &res, f);
	fclose(f);
	CHECK(strstr(text, "arch_random_refill: 512 bytes mixed, 2048 credited") != NULL);
	CHECK(strstr(text, "result: /dev/random first unblocks at t=0 s\n") != NULL);
	free(text);

	CHECK(fd >= 0);
	CHECK(simulate_svg(&o, path) == 0);
	f = fopen(path, "r");
	CHECK(f != NULL);
	if (f == NULL)
		return;
	got = fread(buf, 1, sizeof(buf) - 1, f);
	buf[got] = '\0';
	fclose(f);
	remove(path);
	CHECK(strncmp(buf, "<svg ", 5) == 0);
	CHECK(strstr(buf, "</svg>\n") != NULL);
	{
		int lines = 0;

		for (const char *p = buf; (p = strstr(p, "<polyline")) != NULL; p++)
			lines++;
		CHECK(lines == 5);
	}
	CHECK(strstr(buf, "/dev/random unblocks at 0 s") != NULL);
}

static void test_parse_kernel(void)
{
	enum es_credit_kernel k;

	CHECK(simulate_parse_kernel("3.15", &k) && k == ES_CREDIT_KERNEL_3_15);
	CHECK(simulate_parse_kernel("6", &k) && k == ES_CREDIT_KERNEL_6);
	CHECK(!simulate_parse_kernel("3.18", &k));
	CHECK(!simulate_parse_kernel("", &k));
}

int main(void)
{
	RUN(test_v3_refill);
	RUN(test_v3_no_refill);
	RUN(test_v3_interrupts_only);
	RUN(test_v6_rules);
	RUN(test_text_and_svg);
	RUN(test_parse_kernel);
	return check_done();
}
