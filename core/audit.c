/* SPDX-License-Identifier: MIT */
#include "earlyseed.h"

#include <string.h>

#include "le.h"

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
#define PUT32(f) es_le_put32(out + offsetof(struct es_audit_record, f), a->f);
#define PUT16(f) es_le_put16(out + offsetof(struct es_audit_record, f), a->f);
	ES_AUDIT_U32_FIELDS(PUT32)
	ES_AUDIT_U16_FIELDS(PUT16)
#undef PUT32
#undef PUT16
}

/* Where the record keeps src's byte count; none for a source it has no
 * field for (the token is a flag). */
static uint32_t *bytes_field(struct es_audit_record *a, enum es_source src, uint32_t *none)
{
	switch (src) {
	case ES_SRC_CLOCK:
		return &a->bytes_clock;
	case ES_SRC_PREV_TABLE:
		return &a->bytes_prev_table;
	case ES_SRC_EFI_RNG:
		return &a->bytes_efi_rng;
	case ES_SRC_RDSEED:
		return &a->bytes_rdseed;
	case ES_SRC_RDRAND:
		return &a->bytes_rdrand;
	case ES_SRC_SEED_FILE:
		return &a->bytes_seed_file;
	case ES_SRC_ES_RNG:
		return &a->bytes_es_rng;
	case ES_SRC_TOKEN:
	case ES_SRC_COUNT:
		break;
	}
	return none;
}

uint32_t es_audit_bytes(const struct es_audit_record *a, enum es_source src)
{
	struct es_audit_record copy = *a;
	uint32_t none = 0;

	return *bytes_field(&copy, src, &none);
}

void es_audit_from_verdict(struct es_audit_record *a, const struct es_verdict *v)
{
	for (unsigned int i = 0; i < ES_SRC_COUNT; i++) {
		const struct es_source_info *r = es_source((enum es_source)i);
		uint32_t none;

		*bytes_field(a, (enum es_source)i, &none) = v->bytes[i];
		if (v->state[i] != ES_ABSENT)
			a->flags |= r->audit_present;
		if (v->state[i] == ES_FAIL)
			a->flags |= r->audit_fail;
	}
	if (v->prev_overclaims)
		a->flags |= ES_AUDIT_F_PREV_FAIL;
	if (v->prev_found && !v->prev_freeable)
		a->flags |= ES_AUDIT_F_PREV_CORRUPT;
	if (!v->gate_met)
		a->flags |= ES_AUDIT_F_BELOW_GATE;
	if (v->untrusted_bits > 0)
		a->flags |= ES_AUDIT_F_CPU_UNTRUSTED;
	if (v->uncredited)
		a->flags |= ES_AUDIT_F_UNCREDITED;
	a->prev_table_size = v->prev_size;
	a->seed_file_reason = v->file_reason;
	a->entropy_bits = v->counted_bits;
}

const char *es_audit_verdict(const struct es_audit_record *a, enum es_source src)
{
	const struct es_source_info *r = es_source(src);

	if (r == NULL || (a->flags & r->audit_present) == 0)
		return "absent";
	return (a->flags & r->audit_fail) != 0 ? "fail" : "pass";
}

/* Append s to out[*at..cap), keeping room for the NUL. */
static void put_str(char *out, size_t cap, size_t *at, const char *s)
{
	for (; *s != '\0' && *at + 1 < cap; s++)
		out[(*at)++] = *s;
	out[*at] = '\0';
}

static void put_u32(char *out, size_t cap, size_t *at, uint32_t v)
{
	char d[11];
	size_t n = 0;

	do {
		d[n++] = (char)('0' + v % 10u);
		v /= 10u;
	} while (v != 0);
	while (n > 0 && *at + 1 < cap)
		out[(*at)++] = d[--n];
	out[*at] = '\0';
}

void es_audit_summary(const struct es_audit_record *a, char *out, size_t cap)
{
	size_t at = 0;
	const char *sep = "";

	/* Versions 1 and 2 had no seed file: their summary had four sources. */
	unsigned int nsrc = a->version >= 3 ? ES_SUMMARY_SOURCES : 4u;

	if (cap == 0)
		return;
	out[0] = '\0';
	for (unsigned int i = 0; i < nsrc; i++) {
		enum es_source src = es_source_summary_order[i];

		put_str(out, cap, &at, es_source_name(src, a->arch));
		put_str(out, cap, &at, "=");
		put_u32(out, cap, &at, es_audit_bytes(a, src));
		put_str(out, cap, &at, " ");
	}
	put_str(out, cap, &at, "table=");
	put_u32(out, cap, &at, a->table_size);
	put_str(out, cap, &at, " health=");
	for (unsigned int i = 0; i < nsrc; i++) {
		enum es_source src = es_source_summary_order[i];

		if (!es_source(src)->in_health_summary)
			continue;
		put_str(out, cap, &at, sep);
		put_str(out, cap, &at, es_source_name(src, a->arch));
		put_str(out, cap, &at, ":");
		put_str(out, cap, &at, es_audit_verdict(a, src));
		sep = ",";
	}
}

void es_audit_set_token(struct es_audit_record *a, const struct es_provenance *from)
{
	uint32_t other = from->other_bits > ES_GATE_BITS ? ES_GATE_BITS : from->other_bits;
	uint32_t cpu = from->cpu_bits > ES_GATE_BITS ? ES_GATE_BITS : from->cpu_bits;

	a->token_account = (uint16_t)(ES_AUDIT_TOKEN_KNOWN | (other / 4u) | ((cpu / 4u) << 7));
}

bool es_audit_token(const struct es_audit_record *a, struct es_provenance *from)
{
	from->other_bits = (a->token_account & 0x7fu) * 4u;
	from->cpu_bits = ((a->token_account >> 7) & 0x7fu) * 4u;
	return (a->token_account & ES_AUDIT_TOKEN_KNOWN) != 0;
}
