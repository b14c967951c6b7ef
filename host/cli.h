/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_HOST_CLI_H
#define EARLYSEED_HOST_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/*
 * The host tool's command line as rows (docs/host-tool.md): a command is a
 * struct cli_cmd, its options a table of struct cli_opt, and one parser,
 * one usage printer and the man page's synopsis test (tests/man.sh) all
 * read the same rows.
 */
struct cli_opt {
	const char *name;  /* "--esp" */
	const char *value; /* its value's name in the synopsis ("DIR"); NULL: a flag */
	size_t at;         /* offsetof() its field in the command's options */
	/* Sets the field from val: 0, or -1 after a message on stderr. NULL:
	 * the field is a const char * (value) or a bool set true (flag). */
	int (*set)(void *field, const char *opt, const char *val);
	bool required;     /* shown without brackets, and refused when missing */
};

struct cli_cmd {
	const char *name;     /* "seed" */
	const char *sub;      /* the word after it ("install"), or NULL */
	const char *variant;  /* a flag that picks this row ("--sd-boot"), or NULL; it
			       * sets the option of its name when the row lists one */
	const char *operands; /* after the options in the synopsis ("DRIVER.efi OUT.rom"), or "";
			       * "-" is taken as an operand (stdin) only where it says "|-" */
	unsigned int min_operands, max_operands;
	const struct cli_opt *opts; /* ended by a row with name NULL */
	size_t size;                /* the options' struct, zeroed, then defaults */
	void (*defaults)(void *o);  /* may be NULL */
	int (*run)(void *o, char **operands, unsigned int n);
	const char *help;           /* its paragraph in --help ("" for a row that shares the one before) */
	const char *more;           /* printed after the paragraph by `CMD --help` alone, or NULL */
};

/* Exit status of a usage error (status's STATUS_USAGE, too). */
#define CLI_USAGE 2

/* Run argv against the rows: the matching row's run, or CLI_USAGE after a
 * message; `--help`, `-h`, `help` and no command print the usage. */
int cli_main(const struct cli_cmd *cmds, size_t n, int argc, char **argv);
/* Every row's synopsis, then every paragraph, on out. */
void cli_usage(const struct cli_cmd *cmds, size_t n, FILE *out);

/* A number in s (base 10, or 0: 0x hex too), at most max, no sign: 0, or -1
 * after a message naming opt. */
int cli_number(const char *opt, const char *s, int base, unsigned long max, unsigned long *v);
/* Setters for struct cli_opt.set. */
int cli_set_onoff(void *field, const char *opt, const char *val);   /* bool: on | off */
int cli_set_bytes(void *field, const char *opt, const char *val);   /* size_t: 0 .. 2^30 */
int cli_set_u16(void *field, const char *opt, const char *val);     /* uint16_t: any base */
int cli_set_u24(void *field, const char *opt, const char *val);     /* uint32_t up to 0xffffff */

/* A file's bytes (path NULL or "-": stdin), at most CLI_MAX_INPUT: a
 * buffer to free and *len, or NULL after a message. */
#define CLI_MAX_INPUT (64u << 20)
char *cli_read(const char *path, size_t *len);
/* Write n bytes to path: 0, or -1 after a message. */
int cli_write(const char *path, const uint8_t *p, size_t n);

#endif
