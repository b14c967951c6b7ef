/* SPDX-License-Identifier: MIT */
#include "ffstool.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "../core/le.h"
#include "romtool.h"

/* The DXE dependency expression (PI 1.8 volume 2, section 10.7): the
 * architectural protocols the driver uses at load and at ReadyToBoot, so
 * the DXE dispatcher starts it only once they are there:
 *   variable, variable write  GetVariable/SetVariable (EarlyseedKernelTrust,
 *                             the audit records)
 *   real-time clock           GetTime (the clock source)
 *   monotonic counter         GetNextMonotonicCount (the clock source)
 *   timer                     SetTimer/CheckEvent (the TPM's deadline)
 *   metronome                 Stall (an RNG that says "not ready")
 * Each as EFI_GUID bytes (little-endian fields); MdePkg/Include/Protocol. */
static const uint8_t depex_guids[][16] = {
	/* EFI_VARIABLE_ARCH_PROTOCOL_GUID 1e5668e2-8481-11d4-bcf1-0080c73c8881 */
	{ 0xe2, 0x68, 0x56, 0x1e, 0x81, 0x84, 0xd4, 0x11, 0xbc, 0xf1, 0x00, 0x80, 0xc7, 0x3c, 0x88, 0x81 },
	/* EFI_VARIABLE_WRITE_ARCH_PROTOCOL_GUID 6441f818-6362-4e44-b570-7dba31dd2453 */
	{ 0x18, 0xf8, 0x41, 0x64, 0x62, 0x63, 0x44, 0x4e, 0xb5, 0x70, 0x7d, 0xba, 0x31, 0xdd, 0x24, 0x53 },
	/* EFI_REAL_TIME_CLOCK_ARCH_PROTOCOL_GUID 27cfac87-46cc-11d4-9a38-0090273fc14d */
	{ 0x87, 0xac, 0xcf, 0x27, 0xcc, 0x46, 0xd4, 0x11, 0x9a, 0x38, 0x00, 0x90, 0x27, 0x3f, 0xc1, 0x4d },
	/* EFI_MONOTONIC_COUNTER_ARCH_PROTOCOL_GUID 1da97072-bddc-4b30-99f1-72a0b56fff2a */
	{ 0x72, 0x70, 0xa9, 0x1d, 0xdc, 0xbd, 0x30, 0x4b, 0x99, 0xf1, 0x72, 0xa0, 0xb5, 0x6f, 0xff, 0x2a },
	/* EFI_TIMER_ARCH_PROTOCOL_GUID 26baccb3-6f42-11d4-bce7-0080c73c8881 */
	{ 0xb3, 0xcc, 0xba, 0x26, 0x42, 0x6f, 0xd4, 0x11, 0xbc, 0xe7, 0x00, 0x80, 0xc7, 0x3c, 0x88, 0x81 },
	/* EFI_METRONOME_ARCH_PROTOCOL_GUID 26baccb2-6f42-11d4-bce7-0080c73c8881 */
	{ 0xb2, 0xcc, 0xba, 0x26, 0x42, 0x6f, 0xd4, 0x11, 0xbc, 0xe7, 0x00, 0x80, 0xc7, 0x3c, 0x88, 0x81 },
};
#define NGUIDS (sizeof(depex_guids) / sizeof(depex_guids[0]))
/* Depex opcodes (PI 1.8 volume 2, table 10-8). */
#define DEPEX_PUSH 0x02u
#define DEPEX_AND 0x03u
#define DEPEX_END 0x08u
#define DEPEX_LEN (NGUIDS * 17u + (NGUIDS - 1u) + 1u)
_Static_assert(DEPEX_LEN == FFS_DEPEX_LEN, "the header says the depex's length");

void ffstool_depex(uint8_t out[FFS_DEPEX_LEN])
{
	size_t at = 0;

	for (size_t i = 0; i < NGUIDS; i++) {
		out[at++] = DEPEX_PUSH;
		memcpy(out + at, depex_guids[i], 16);
		at += 16;
		if (i > 0)
			out[at++] = DEPEX_AND;
	}
	out[at] = DEPEX_END;
}

/* "8acd5d9f-d932-..." as EFI_GUID bytes. */
static void guid_bytes(const char *s, uint8_t g[16])
{
	static const uint8_t order[16] = { 3, 2, 1, 0, 5, 4, 7, 6, 8, 9, 10, 11, 12, 13, 14, 15 };
	uint8_t raw[16] = { 0 };
	size_t k = 0;

	for (const char *p = s; *p != '\0' && k < 32; p++) {
		int v = *p >= '0' && *p <= '9' ? *p - '0' : *p >= 'a' && *p <= 'f' ? *p - 'a' + 10 : -1;

		if (v < 0)
			continue;
		if (k % 2 == 0)
			raw[k / 2] = (uint8_t)(v << 4);
		else
			raw[k / 2] |= (uint8_t)v;
		k++;
	}
	for (size_t i = 0; i < 16; i++)
		g[i] = raw[order[i]];
}

/* A section header (EFI_COMMON_SECTION_HEADER): 24-bit size, type. */
static size_t section(uint8_t *at, uint8_t type, const uint8_t *data, size_t n)
{
	size_t size = 4 + n;

	at[0] = (uint8_t)size;
	at[1] = (uint8_t)(size >> 8);
	at[2] = (uint8_t)(size >> 16);
	at[3] = type;
	if (n > 0)
		memcpy(at + 4, data, n);
	return size;
}

/* ASCII as UCS-2, NUL-terminated: n + 1 characters. */
static size_t ucs2(uint8_t *out, const char *s)
{
	size_t i = 0;

	for (; s[i] != '\0'; i++) {
		out[2 * i] = (uint8_t)s[i];
		out[2 * i + 1] = 0;
	}
	out[2 * i] = out[2 * i + 1] = 0;
	return 2 * (i + 1);
}

static size_t align4(size_t n)
{
	return (n + 3u) & ~(size_t)3u;
}

int ffstool_build(const uint8_t *pe, size_t n, const char *version, uint8_t **out, size_t *outn, const char **why)
{
	uint8_t depex[DEPEX_LEN], ui[2 * sizeof(FFS_UI_NAME)], ver[2 + 2 * 64];
	size_t uilen, verlen, total, at = 0;
	uint16_t machine;
	uint8_t *f, sum = 0;

	if (romtool_pe_check(pe, n, &machine, why) != 0)
		return -1;
	for (const char *c = version; *c != '\0'; c++) {
		if (*c < 0x20 || *c > 0x7e || c - version >= 63) {
			*why = "version is not printable ASCII of at most 63 characters";
			return -1;
		}
	}
	ffstool_depex(depex);
	uilen = ucs2(ui, FFS_UI_NAME);
	/* EFI_VERSION_SECTION: UINT16 BuildNumber, then the string */
	ver[0] = ver[1] = 0;
	verlen = 2 + ucs2(ver + 2, version);
	/* in GenFfs's order for a DXE driver: DEPEX, PE32, UI, VERSION */
	total = FFS_HEADER + align4(4 + DEPEX_LEN) + align4(4 + n) + align4(4 + uilen) + 4 + verlen;
	if (total >= FFS_MAX_SIZE) {
		*why = "driver too large for a 24-bit FFS size";
		return -1;
	}
	f = calloc(1, total);
	if (f == NULL) {
		*why = "out of memory";
		return -1;
	}
	at = FFS_HEADER;
	at = align4(at + section(f + at, FFS_SECTION_DXE_DEPEX, depex, DEPEX_LEN));
	at = align4(at + section(f + at, FFS_SECTION_PE32, pe, n));
	at = align4(at + section(f + at, FFS_SECTION_UI, ui, uilen));
	at += section(f + at, FFS_SECTION_VERSION, ver, verlen);
	/* EFI_FFS_FILE_HEADER (PI 1.8 volume 3, section 2.2.3) */
	guid_bytes(FFS_EARLYSEED_GUID, f);
	f[18] = FFS_TYPE_DRIVER;
	f[19] = 0; /* attributes: no large file, no checksum, 1-byte alignment */
	f[20] = (uint8_t)total;
	f[21] = (uint8_t)(total >> 8);
	f[22] = (uint8_t)(total >> 16);
	/* the header checksum: the header, with IntegrityCheck and State zero, sums to zero */
	for (size_t i = 0; i < FFS_HEADER; i++)
		sum = (uint8_t)(sum + f[i]);
	f[16] = (uint8_t)(0x100u - sum);
	f[17] = FFS_FIXED_CHECKSUM;
	f[23] = FFS_STATE;
	*out = f;
	*outn = at;
	return 0;
}

int ffstool_parse(const uint8_t *f, size_t n, struct ffs_info *info, const char **why)
{
	uint8_t sum = 0;
	size_t at;

	memset(info, 0, sizeof(*info));
	if (n < FFS_HEADER) {
		*why = "shorter than an FFS file header";
		return -1;
	}
	for (size_t i = 0; i < FFS_HEADER; i++)
		if (i != 17 && i != 23)
			sum = (uint8_t)(sum + f[i]);
	info->size = (size_t)f[20] | (size_t)f[21] << 8 | (size_t)f[22] << 16;
	if (sum != 0 || f[17] != FFS_FIXED_CHECKSUM || f[23] != FFS_STATE || (f[19] & 0x41u) != 0) {
		*why = "bad header checksum, file checksum, state or attributes";
		return -1;
	}
	if (info->size != n || info->size < FFS_HEADER) {
		*why = "size field is not the file's size";
		return -1;
	}
	memcpy(info->guid, f, 16);
	info->type = f[18];
	for (at = FFS_HEADER; at < n; at = align4(at)) {
		size_t size, len;
		uint8_t type;

		if (n - at < 4) {
			*why = "a section header past the end";
			return -1;
		}
		size = (size_t)f[at] | (size_t)f[at + 1] << 8 | (size_t)f[at + 2] << 16;
		type = f[at + 3];
		if (size < 4 || size > n - at) {
			*why = "a section's size runs past the file";
			return -1;
		}
		len = size - 4;
		if (type == FFS_SECTION_PE32) {
			info->pe_at = at + 4;
			info->pe_len = len;
		} else if (type == FFS_SECTION_DXE_DEPEX) {
			info->depex_at = at + 4;
			info->depex_len = len;
		} else if (type == FFS_SECTION_UI || type == FFS_SECTION_VERSION) {
			char *to = type == FFS_SECTION_UI ? info->ui : info->version;
			size_t skip = type == FFS_SECTION_VERSION ? 2 : 0, k = 0;

			for (size_t i = at + 4 + skip; i + 1 < at + size && k + 1 < 64 && f[i] != 0; i += 2)
				to[k++] = (char)f[i];
		}
		at += size;
	}
	if (info->pe_len == 0 || info->depex_len == 0 || f[info->depex_at + info->depex_len - 1] != DEPEX_END) {
		*why = "no PE32 section, or no dependency expression ending in END";
		return -1;
	}
	return 0;
}
