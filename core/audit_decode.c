/* SPDX-License-Identifier: MIT */
/* The record's decoder: for the host tool and the tests, not linked into the
 * firmware image (which only writes records). Every version from
 * ES_AUDIT_VERSION_MIN decodes into the current layout. */
#include <string.h>

#include "earlyseed.h"
#include "le.h"

/* What versions 1 to 4 kept per source: one byte count at a fixed offset and
 * a present and a fail flag (docs/audit-record.md "Older versions"). */
static const struct {
	enum es_source src;
	uint8_t bytes_at; /* 0: no byte count */
	uint32_t present, fail;
} v4_sources[] = {
	{ ES_SRC_CLOCK, 12, 0, 0 },
	{ ES_SRC_PREV_TABLE, 16, ES_AUDIT_F_V4_PREV_FOUND, ES_AUDIT_F_V4_PREV_FAIL },
	{ ES_SRC_EFI_RNG, 20, ES_AUDIT_F_V4_EFI_RNG, ES_AUDIT_F_V4_EFI_RNG_FAIL },
	{ ES_SRC_RDSEED, 24, ES_AUDIT_F_V4_RDSEED, ES_AUDIT_F_V4_RDSEED_FAIL },
	{ ES_SRC_RDRAND, 28, ES_AUDIT_F_V4_RDRAND, ES_AUDIT_F_V4_RDRAND_FAIL },
	{ ES_SRC_SEED_FILE, 64, ES_AUDIT_F_V4_SEED_FILE, ES_AUDIT_F_V4_SEED_FILE_FAIL },
	{ ES_SRC_ES_RNG, 76, 0, 0 },
};
#define V4_SOURCES (sizeof(v4_sources) / sizeof(v4_sources[0]))

/* Versions 1 to 4 (size 64 or 80) into r; false for reserved bits set. */
static bool decode_v4(const uint8_t *in, size_t size, uint16_t version, struct es_audit_record *r)
{
	uint32_t known = version == 1 ? ES_AUDIT_F_ALL_V1
			 : version == 2 ? ES_AUDIT_F_ALL_V2
			 : version == 3 ? ES_AUDIT_F_ALL_V3
					: ES_AUDIT_F_ALL_V4;
	uint32_t flags = es_le_get32(in + 8);

	for (unsigned int i = 0; i < V4_SOURCES; i++) {
		if (v4_sources[i].bytes_at + 4u <= size)
			r->bytes[v4_sources[i].src] = es_le_get32(in + v4_sources[i].bytes_at);
		if ((flags & v4_sources[i].present) != 0)
			r->present |= 1u << v4_sources[i].src;
		if ((flags & v4_sources[i].fail) != 0)
			r->failed |= 1u << v4_sources[i].src;
	}
	r->flags = flags & ES_AUDIT_F_ALL;
	r->prev_table_size = es_le_get32(in + 32);
	r->table_size = es_le_get32(in + 36);
	r->efi_rng_instances = es_le_get16(in + 40);
	r->efi_rng_failed = es_le_get16(in + 42);
	r->calls[ES_SRC_EFI_RNG] = es_le_get16(in + 44);
	r->cpu_longs_failed = es_le_get16(in + 46);
	r->config_problems = es_le_get32(in + 48);
	r->elapsed_kcycles = es_le_get32(in + 52);
	r->entropy_bits = es_le_get32(in + 56);
	r->stage = es_le_get16(in + 60);
	r->arch = es_le_get16(in + 62);
	if (size >= ES_AUDIT_SIZE_V4) {
		r->seed_file_size = es_le_get32(in + 68);
		r->seed_file_reason = es_le_get16(in + 72);
		r->token_account = es_le_get16(in + 74);
	}
	/* Reserved: version 1's u32 at 60 (now stage and arch), version 2's
	 * u16 at 62 (now arch), version 3's u16 at 74 (now token_account, whose
	 * bit 14 stays reserved). */
	return (flags & ~known) == 0 && !(version == 1 && (r->stage != 0 || r->arch != 0)) &&
	       !(version == 2 && r->arch != 0) && !(version == 3 && r->token_account != 0);
}

static bool decode_v5(const uint8_t *in, struct es_audit_record *r)
{
#define GET32(f) r->f = es_le_get32(in + offsetof(struct es_audit_record, f));
#define GET16(f) r->f = es_le_get16(in + offsetof(struct es_audit_record, f));
	ES_AUDIT_U32_FIELDS(GET32)
	ES_AUDIT_U16_FIELDS(GET16)
#undef GET32
#undef GET16
	for (size_t i = 0; i < ES_AUDIT_SOURCES; i++) {
		r->bytes[i] = es_le_get32(in + offsetof(struct es_audit_record, bytes) + 4 * i);
		r->calls[i] = es_le_get16(in + offsetof(struct es_audit_record, calls) + 2 * i);
		r->kcycles[i] = es_le_get32(in + offsetof(struct es_audit_record, kcycles) + 4 * i);
	}
	for (size_t i = 0; i < ES_AUDIT_STEPS; i++)
		r->step_kcycles[i] = es_le_get32(in + offsetof(struct es_audit_record, step_kcycles) + 4 * i);
	/* A source this build does not know yet may be set (a newer writer
	 * adds sources without a new version); bits past the arrays may not. */
	/* version 5 kept image_version reserved */
	return (r->flags & ~(uint32_t)ES_AUDIT_F_ALL) == 0 && r->reserved16 == 0 &&
	       (r->version >= 6 || r->image_version == 0) &&
	       (r->present >> ES_AUDIT_SOURCES) == 0 && (r->failed >> ES_AUDIT_SOURCES) == 0;
}

enum es_audit_error es_audit_decode(const uint8_t *in, size_t n, struct es_audit_record *a)
{
	struct es_audit_record r;
	uint16_t version, length;
	size_t size;
	bool ok;

	if (n < 8)
		return ES_AUDIT_ESHORT;
	if (memcmp(in, ES_AUDIT_MAGIC, 4) != 0)
		return ES_AUDIT_EMAGIC;
	version = es_le_get16(in + 4);
	length = es_le_get16(in + 6);
	if (version < ES_AUDIT_VERSION_MIN || version > ES_AUDIT_VERSION)
		return ES_AUDIT_EVERSION;
	size = version >= 5 ? ES_AUDIT_SIZE : version >= 3 ? ES_AUDIT_SIZE_V4 : ES_AUDIT_SIZE_V2;
	if (n < size)
		return ES_AUDIT_ESHORT;
	if (length != size)
		return ES_AUDIT_ELENGTH;
	memset(&r, 0, sizeof(r));
	memcpy(r.magic, in, 4);
	ok = version >= 5 ? decode_v5(in, &r) : decode_v4(in, size, version, &r);
	if (!ok || (r.token_account & 0x4000u) != 0)
		return ES_AUDIT_EFLAGS;
	r.version = version;
	r.length = length;
	*a = r;
	return ES_AUDIT_OK;
}

const char *es_audit_decode_strerror(enum es_audit_error e)
{
	switch (e) {
	case ES_AUDIT_OK:
		return "ok";
	case ES_AUDIT_ESHORT:
		return "record shorter than its version's size (" ES_STR(ES_AUDIT_SIZE_V2) " bytes for versions 1 "
		       "and 2, " ES_STR(ES_AUDIT_SIZE_V4) " for 3 and 4, " ES_STR(ES_AUDIT_SIZE) " for 5 and 6)";
	case ES_AUDIT_EMAGIC:
		return "not an earlyseed audit record (magic is not ESAR)";
	case ES_AUDIT_EVERSION:
		return "unknown record version (this tool reads versions " ES_STR(ES_AUDIT_VERSION_MIN) " to " ES_STR(
			ES_AUDIT_VERSION) ")";
	case ES_AUDIT_ELENGTH:
		return "length field is not its version's size";
	case ES_AUDIT_EFLAGS:
		return "unknown flag bits or the reserved field set";
	}
	return "unknown error";
}

const char *es_audit_flag_name(uint32_t bit)
{
	switch (bit) {
	case ES_AUDIT_F_V4_RDSEED: return "rdseed";
	case ES_AUDIT_F_V4_RDRAND: return "rdrand";
	case ES_AUDIT_F_V4_EFI_RNG: return "efi_rng";
	case ES_AUDIT_F_V4_PREV_FOUND: return "prev_found";
	case ES_AUDIT_F_PREV_CORRUPT: return "prev_corrupt";
	case ES_AUDIT_F_PREV_RETIRED: return "prev_retired";
	case ES_AUDIT_F_TABLE: return "table";
	case ES_AUDIT_F_INSTALL_FAILED: return "install_failed";
	case ES_AUDIT_F_BELOW_GATE: return "below_gate";
	case ES_AUDIT_F_V4_RDSEED_FAIL: return "rdseed_fail";
	case ES_AUDIT_F_V4_RDRAND_FAIL: return "rdrand_fail";
	case ES_AUDIT_F_V4_EFI_RNG_FAIL: return "efi_rng_fail";
	case ES_AUDIT_F_V4_PREV_FAIL: return "prev_fail";
	case ES_AUDIT_F_PREV_REMOVED: return "prev_removed";
	case ES_AUDIT_F_CPU_UNTRUSTED: return "cpu_untrusted";
	case ES_AUDIT_F_UNCREDITED: return "uncredited";
	case ES_AUDIT_F_LOOP: return "loop";
	case ES_AUDIT_F_V4_SEED_FILE: return "seed_file";
	case ES_AUDIT_F_V4_SEED_FILE_FAIL: return "seed_file_fail";
	case ES_AUDIT_F_SEED_FILE_WRITTEN: return "seed_file_written";
	case ES_AUDIT_F_SEED_FILE_CREATED: return "seed_file_created";
	case ES_AUDIT_F_TOKEN: return "token";
	case ES_AUDIT_F_TOKEN_CREATED: return "token_created";
	case ES_AUDIT_F_TOKEN_FAILED: return "token_failed";
	case ES_AUDIT_F_DRIVER: return "driver";
	case ES_AUDIT_F_RNG_PROTOCOL: return "rng_protocol";
	case ES_AUDIT_F_NEXT_FAILED: return "next_failed";
	case ES_AUDIT_F_TAKEN_BACK: return "taken_back";
	case ES_AUDIT_F_RNG_UNKNOWN: return "efi_rng_unknown";
	default: return "unknown";
	}
}

static void put(char *out, size_t cap, size_t *at, const char *s, const char *suffix)
{
	const char *parts[3] = { *at > 0 ? " " : "", s, suffix };

	for (unsigned int p = 0; p < 3; p++)
		for (const char *c = parts[p]; *c != '\0' && *at + 1 < cap; c++)
			out[(*at)++] = *c;
	out[*at] = '\0';
}

void es_audit_flag_names(const struct es_audit_record *a, char *out, size_t cap)
{
	uint32_t shown = a->flags, legacy = 0;
	size_t at = 0;

	if (cap == 0)
		return;
	out[0] = '\0';
	/* The sources versions 1 to 4 had flags for, at those flags' places. */
	for (unsigned int i = 0; i < V4_SOURCES; i++) {
		if (es_audit_present(a, v4_sources[i].src))
			shown |= v4_sources[i].present;
		if (es_audit_failed(a, v4_sources[i].src))
			shown |= v4_sources[i].fail;
		legacy |= 1u << v4_sources[i].src;
	}
	for (unsigned int bit = 0; bit < 32u; bit++) {
		uint32_t f = 1u << bit;
		const char *name = es_audit_flag_name(f);

		if ((shown & f) == 0)
			continue;
		if (a->arch == ES_AUDIT_ARCH_AARCH64 && (f & (ES_AUDIT_F_V4_RDSEED | ES_AUDIT_F_V4_RDSEED_FAIL)) != 0)
			put(out, cap, &at, "rndrrs", f == ES_AUDIT_F_V4_RDSEED ? "" : "_fail");
		else if (a->arch == ES_AUDIT_ARCH_AARCH64 &&
			 (f & (ES_AUDIT_F_V4_RDRAND | ES_AUDIT_F_V4_RDRAND_FAIL)) != 0)
			put(out, cap, &at, "rndr", f == ES_AUDIT_F_V4_RDRAND ? "" : "_fail");
		else
			put(out, cap, &at, name, "");
	}
	/* Sources added since: by name, those the health tests see. */
	for (size_t i = 0; i < ES_AUDIT_SOURCES; i++) {
		const struct es_source_info *r = es_source((enum es_source)i);
		char unknown[] = "source00";

		if ((legacy >> i & 1u) != 0 || (r != NULL && r->feed == ES_FEED_NONE))
			continue;
		unknown[6] = (char)('0' + i / 10u);
		unknown[7] = (char)('0' + i % 10u);
		if (es_audit_present(a, (enum es_source)i))
			put(out, cap, &at, r != NULL ? r->name : unknown, "");
		if (es_audit_failed(a, (enum es_source)i))
			put(out, cap, &at, r != NULL ? r->name : unknown, "_fail");
	}
}
