/* SPDX-License-Identifier: MIT */
#include "replay.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../core/wipe.h"

/* A line holds at most this many bytes for mix/unmix: a whole line of hex. */
#define MAX_LINE_BYTES 65536u

struct line {
	const char *s; /* not NUL-terminated */
	size_t n;
	size_t pos;
};

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* Next whitespace-separated token; false at end of line. */
static bool next_token(struct line *l, const char **tok, size_t *len)
{
	while (l->pos < l->n && is_space(l->s[l->pos]))
		l->pos++;
	if (l->pos >= l->n)
		return false;
	*tok = l->s + l->pos;
	while (l->pos < l->n && !is_space(l->s[l->pos]))
		l->pos++;
	*len = (size_t)(l->s + l->pos - *tok);
	return true;
}

static bool token_is(const char *tok, size_t len, const char *word)
{
	return strlen(word) == len && memcmp(tok, word, len) == 0;
}

static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* Tokens of hex byte pairs ("00 7f", "007f"). Returns bytes or -1. */
static long parse_hex_bytes(struct line *l, uint8_t *buf, const char **why)
{
	const char *tok;
	size_t len;
	size_t n = 0;

	while (next_token(l, &tok, &len)) {
		if (len % 2 != 0) {
			*why = "bad hex: each byte is two hex digits";
			es_wipe(buf, n);
			return -1;
		}
		for (size_t i = 0; i < len; i += 2) {
			int hi = hex_digit(tok[i]);
			int lo = hex_digit(tok[i + 1]);

			if (hi < 0 || lo < 0) {
				*why = "bad hex: not a hex digit";
				es_wipe(buf, n);
				return -1;
			}
			if (n >= MAX_LINE_BYTES) {
				*why = "too many bytes on one line";
				es_wipe(buf, n);
				return -1;
			}
			buf[n++] = (uint8_t)(hi * 16 + lo);
		}
	}
	return (long)n;
}

/* Unsigned 64-bit number, hex with 0x or decimal; false if malformed or out of range. */
static bool parse_u64(const char *tok, size_t len, uint64_t *v)
{
	uint64_t x = 0;
	size_t i = 0;
	unsigned int base = 10;

	if (len > 2 && tok[0] == '0' && (tok[1] == 'x' || tok[1] == 'X')) {
		base = 16;
		i = 2;
	}
	if (i == len)
		return false;
	for (; i < len; i++) {
		int d = hex_digit(tok[i]);

		if (d < 0 || (unsigned int)d >= base)
			return false;
		if (x > (UINT64_MAX - (uint64_t)d) / base)
			return false;
		x = x * base + (uint64_t)d;
	}
	*v = x;
	return true;
}

/* Signed decimal int (the kernel's int nbits); false if malformed or out of range. */
static bool parse_int(const char *tok, size_t len, int *v)
{
	bool neg = false;
	uint64_t mag;

	if (len > 0 && (tok[0] == '-' || tok[0] == '+')) {
		neg = tok[0] == '-';
		tok++;
		len--;
	}
	if (len == 0 || len > 11 || (len > 1 && (tok[0] == '0' && (tok[1] == 'x' || tok[1] == 'X'))))
		return false;
	if (!parse_u64(tok, len, &mag))
		return false;
	if (neg ? mag > 2147483648u : mag > 2147483647u)
		return false;
	*v = neg ? (mag == 2147483648u ? INT32_MIN : -(int)mag) : (int)mag;
	return true;
}

static void print_state(const struct replay *r, FILE *out)
{
	fprintf(out, "add_ptr=%u input_rotate=%u entropy_count=%d entropy_total=%d initialized=%d\n",
		r->pool.add_ptr, r->pool.input_rotate, r->credit.entropy_count, r->credit.entropy_total,
		r->credit.initialized ? 1 : 0);
}

static void print_dump(const struct replay *r, FILE *out)
{
	print_state(r, out);
	for (unsigned int i = 0; i < ES_POOL_WORDS; i += 8) {
		fprintf(out, "pool[%03u]:", i);
		for (unsigned int k = 0; k < 8; k++)
			fprintf(out, " %08x", r->pool.words[i + k]);
		fputc('\n', out);
	}
}

void replay_reset(struct replay *r)
{
	es_pool_init(&r->pool);
	es_credit_pool_init(&r->credit, ES_CREDIT_INPUT_POOLBITSHIFT);
}

/* Runs one line; returns NULL or why it is bad. */
static const char *run_line(struct replay *r, struct line *l, uint8_t **bufp, FILE *out)
{
	uint8_t *buf;
	const char *cmd, *tok;
	size_t clen, tlen;
	const char *why = NULL;

	if (!next_token(l, &cmd, &clen))
		return NULL;
	/* the byte buffer only for a script that mixes (most lines do not) */
	if (*bufp == NULL && (token_is(cmd, clen, "mix") || token_is(cmd, clen, "unmix") ||
			      token_is(cmd, clen, "mixle64")))
		*bufp = malloc(MAX_LINE_BYTES);
	buf = *bufp;
	if (token_is(cmd, clen, "mix") || token_is(cmd, clen, "unmix")) {
		long n;

		if (buf == NULL)
			return "out of memory";
		n = parse_hex_bytes(l, buf, &why);

		if (n < 0)
			return why;
		if (cmd[0] == 'm')
			es_pool_mix(&r->pool, buf, (size_t)n);
		else
			es_pool_unmix(&r->pool, buf, (size_t)n);
		es_wipe(buf, (size_t)n);
	} else if (token_is(cmd, clen, "mixle64")) {
		size_t n = 0;

		if (buf == NULL)
			return "out of memory";

		while (next_token(l, &tok, &tlen)) {
			uint64_t v;

			const char *bad = !parse_u64(tok, tlen, &v) ? "bad number: expected 0x-hex or decimal below 2^64"
					  : n + 8 > MAX_LINE_BYTES ? "too many values on one line"
								   : NULL;

			if (bad != NULL) {
				es_wipe(buf, n);
				return bad;
			}
			for (unsigned int i = 0; i < 8; i++)
				buf[n++] = (uint8_t)(v >> (8 * i));
		}
		es_pool_mix(&r->pool, buf, n);
		es_wipe(buf, n);
	} else if (token_is(cmd, clen, "credit") || token_is(cmd, clen, "credit_safe")) {
		int nbits;

		if (!next_token(l, &tok, &tlen))
			return "credit needs a number of bits";
		if (!parse_int(tok, tlen, &nbits))
			return "bad number: expected a decimal int in [-2147483648, 2147483647]";
		if (next_token(l, &tok, &tlen))
			return "credit takes one number";
		if (clen == 6)
			es_credit_entropy_bits(&r->credit, nbits);
		else
			es_credit_entropy_bits_safe(&r->credit, nbits);
	} else if (token_is(cmd, clen, "reset") || token_is(cmd, clen, "state") ||
		   token_is(cmd, clen, "dump")) {
		if (next_token(l, &tok, &tlen))
			return "this command takes no arguments";
		if (cmd[0] == 'r')
			replay_reset(r);
		else if (out != NULL && cmd[0] == 's')
			print_state(r, out);
		else if (out != NULL)
			print_dump(r, out);
	} else {
		return "unknown command (reset, mix, unmix, mixle64, credit, credit_safe, state, dump)";
	}
	return NULL;
}

unsigned long replay_run(struct replay *r, const char *text, size_t len, FILE *out, FILE *err)
{
	uint8_t *buf = NULL;
	unsigned long bad = 0;
	unsigned long lineno = 0;
	size_t pos = 0;

	while (pos < len) {
		size_t end = pos;
		struct line l;
		const char *why;

		while (end < len && text[end] != '\n')
			end++;
		lineno++;
		l.s = text + pos;
		l.n = end - pos;
		l.pos = 0;
		for (size_t i = 0; i < l.n; i++) {
			if (l.s[i] == '#') {
				l.n = i;
				break;
			}
			if (l.s[i] == '\0') {
				l.n = 0;
				why = "NUL byte in line";
				goto bad_line;
			}
		}
		why = run_line(r, &l, &buf, out);
		if (why == NULL) {
			pos = end + 1;
			continue;
		}
bad_line:
		if (err != NULL)
			fprintf(err, "error: line %lu: %s\n", lineno, why);
		bad++;
		pos = end + 1;
	}
	/* every line wiped what it put in buf, on every path (a whole-buffer
	 * wipe here was a fifth of the fuzz target's time) */
	free(buf);
	return bad;
}
