/* SPDX-License-Identifier: MIT */
/* earlyseed replay: whole scripts against the kernel's answers, the unmix
 * property, and malformed input. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../host/replay.h"
#include "../check.h"
#include "../core/credit_kat.h"
#include "../core/pool_kat.h"

struct run {
	char *out;
	char *err;
	unsigned long bad;
};

static struct run run_script(const char *text, size_t len)
{
	struct run r = { NULL, NULL, 0 };
	size_t on = 0, en = 0;
	FILE *out = open_memstream(&r.out, &on);
	FILE *err = open_memstream(&r.err, &en);
	struct replay rp;

	replay_reset(&rp);
	r.bad = replay_run(&rp, text, len, out, err);
	fclose(out);
	fclose(err);
	return r;
}

static void run_free(struct run *r)
{
	free(r->out);
	free(r->err);
}

/* The dump text the kernel's state would print. */
static void kat_dump(const struct pool_kat *k, char *buf, size_t cap)
{
	size_t n = (size_t)snprintf(buf, cap,
				    "add_ptr=%u input_rotate=%u entropy_count=0 entropy_total=0 initialized=0\n",
				    k->add_ptr, k->input_rotate);

	for (unsigned int i = 0; i < 128; i += 8) {
		n += (size_t)snprintf(buf + n, cap - n, "pool[%03u]:", i);
		for (unsigned int j = 0; j < 8; j++)
			n += (size_t)snprintf(buf + n, cap - n, " %08x", k->words[i + j]);
		n += (size_t)snprintf(buf + n, cap - n, "\n");
	}
}

static void test_script_pool_kats(void)
{
	static char want[4096], script[8192];
	struct run r;
	size_t n;
	uint32_t x = 1;

	kat_dump(&pool_kats[0], want, sizeof(want));
	{
		const char *s = "# comment\n\nmix 00 7f 80 ff   # trailing comment\ndump\n";

		r = run_script(s, strlen(s));
	}
	CHECK(r.bad == 0);
	CHECK(r.out != NULL && strcmp(r.out, want) == 0);
	run_free(&r);

	/* several bytes per token */
	kat_dump(&pool_kats[0], want, sizeof(want));
	r = run_script("mix 007f 80ff\ndump\n", 19);
	CHECK(r.bad == 0 && strcmp(r.out, want) == 0);
	run_free(&r);

	/* kat_lcg_1000 then kat_continue, through the script language */
	n = (size_t)snprintf(script, sizeof(script), "mix");
	for (int i = 0; i < 1000; i++) {
		x = x * 1103515245u + 12345u;
		n += (size_t)snprintf(script + n, sizeof(script) - n, " %02x", (x >> 16) & 0xffu);
	}
	n += (size_t)snprintf(script + n, sizeof(script) - n, "\ndump\nmix 6561726c7973656564\nmix ff ff ff\ndump\n");
	r = run_script(script, n);
	kat_dump(&pool_kats[2], want, sizeof(want));
	n = strlen(want);
	CHECK(r.bad == 0 && strncmp(r.out, want, n) == 0);
	kat_dump(&pool_kats[3], want, sizeof(want));
	CHECK(strcmp(r.out + n, want) == 0);
	run_free(&r);
}

static void test_script_credit_kats(void)
{
	size_t rows = sizeof(credit_kats) / sizeof(credit_kats[0]);
	static char script[16384], want[16384];
	size_t sn = 0, wn = 0;
	struct run r;

	for (size_t i = 0; i < rows; i++) {
		const struct credit_kat *k = &credit_kats[i];

		if (k->poolbitshift == KAT_OUTPUT)
			continue; /* replay models the input pool */
		if (k->op == KAT_RESET) {
			sn += (size_t)snprintf(script + sn, sizeof(script) - sn, "reset\n");
			continue;
		}
		sn += (size_t)snprintf(script + sn, sizeof(script) - sn, "%s %d\nstate\n",
				       k->op == KAT_SAFE ? "credit_safe" : "credit", k->nbits);
		wn += (size_t)snprintf(want + wn, sizeof(want) - wn,
				       "add_ptr=0 input_rotate=0 entropy_count=%d entropy_total=%d initialized=%d\n",
				       k->entropy_count, k->entropy_total, k->initialized);
	}
	r = run_script(script, sn);
	CHECK(r.bad == 0);
	CHECK(r.out != NULL && strcmp(r.out, want) == 0);
	run_free(&r);
}

/* Random scripts: after a random prefix, K mix/mixle64 lines and then their
 * unmix lines in reverse order restore the dump exactly. */
static void test_unmix_reverse_restores(void)
{
	static char script[65536];

	check_rand_seed(7);
	for (int round = 0; round < 200; round++) {
		int k = 1 + (int)(check_rand64() % 12u);
		char lines[12][600];
		size_t n = 0;
		struct run r;
		char *second;

		n += (size_t)snprintf(script + n, sizeof(script) - n, "mixle64 0x%llx %llu\ncredit %d\ndump\n",
				      (unsigned long long)check_rand64(), (unsigned long long)check_rand64(),
				      (int)(check_rand64() % 3000u));
		for (int i = 0; i < k; i++) {
			size_t ln = 0;
			size_t bytes = check_rand64() % 180u;

			for (size_t b = 0; b < bytes; b++)
				ln += (size_t)snprintf(lines[i] + ln, sizeof(lines[i]) - ln, " %02x",
						       (unsigned int)(check_rand64() & 0xffu));
			lines[i][ln] = '\0';
			n += (size_t)snprintf(script + n, sizeof(script) - n, "mix%s\n", lines[i]);
		}
		for (int i = k - 1; i >= 0; i--)
			n += (size_t)snprintf(script + n, sizeof(script) - n, "unmix%s\n", lines[i]);
		n += (size_t)snprintf(script + n, sizeof(script) - n, "dump\n");
		r = run_script(script, n);
		CHECK(r.bad == 0);
		second = r.out ? strstr(r.out + 1, "add_ptr=") : NULL;
		CHECK(second != NULL && (size_t)(second - r.out) * 2 == strlen(r.out));
		CHECK(second != NULL && strncmp(r.out, second, (size_t)(second - r.out)) == 0);
		run_free(&r);
	}
}

static void test_bad_lines(void)
{
	static const struct {
		const char *line;
		const char *why;
	} bad[] = {
		{ "frobnicate", "unknown command" },
		{ "mix 0", "two hex digits" },
		{ "mix zz", "not a hex digit" },
		{ "unmix 0x00", "not a hex digit" },
		{ "credit", "needs a number" },
		{ "credit 1 2", "one number" },
		{ "credit 2147483648", "bad number" },
		{ "credit -2147483649", "bad number" },
		{ "credit 0x10", "bad number" },
		{ "credit_safe 1e3", "bad number" },
		{ "mixle64 0x", "bad number" },
		{ "mixle64 18446744073709551616", "bad number" },
		{ "mixle64 -1", "bad number" },
		{ "state now", "no arguments" },
		{ "reset all", "no arguments" },
	};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char script[128];
		int n = snprintf(script, sizeof(script), "mix 01\n%s\nstate\n", bad[i].line);
		struct run r = run_script(script, (size_t)n);

		CHECK(r.bad == 1);
		CHECK(r.err != NULL && strncmp(r.err, "error: line 2: ", 15) == 0);
		CHECK(r.err != NULL && strstr(r.err, bad[i].why) != NULL);
		/* the bad line did nothing: the state is the one after "mix 01" */
		CHECK(r.out != NULL && strncmp(r.out, "add_ptr=127 input_rotate=7 entropy_count=0 ", 43) == 0);
		if (r.bad != 1 || r.err == NULL || strstr(r.err, bad[i].why) == NULL)
			printf("#   line '%s' gave '%s'\n", bad[i].line, r.err ? r.err : "");
		run_free(&r);
	}
	/* edge values that are fine */
	{
		const char *ok = "credit -2147483648\ncredit_safe 2147483647\nmixle64 18446744073709551615 0xFFFFFFFFFFFFFFFF\n";
		struct run r = run_script(ok, strlen(ok));

		CHECK(r.bad == 0);
		run_free(&r);
	}
	/* NUL bytes and no final newline */
	{
		static const char nul[] = "mix 00\nst\0ate\nstate";
		struct run r = run_script(nul, sizeof(nul) - 1);

		CHECK(r.bad == 1 && strstr(r.err, "line 2: NUL") != NULL);
		CHECK(strncmp(r.out, "add_ptr=127 ", 12) == 0);
		run_free(&r);
	}
}

static void test_random_garbage(void)
{
	static char buf[2048];

	check_rand_seed(8);
	for (int k = 0; k < 3000; k++) {
		size_t n = (size_t)(check_rand64() % sizeof(buf));
		static const char *const words[] = { "mix ", "unmix ", "mixle64 ", "credit ", "credit_safe ",
						     "state", "dump", "reset", "\n", "#", "0x", "ff ", "-" };
		size_t i = 0;
		struct run r;

		while (i < n) {
			if (check_rand64() % 3u == 0u) {
				const char *w = words[check_rand64() % (sizeof(words) / sizeof(words[0]))];
				size_t wl = strlen(w);

				if (i + wl > n)
					break;
				memcpy(buf + i, w, wl);
				i += wl;
			} else {
				buf[i++] = (char)(check_rand64() & 0xffu);
			}
		}
		r = run_script(buf, i);
		CHECK(r.out != NULL && r.err != NULL);
		run_free(&r);
	}
}

int main(void)
{
	RUN(test_script_pool_kats);
	RUN(test_script_credit_kats);
	RUN(test_unmix_reverse_restores);
	RUN(test_bad_lines);
	RUN(test_random_garbage);
	return check_done();
}
