/* SPDX-License-Identifier: MIT */
/* The host tool's command line from its rows: parsing, usage, --help (cli.h). */
#include "cli.h"

#include "../core/earlyseed.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* Synopsis lines wrap before this column, continuing under the options. */
#define CLI_WIDTH 96
#define CLI_INDENT "                 "
/* The most operands a row may take. */
#define CLI_MAX_OPERANDS 4u
/* parse(): --help met where an option may stand. */
#define CLI_HELP (-1)

static bool is(const char *a, const char *b)
{
	return a != NULL && b != NULL && strcmp(a, b) == 0;
}

static void synopsis(const struct cli_cmd *c, const char *lead, FILE *out)
{
	char word[160];
	int col = fprintf(out, "%searlyseed %s%s%s%s%s", lead, c->name, c->sub != NULL ? " " : "",
			  c->sub != NULL ? c->sub : "", c->variant != NULL ? " " : "", c->variant != NULL ? c->variant : "");

	for (const struct cli_opt *o = c->opts; o != NULL && o->name != NULL; o++) {
		int w;

		if (is(o->name, c->variant)) /* said after the name: it picks the row */
			continue;
		w = snprintf(word, sizeof(word), o->required ? "%s%s%s" : "[%s%s%s]", o->name,
			     o->value != NULL ? " " : "", o->value != NULL ? o->value : "");
		if (col + 1 + w > CLI_WIDTH)
			col = fprintf(out, "\n" CLI_INDENT "%s", word) - 1;
		else
			col += fprintf(out, " %s", word);
	}
	if (c->operands[0] != '\0' && col + 1 + (int)strlen(c->operands) > CLI_WIDTH)
		fprintf(out, "\n" CLI_INDENT "%s", c->operands);
	else if (c->operands[0] != '\0')
		fprintf(out, " %s", c->operands);
	fputc('\n', out);
}

void cli_usage(const struct cli_cmd *cmds, size_t n, FILE *out)
{
	for (size_t i = 0; i < n; i++)
		synopsis(&cmds[i], i == 0 ? "usage: " : "       ", out);
	fputc('\n', out);
	for (size_t i = 0; i < n; i++)
		fputs(cmds[i].help, out);
}

/* `earlyseed NAME --help`: its rows' synopses, paragraph and more. */
static int help(const struct cli_cmd *cmds, size_t n, const char *name)
{
	bool first = true;

	for (size_t i = 0; i < n; i++) {
		if (is(cmds[i].name, name)) {
			synopsis(&cmds[i], first ? "usage: " : "       ", stdout);
			first = false;
		}
	}
	fputc('\n', stdout);
	for (size_t i = 0; i < n; i++)
		if (is(cmds[i].name, name))
			fputs(cmds[i].help, stdout);
	for (size_t i = 0; i < n; i++)
		if (is(cmds[i].name, name) && cmds[i].more != NULL)
			fprintf(stdout, "\n%s", cmds[i].more);
	return 0;
}

static bool named(const struct cli_cmd *cmds, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (is(cmds[i].name, name))
			return true;
	return false;
}

static const struct cli_opt *find(const struct cli_cmd *c, const char *name)
{
	for (const struct cli_opt *o = c->opts; o != NULL && o->name != NULL; o++)
		if (is(o->name, name))
			return o;
	return NULL;
}

/* Is flag among argv's words where an option may stand (not the value of
 * an option of a row named argv[1], as in --next --sd-boot)? */
static bool has(const struct cli_cmd *cmds, size_t n, int argc, char **argv, const char *flag)
{
	for (int i = 2; i < argc; i++) {
		if (is(argv[i], flag))
			return true;
		for (size_t k = 0; k < n; k++) {
			const struct cli_opt *o = is(cmds[k].name, argv[1]) ? find(&cmds[k], argv[i]) : NULL;

			if (o != NULL && o->value != NULL) {
				i++;
				break;
			}
		}
	}
	return false;
}

/* The row for argv: one whose variant flag is there first, then one whose
 * sub-command is argv[2], then the plain one; NULL when none. */
static const struct cli_cmd *pick(const struct cli_cmd *cmds, size_t n, int argc, char **argv)
{
	for (int pass = 0; pass < 2; pass++) {
		for (size_t i = 0; i < n; i++) {
			const struct cli_cmd *c = &cmds[i];

			if (!is(c->name, argv[1]) || (pass == 0) != (c->variant != NULL))
				continue;
			if (c->variant != NULL && !has(cmds, n, argc, argv, c->variant))
				continue;
			if (c->sub == NULL || (argc > 2 && is(argv[2], c->sub)))
				return c;
		}
	}
	return NULL;
}

/* argv[first..] into o and the operands: 0, or CLI_USAGE after a message. */
static int parse(const struct cli_cmd *c, int first, int argc, char **argv, unsigned char *o, char **ops,
		 unsigned int *nops)
{
	const struct cli_opt *opt;
	unsigned int seen = 0, k; /* a bit per option of the row given (a row has fewer than 32) */

	for (int i = first; i < argc; i++) {
		const char *a = argv[i];

		if (is(a, c->variant) && find(c, a) == NULL)
			continue;
		if (is(a, "--help") || is(a, "-h"))
			return CLI_HELP;
		/* an operand; "-" (stdin) only where the synopsis says FILE|- */
		if (a[0] != '-' || (a[1] == '\0' && strstr(c->operands, "|-") != NULL)) {
			if (*nops >= c->max_operands || *nops >= CLI_MAX_OPERANDS) {
				fprintf(stderr, "earlyseed: %s: unexpected %s (see earlyseed %s --help)\n", c->name, a, c->name);
				return CLI_USAGE;
			}
			ops[(*nops)++] = argv[i];
			continue;
		}
		opt = find(c, a);
		if (opt == NULL || (opt->value != NULL && i + 1 >= argc)) {
			const char *sub = c->sub != NULL ? c->sub : c->variant;

			fprintf(stderr, "earlyseed: %s%s%s: %s option %s (see earlyseed %s --help)\n", c->name,
				sub != NULL ? " " : "", sub != NULL ? sub : "", opt == NULL ? "unknown" : "incomplete", a,
				c->name);
			return CLI_USAGE;
		}
		seen |= 1u << (opt - c->opts);
		if (opt->set != NULL && opt->set(o + opt->at, a, argv[i + 1]) != 0)
			return CLI_USAGE;
		if (opt->set == NULL && opt->value != NULL)
			*(const char **)(void *)(o + opt->at) = argv[i + 1];
		else if (opt->set == NULL)
			*(bool *)(void *)(o + opt->at) = true;
		i += opt->value != NULL;
	}
	for (k = 0, opt = c->opts; opt != NULL && opt->name != NULL; opt++, k++) {
		if (opt->required && (seen & (1u << k)) == 0) {
			fprintf(stderr, "earlyseed: %s needs %s (see earlyseed %s --help)\n", c->name, opt->name, c->name);
			return CLI_USAGE;
		}
	}
	if (*nops < c->min_operands) {
		fprintf(stderr, "earlyseed: %s needs %s (see earlyseed %s --help)\n", c->name, c->operands, c->name);
		return CLI_USAGE;
	}
	return 0;
}

int cli_main(const struct cli_cmd *cmds, size_t n, int argc, char **argv)
{
	const struct cli_cmd *c;
	unsigned char *o;
	char *ops[CLI_MAX_OPERANDS];
	unsigned int nops = 0;
	int rc;

	if (argc < 2 || is(argv[1], "--help") || is(argv[1], "-h") || is(argv[1], "help")) {
		cli_usage(cmds, n, argc < 2 ? stderr : stdout);
		return argc < 2 ? CLI_USAGE : 0;
	}
	/* the tool's version, which is the images' it installs (core/version.h) */
	if (is(argv[1], "--version") || is(argv[1], "-V")) {
		printf("earlyseed %s\n", es_version);
		return 0;
	}
	c = pick(cmds, n, argc, argv);
	if (c == NULL && argc > 2 && (is(argv[2], "--help") || is(argv[2], "-h")) && named(cmds, n, argv[1]))
		return help(cmds, n, argv[1]);
	if (c == NULL && named(cmds, n, argv[1])) {
		fprintf(stderr, "earlyseed: %s wants", argv[1]);
		for (size_t i = 0, k = 0; i < n; i++)
			if (is(cmds[i].name, argv[1]) && cmds[i].sub != NULL)
				fprintf(stderr, "%s%s", k++ == 0 ? " " : " or ", cmds[i].sub);
		fprintf(stderr, "%s%s%s (see earlyseed %s --help)\n", argc > 2 ? ", not '" : "", argc > 2 ? argv[2] : "",
			argc > 2 ? "'" : "", argv[1]);
		return CLI_USAGE;
	}
	if (c == NULL) {
		fprintf(stderr, "earlyseed: unknown command '%s'\n", argv[1]);
		cli_usage(cmds, n, stderr);
		return CLI_USAGE;
	}
	o = calloc(1, c->size != 0 ? c->size : 1);
	if (o == NULL) {
		fprintf(stderr, "earlyseed: out of memory\n");
		return 1;
	}
	if (c->defaults != NULL)
		c->defaults(o);
	rc = parse(c, c->sub != NULL ? 3 : 2, argc, argv, o, ops, &nops);
	if (rc == CLI_HELP)
		rc = help(cmds, n, c->name);
	else if (rc == 0)
		rc = c->run(o, ops, nops);
	free(o);
	return rc;
}

int cli_number(const char *opt, const char *s, int base, unsigned long max, unsigned long *v)
{
	char *end;

	errno = 0;
	*v = strtoul(s, &end, base);
	if (errno != 0 || *end != '\0' || end == s || s[0] == '-' || *v > max) {
		fprintf(stderr, base == 10 ? "earlyseed: %s wants a number from 0 to %lu, not '%s'\n"
					   : "earlyseed: %s wants a number up to 0x%lx, not '%s'\n",
			opt, max, s);
		return -1;
	}
	return 0;
}

int cli_set_onoff(void *field, const char *opt, const char *val)
{
	if (is(val, "on") || is(val, "off")) {
		*(bool *)field = val[1] == 'n';
		return 0;
	}
	fprintf(stderr, "earlyseed: %s wants on or off, not '%s'\n", opt, val);
	return -1;
}

int cli_set_bytes(void *field, const char *opt, const char *val)
{
	unsigned long v;

	if (cli_number(opt, val, 10, 1ul << 30, &v) != 0)
		return -1;
	*(size_t *)field = (size_t)v;
	return 0;
}

int cli_set_u16(void *field, const char *opt, const char *val)
{
	unsigned long v;

	if (cli_number(opt, val, 0, 0xffff, &v) != 0)
		return -1;
	*(uint16_t *)field = (uint16_t)v;
	return 0;
}

int cli_set_u24(void *field, const char *opt, const char *val)
{
	unsigned long v;

	if (cli_number(opt, val, 0, 0xffffff, &v) != 0)
		return -1;
	*(uint32_t *)field = (uint32_t)v;
	return 0;
}

char *cli_read(const char *path, size_t *len)
{
	FILE *f = (path == NULL || strcmp(path, "-") == 0) ? stdin : fopen(path, "rb");
	const char *shown = path != NULL ? path : "stdin";
	char *buf = NULL, *nb;
	size_t cap = 0, n = 0;
	bool bad = false;

	if (f == NULL) {
		fprintf(stderr, "earlyseed: cannot open %s: %s\n", path, strerror(errno));
		return NULL;
	}
	for (;;) {
		size_t got;

		/* Room for one byte past the limit: a file of exactly
		 * CLI_MAX_INPUT bytes is read whole, one byte more is refused. */
		if (n == cap && cap > CLI_MAX_INPUT) {
			fprintf(stderr, "earlyseed: %s: larger than %u bytes\n", shown, CLI_MAX_INPUT);
			bad = true;
			break;
		}
		if (n == cap) {
			cap = cap == 0 ? 65536 : cap * 2 > CLI_MAX_INPUT ? CLI_MAX_INPUT + 1u : cap * 2;
			nb = realloc(buf, cap);
			if (nb == NULL) {
				fprintf(stderr, "earlyseed: out of memory\n");
				bad = true;
				break;
			}
			buf = nb;
		}
		got = fread(buf + n, 1, cap - n, f);
		n += got;
		if (got == 0) {
			if (ferror(f)) {
				fprintf(stderr, "earlyseed: cannot read %s: %s\n", shown, strerror(errno));
				bad = true;
			}
			break;
		}
	}
	if (f != stdin)
		fclose(f);
	if (bad) {
		free(buf);
		return NULL;
	}
	*len = n;
	return buf;
}

int cli_write(const char *path, const uint8_t *p, size_t n)
{
	FILE *f = fopen(path, "wb");
	bool written;

	if (f == NULL) {
		fprintf(stderr, "earlyseed: cannot write %s: %s\n", path, strerror(errno));
		return -1;
	}
	written = fwrite(p, 1, n, f) == n;
	if (fclose(f) != 0 || !written) {
		fprintf(stderr, "earlyseed: cannot write %s: %s\n", path, strerror(errno));
		return -1;
	}
	return 0;
}
