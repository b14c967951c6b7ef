/* SPDX-License-Identifier: MIT */
#include "config.h"
#include "earlyseed.h"

#include <stdbool.h>
#include <string.h>

struct parser {
	es_config_warn_fn warn;
	void *ctx;
	unsigned int problems;
};

static void report(struct parser *ps, unsigned int line, const char *why)
{
	ps->problems++;
	if (ps->warn != NULL)
		ps->warn(ps->ctx, line, why);
}

static bool is_blank(uint8_t b)
{
	return b == ' ' || b == '\t';
}

static void copy_field(char *dst, const uint8_t *src, size_t n)
{
	memcpy(dst, src, n);
	dst[n] = '\0';
}

/* A command line passed in part would boot the kernel with other options
 * than written (a root= or a dm-verity hash cut off): pass none, and say so. */
static void cmdline_too_long(struct es_config *c, struct parser *ps, unsigned int lineno)
{
	c->cmdline[0] = '\0';
	report(ps, lineno, "cmdline longer than the " ES_STR(ES_CONFIG_CMDLINE_MAX) "-byte limit: it cannot be "
			   "passed whole, so the next stage gets no command line");
}

static bool is_sep(uint8_t b)
{
	return b == '\\' || b == '/';
}

/* Every component of the absolute path v[0..n) names a file or directory
 * below the volume's root: none is empty, "." or "..". UEFI 2.10 section
 * 13.5 EFI_FILE_PROTOCOL.Open() lets ".." climb, and the OS side opens the
 * same path under the ESP's mount point, where ".." would leave the ESP
 * (`seed_file = \..\etc\shadow` rewritten by root at every boot). */
static bool plain_path(const uint8_t *v, size_t n)
{
	size_t i = 0;

	while (i < n) {
		size_t start = ++i; /* past the separator */

		while (i < n && !is_sep(v[i]))
			i++;
		if (i == start || (i - start == 1 && v[start] == '.') ||
		    (i - start == 2 && v[start] == '.' && v[start + 1] == '.'))
			return false;
		/* FAT drivers drop trailing dots and blanks (Linux fs/fat
		 * vfat_striptail_len(), edk2 FatLib), and "NAME~1.EXT" may be
		 * another file's short name: each could name a file the clash
		 * check (es_config_seed_file_clash) does not see. */
		if (v[i - 1] == '.' || v[i - 1] == ' ')
			return false;
		for (size_t k = start; k < i; k++) {
			if (v[k] == '~')
				return false;
		}
	}
	return true;
}

/* An absolute path value (next, seed_file), '/' taken as '\\'; with
 * may_be_none, "none" sets it empty (the feature off). */
static void path_value(struct parser *ps, unsigned int lineno, const char *key, char *field, const uint8_t *v,
		       size_t n, bool may_be_none)
{
	const char *what;

	if (may_be_none && n == 4 && memcmp(v, "none", 4) == 0) {
		field[0] = '\0';
		return;
	}
	if (n == 0)
		what = " is empty, line ignored";
	else if (n >= ES_CONFIG_NEXT_MAX)
		what = " is too long, line ignored";
	else if (v[0] != '\\' && v[0] != '/')
		what = may_be_none ? " must be an absolute path (\\EFI\\...) or none, line ignored"
				   : " must be an absolute path (\\EFI\\...), line ignored";
	else if (!plain_path(v, n))
		what = " has an empty, ., .. or ~ component, or one ending in . or a blank, line ignored";
	else
		what = NULL;
	if (what != NULL) {
		char why[128];
		size_t k = 0;

		for (const char *p = key; *p != '\0'; p++)
			why[k++] = *p;
		for (const char *p = what; *p != '\0' && k + 1 < sizeof(why); p++)
			why[k++] = *p;
		why[k] = '\0';
		report(ps, lineno, why);
		return;
	}
	copy_field(field, v, n);
	for (char *p = field; *p != '\0'; p++) {
		if (*p == '/')
			*p = '\\';
	}
}

static bool is_cmdline_line(const uint8_t *s, size_t n)
{
	size_t i = 0;

	while (i < n && is_blank(s[i]))
		i++;
	if (n - i < 7 || memcmp(s + i, "cmdline", 7) != 0)
		return false;
	for (i += 7; i < n && is_blank(s[i]); i++)
		;
	return i < n && s[i] == '=';
}

static void parse_line(struct es_config *c, struct parser *ps, unsigned int lineno,
		       const uint8_t *s, size_t n)
{
	size_t eq;
	size_t kb = 0;
	size_t ke;
	size_t vb;
	size_t ve = n;

	for (size_t i = 0; i < n; i++) {
		if ((s[i] < 0x20u && s[i] != '\t') || s[i] > 0x7eu) {
			report(ps, lineno, "byte outside printable ASCII, line ignored");
			return;
		}
	}
	while (kb < n && is_blank(s[kb]))
		kb++;
	if (kb == n || s[kb] == '#')
		return;
	for (eq = kb; eq < n && s[eq] != '='; eq++)
		;
	if (eq == n) {
		report(ps, lineno, "no '=' (expected key = value), line ignored");
		return;
	}
	ke = eq;
	while (ke > kb && is_blank(s[ke - 1]))
		ke--;
	vb = eq + 1;
	while (vb < n && is_blank(s[vb]))
		vb++;
	while (ve > vb && is_blank(s[ve - 1]))
		ve--;

	if (ke - kb == 4 && memcmp(s + kb, "next", 4) == 0) {
		path_value(ps, lineno, "next", c->next, s + vb, ve - vb, false);
	} else if (ke - kb == 9 && memcmp(s + kb, "seed_file", 9) == 0) {
		path_value(ps, lineno, "seed_file", c->seed_file, s + vb, ve - vb, true);
	} else if (ke - kb == 7 && memcmp(s + kb, "verbose", 7) == 0) {
		if (ve - vb == 3 && memcmp(s + vb, "yes", 3) == 0)
			c->verbose = ES_VERBOSE_YES;
		else if (ve - vb == 2 && memcmp(s + vb, "no", 2) == 0)
			c->verbose = ES_VERBOSE_NO;
		else if (ve - vb == 5 && memcmp(s + vb, "quiet", 5) == 0)
			c->verbose = ES_VERBOSE_QUIET;
		else
			report(ps, lineno, "verbose must be yes, no or quiet, line ignored");
	} else if (ke - kb == 7 && memcmp(s + kb, "cmdline", 7) == 0) {
		if (ve - vb >= ES_CONFIG_CMDLINE_MAX)
			cmdline_too_long(c, ps, lineno);
		else
			copy_field(c->cmdline, s + vb, ve - vb);
	} else {
		report(ps, lineno, "unknown key, line ignored");
	}
}

void es_config_defaults(struct es_config *c)
{
	memset(c, 0, sizeof(*c));
	memcpy(c->next, ES_CONFIG_DEFAULT_NEXT, sizeof(ES_CONFIG_DEFAULT_NEXT));
	memcpy(c->seed_file, ES_CONFIG_DEFAULT_SEED_FILE, sizeof(ES_CONFIG_DEFAULT_SEED_FILE));
}

int es_config_path_beside(const char *image_path, char *out, size_t cap)
{
	size_t dir = 0;
	size_t n = 0;

	if (cap > 0)
		out[0] = '\0';
	if (image_path == NULL || (image_path[0] != '\\' && image_path[0] != '/'))
		return -1;
	for (; image_path[n] != '\0'; n++) {
		if (image_path[n] == '\\' || image_path[n] == '/')
			dir = n + 1; /* keeps the separator */
	}
	if (dir + sizeof(ES_CONFIG_FILE_NAME) > cap)
		return -1;
	for (size_t i = 0; i < dir; i++)
		out[i] = image_path[i] == '/' ? '\\' : image_path[i];
	memcpy(out + dir, ES_CONFIG_FILE_NAME, sizeof(ES_CONFIG_FILE_NAME));
	return 0;
}

int es_config_same_path(const char *a, const char *b)
{
	for (; *a != '\0' && *b != '\0'; a++, b++) {
		char x = *a == '/' ? '\\' : (*a >= 'a' && *a <= 'z') ? (char)(*a - 32) : *a;
		char y = *b == '/' ? '\\' : (*b >= 'a' && *b <= 'z') ? (char)(*b - 32) : *b;

		if (x != y)
			return 0;
	}
	return *a == *b;
}

unsigned int es_config_places(const char *self_path, char places[ES_CONFIG_PLACES][ES_CONFIG_NEXT_MAX])
{
	unsigned int n = 0;

	if (es_config_path_beside(self_path, places[0], ES_CONFIG_NEXT_MAX) == 0 &&
	    !es_config_same_path(places[0], ES_CONFIG_PATH))
		n++;
	memcpy(places[n], ES_CONFIG_PATH, sizeof(ES_CONFIG_PATH));
	return n + 1;
}

const char *es_config_seed_file_clash(const struct es_config *c, const char *self_path)
{
	char places[ES_CONFIG_PLACES][ES_CONFIG_NEXT_MAX];
	unsigned int n = es_config_places(self_path, places);

	if (c->seed_file[0] == '\0')
		return NULL;
	if (es_config_same_path(c->seed_file, c->next))
		return "the next stage";
	if (self_path != NULL && es_config_same_path(c->seed_file, self_path))
		return "earlyseed's own image";
	for (unsigned int i = 0; i < n; i++) {
		if (es_config_same_path(c->seed_file, places[i]))
			return "a config file";
	}
	return NULL;
}

unsigned int es_config_parse(struct es_config *c, const uint8_t *buf, size_t len,
			  es_config_warn_fn warn, void *ctx)
{
	struct parser ps = { warn, ctx, 0 };
	unsigned int lineno = 0;
	size_t pos = 0;

	if (len > ES_CONFIG_MAX_FILE) {
		report(&ps, 0, "file larger than " ES_STR(ES_CONFIG_MAX_FILE) " bytes, not read");
		return ps.problems;
	}
	/* UTF-16 BOMs: Windows editors save "Unicode" text this way. */
	if (len >= 2 && ((buf[0] == 0xffu && buf[1] == 0xfeu) ||
			 (buf[0] == 0xfeu && buf[1] == 0xffu))) {
		report(&ps, 0, "file is UTF-16, expected ASCII, not read");
		return ps.problems;
	}
	/* A UTF-8 BOM is harmless ASCII-compatible noise: skip it. */
	if (len >= 3 && buf[0] == 0xefu && buf[1] == 0xbbu && buf[2] == 0xbfu)
		pos = 3;

	while (pos < len) {
		size_t end = pos;
		size_t n;

		while (end < len && buf[end] != '\n')
			end++;
		n = end - pos;
		if (n > 0 && buf[pos + n - 1] == '\r')
			n--;
		lineno++;
		if (n > ES_CONFIG_MAX_LINE && is_cmdline_line(buf + pos, n))
			cmdline_too_long(c, &ps, lineno);
		else if (n > ES_CONFIG_MAX_LINE)
			report(&ps, lineno, "line longer than " ES_STR(ES_CONFIG_MAX_LINE) " bytes, ignored");
		else
			parse_line(c, &ps, lineno, buf + pos, n);
		pos = end + 1;
	}
	return ps.problems;
}
