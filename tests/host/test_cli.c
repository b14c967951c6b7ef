/* SPDX-License-Identifier: MIT */
/* host/cli.c: the command rows drive parsing, the usage and --help; tested
 * on a table of its own (the tool's is host/main.c, checked against the
 * man page by tests/man.sh). */
#define _GNU_SOURCE
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../host/cli.h"
#include "../check.h"

struct args {
	const char *dir, *name;
	bool flag, onoff;
	size_t bytes;
	uint16_t id;
	uint32_t class_code;
	int variant;
};

static struct args got;
static char *ops_got[4];
static unsigned int nops_got;
static int runs;

static int run(void *o, char **ops, unsigned int n)
{
	got = *(struct args *)o;
	nops_got = n;
	for (unsigned int i = 0; i < n && i < 4; i++)
		ops_got[i] = ops[i];
	runs++;
	return 7;
}

static void on_variant(void *o)
{
	((struct args *)o)->variant = 1;
}

static void defaults(void *o)
{
	((struct args *)o)->onoff = true;
}

static const struct cli_opt opts[] = {
	{ "--dir", "DIR", offsetof(struct args, dir), NULL, false },
	{ "--flag", NULL, offsetof(struct args, flag), NULL, false },
	{ "--onoff", "on|off", offsetof(struct args, onoff), cli_set_onoff, false },
	{ "--bytes", "N", offsetof(struct args, bytes), cli_set_bytes, false },
	{ "--id", "0x1234", offsetof(struct args, id), cli_set_u16, false },
	{ "--class", "0x020000", offsetof(struct args, class_code), cli_set_u24, false },
	{ NULL, NULL, 0, NULL, false },
};
static const struct cli_opt need_name[] = {
	{ "--name", "NAME", offsetof(struct args, name), NULL, true },
	{ NULL, NULL, 0, NULL, false },
};

static const struct cli_cmd cmds[] = {
	{ "make", NULL, NULL, "IN OUT", 2, 2, opts, sizeof(struct args), defaults, run, "make     makes OUT\n", NULL },
	{ "make", NULL, "--other", "IN OUT", 2, 2, need_name, sizeof(struct args), on_variant, run, "", NULL },
	{ "seed", "install", NULL, "", 0, 0, opts, sizeof(struct args), NULL, run, "seed     keeps it\n", "more\n" },
	{ "seed", "refresh", NULL, "[FILE|-]", 0, 1, NULL, sizeof(struct args), NULL, run, "", NULL },
};
#define N (sizeof(cmds) / sizeof(cmds[0]))

static char outbuf[8192], errbuf[8192];

/* cli_main on the words of line, stdout and stderr kept in outbuf/errbuf. */
static int cli(const char *line)
{
	static char copy[512]; /* the options and operands point into it */
	char *argv[32], *save = NULL;
	int argc = 0, rc, o = dup(1), e = dup(2);
	FILE *fo = tmpfile(), *fe = tmpfile();
	size_t n;

	snprintf(copy, sizeof(copy), "earlyseed %s", line);
	for (char *w = strtok_r(copy, " ", &save); w != NULL && argc < 31; w = strtok_r(NULL, " ", &save))
		argv[argc++] = w;
	argv[argc] = NULL;
	runs = 0;
	memset(&got, 0, sizeof(got));
	fflush(stdout);
	fflush(stderr);
	dup2(fileno(fo), 1);
	dup2(fileno(fe), 2);
	rc = cli_main(cmds, N, argc, argv);
	fflush(stdout);
	fflush(stderr);
	dup2(o, 1);
	dup2(e, 2);
	close(o);
	close(e);
	rewind(fo);
	rewind(fe);
	n = fread(outbuf, 1, sizeof(outbuf) - 1, fo);
	outbuf[n] = '\0';
	n = fread(errbuf, 1, sizeof(errbuf) - 1, fe);
	errbuf[n] = '\0';
	fclose(fo);
	fclose(fe);
	return rc;
}

/* Options set the fields the rows name, in any order among the operands. */
static void test_options(void)
{
	CHECK(cli("make --dir /d IN --flag --onoff off --bytes 1024 OUT --id 0x8086 --class 0x0c0330") == 7);
	CHECK(runs == 1 && nops_got == 2 && strcmp(ops_got[0], "IN") == 0 && strcmp(ops_got[1], "OUT") == 0);
	CHECK(got.dir != NULL && strcmp(got.dir, "/d") == 0 && got.flag && !got.onoff && got.bytes == 1024);
	CHECK(got.id == 0x8086 && got.class_code == 0x0c0330 && got.variant == 0);
	/* the defaults, before the options */
	CHECK(cli("make a b") == 7 && got.onoff && !got.flag && got.dir == NULL);
	/* a value may start with '-': it is the option's */
	CHECK(cli("make --dir -x a b") == 7 && strcmp(got.dir, "-x") == 0);
	/* "-" is an operand (stdin) */
	CHECK(cli("seed refresh -") == 7 && nops_got == 1 && strcmp(ops_got[0], "-") == 0);
}

/* Every usage error exits CLI_USAGE, runs nothing and says what is wrong. */
static void test_usage_errors(void)
{
	static const struct {
		const char *line, *says;
	} bad[] = {
		{ "make a", "make needs IN OUT" },
		{ "make a b c", "make: unexpected c" },
		{ "make --nope a b", "make: unknown option --nope" },
		{ "make a b --dir", "make: incomplete option --dir" },
		{ "make --onoff maybe a b", "--onoff wants on or off, not 'maybe'" },
		{ "make --bytes 1073741825 a b", "--bytes wants a number from 0 to 1073741824" },
		{ "make --bytes -1 a b", "--bytes wants a number" },
		{ "make --id 0x10000 a b", "--id wants a number up to 0xffff" },
		{ "make --class 0x1000000 a b", "--class wants a number up to 0xffffff" },
		{ "make --other a b", "make needs --name" },
		{ "make --other --dir x --name n a b", "make --other: unknown option --dir" },
		{ "seed", "seed wants install or refresh (see earlyseed seed --help)" },
		{ "seed plant", "seed wants install or refresh, not 'plant'" },
		{ "seed refresh --flag", "seed refresh: unknown option --flag" },
		{ "grow", "unknown command 'grow'" },
		{ "make IN -", "make: unknown option -" }, /* "-" is stdin only where it says FILE|- */
		{ "make --bytes x a b", "--bytes wants a number from 0 to 1073741824, not 'x'\n" },
	};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		/* one line, but for an unknown command (the usage follows) */
		bool ok = cli(bad[i].line) == CLI_USAGE && runs == 0 && strstr(errbuf, bad[i].says) != NULL &&
			  (strchr(errbuf, '\n') == errbuf + strlen(errbuf) - 1 || strstr(errbuf, "unknown command") != NULL);

		CHECK(ok);
		if (!ok)
			fprintf(stderr, "#   %s: %s", bad[i].line, errbuf);
	}
}

/* A variant flag picks its own row (its options, its defaults); a sub-command
 * its row. */
static void test_rows_picked(void)
{
	/* the variant's word as another option's value picks nothing */
	CHECK(cli("make --dir --other a b") == 7 && got.variant == 0 && strcmp(got.dir, "--other") == 0);
	CHECK(cli("make a --other --name n b") == 7 && got.variant == 1 && strcmp(got.name, "n") == 0);
	CHECK(cli("seed install --dir d") == 7 && strcmp(got.dir, "d") == 0);
	CHECK(cli("seed refresh") == 7 && nops_got == 0);
}

/* The usage: every row's synopsis in order, then the paragraphs; --help
 * of one command: its rows, its paragraph, and what more it has. */
static void test_usage_and_help(void)
{
	CHECK(cli("") == CLI_USAGE && outbuf[0] == '\0');
	CHECK(strncmp(errbuf, "usage: earlyseed make [--dir DIR] [--flag] [--onoff on|off] [--bytes N]", 71) == 0);
	CHECK(strstr(errbuf, "\n       earlyseed make --other --name NAME IN OUT\n") != NULL);
	CHECK(strstr(errbuf, "\n       earlyseed seed refresh [FILE|-]\n\nmake     makes OUT\nseed     keeps it\n") != NULL);
	CHECK(cli("--help") == 0 && errbuf[0] == '\0' && strstr(outbuf, "seed     keeps it\n") != NULL);
	CHECK(cli("seed --help") == 0 && runs == 0);
	CHECK(strncmp(outbuf, "usage: earlyseed seed install", 29) == 0 && strstr(outbuf, "make") == NULL);
	CHECK(strstr(outbuf, "seed     keeps it\n\nmore\n") != NULL);
	CHECK(cli("make a b -h") == 0 && runs == 0 && strstr(outbuf, "make     makes OUT") != NULL);
	/* a long synopsis wraps under its options */
	CHECK(cli("--help") == 0 && strstr(outbuf, "\n                 [--class 0x020000] IN OUT\n") != NULL);
}

/* cli_read: a file whole, stdin for "-", a missing one said. */
static void test_read(void)
{
	char path[] = "/tmp/es-cli-XXXXXX";
	int fd = mkstemp(path);
	size_t len = 1;
	char *b;

	CHECK(fd >= 0 && write(fd, "abc", 3) == 3);
	close(fd);
	b = cli_read(path, &len);
	CHECK(b != NULL && len == 3 && memcmp(b, "abc", 3) == 0);
	free(b);
	CHECK(unlink(path) == 0);
	fflush(stderr);
	fd = dup(2);
	CHECK(freopen("/dev/null", "w", stderr) != NULL);
	CHECK(cli_read(path, &len) == NULL);
	fflush(stderr);
	dup2(fd, 2);
	close(fd);
}

int main(void)
{
	RUN(test_options);
	RUN(test_usage_errors);
	RUN(test_rows_picked);
	RUN(test_usage_and_help);
	RUN(test_read);
	return check_done();
}
