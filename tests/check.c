/* SPDX-License-Identifier: MIT */
#include "check.h"

#include "../core/earlyseed.h"
#include "../core/le.h"

#include <stdio.h>
#include <stdlib.h>
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

const struct es_ids *check_ids(const uint8_t *genid, const uint8_t *uuid, const uint8_t *tpm)
{
	static struct es_ids ring[4];
	static unsigned int next;
	struct es_ids *r = &ring[next++ % 4];
	const uint8_t *v[ES_ID_COUNT] = { [ES_ID_GENID] = genid, [ES_ID_UUID] = uuid, [ES_ID_TPM] = tpm };

	memset(r, 0, sizeof(*r));
	for (unsigned int i = 0; i < ES_ID_COUNT; i++) {
		if (v[i] != NULL) {
			memcpy(r->id[i], v[i], ES_ID_LEN);
			r->have |= 1u << i;
		}
	}
	return r;
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

/* The firmware calls a notify function with its own register contents. Here
 * the caller is the test, whose SSE registers may hold source bytes that
 * glibc's memcpy moved (the shipped objects never use them:
 * -mgeneral-regs-only, libc/mem.c); an ms_abi callee saves xmm6-15 in its
 * frame, where the stack scan would find them. Clear them first, as the
 * firmware's would be. */
void check_clear_sse(void)
{
#if defined(__x86_64__)
	__asm__ volatile("pxor %%xmm0, %%xmm0\n\tpxor %%xmm1, %%xmm1\n\tpxor %%xmm2, %%xmm2\n\t"
			 "pxor %%xmm3, %%xmm3\n\tpxor %%xmm4, %%xmm4\n\tpxor %%xmm5, %%xmm5\n\t"
			 "pxor %%xmm6, %%xmm6\n\tpxor %%xmm7, %%xmm7\n\tpxor %%xmm8, %%xmm8\n\t"
			 "pxor %%xmm9, %%xmm9\n\tpxor %%xmm10, %%xmm10\n\tpxor %%xmm11, %%xmm11\n\t"
			 "pxor %%xmm12, %%xmm12\n\tpxor %%xmm13, %%xmm13\n\tpxor %%xmm14, %%xmm14\n\t"
			 "pxor %%xmm15, %%xmm15" ::: "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7",
			 "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15");
#endif
}


size_t check_fake_pe(uint8_t *b, size_t n, uint16_t machine, uint16_t subsystem)
{
	memset(b, 0, n);
	check_rand_fill(b + 0x200, n - 0x200);
	b[0] = 'M';
	b[1] = 'Z';
	es_le_put32(b + 0x3c, 0x80);
	memcpy(b + 0x80, "PE\0\0", 4);
	es_le_put16(b + 0x84, machine);
	es_le_put16(b + 0x80 + 24, 0x20b);
	es_le_put16(b + 0x80 + 24 + 68, subsystem);
	return n;
}

void check_put(const char *path, const void *p, size_t n)
{
	FILE *f = fopen(path, "wb");

	CHECK(f != NULL && fwrite(p, 1, n, f) == n);
	if (f != NULL)
		CHECK(fclose(f) == 0);
}

void *check_slurp(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	char *b = f != NULL ? malloc(1u << 20) : NULL;

	*n = 0;
	if (b != NULL) {
		*n = fread(b, 1, (1u << 20) - 1, f);
		b[*n] = '\0';
	}
	if (f != NULL)
		fclose(f);
	return b;
}

void check_rmtree(const char *dir)
{
	char cmd[600];

	if (dir[0] == '\0' || strchr(dir, '\'') != NULL)
		return;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		fprintf(stderr, "cannot remove %s\n", dir);
}

void check_cpu_gather(const struct es_cpu_arch *a, const struct es_cpu_facts *f, bool trust_cpu, struct es_verdict *v,
		      struct es_cpu_report *r)
{
	struct es_session s;
	struct es_trust t;

	es_trust_defaults(&t);
	t.cpu = trust_cpu;
	es_session_begin(&s);
	es_cpu_gather(&s, a, f, r);
	es_session_judge(&s, &t, v);
	es_session_end(&s);
}
