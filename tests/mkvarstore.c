/* SPDX-License-Identifier: MIT */
/* Variable stores in the formats firmware writes to a file (tests/mkvarstore.h). */
#include "mkvarstore.h"

#include <string.h>

const char mkvarstore_token_name[] = "EarlyseedToken";

static void put16(uint8_t *b, uint32_t v)
{
	b[0] = (uint8_t)v;
	b[1] = (uint8_t)(v >> 8);
}

static void put32(uint8_t *b, uint32_t v)
{
	put16(b, v & 0xffffu);
	put16(b + 2, v >> 16);
}

static void put64(uint8_t *b, uint64_t v)
{
	put32(b, (uint32_t)v);
	put32(b + 4, (uint32_t)(v >> 32));
}

static size_t put_name(uint8_t *b, const char *name)
{
	size_t n = strlen(name) + 1;

	for (size_t i = 0; i < n; i++)
		put16(b + 2 * i, (uint8_t)name[i]);
	return 2 * n;
}

/* zlib's CRC32 (U-Boot's crc32(0, ...)), bitwise. */
static uint32_t crc32(const uint8_t *p, size_t n)
{
	uint32_t c = 0xffffffffu;

	for (size_t i = 0; i < n; i++) {
		c ^= p[i];
		for (int k = 0; k < 8; k++)
			c = (c >> 1) ^ (0xedb88320u & (0u - (c & 1u)));
	}
	return ~c;
}

size_t mkvarstore_uboot(uint8_t *out, size_t cap, const struct mkvar *v, size_t nv)
{
	static const uint8_t magic[8] = { 0x55, 0x62, 0x45, 0x66, 0x69, 0x56, 0x61, 0x01 };
	size_t at = 24;

	if (cap < at)
		return 0;
	memset(out, 0, cap);
	memcpy(out + 8, magic, 8);
	for (size_t i = 0; i < nv; i++) {
		size_t need = 32 + 2 * (strlen(v[i].name) + 1) + v[i].len;

		if (need > cap - at)
			return 0;
		put32(out + at, (uint32_t)v[i].len);
		put32(out + at + 4, 0x7u); /* NV, BS, RT */
		memcpy(out + at + 16, v[i].guid, 16);
		at += 32;
		at += put_name(out + at, v[i].name);
		memcpy(out + at, v[i].data, v[i].len);
		at = (at + v[i].len + 7u) & ~(size_t)7u;
		if (at > cap)
			return 0;
	}
	put32(out + 16, (uint32_t)at);
	put32(out + 20, crc32(out + 24, at - 24));
	return at;
}

/* A GUID's text (8-4-4-4-12) as EFI_GUID's bytes: the first three fields
 * little-endian, the last two as written (UEFI 2.10 appendix A). */
static void guid(uint8_t out[16], const char *t)
{
	static const int at[16] = { 6, 4, 2, 0, 11, 9, 16, 14, 19, 21, 24, 26, 28, 30, 32, 34 };

	for (int i = 0; i < 16; i++) {
		unsigned int b = 0;

		for (int k = 0; k < 2; k++) {
			char c = t[at[i] + k];

			b = b * 16u + (unsigned int)(c <= '9' ? c - '0' : c - 'a' + 10);
		}
		out[i] = (uint8_t)b;
	}
}

/* A firmware volume header of len bytes with a 64 KiB block map. */
static void fv_header(uint8_t *f, const uint8_t guid[16], uint64_t len)
{
	memset(f, 0, 72);
	memcpy(f + 16, guid, 16);
	put64(f + 32, len);
	memcpy(f + 40, "_FVH", 4);
	put32(f + 44, 0x0004feffu); /* EFI_FVB2 read/write status and caps */
	put16(f + 48, 72);          /* HeaderLength: 56 and two block-map entries */
	f[55] = 2;                  /* Revision */
	put32(f + 56, (uint32_t)(len / 0x10000u));
	put32(f + 60, 0x10000u);
	uint16_t sum = 0;
	for (size_t i = 0; i < 72; i += 2)
		sum = (uint16_t)(sum + (f[i] | (f[i + 1] << 8)));
	put16(f + 50, (uint16_t)(0u - sum));
}

size_t mkvarstore_fd(uint8_t *out, size_t cap, bool auth, const struct mkvar *v, size_t nv)
{
	uint8_t ffs2[16], nvfv[16], var[16], avar[16];
	const size_t nv_len = 0x10000u, hdr = auth ? 60 : 32;
	uint8_t *fv = out + MKVARSTORE_FD_NV, *store;
	size_t at = 28;

	if (cap < MKVARSTORE_FD_SIZE)
		return 0;
	/* written from their text, as the specifications print them, not
	 * from core/varstore.c's bytes */
	guid(ffs2, "8c8ce578-8a3d-4f1c-9935-896185c32dd3"); /* gEfiFirmwareFileSystem2Guid */
	guid(nvfv, "fff12b8d-7696-4c8b-a985-2747075b4f50"); /* gEfiSystemNvDataFvGuid */
	guid(var, "ddcf3616-3275-4164-98b6-fe85707ffe7d");  /* gEfiVariableGuid */
	guid(avar, "aaf32c78-947b-439a-a180-2e144ec37792"); /* gEfiAuthenticatedVariableGuid */
	/* TF-A and the compressed main volume: bytes that are no store */
	for (size_t i = 0; i < MKVARSTORE_FD_NV; i++)
		out[i] = (uint8_t)(i * 2654435761u >> 13);
	fv_header(out + 0x20000, ffs2, MKVARSTORE_FD_NV - 0x20000);
	/* erased flash: all ones */
	memset(fv, 0xff, MKVARSTORE_FD_SIZE - MKVARSTORE_FD_NV);
	fv_header(fv, nvfv, 0x30000);
	store = fv + 72;
	memcpy(store, auth ? avar : var, 16);
	put32(store + 16, (uint32_t)(nv_len - 72));
	store[20] = 0x5a; /* VARIABLE_STORE_FORMATTED */
	store[21] = 0xfe; /* VARIABLE_STORE_HEALTHY */
	memset(store + 22, 0, 6);
	for (size_t i = 0; i < nv; i++) {
		size_t name = 2 * (strlen(v[i].name) + 1), need = hdr + name + v[i].len;
		uint8_t *h = store + at;

		if (need > nv_len - 72 - at)
			return 0;
		memset(h, 0, hdr);
		put16(h, 0x55aa);
		h[2] = v[i].state != 0 ? v[i].state : 0x3f; /* VAR_ADDED */
		put32(h + 4, 0x7u);
		put32(h + (auth ? 36 : 8), (uint32_t)name);
		put32(h + (auth ? 40 : 12), (uint32_t)v[i].len);
		memcpy(h + (auth ? 44 : 16), v[i].guid, 16);
		put_name(h + hdr, v[i].name);
		memcpy(h + hdr + name, v[i].data, v[i].len);
		at = (at + need + 3u) & ~(size_t)3u;
	}
	return MKVARSTORE_FD_SIZE;
}
