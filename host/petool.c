/* SPDX-License-Identifier: MIT */
#include "petool.h"

#include <stdlib.h>
#include <string.h>

#include "../core/le.h"

/* A section name: 8 bytes, NUL-padded (PE/COFF "Section Table"). */
static const uint8_t sbat_name[8] = { '.', 's', 'b', 'a', 't', 0, 0, 0 };

/* Where the headers are: e_lfanew, the COFF header, the optional header,
 * the section table. */
struct pe_layout {
	size_t coff, opt, table;
};

#define PE_MAX_SECTION_ALIGN 65536u

static uint32_t align_up(uint32_t v, uint32_t a)
{
	return (v + a - 1u) / a * a;
}

static int layout(const uint8_t *img, size_t n, struct pe_layout *l, struct pe_info *info, const char **why)
{
	uint32_t lfanew;
	uint16_t optsz;

	memset(info, 0, sizeof(*info));
	if (n < 0x40 || img[0] != 'M' || img[1] != 'Z') {
		*why = "not a PE image (no MZ header)";
		return -1;
	}
	lfanew = es_le_get32(img + 0x3c);
	if (lfanew > n || n - lfanew < 24 || memcmp(img + lfanew, "PE\0\0", 4) != 0) {
		*why = "not a PE image (no PE signature)";
		return -1;
	}
	l->coff = (size_t)lfanew + 4;
	info->machine = es_le_get16(img + l->coff);
	info->nsections = es_le_get16(img + l->coff + 2);
	optsz = es_le_get16(img + l->coff + 16);
	l->opt = l->coff + 20;
	l->table = l->opt + optsz;
	if (optsz < 112 || l->table > n || es_le_get16(img + l->opt) != PE_OPT_MAGIC_PE32PLUS) {
		*why = "not a PE32+ image (optional header)";
		return -1;
	}
	if (info->nsections == 0 || info->nsections > 95 ||
	    (size_t)info->nsections * PE_SECTION_HEADER > n - l->table) {
		*why = "section table out of bounds";
		return -1;
	}
	info->section_align = es_le_get32(img + l->opt + 32);
	info->file_align = es_le_get32(img + l->opt + 36);
	info->size_of_image = es_le_get32(img + l->opt + 56);
	info->size_of_headers = es_le_get32(img + l->opt + 60);
	info->subsystem = es_le_get16(img + l->opt + 68);
	info->dll_characteristics = es_le_get16(img + l->opt + 70);
	/* PE/COFF: FileAlignment a power of 2 from 512 to 64 KiB,
	 * SectionAlignment at least that. A real EFI image aligns sections
	 * to at most 64 KiB (the largest page an AArch64 UEFI may use, UEFI
	 * 2.10 section 2.3.6); more would let align_up() wrap SizeOfImage
	 * (2^31 made it 0). */
	if (info->file_align < 512 || info->file_align > 65536 || (info->file_align & (info->file_align - 1)) != 0 ||
	    info->section_align < info->file_align || info->section_align > PE_MAX_SECTION_ALIGN ||
	    (info->section_align & (info->section_align - 1)) != 0) {
		*why = "bad section or file alignment";
		return -1;
	}
	info->nx_allowed = info->section_align >= PE_PAGE;
	/* Optional header DataDirectory[4], the certificate table: size at 148 */
	info->is_signed = l->table - l->opt >= 152 && es_le_get32(img + l->opt + 108) > 4u &&
			  es_le_get32(img + l->opt + 148) != 0;
	for (unsigned int i = 0; i < info->nsections; i++) {
		const uint8_t *s = img + l->table + (size_t)i * PE_SECTION_HEADER;
		uint32_t ch = es_le_get32(s + 36);

		if (memcmp(s, sbat_name, sizeof(sbat_name)) == 0) {
			/* the table itself: VirtualSize bytes (no padding), at
			 * PointerToRawData, within SizeOfRawData */
			uint32_t vsize = es_le_get32(s + 8), raw = es_le_get32(s + 16), off = es_le_get32(s + 20);

			info->has_sbat = true;
			info->sbat_off = off;
			info->sbat_size = vsize != 0 && vsize < raw ? vsize : raw;
		}
		if ((ch & PE_SCN_MEM_WRITE) != 0 && (ch & PE_SCN_MEM_EXECUTE) != 0)
			info->nx_allowed = false;
		if (es_le_get32(s + 12) % PE_PAGE != 0)
			info->nx_allowed = false;
	}
	return 0;
}

int petool_inspect(const uint8_t *img, size_t n, struct pe_info *info, const char **why)
{
	struct pe_layout l;

	return layout(img, n, &l, info, why);
}

int petool_version(const uint8_t *img, size_t n, char *out, size_t cap)
{
	static const char line[] = "earlyseed,";
	struct pe_info info;
	const char *why;
	const uint8_t *t, *end;

	if (cap > 0)
		out[0] = '\0';
	if (petool_inspect(img, n, &info, &why) != 0 || !info.has_sbat || info.sbat_off > n ||
	    info.sbat_size > n - info.sbat_off)
		return -1;
	t = img + info.sbat_off;
	end = t + info.sbat_size;
	while (t < end) {
		const uint8_t *eol = memchr(t, '\n', (size_t)(end - t));
		const uint8_t *f = t;

		if (eol == NULL)
			eol = end;
		if ((size_t)(eol - t) > sizeof(line) - 1 && memcmp(t, line, sizeof(line) - 1) == 0) {
			/* past four commas: the version, up to the fifth */
			for (int commas = 0; commas < 4 && f < eol; f++)
				if (*f == ',')
					commas++;
			const uint8_t *v = f;
			while (f < eol && *f != ',')
				f++;
			if (f == eol || f == v || (size_t)(f - v) >= cap)
				return -1;
			memcpy(out, v, (size_t)(f - v));
			out[f - v] = '\0';
			return 0;
		}
		t = eol + 1;
	}
	return -1;
}

bool petool_sbat_ok(const uint8_t *csv, size_t n)
{
	size_t i = 0;
	unsigned int lines = 0;

	if (n < 6 || memcmp(csv, "sbat,1,", 7 < n ? 7 : n) != 0)
		return false;
	while (i < n) {
		unsigned int commas = 0;

		for (; i < n && csv[i] != '\n'; i++) {
			if (csv[i] == ',')
				commas++;
			else if (csv[i] < 0x20 || csv[i] > 0x7e)
				return false;
		}
		if (commas != 5)
			return false;
		lines++;
		i++; /* the newline */
	}
	return lines >= 2 && csv[n - 1] == '\n';
}

/* Where the sections end, in memory (end_va) and in the file (end_raw),
 * and where the first one's bytes start (first_raw). */
struct pe_extent {
	uint32_t end_va, end_raw, first_raw;
};

/* e from img's section headers: 0, or -1 and why when one lies outside. */
static int extent(const uint8_t *img, size_t n, const struct pe_layout *l, const struct pe_info *info,
		  struct pe_extent *e, const char **why)
{
	e->end_va = e->end_raw = 0;
	e->first_raw = UINT32_MAX;
	for (unsigned int i = 0; i < info->nsections; i++) {
		const uint8_t *s = img + l->table + (size_t)i * PE_SECTION_HEADER;
		uint32_t vs = es_le_get32(s + 8), sva = es_le_get32(s + 12), rs = es_le_get32(s + 16);
		uint32_t rp = es_le_get32(s + 20), size = vs > rs ? vs : rs;

		if (sva > UINT32_MAX - size || (rs != 0 && (rp > n || rs > n - rp))) {
			*why = "a section lies outside the image";
			return -1;
		}
		if (sva + size > e->end_va)
			e->end_va = sva + size;
		if (rs != 0 && rp < e->first_raw)
			e->first_raw = rp;
		if (rs != 0 && rp + rs > e->end_raw)
			e->end_raw = rp + rs;
	}
	return 0;
}

/* Can a .sbat section be added to img as it is? 0, or -1 and why. */
static int sealable(const uint8_t *img, size_t n, const struct pe_layout *l, const struct pe_info *info,
		    const struct pe_extent *e, const char **why)
{
	/* The new header must fit in the headers, before the first section's
	 * bytes: what it covers there is padding (zeros from objcopy, NOPs from
	 * GNU-EFI's aarch64 crt0), part of no section. */
	uint32_t table_end = (uint32_t)(l->table + (size_t)(info->nsections + 1u) * PE_SECTION_HEADER);

	if (table_end > info->size_of_headers || table_end > e->first_raw || table_end > n) {
		*why = "no room for another section header";
		return -1;
	}
	/* A signature covers the image as it is: seal first, then sign.
	 * (Optional header DataDirectory[4], the certificate table.) */
	if (info->is_signed) {
		*why = "the image is signed already (sign after adding .sbat)";
		return -1;
	}
	/* Anything after the last section (a COFF symbol table) is dropped:
	 * strip the image first. */
	if (es_le_get32(img + l->coff + 8) != 0) {
		*why = "the image has a COFF symbol table (objcopy --strip-all first)";
		return -1;
	}
	return 0;
}

/* The new section's header at h and the optional header's sizes in o. */
static void add_header(uint8_t *o, const struct pe_layout *l, const struct pe_info *info, uint32_t va, uint32_t raw,
		       uint32_t rawsize, size_t sbat_n)
{
	uint8_t *h = o + l->table + (size_t)info->nsections * PE_SECTION_HEADER;
	uint32_t data_size = es_le_get32(o + l->opt + 8); /* SizeOfInitializedData */

	memcpy(h, sbat_name, sizeof(sbat_name));
	es_le_put32(h + 8, (uint32_t)sbat_n); /* VirtualSize: the table, no padding */
	es_le_put32(h + 12, va);
	es_le_put32(h + 16, rawsize);
	es_le_put32(h + 20, raw);
	es_le_put32(h + 36, PE_SCN_CNT_INITIALIZED_DATA | PE_SCN_MEM_READ);
	es_le_put16(o + l->coff + 2, (uint16_t)(info->nsections + 1u));
	es_le_put32(o + l->opt + 56, align_up(va + (uint32_t)sbat_n, info->section_align)); /* SizeOfImage */
	es_le_put32(o + l->opt + 8, data_size + rawsize);
	es_le_put32(o + l->opt + 64, 0); /* CheckSum: not checked for EFI images; stale now */
}

int petool_seal(const uint8_t *img, size_t n, const uint8_t *sbat, size_t sbat_n, bool nx, uint8_t **out,
		size_t *outn, bool *nx_set, const char **why)
{
	struct pe_layout l;
	struct pe_info info;
	struct pe_extent e;
	uint32_t va, raw, rawsize;
	uint8_t *o;

	*out = NULL;
	*nx_set = false;
	if (layout(img, n, &l, &info, why) != 0)
		return -1;
	if (info.has_sbat) {
		*why = "the image already has a .sbat section";
		return -1;
	}
	if (sbat_n > 65536u || !petool_sbat_ok(sbat, sbat_n)) {
		*why = "the SBAT table is not CSV lines of 6 fields starting with sbat,1,";
		return -1;
	}
	if (extent(img, n, &l, &info, &e, why) != 0 || sealable(img, n, &l, &info, &e, why) != 0)
		return -1;
	/* What is kept: the headers and every section's bytes. */
	if (info.size_of_headers > e.end_raw)
		e.end_raw = info.size_of_headers;
	if (e.end_raw > n)
		e.end_raw = (uint32_t)n;
	if (e.end_va > UINT32_MAX - info.section_align - PE_PAGE * 32u) {
		*why = "image too large";
		return -1;
	}
	va = align_up(e.end_va, info.section_align);
	raw = align_up(e.end_raw, info.file_align);
	rawsize = align_up((uint32_t)sbat_n, info.file_align);
	if (va > UINT32_MAX - PE_PAGE * 2u || raw > UINT32_MAX - rawsize) {
		*why = "image too large";
		return -1;
	}
	o = calloc(1, (size_t)raw + rawsize);
	if (o == NULL) {
		*why = "out of memory";
		return -1;
	}
	memcpy(o, img, e.end_raw);
	memcpy(o + raw, sbat, sbat_n);
	add_header(o, &l, &info, va, raw, rawsize, sbat_n);
	if (nx && info.nx_allowed) {
		es_le_put16(o + l.opt + 70, (uint16_t)(info.dll_characteristics | PE_DLL_NX_COMPAT));
		*nx_set = true;
	}
	*out = o;
	*outn = (size_t)raw + rawsize;
	return 0;
}
