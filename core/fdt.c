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

bool es_fdt_find(const uint8_t *fdt, size_t avail, const char *node, const char *name, struct es_fdt_prop *out)
{
	struct blocks b;
	uint32_t at, depth = 0;
	bool inside = false, seen = false;

	memset(out, 0, sizeof(*out));
	if (!header(fdt, avail, &b))
		return false;
	at = b.st;
	/* libfdt reads the root at offset 0 of the block, nothing before it
	 * (fdt_check_node_offset_) */
	if (b.st_end - b.st < 4u || be32(fdt + at) != FDT_BEGIN_NODE)
		return false;
	while (b.st_end >= 4u && at <= b.st_end - 4u) {
		uint32_t tok = be32(fdt + at);

		if (tok == FDT_BEGIN_NODE) {
			long n = str_len(fdt, at + 4u, b.st_end);

			if (n < 0 || ++depth > FDT_DEPTH_MAX)
				return false;
			/* a node's properties come before its subnodes: libfdt's
			 * property walk ends at the first (nextprop_) */
			if (depth == 3 && inside)
				return false;
			/* depth 1 is the root (its name is empty), 2 its children */
			if (depth == 2 && !seen && node_is(fdt + at + 4u, n, node))
				inside = seen = true;
			at = align4(at + 4u + (uint32_t)n + 1u);
		} else if (tok == FDT_END_NODE) {
			if (depth == 0)
				return false;
			/* only the first such node is Linux's: its end ends the
			 * search, and so does the root's (one tree, one root) */
			if ((depth == 2 && inside) || depth == 1)
				return false;
			depth--;
			at += 4u;
		} else if (tok == FDT_PROP) {
			uint32_t len, nameoff, value;
			long n;

			if (b.st_end - at < 12u)
				return false;
			len = be32(fdt + at + 4u);
			nameoff = be32(fdt + at + 8u);
			value = at + 12u;
			if (len > b.st_end - value || nameoff >= b.str_end - b.str)
				return false;
			n = str_len(fdt, b.str + nameoff, b.str_end);
			if (n < 0)
				return false;
			if (inside && depth == 2 && same(fdt + b.str + nameoff, n, name)) {
				out->at = at;
				out->value = value;
				out->len = len;
				out->span = align4(value + len) - at;
				/* the padding past the value lies inside the block */
				return out->at + out->span <= b.st_end;
			}
			at = align4(value + len);
		} else if (tok == FDT_NOP) {
			at += 4u;
		} else {
			return false; /* FDT_END, or no token at all */
		}
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
