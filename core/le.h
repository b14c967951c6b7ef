/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_CORE_LE_H
#define EARLYSEED_CORE_LE_H

#include <stdint.h>

/* Little-endian fields of wire formats (the audit record), on any host. */
static inline void es_le_put16(uint8_t *b, uint16_t v)
{
	b[0] = (uint8_t)v;
	b[1] = (uint8_t)(v >> 8);
}

static inline void es_le_put32(uint8_t *b, uint32_t v)
{
	es_le_put16(b, (uint16_t)v);
	es_le_put16(b + 2, (uint16_t)(v >> 16));
}

static inline uint16_t es_le_get16(const uint8_t *b)
{
	return (uint16_t)(b[0] | (b[1] << 8));
}

static inline uint32_t es_le_get32(const uint8_t *b)
{
	return (uint32_t)es_le_get16(b) | ((uint32_t)es_le_get16(b + 2) << 16);
}

/* One list of the record's scalar fields keeps encode and decode in step
 * (the per-source arrays are written in a loop). */
#define ES_AUDIT_U32_FIELDS(X)                                                                          \
	X(flags) X(present) X(failed) X(prev_table_size) X(table_size) X(config_problems) X(elapsed_kcycles) \
	X(entropy_bits) X(seed_file_size) X(image_version)
#define ES_AUDIT_U16_FIELDS(X)                                                                   \
	X(version) X(length) X(efi_rng_instances) X(efi_rng_failed) X(cpu_longs_failed) X(stage) X(arch) \
	X(seed_file_reason) X(token_account) X(reserved16)

#endif
