/* SPDX-License-Identifier: MIT */
/*
 * Differential test of es_trust_parse() (core/trust.c) against a model of
 * what Linux does with the command line earlyseed passes on, written after
 * the kernel's own steps and kept apart from core/trust.c's code:
 *   - the EFI stub's conversion: before 5.8 the whole line up to a NUL or
 *     newline, the kernel keeping COMMAND_LINE_SIZE - 1 bytes (x86
 *     copy_bootdata() + strlcpy, arm64 strlcpy from "bootargs"); from 5.8 on
 *     (commit 80b1bfe1cb2f) efi_convert_cmdline() cuts a line that reaches
 *     COMMAND_LINE_SIZE before the last blank outside quotes;
 *   - parse_early_param(): parse_args() over a copy, next_arg() splitting
 *     it in place, "--" ending it, do_early_param() matching with parameq();
 *   - parse_trust_cpu()/parse_trust_bootloader(): kstrtobool(), which takes
 *     "t"/"f" only from 5.19 on (commit 0d6ea3ac94ca).
 * Three kernels are modelled (4.19, 5.8, 6.1), each starting from both
 * settings on (Debian 12, Linux >= 6.2). On millions of random lines,
 * built to hit quotes, blanks and settings around the 2048-byte cut:
 *   sound: no kernel distrusts the CPU where earlyseed trusts it, and no
 *          kernel credits the table where earlyseed thinks it does not;
 *   exact: on a line every kernel keeps whole and with no value the kernels
 *          disagree on, earlyseed reads what Linux 6.1 reads;
 *   and es_trust_parse_most() (what the OS side rests a pool on) says the
 *          CPU is trusted wherever any kernel trusts it.
 * 200,000 lines by default (make test, about 6 s); ES_QUICK=1 (the ASan and
 * valgrind runs) checks 50,000; ES_LONG=1 2,000,000, the long differential
 * run make check makes beside the fuzzers (scripts/check.sh).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/earlyseed.h"
#include "../check.h"

#define CL_SIZE 2048 /* COMMAND_LINE_SIZE, x86 and arm64 */
#define LINE_MAX_LEN 4200

enum kernel { K419, K58, K61, NKERNELS };

struct kview {
	int cpu, bootloader;
	int disputed; /* a trust parameter had a value kernels read differently */
};

/* lib/ctype.c: _S entries, 0x09-0x0d, 0x20 and 0xa0. */
static int k_isspace(unsigned char c)
{
	return (c >= 9 && c <= 13) || c == 32 || c == 0xa0;
}

/* lib/kstrtox.c kstrtobool(): 0 and *res, or -1. */
static int k_strtobool(const char *s, int with_tf, int *res)
{
	if (s == NULL)
		return -1;
	switch (s[0]) {
	case 'y': case 'Y': case '1':
		*res = 1;
		return 0;
	case 'n': case 'N': case '0':
		*res = 0;
		return 0;
	case 't': case 'T':
		if (!with_tf)
			return -1;
		*res = 1;
		return 0;
	case 'f': case 'F':
		if (!with_tf)
			return -1;
		*res = 0;
		return 0;
	case 'o': case 'O':
		if (s[1] == 'n' || s[1] == 'N') {
			*res = 1;
			return 0;
		}
		if (s[1] == 'f' || s[1] == 'F') {
			*res = 0;
			return 0;
		}
		return -1;
	default:
		return -1;
	}
}

/* kernel/params.c parameq(). */
static int k_parameq(const char *a, const char *b)
{
	size_t n = strlen(a) + 1;

	for (size_t i = 0; i < n; i++) {
		char x = a[i] == '-' ? '_' : a[i];
		char y = b[i] == '-' ? '_' : b[i];

		if (x != y)
			return 0;
	}
	return 1;
}

/* lib/cmdline.c next_arg(), splitting args in place. */
static char *k_next_arg(char *args, char **param, char **val)
{
	unsigned int i, equals = 0;
	int in_quote = 0, quoted = 0;

	if (*args == '"') {
		args++;
		in_quote = 1;
		quoted = 1;
	}
	for (i = 0; args[i]; i++) {
		if (k_isspace((unsigned char)args[i]) && !in_quote)
			break;
		if (equals == 0 && args[i] == '=')
			equals = i;
		if (args[i] == '"')
			in_quote = !in_quote;
	}
	*param = args;
	if (!equals) {
		*val = NULL;
	} else {
		args[equals] = '\0';
		*val = args + equals + 1;
		if (**val == '"') {
			(*val)++;
			if (args[i - 1] == '"')
				args[i - 1] = '\0';
		}
	}
	if (quoted && i > 0 && args[i - 1] == '"')
		args[i - 1] = '\0';
	if (args[i]) {
		args[i] = '\0';
		args += i + 1;
	} else {
		args += i;
	}
	while (k_isspace((unsigned char)*args))
		args++;
	return args;
}

static int disputed_value(const char *v)
{
	return v != NULL && strchr("tTfFeEdD", v[0]) != NULL && v[0] != '\0';
}

/* parse_args() + do_early_param() + parse_trust_*(). */
static void k_parse(char *args, int with_tf, struct kview *k)
{
	char *param, *val;

	while (k_isspace((unsigned char)*args))
		args++;
	while (*args) {
		args = k_next_arg(args, &param, &val);
		if (!val && strcmp(param, "--") == 0)
			return;
		if (k_parameq(param, "random.trust_cpu")) {
			k->disputed |= disputed_value(val);
			(void)k_strtobool(val, with_tf, &k->cpu);
		} else if (k_parameq(param, "random.trust_bootloader")) {
			k->disputed |= disputed_value(val);
			(void)k_strtobool(val, with_tf, &k->bootloader);
		}
	}
}

/* What kernel k keeps of line (ASCII, NUL-terminated) in buf. */
static void k_keep(enum kernel k, const char *line, char *buf)
{
	size_t n = 0, safe = 0, bytes;
	int in_quote = 0;

	while (line[n] != '\0' && line[n] != '\n')
		n++;
	if (k == K419) {
		bytes = n < CL_SIZE - 1 ? n : CL_SIZE - 1;
	} else {
		/* efi_convert_cmdline(): count while under COMMAND_LINE_SIZE */
		bytes = 0;
		while (bytes < CL_SIZE && bytes < n) {
			char c = line[bytes];

			if (c == '"')
				in_quote = !in_quote;
			else if (!in_quote && k_isspace((unsigned char)c) && (unsigned char)c < 0x80)
				safe = bytes;
			bytes++;
		}
		if (bytes >= CL_SIZE)
			bytes = safe;
	}
	memcpy(buf, line, bytes);
	buf[bytes] = '\0';
}

static void kernel_view(enum kernel k, const char *line, struct kview *v)
{
	static char buf[LINE_MAX_LEN + 1];

	v->cpu = v->bootloader = 1;
	v->disputed = 0;
	k_keep(k, line, buf);
	k_parse(buf, k == K61, v);
}

/* ---- random lines ---- */
static const char *const names[] = {
	"random.trust_cpu", "random.trust_bootloader", "random.trust-cpu", "random.trust-bootloader",
	"random-trust_cpu", "random.trust_cpux", "Random.trust_cpu", "random.trust_bootloader_",
};
static const char *const values[] = {
	"on", "off", "y", "n", "1", "0", "t", "f", "true", "false", "yes", "no", "ON", "oF", "o", "x",
	"", "enable", "disable", "Y", "N", "T", "F", "2", "onx", "o n",
};

static size_t put(char *line, size_t n, const char *s)
{
	size_t k = strlen(s);

	if (n + k >= LINE_MAX_LEN)
		return n;
	memcpy(line + n, s, k);
	line[n + k] = '\0';
	return n + k;
}

/* put s again and again until the line holds at least until bytes. */
static size_t pad(char *line, size_t n, const char *s, size_t until)
{
	while (n < until && n + strlen(s) < LINE_MAX_LEN)
		n = put(line, n, s);
	return n;
}

static size_t put_blank(char *line, size_t n)
{
	static const char *const blanks[] = { " ", " ", " ", "\t", "  ", " \t ", "\r", "\v" };

	return put(line, n, blanks[check_rand64() % 8]);
}

/* One argument: a trust setting in one of its spellings, quoting and
 * values, or a filler word, a quote, "--", a stray '='. */
static size_t put_arg(char *line, size_t n)
{
	char word[96];
	unsigned int r = (unsigned int)(check_rand64() % 100);

	if (r < 45) {
		const char *name = names[check_rand64() % 8 < 5 ? check_rand64() % 2 : check_rand64() % 8];
		const char *v = values[check_rand64() % (sizeof(values) / sizeof(values[0]))];

		switch (check_rand64() % 6) {
		case 0: snprintf(word, sizeof(word), "%s", name); break;
		case 1: snprintf(word, sizeof(word), "\"%s=%s\"", name, v); break;
		case 2: snprintf(word, sizeof(word), "%s=\"%s\"", name, v); break;
		default: snprintf(word, sizeof(word), "%s=%s", name, v); break;
		}
		return put(line, n, word);
	}
	if (r < 55)
		return put(line, n, "\"");
	if (r < 60)
		return put(line, n, check_rand64() % 4 == 0 ? "--" : "=x");
	if (r < 70) {
		snprintf(word, sizeof(word), "dyndbg=\"file %u +p\"", (unsigned int)(check_rand64() % 1000));
		return put(line, n, word);
	}
	{
		size_t len = 1 + (size_t)(check_rand64() % 40);

		for (size_t i = 0; i < len; i++)
			word[i] = (char)('a' + check_rand64() % 26);
		word[len] = '\0';
		return put(line, n, word);
	}
}

/* A line: short and busy, or padded to near the cut with the settings and
 * quotes around it. */
static void make_line(char *line)
{
	size_t n = 0, target;

	line[0] = '\0';
	if (check_rand64() % 8 != 0) {
		unsigned int args = (unsigned int)(check_rand64() % 12);

		for (unsigned int i = 0; i < args; i++) {
			if (i > 0 || check_rand64() % 8 == 0)
				n = put_blank(line, n);
			n = put_arg(line, n);
		}
		return;
	}
	target = 1900 + (size_t)(check_rand64() % 300);
	if (check_rand64() % 8 == 0)
		target = 2300 + (size_t)(check_rand64() % 1700);
	while (n < target && n + 100 < LINE_MAX_LEN) {
		/* far from the cut mostly filler, near it mostly settings */
		if (n + 200 < 2040 && check_rand64() % 4 != 0) {
			char word[64];
			size_t len = 1 + (size_t)(check_rand64() % 60);

			memset(word, 'q', len);
			word[len] = '\0';
			n = put(line, n, word);
		} else {
			n = put_arg(line, n);
		}
		n = put_blank(line, n);
	}
	if (check_rand64() % 16 == 0)
		n = put(line, n, "\nrandom.trust_bootloader=on random.trust_cpu=on");
}

static unsigned long long lines_checked, long_lines, unsound_cases;

static void check_line(const char *line)
{
	struct kview k[NKERNELS];
	struct es_trust t, most;
	int all_agree = 1, whole;
	size_t len = strlen(line);

	es_trust_defaults(&t);
	es_trust_parse(&t, line);
	es_trust_defaults(&most);
	es_trust_parse_most(&most, line);
	for (int i = 0; i < NKERNELS; i++) {
		kernel_view((enum kernel)i, line, &k[i]);
		/* the other direction, for what a pool may rest on */
		if (k[i].cpu && !most.cpu)
			unsound_cases++, check_fail(__FILE__, __LINE__, "a kernel trusts the CPU, es_trust_parse_most says none does");
		if (!k[i].cpu && t.cpu)
			unsound_cases++, check_fail(__FILE__, __LINE__, "a kernel distrusts the CPU, earlyseed trusts it");
		if (k[i].bootloader && !t.bootloader)
			unsound_cases++, check_fail(__FILE__, __LINE__, "a kernel credits the table, earlyseed thinks not");
		if (k[i].cpu != k[0].cpu || k[i].bootloader != k[0].bootloader)
			all_agree = 0;
	}
	whole = len < CL_SIZE - 1 && strchr(line, '\n') == NULL;
	if (whole && !k[K61].disputed) {
		CHECK(t.cpu == (k[K61].cpu != 0) && t.bootloader == (k[K61].bootloader != 0));
		CHECK(all_agree);
	}
	if (check_failures_in_test() > 0 && check_failures_in_test() < 4)
		printf("#   line (%zu bytes): %.300s%s\n", len, line, len > 300 ? "..." : "");
	long_lines += len >= CL_SIZE - 1;
	lines_checked++;
}

static void test_random_lines(void)
{
	static char line[LINE_MAX_LEN + 1];
	unsigned long long want = getenv("ES_LONG") != NULL ? 2000000ull : getenv("ES_QUICK") != NULL ? 50000ull : 200000ull;

	check_rand_seed(0x7275737463707521ull);
	for (unsigned long long i = 0; i < want && check_failures_in_test() < 20; i++) {
		make_line(line);
		check_line(line);
	}
	printf("# %llu lines, %llu of them at or past the cut, %llu unsound\n", lines_checked, long_lines,
	       unsound_cases);
	CHECK(long_lines > want / 16);
}

/* The cases the random lines are built to find, by hand: a blank inside
 * quotes just before the cut is no place to cut (5.8+), so a setting
 * between the stub's cut and that blank is one the kernel never sees. */
static void test_quoted_blank_at_the_cut(void)
{
	static char line[LINE_MAX_LEN + 1];
	struct es_trust t;
	struct kview k;
	size_t n = 0;

	/* off early, then a quoted blank and an on the stub drops */
	n = put(line, n, "random.trust_cpu=off ");
	n = pad(line, n, "quiet ", 1990);
	/* the stub cuts before this argument: its blanks are all quoted */
	n = put(line, n, "random.trust_cpu=\"on");
	n = pad(line, n, " b", 2060);
	n = put(line, n, "\"");
	kernel_view(K61, line, &k);
	CHECK(!k.cpu);
	es_trust_defaults(&t);
	es_trust_parse(&t, line);
	CHECK(!t.cpu);
	/* the same for the table: on kept, off dropped by the stub */
	n = 0;
	line[0] = '\0';
	n = put(line, n, "random.trust_bootloader=on ");
	n = pad(line, n, "quiet ", 2000);
	n = put(line, n, "\"q random.trust_bootloader=off ");
	n = pad(line, n, "z", 2100);
	kernel_view(K61, line, &k);
	CHECK(k.bootloader);
	es_trust_defaults(&t);
	es_trust_parse(&t, line);
	CHECK(t.bootloader);
	/* the stub's own cut, on values */
	memset(line, 'a', 3000);
	line[3000] = '\0';
	CHECK(es_trust_stub_cut(line, 3000) == 0); /* no blank: nothing kept */
	line[100] = ' ';
	CHECK(es_trust_stub_cut(line, 3000) == 100);
	line[2047] = ' ';
	CHECK(es_trust_stub_cut(line, 3000) == 2047);
	line[2048] = ' ';
	CHECK(es_trust_stub_cut(line, 3000) == 2047); /* the 2049th byte is never counted */
	CHECK(es_trust_stub_cut(line, 2047) == 2047); /* a 2047-byte line is kept whole */
	CHECK(es_trust_stub_cut(line, 2048) == 2047); /* 2048 bytes reach the limit */
	line[50] = '"'; /* every blank after it is inside quotes */
	CHECK(es_trust_stub_cut(line, 3000) == 0);
}

/* Values kernels read differently are read as distrust. */
static void test_disputed_values(void)
{
	static const char *const cpu_off[] = {
		"random.trust_cpu=t", "random.trust_cpu=true", "random.trust_cpu=T", "random.trust_cpu=f",
		"random.trust_cpu=enable", "random.trust_cpu=disable", "random.trust_cpu=on random.trust_cpu=t",
	};
	static const char *const table_on[] = {
		"random.trust_bootloader=f", "random.trust_bootloader=false", "random.trust_bootloader=off "
		"random.trust_bootloader=t", "random.trust_bootloader=off random.trust_bootloader=disable",
		"random.trust_bootloader=off random.trust_bootloader=enable",
	};
	struct es_trust t;

	for (size_t i = 0; i < sizeof(cpu_off) / sizeof(cpu_off[0]); i++) {
		es_trust_defaults(&t);
		es_trust_parse(&t, cpu_off[i]);
		CHECK(!t.cpu);
	}
	for (size_t i = 0; i < sizeof(table_on) / sizeof(table_on[0]); i++) {
		es_trust_defaults(&t);
		es_trust_parse(&t, table_on[i]);
		CHECK(t.bootloader);
	}
}

int main(void)
{
	RUN(test_quoted_blank_at_the_cut);
	RUN(test_disputed_values);
	RUN(test_random_lines);
	return check_done();
}
