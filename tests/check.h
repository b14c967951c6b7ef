/* SPDX-License-Identifier: MIT */
/*
 * A minimal test harness. Each test prints "ok - name" or "not ok - name";
 * scripts/check.sh counts those lines across all binaries and modes.
 */
#ifndef EARLYSEED_TESTS_CHECK_H
#define EARLYSEED_TESTS_CHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

void check_fail(const char *file, int line, const char *what);
void check_run(const char *name, void (*fn)(void));
void check_skip(const char *name, const char *why);
/* Failed checks so far in the running test (to print context once). */
unsigned int check_failures_in_test(void);
/* Prints the binary's own tally; returns the exit status for main(). */
int check_done(void);

/* splitmix64 with a fixed seed: every run sees the same "random" cases. */
void check_rand_seed(uint64_t seed);
uint64_t check_rand64(void);
void check_rand_fill(void *p, size_t n);
/* b[0..n) as a minimal PE32+ image (MZ, e_lfanew 0x80, PE, machine,
 * subsystem), random bytes from 0x200 on; returns n (at least 0x200). */
size_t check_fake_pe(uint8_t *b, size_t n, uint16_t machine, uint16_t subsystem);
/* Zero the SSE registers (tests/fake_efi.c says why). */
void check_clear_sse(void);
/* Write n bytes to path (made or truncated); a failure is a failed check. */
void check_put(const char *path, const void *p, size_t n);
/* A file's bytes, whole (at most 1 MiB), NUL-terminated, malloc'd; NULL
 * when it cannot be read. */
void *check_slurp(const char *path, size_t *n);
/* Remove a scratch directory and all below it (rm -rf). */
void check_rmtree(const char *dir);
/* The identities (core/earlyseed.h struct es_ids) of these 16-byte values,
 * NULL for none: a pointer to one of 4 rotating buffers, so one call may
 * pass several. */
struct es_ids;
const struct es_ids *check_ids(const uint8_t *genid, const uint8_t *uuid, const uint8_t *tpm);
/* One session that takes the CPU's longs from the architecture a (its
 * probes given f, may be NULL), judged with the kernel's default trust but
 * trust_cpu: the verdict in *v, what the gathering saw in *r. */
struct es_cpu_arch;
struct es_cpu_facts;
struct es_cpu_report;
struct es_verdict;
void check_cpu_gather(const struct es_cpu_arch *a, const struct es_cpu_facts *f, bool trust_cpu, struct es_verdict *v,
		      struct es_cpu_report *r);
/* Lowercase hex string to bytes (test vectors). */
void check_hex(uint8_t *out, const char *h);

#define CHECK(cond)                                         \
	do {                                                \
		if (!(cond))                                \
			check_fail(__FILE__, __LINE__, #cond); \
	} while (0)

#define RUN(fn) check_run(#fn, fn)

#endif
