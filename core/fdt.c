/* SPDX-License-Identifier: MIT */
/*
 * A flattened device tree, read as the firmware hands it over (the
 * configuration table EFI_DTB_TABLE_GUID): one property of a top-level
 * node found, and removed as Linux removes it. Devicetree Specification
 * v0.4, chapter 5 (the header, the structure block's tokens, the strings
 * block); every field is big-endian. The tree may be hostile or broken:
 * every offset is checked against the header's bounds and the bytes the
 * caller can read.
 */
#include <string.h>

#include "earlyseed.h"

/* Devicetree Specification v0.4 section 5.4.1: the structure block's tokens. */
#define FDT_BEGIN_NODE 1u
#define FDT_END_NODE 2u
#define FDT_PROP 3u
#define FDT_NOP 4u
#define FDT_END 9u
/* Section 5.2: the header's 10 fields. */
#define FDT_HEADER 40u
/* Deeper than any real tree, and a bound for a hostile one. */
#define FDT_DEPTH_MAX 64u

static uint32_t be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static uint32_t align4(uint32_t v)
{
	return (v + 3u) & ~3u;
}

/* The structure and strings blocks, within the tree's own size. */
struct blocks {
	uint32_t st, st_end, str, str_end;
};

static bool header(const uint8_t *p, size_t avail, struct blocks *b)
{
	uint32_t total, version, st_size, str_size;

	if (p == NULL || avail < FDT_HEADER || be32(p) != ES_FDT_MAGIC)
		return false;
	total = be32(p + 4);
	version = be32(p + 20);
	/* version 16 lacks size_dt_struct (section 5.2): 17 is what every
	 * firmware writes, and last_comp_version 16 is what it says */
	if (total < FDT_HEADER || total > avail || total > ES_FDT_MAX || version < 17 || be32(p + 24) > 17)
		return false;
	b->st = be32(p + 8);
	b->str = be32(p + 12);
	str_size = be32(p + 32);
	st_size = be32(p + 36);
	/* libfdt's fdt_check_header: both blocks after the header and inside
	 * the tree; and apart, so a property removed never touches a name */
	if (b->st % 4u != 0 || b->st < FDT_HEADER || b->st > total || st_size > total - b->st ||
	    b->str < FDT_HEADER || b->str > total || str_size > total - b->str ||
	    (b->st < b->str + str_size && b->str < b->st + st_size))
		return false;
	b->st_end = b->st + st_size;
	b->str_end = b->str + str_size;
	return true;
}

uint32_t es_fdt_size(const uint8_t *p, size_t avail)
{
	struct blocks b;

	return header(p, avail, &b) ? be32(p + 4) : 0u;
}

/* The NUL-terminated string at p[at..end): its length, or -1 when it has
 * no NUL there. */
static long str_len(const uint8_t *p, uint32_t at, uint32_t end)
{
	for (uint32_t i = at; i < end; i++)
		if (p[i] == '\0')
			return (long)(i - at);
	return -1;
}

static bool same(const uint8_t *a, long n, const char *b)
{
	long i = 0;

	while (i < n && b[i] != '\0' && a[i] == (uint8_t)b[i])
		i++;
	return i == n && b[i] == '\0';
}

/* same(), ignoring ASCII case. */
static bool same_ci(const uint8_t *a, long n, const char *b)
{
	long i = 0;

	while (i < n && b[i] != '\0' && (a[i] | 0x20) == ((uint8_t)b[i] | 0x20))
		i++;
	return i == n && b[i] == '\0';
}

/* Linux's early_init_dt_scan_chosen looks up "/chosen" (then "/chosen@0"),
 * and libfdt's fdt_nodename_eq_ takes a node "chosen@<unit>" for "chosen":
 * the name, or the name and a unit address. */
static bool node_is(const uint8_t *name, long n, const char *node)
{
	long k = 0;

	while (node[k] != '\0')
		k++;
	return n >= k && memcmp(name, node, (size_t)k) == 0 && (n == k || name[k] == '@');
}

/* One token of the structure block at at, every bound checked: its type,
 * where the next one starts, and for a node its name, for a property its
 * name and value. */
struct tok {
	uint32_t type, next;
	const uint8_t *name; /* FDT_BEGIN_NODE, FDT_PROP */
	long n;
	uint32_t value, len; /* FDT_PROP */
};

/* false: no token there, or one the tree cannot hold (a name without its
 * NUL, a value past the block, FDT_END, an unknown token) */
static bool token(const uint8_t *fdt, const struct blocks *b, uint32_t at, struct tok *t)
{
	if (b->st_end < 4u || at > b->st_end - 4u)
		return false;
	t->type = be32(fdt + at);
	if (t->type == FDT_BEGIN_NODE) {
		t->name = fdt + at + 4u;
		t->n = str_len(fdt, at + 4u, b->st_end);
		t->next = align4(at + 4u + (uint32_t)t->n + 1u);
		return t->n >= 0;
	}
	if (t->type == FDT_END_NODE || t->type == FDT_NOP) {
		t->next = at + 4u;
		return true;
	}
	if (t->type == FDT_PROP) {
		uint32_t nameoff;

		if (b->st_end - at < 12u)
			return false;
		t->len = be32(fdt + at + 4u);
		nameoff = be32(fdt + at + 8u);
		t->value = at + 12u;
		if (t->len > b->st_end - t->value || nameoff >= b->str_end - b->str)
			return false;
		t->name = fdt + b->str + nameoff;
		t->n = str_len(fdt, b->str + nameoff, b->str_end);
		t->next = align4(t->value + t->len);
		return t->n >= 0;
	}
	return false; /* FDT_END, or no token at all */
}

/* The structure block's first token, which libfdt reads as the root
 * (fdt_check_node_offset_: nothing before it): its offset, or 0. */
static uint32_t root(const uint8_t *fdt, size_t avail, struct blocks *b)
{
	if (!header(fdt, avail, b) || b->st_end - b->st < 4u || be32(fdt + b->st) != FDT_BEGIN_NODE)
		return 0;
	return b->st;
}

bool es_fdt_find(const uint8_t *fdt, size_t avail, const char *node, const char *name, struct es_fdt_prop *out)
{
	struct blocks b;
	struct tok t;
	uint32_t at, depth = 0;
	bool inside = false, seen = false;

	memset(out, 0, sizeof(*out));
	at = root(fdt, avail, &b);
	while (at != 0 && token(fdt, &b, at, &t)) {
		if (t.type == FDT_BEGIN_NODE) {
			if (++depth > FDT_DEPTH_MAX)
				return false;
			/* a node's properties come before its subnodes: libfdt's
			 * property walk ends at the first (nextprop_) */
			if (depth == 3 && inside)
				return false;
			/* depth 1 is the root (its name is empty), 2 its children */
			if (depth == 2 && !seen && node_is(t.name, t.n, node))
				inside = seen = true;
		} else if (t.type == FDT_END_NODE) {
			/* only the first such node is Linux's: its end ends the
			 * search, and so does the root's (one tree, one root) */
			if (depth == 0 || (depth == 2 && inside) || depth == 1)
				return false;
			depth--;
		} else if (t.type == FDT_PROP && inside && depth == 2 && same(t.name, t.n, name)) {
			out->at = at;
			out->value = t.value;
			out->len = t.len;
			out->span = t.next - at;
			/* the padding past the value lies inside the block */
			return out->at + out->span <= b.st_end;
		}
		at = t.next;
	}
	return false;
}

/* Is the extension name[0..n) ext, or a bundle that holds it? "zk" is
 * Zkn + Zkr + Zkt (Linux riscv_zk_bundled_exts). */
static bool ext_is(const uint8_t *name, long n, const char *ext)
{
	return same_ci(name, n, ext) || (same_ci(name, n, "zk") && same_ci((const uint8_t *)ext, 3, "zkr"));
}

/* Is ext one of the multi-letter extensions of the ISA string s[0..n)
 * (Linux arch/riscv/kernel/cpufeature.c riscv_parse_isa_string: "rv64",
 * the single letters, then names starting with z, s or x, each ended by
 * '_' or the string's end; case does not matter)? */
static bool isa_string_has(const uint8_t *s, long n, const char *ext)
{
	long i = 4;

	if (n < 4 || (s[0] | 0x20) != 'r' || (s[1] | 0x20) != 'v')
		return false;
	while (i < n && s[i] != '\0') {
		long k = i, e;

		/* the single letters of this part, up to its first name */
		while (k < n && s[k] != '\0' && s[k] != '_' && (s[k] | 0x20) != 'z' && (s[k] | 0x20) != 's' &&
		       (s[k] | 0x20) != 'x')
			k++;
		for (e = k; e < n && s[e] != '\0' && s[e] != '_'; e++)
			;
		if (e > k && ext_is(s + k, e - k, ext))
			return true;
		i = e + 1;
	}
	return false;
}

bool es_fdt_isa_string_has(const uint8_t *s, size_t n, const char *ext)
{
	return s != NULL && n <= ES_FDT_MAX && isa_string_has(s, (long)n, ext);
}

/* Is ext in the string list s[0..n) ("riscv,isa-extensions": one
 * lowercase name each, NUL-ended, matched exactly)? */
static bool isa_list_has(const uint8_t *s, uint32_t n, const char *ext)
{
	uint32_t i = 0;

	while (i < n) {
		uint32_t e = i;

		while (e < n && s[e] != '\0')
			e++;
		/* the list's names are exact (Linux of_property_match_string) */
		if (same(s + i, (long)(e - i), ext) || (same(s + i, (long)(e - i), "zk") && same_ci((const uint8_t *)ext, 3, "zkr")))
			return true;
		i = e + 1;
	}
	return false;
}

bool es_fdt_isa_has(const uint8_t *fdt, size_t avail, const char *ext)
{
	struct blocks b;
	struct tok t;
	uint32_t at, depth = 0, cpus = 0;
	bool in_cpus = false, in_cpu = false, all = true, sub = false;
	/* the hart being read: whether it is off, and what its two
	 * properties say (the list wins, as in Linux's riscv_fill_hwcap) */
	bool off = false, has_list = false, list = false, has_isa = false, isa = false;

	at = root(fdt, avail, &b);
	while (at != 0 && token(fdt, &b, at, &t)) {
		if (t.type == FDT_BEGIN_NODE) {
			if (++depth > FDT_DEPTH_MAX)
				return false;
			if (depth == 2)
				in_cpus = node_is(t.name, t.n, "cpus") && t.n == 4;
			if (depth == 3 && in_cpus && node_is(t.name, t.n, "cpu")) {
				in_cpu = true;
				off = has_list = list = has_isa = isa = sub = false;
			}
			/* a hart's properties come before its subnodes (its
			 * interrupt controller): libfdt, and so Linux, reads no
			 * property after the first */
			if (depth == 4 && in_cpu)
				sub = true;
		} else if (t.type == FDT_END_NODE) {
			if (depth == 0)
				return false;
			if (depth == 3 && in_cpu) {
				in_cpu = false;
				/* every hart that runs must have it: Linux's
				 * riscv_isa is what all of them share */
				if (!off && (has_list || has_isa)) {
					cpus++;
					all = all && (has_list ? list : isa);
				}
			}
			if (--depth == 0)
				return cpus > 0 && all; /* the root's end: one tree, one root */
		} else if (t.type == FDT_PROP && in_cpu && depth == 3 && !sub) {
			if (same(t.name, t.n, "riscv,isa-extensions")) {
				has_list = true;
				list = isa_list_has(fdt + t.value, t.len, ext);
			} else if (same(t.name, t.n, "riscv,isa")) {
				has_isa = true;
				isa = isa_string_has(fdt + t.value, (long)t.len, ext);
			} else if (same(t.name, t.n, "status")) {
				/* Devicetree Specification section 2.3.4: "okay" (or
				 * the older "ok") runs; "disabled" and the rest do not */
				off = t.len == 0 || fdt[t.value + t.len - 1u] != '\0' ||
				      (!same(fdt + t.value, (long)t.len - 1, "okay") && !same(fdt + t.value, (long)t.len - 1, "ok"));
			}
		}
		at = t.next;
	}
	return false;
}

void es_fdt_nop(uint8_t *fdt, size_t avail, const struct es_fdt_prop *prop)
{
	if (prop->span == 0 || prop->span % 4u != 0 || prop->at > avail || prop->span > avail - prop->at ||
	    prop->value < prop->at || prop->len > prop->span || prop->value - prop->at > prop->span - prop->len)
		return;
	/* the value first, with the one primitive: it was a seed */
	es_wipe(fdt + prop->value, prop->len);
	for (uint32_t i = 0; i < prop->span; i += 4u) {
		fdt[prop->at + i] = 0;
		fdt[prop->at + i + 1u] = 0;
		fdt[prop->at + i + 2u] = 0;
		fdt[prop->at + i + 3u] = (uint8_t)FDT_NOP;
	}
}
