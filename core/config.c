/* SPDX-License-Identifier: MIT */
#include "earlyseed.h"

#include <stdbool.h>
#include <string.h>

struct parser {
	es_config_warn_fn warn;
	void *ctx;
	unsigned int problems;
};

static void parse_warn(struct parser *ps, unsigned int line, const char *why)
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
	parse_warn(ps, lineno, "cmdline longer than the " ES_STR(ES_CONFIG_CMDLINE_MAX) "-byte limit: it cannot be "
			   "passed whole, so the next stage gets no command line");
}

static bool is_sep(uint8_t b)
{
	return b == '\\' || b == '/';
}

/* The blanks edk2's FAT driver drops around a name (FatFileNameIsValid()
 * skips leading ' ' and removes trailing ' ' and '.'). */
static bool fat_trimmed(uint8_t b, bool trailing)
{
	return b == ' ' || (trailing && b == '.');
}

/*
 * The absolute path v[0..n) as edk2's FAT driver reads it, into out (cap
 * bytes, '\' separators): every component with its leading blanks and its
 * trailing blanks and dots removed (edk2 FatPkg/EnhancedFatDxe/FileName.c
 * FatFileNameIsValid(), applied per component by FatLocateOFile()), so the
 * clash check (es_config_seed_file_clash) and the OS side (Linux vfat keeps
 * a leading blank) see the file the firmware opens. False for what cannot
 * be normalised: a component that is empty, "." or ".." (UEFI 2.10 section
 * 13.5 Open() lets ".." climb, and the OS side would leave the ESP), empty
 * once trimmed, holding '~' ("NAME~1.EXT" may be another file's short
 * name) or a character edk2 refuses in a name (" * : < > ? |).
 */
static bool fat_path(const uint8_t *v, size_t n, char *out, size_t cap)
{
	size_t i = 0, k = 0;

	while (i < n) {
		size_t start = ++i, end; /* past the separator */

		while (i < n && !is_sep(v[i]))
			i++;
		if (i == start || (i - start == 1 && v[start] == '.') ||
		    (i - start == 2 && v[start] == '.' && v[start + 1] == '.'))
			return false;
		end = i;
		while (start < end && fat_trimmed(v[start], false))
			start++;
		while (end > start && fat_trimmed(v[end - 1], true))
			end--;
		if (end == start || k + 1 + (end - start) >= cap)
			return false;
		out[k++] = '\\';
		for (size_t j = start; j < end; j++) {
			/* '~' may be a short name's; the rest edk2's FAT
			 * driver refuses in a name (FatFileNameIsValid()) */
			if (v[j] == '~' || v[j] == '"' || v[j] == '*' || v[j] == ':' || v[j] == '<' || v[j] == '>' ||
			    v[j] == '?' || v[j] == '|')
				return false;
			out[k++] = (char)v[j];
		}
	}
	out[k] = '\0';
	return true;
}

/* An absolute path value (next, seed_file), '/' taken as '\\'; with
 * may_be_none, "none" sets it empty (the feature off). */
/* A value that is one of names (NULL-ended): *out is its index and true;
 * else *out is left as it was and false. */
static bool choose(const char *const *names, const uint8_t *v, size_t n, uint8_t *out)
{
	for (uint8_t i = 0; names[i] != NULL; i++) {
		size_t k = 0; /* no strlen: the firmware build has mem* only (libc/mem.c) */

		while (k < n && names[i][k] == (char)v[k])
			k++;
		if (n > 0 && k == n && names[i][k] == '\0') {
			*out = i;
			return true;
		}
	}
	return false;
}

/* A key whose value is one word of names: true and its index in *out, or
 * false after reporting why (the line is then ignored). */
static bool choice(struct parser *ps, unsigned int lineno, const char *const *names, const uint8_t *v, size_t n,
		   uint8_t *out, const char *why)
{
	if (choose(names, v, n, out))
		return true;
	parse_warn(ps, lineno, why);
	return false;
}

/* A key of two words: *out is true for the second, false for the first. */
static void two_words(struct parser *ps, unsigned int lineno, const char *const *names, const uint8_t *v, size_t n,
		      bool *out, const char *why)
{
	uint8_t w;

	if (choice(ps, lineno, names, v, n, &w, why))
		*out = w == 1;
}

static void path_value(struct parser *ps, unsigned int lineno, const char *key, char *field, const uint8_t *v,
		       size_t n, bool may_be_none)
{
	const char *what;
	char norm[ES_CONFIG_NEXT_MAX];

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
	else if (!fat_path(v, n, norm, sizeof(norm)))
		what = " has an empty, ., .. or ~ component (or one of blanks and dots), line ignored";
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
		parse_warn(ps, lineno, why);
		return;
	}
	for (size_t i = 0; i == 0 || norm[i - 1] != '\0'; i++)
		field[i] = norm[i];
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
			parse_warn(ps, lineno, "byte outside printable ASCII, line ignored");
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
		parse_warn(ps, lineno, "no '=' (expected key = value), line ignored");
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
	} else if (ke - kb == 6 && memcmp(s + kb, "initrd", 6) == 0) {
		path_value(ps, lineno, "initrd", c->initrd, s + vb, ve - vb, true);
	} else if (ke - kb == 7 && memcmp(s + kb, "verbose", 7) == 0) {
		/* ES_VERBOSE_YES, _NO, _QUIET */
		static const char *const v[] = { "", "yes", "no", "quiet", NULL };
		uint8_t w = ES_VERBOSE_DEFAULT;

		if (choice(ps, lineno, v, s + vb, ve - vb, &w, "verbose must be yes, no or quiet, line ignored"))
			c->verbose = w;
	} else if (ke - kb == 3 && memcmp(s + kb, "tpm", 3) == 0) {
		static const char *const v[] = { "on", "off", NULL };

		two_words(ps, lineno, v, s + vb, ve - vb, &c->tpm_off, "tpm must be on or off, line ignored");
	} else if (ke - kb == 7 && memcmp(s + kb, "vmgenid", 7) == 0) {
		/* enum es_config_vmgenid, in order */
		static const char *const v[] = { "check", "mix", "off", NULL };

		(void)choice(ps, lineno, v, s + vb, ve - vb, &c->vmgenid, "vmgenid must be check, mix or off, line ignored");
	} else if (ke - kb == 10 && memcmp(s + kb, "disk_token", 10) == 0) {
		/* a token the firmware keeps on the disk: refuse (the default) or count */
		static const char *const v[] = { "refuse", "count", NULL };

		two_words(ps, lineno, v, s + vb, ve - vb, &c->disk_token, "disk_token must be refuse or count, line ignored");
	} else if (ke - kb == 7 && memcmp(s + kb, "cmdline", 7) == 0) {
		if (ve - vb >= ES_CONFIG_CMDLINE_MAX)
			cmdline_too_long(c, ps, lineno);
		else
			copy_field(c->cmdline, s + vb, ve - vb);
	} else {
		parse_warn(ps, lineno, "unknown key, line ignored");
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

static char upper(char c)
{
	return c >= 'a' && c <= 'z' ? (char)(c - 32) : c;
}

/* A path's components as the firmware resolves them: trimmed as edk2's FAT
 * driver trims them (fat_path), "." dropped, ".." taking the one before
 * away (the root's ".." is the root). Offsets and lengths into the path. */
#define CANON_MAX (ES_CONFIG_NEXT_MAX / 2u)
struct canon {
	uint16_t at[CANON_MAX];
	uint8_t len[CANON_MAX];
	unsigned int n;
	bool whole; /* every component fitted */
};

static void canonical(const char *p, struct canon *c)
{
	size_t i = 0;

	c->n = 0;
	c->whole = true;
	while (p[i] != '\0') {
		size_t s, e;

		while (p[i] == '\\' || p[i] == '/')
			i++;
		if (p[i] == '\0')
			break;
		s = i;
		while (p[i] != '\0' && p[i] != '\\' && p[i] != '/')
			i++;
		e = i;
		if (e - s == 1 && p[s] == '.')
			continue;
		if (e - s == 2 && p[s] == '.' && p[s + 1] == '.') {
			c->n -= c->n > 0 ? 1u : 0u;
			continue;
		}
		while (s < e && fat_trimmed((uint8_t)p[s], false))
			s++;
		while (e > s && fat_trimmed((uint8_t)p[e - 1], true))
			e--;
		if (c->n == CANON_MAX || s > UINT16_MAX || e - s > UINT8_MAX) {
			c->whole = false;
			return;
		}
		c->at[c->n] = (uint16_t)s;
		c->len[c->n++] = (uint8_t)(e - s);
	}
}

/* Could alias (a short name: BASE~DIGITS, then .EXT) be name's 8.3 alias?
 * FAT 32 section 7.2 (and edk2 FatCreate8Dot3Name) keep the long name's
 * first characters as BASE, Windows only two of them before a hash, and
 * its extension's first three: a match on those is enough here, since a
 * clash check must see every file a path may name. */
static bool alias_of(const char *alias, size_t an, const char *name, size_t nn)
{
	size_t tilde = 0, dot = an, ndot = nn, lead = 0, k = 0, keep;
	char basis[9];

	while (tilde < an && alias[tilde] != '~')
		tilde++;
	if (tilde == an) {
		/* no "~N": a basis cut at 8 characters (Linux vfat's
		 * nonumtail writes the first alias so) */
		while (dot > 0 && alias[dot - 1] != '.')
			dot--;
		tilde = dot > 0 ? dot - 1 : an;
		if (tilde != 8)
			return false;
		dot = tilde;
		keep = 8;
	} else {
		if (tilde == 0 || tilde > 6 || tilde + 1 >= an)
			return false;
		for (size_t i = tilde + 1; i < an && alias[i] != '.'; i++) {
			if (alias[i] < '0' || alias[i] > '9')
				return false;
			dot = i + 1;
		}
		/* Windows keeps two characters before a hash */
		keep = 2;
	}
	/* the basis: the long name (its leading dots dropped) before its last
	 * dot, blanks and dots out */
	while (lead < nn && name[lead] == '.')
		lead++;
	for (size_t i = lead + 1; i < nn; i++)
		ndot = name[i] == '.' ? i : ndot;
	for (size_t i = lead; i < ndot && k < sizeof(basis); i++) {
		if (name[i] != ' ' && name[i] != '.')
			basis[k++] = upper(name[i]);
	}
	if (keep == 8 && k <= 8)
		return false; /* a basis of 8 or fewer is not cut: compared whole */
	for (size_t i = 0; i < tilde && i < keep; i++) {
		if (i >= k || (alias[i] != '_' && upper(alias[i]) != basis[i]))
			return false;
	}
	/* the extensions: the alias's (after its digits, at most three), the
	 * name's first three */
	dot = dot < an && alias[dot] == '.' ? dot + 1 : an;
	if (an - dot > 3)
		return false;
	for (size_t i = 0; i < 3; i++) {
		char x = dot + i < an ? upper(alias[dot + i]) : '\0';
		char y = ndot + 1 + i < nn ? upper(name[ndot + 1 + i]) : '\0';

		if (x != y && !(x == '_' && y != '\0'))
			return false;
	}
	return true;
}

static bool same_component(const char *a, size_t an, const char *b, size_t bn)
{
	bool same = an == bn;

	for (size_t i = 0; same && i < an; i++)
		same = upper(a[i]) == upper(b[i]);
	return same || alias_of(a, an, b, bn) || alias_of(b, bn, a, an);
}

int es_config_same_path(const char *a, const char *b)
{
	struct canon x, y;

	canonical(a, &x);
	canonical(b, &y);
	if (!x.whole || !y.whole)
		return 1; /* cannot tell: the cautious answer for a clash check */
	if (x.n != y.n)
		return 0;
	for (unsigned int i = 0; i < x.n; i++) {
		if (!same_component(a + x.at[i], x.len[i], b + y.at[i], y.len[i]))
			return 0;
	}
	return 1;
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
	if (c->initrd[0] != '\0' && es_config_same_path(c->seed_file, c->initrd))
		return "the initrd";
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
		parse_warn(&ps, 0, "file larger than " ES_STR(ES_CONFIG_MAX_FILE) " bytes, not read");
		return ps.problems;
	}
	/* UTF-16 BOMs: Windows editors save "Unicode" text this way. */
	if (len >= 2 && ((buf[0] == 0xffu && buf[1] == 0xfeu) ||
			 (buf[0] == 0xfeu && buf[1] == 0xffu))) {
		parse_warn(&ps, 0, "file is UTF-16, expected ASCII, not read");
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
			parse_warn(&ps, lineno, "line longer than " ES_STR(ES_CONFIG_MAX_LINE) " bytes, ignored");
		else
			parse_line(c, &ps, lineno, buf + pos, n);
		pos = end + 1;
	}
	return ps.problems;
}
