/* SPDX-License-Identifier: MIT */
#include "audit.h"

#include <string.h>

static void put16(uint8_t *b, uint16_t v)
{
	b[0] = (uint8_t)v;
	b[1] = (uint8_t)(v >> 8);
}

static void put32(uint8_t *b, uint32_t v)
{
	put16(b, (uint16_t)v);
	put16(b + 2, (uint16_t)(v >> 16));
}

static uint16_t get16(const uint8_t *b)
{
	return (uint16_t)(b[0] | (b[1] << 8));
}

static uint32_t get32(const uint8_t *b)
{
	return (uint32_t)get16(b) | ((uint32_t)get16(b + 2) << 16);
}

/* One table of the u32 fields keeps encode and decode in step. */
#define U32_FIELDS(X)                                         \
	X(flags) X(bytes_clock) X(bytes_prev_table) X(bytes_efi_rng) \
	X(bytes_rdseed) X(bytes_rdrand) X(prev_table_size) X(table_size) \
	X(config_problems) X(elapsed_us) X(entropy_bits) X(reserved)
#define U16_FIELDS(X) \
	X(version) X(length) X(efi_rng_instances) X(efi_rng_failed) X(efi_rng_calls) X(cpu_longs_failed)

void es_audit_init(struct es_audit_record *a)
{
	memset(a, 0, sizeof(*a));
	memcpy(a->magic, ES_AUDIT_MAGIC, 4);
	a->version = ES_AUDIT_VERSION;
	a->length = ES_AUDIT_SIZE;
}

void es_audit_encode(const struct es_audit_record *a, uint8_t out[ES_AUDIT_SIZE])
{
	memcpy(out, a->magic, 4);
#define PUT32(f) put32(out + offsetof(struct es_audit_record, f), a->f);
#define PUT16(f) put16(out + offsetof(struct es_audit_record, f), a->f);
	U32_FIELDS(PUT32)
	U16_FIELDS(PUT16)
#undef PUT32
#undef PUT16
}

enum es_audit_error es_audit_decode(const uint8_t *in, size_t n, struct es_audit_record *a)
{
	struct es_audit_record r;

	if (n < ES_AUDIT_SIZE)
		return ES_AUDIT_ESHORT;
	memcpy(r.magic, in, 4);
#define GET32(f) r.f = get32(in + offsetof(struct es_audit_record, f));
#define GET16(f) r.f = get16(in + offsetof(struct es_audit_record, f));
	U32_FIELDS(GET32)
	U16_FIELDS(GET16)
#undef GET32
#undef GET16
	if (memcmp(r.magic, ES_AUDIT_MAGIC, 4) != 0)
		return ES_AUDIT_EMAGIC;
	if (r.version != ES_AUDIT_VERSION)
		return ES_AUDIT_EVERSION;
	if (r.length != ES_AUDIT_SIZE)
		return ES_AUDIT_ELENGTH;
	if ((r.flags & ~ES_AUDIT_F_ALL) != 0 || r.reserved != 0)
		return ES_AUDIT_EFLAGS;
	*a = r;
	return ES_AUDIT_OK;
}

const char *es_audit_verdict(const struct es_audit_record *a, uint32_t present_flag, uint32_t fail_flag)
{
	if ((a->flags & present_flag) == 0)
		return "absent";
	return (a->flags & fail_flag) != 0 ? "fail" : "pass";
}

const char *es_audit_strerror(enum es_audit_error e)
{
	switch (e) {
	case ES_AUDIT_OK:
		return "ok";
	case ES_AUDIT_ESHORT:
		return "record shorter than 64 bytes";
	case ES_AUDIT_EMAGIC:
		return "not an earlyseed audit record (magic is not ESAR)";
	case ES_AUDIT_EVERSION:
		return "unknown record version";
	case ES_AUDIT_ELENGTH:
		return "length field is not 64";
	case ES_AUDIT_EFLAGS:
		return "unknown flag bits or the reserved field set";
	}
	return "unknown error";
}
