/* SPDX-License-Identifier: MIT */
/* The audit record: built from what the front end did and the verdict,
 * encoded for the variable, read back as the summary line. */
#include "earlyseed.h"

#include <string.h>

#include "le.h"

void es_audit_init(struct es_audit_record *a)
{
	memset(a, 0, sizeof(*a));
	memcpy(a->magic, ES_AUDIT_MAGIC, 4);
	a->version = ES_AUDIT_VERSION;
	a->length = ES_AUDIT_SIZE;
	a->image_version = es_version_pack(es_version);
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
	for (size_t i = 0; i < ES_AUDIT_SOURCES; i++) {
		es_le_put32(out + offsetof(struct es_audit_record, bytes) + 4 * i, a->bytes[i]);
		es_le_put16(out + offsetof(struct es_audit_record, calls) + 2 * i, a->calls[i]);
		es_le_put32(out + offsetof(struct es_audit_record, kcycles) + 4 * i, a->kcycles[i]);
	}
	for (size_t i = 0; i < ES_AUDIT_STEPS; i++)
		es_le_put32(out + offsetof(struct es_audit_record, step_kcycles) + 4 * i, a->step_kcycles[i]);
}

/* Cycles as the record keeps them: / 1024, saturating at 32 bits. */
static uint32_t kcycles(uint64_t c)
{
	c >>= 10;
	return c > UINT32_MAX ? UINT32_MAX : (uint32_t)c;
}

void es_audit_build(struct es_audit_record *a, const struct es_outcome *o, const struct es_verdict *v)
{
	/* Each fact's place in the outcome and its flag's bit (ES_AUDIT_F_*, in
	 * the order of the assertion below). */
	static const struct {
		uint8_t at;
		uint8_t bit;
	} said[] = {
		{ offsetof(struct es_outcome, driver), 24 }, { offsetof(struct es_outcome, rng_protocol), 25 },
		{ offsetof(struct es_outcome, table), 6 }, { offsetof(struct es_outcome, install_failed), 7 },
		{ offsetof(struct es_outcome, prev_retired), 5 }, { offsetof(struct es_outcome, prev_removed), 13 },
		{ offsetof(struct es_outcome, token_found), 21 }, { offsetof(struct es_outcome, token_created), 22 },
		{ offsetof(struct es_outcome, token_failed), 23 }, { offsetof(struct es_outcome, file_written), 19 },
		{ offsetof(struct es_outcome, file_created), 20 }, { offsetof(struct es_outcome, next_failed), 26 },
		{ offsetof(struct es_outcome, taken_back), 27 }, { offsetof(struct es_outcome, rng_unknown), 28 },
	};
	_Static_assert(ES_AUDIT_F_DRIVER == 1u << 24 && ES_AUDIT_F_RNG_PROTOCOL == 1u << 25 &&
			       ES_AUDIT_F_TABLE == 1u << 6 && ES_AUDIT_F_INSTALL_FAILED == 1u << 7 &&
			       ES_AUDIT_F_PREV_RETIRED == 1u << 5 && ES_AUDIT_F_PREV_REMOVED == 1u << 13 &&
			       ES_AUDIT_F_TOKEN == 1u << 21 && ES_AUDIT_F_TOKEN_CREATED == 1u << 22 &&
			       ES_AUDIT_F_TOKEN_FAILED == 1u << 23 && ES_AUDIT_F_SEED_FILE_WRITTEN == 1u << 19 &&
			       ES_AUDIT_F_SEED_FILE_CREATED == 1u << 20 && ES_AUDIT_F_NEXT_FAILED == 1u << 26 &&
			       ES_AUDIT_F_TAKEN_BACK == 1u << 27 && ES_AUDIT_F_RNG_UNKNOWN == 1u << 28,
		       "the bits above are the flags'");
	_Static_assert(sizeof(struct es_outcome) < 256 || offsetof(struct es_outcome, rng_unknown) < 256,
		       "every fact's offset fits a byte");

	es_audit_init(a);
	for (unsigned int i = 0; i < sizeof(said) / sizeof(said[0]); i++)
		if (*(const bool *)((const char *)o + said[i].at))
			a->flags |= 1u << said[i].bit;
	a->stage = o->stage;
	a->arch = o->arch;
	a->table_size = o->table ? o->table_size : 0;
	a->seed_file_size = o->seed_file_size;
	a->config_problems = o->config_problems;
	a->efi_rng_instances = o->rng_instances;
	a->efi_rng_failed = o->rng_failed;
	a->cpu_longs_failed = o->cpu_longs_failed;
	a->elapsed_kcycles = kcycles(o->elapsed_cycles);
	if (o->token_known)
		es_audit_set_token(a, &o->token_from);
	for (unsigned int i = 0; i < ES_SRC_COUNT; i++) {
		a->calls[i] = o->calls[i];
		a->kcycles[i] = kcycles(o->src_cycles[i]);
	}
	for (unsigned int i = 0; i < ES_STEP_COUNT; i++)
		a->step_kcycles[i] = kcycles(o->step_cycles[i]);
	if (v == NULL)
		return;
	for (unsigned int i = 0; i < ES_SRC_COUNT; i++) {
		a->bytes[i] = v->bytes[i];
		if (v->state[i] != ES_ABSENT)
			a->present |= 1u << i;
		if (v->state[i] == ES_FAIL)
			a->failed |= 1u << i;
	}
	if (v->prev_overclaims)
		a->failed |= 1u << ES_SRC_PREV_TABLE;
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

bool es_audit_present(const struct es_audit_record *a, enum es_source src)
{
	return (unsigned int)src < ES_AUDIT_SOURCES && (a->present >> src & 1u) != 0;
}

bool es_audit_failed(const struct es_audit_record *a, enum es_source src)
{
	return (unsigned int)src < ES_AUDIT_SOURCES && (a->failed >> src & 1u) != 0;
}

uint32_t es_audit_bytes(const struct es_audit_record *a, enum es_source src)
{
	return (unsigned int)src < ES_AUDIT_SOURCES ? a->bytes[src] : 0;
}

const char *es_audit_verdict(const struct es_audit_record *a, enum es_source src)
{
	if (!es_audit_present(a, src))
		return "absent";
	return es_audit_failed(a, src) ? "fail" : "pass";
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

/* Is the i-th source of the summary order on a's line? Those version 4
 * listed, always; a source added since, only where it is present, so the
 * line of a machine without it reads as it did. */
static bool listed(const struct es_audit_record *a, unsigned int i, enum es_source src)
{
	return i < ES_SUMMARY_SOURCES_V4 || es_audit_present(a, src) || es_audit_bytes(a, src) != 0;
}

void es_audit_summary(const struct es_audit_record *a, char *out, size_t cap)
{
	size_t at = 0;
	const char *sep = "";
	/* Versions 1 and 2 had no seed file: their summary had four sources. */
	unsigned int nsrc = a->version >= 5 ? ES_SUMMARY_SOURCES
			    : a->version >= 3 ? ES_SUMMARY_SOURCES_V4
					      : 4u;

	if (cap == 0)
		return;
	out[0] = '\0';
	/* The sources version 4 listed, the table, then the sources added
	 * since: a line read by position before still reads the same. */
	for (unsigned int i = 0; i <= nsrc; i++) {
		enum es_source src = i < nsrc ? es_source_summary_order[i] : ES_SRC_COUNT;

		if (i == (nsrc < ES_SUMMARY_SOURCES_V4 ? nsrc : ES_SUMMARY_SOURCES_V4)) {
			put_str(out, cap, &at, "table=");
			put_u32(out, cap, &at, a->table_size);
			put_str(out, cap, &at, " ");
		}
		if (i == nsrc)
			break;
		if (!listed(a, i, src))
			continue;
		put_str(out, cap, &at, es_source_name(src, a->arch));
		put_str(out, cap, &at, "=");
		put_u32(out, cap, &at, es_audit_bytes(a, src));
		put_str(out, cap, &at, " ");
	}
	put_str(out, cap, &at, "health=");
	for (unsigned int i = 0; i < nsrc; i++) {
		enum es_source src = es_source_summary_order[i];

		if (!es_source(src)->in_health_summary || !listed(a, i, src))
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

uint32_t es_audit_attributed_pct(const struct es_audit_record *a)
{
	uint64_t sum = 0;

	if (a->elapsed_kcycles == 0)
		return 0;
	for (unsigned int i = 0; i < ES_AUDIT_SOURCES; i++)
		sum += a->kcycles[i];
	for (unsigned int i = 0; i < ES_AUDIT_STEPS; i++)
		sum += a->step_kcycles[i];
	sum = sum * 100u / a->elapsed_kcycles;
	return sum > 100u ? 100u : (uint32_t)sum;
}
