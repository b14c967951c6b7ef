/* SPDX-License-Identifier: MIT */
/* The record's decoder: for the host tool and the tests, not linked into the
 * firmware image (which only writes records). */
#include <string.h>

#include "audit.h"
#include "le.h"

enum es_audit_error es_audit_decode(const uint8_t *in, size_t n, struct es_audit_record *a)
{
	struct es_audit_record r;

	if (n < ES_AUDIT_SIZE)
		return ES_AUDIT_ESHORT;
	memcpy(r.magic, in, 4);
#define GET32(f) r.f = es_le_get32(in + offsetof(struct es_audit_record, f));
#define GET16(f) r.f = es_le_get16(in + offsetof(struct es_audit_record, f));
	ES_AUDIT_U32_FIELDS(GET32)
	ES_AUDIT_U16_FIELDS(GET16)
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

const char *es_audit_decode_strerror(enum es_audit_error e)
{
	switch (e) {
	case ES_AUDIT_OK:
		return "ok";
	case ES_AUDIT_ESHORT:
		return "record shorter than " ES_STR(ES_AUDIT_SIZE) " bytes";
	case ES_AUDIT_EMAGIC:
		return "not an earlyseed audit record (magic is not ESAR)";
	case ES_AUDIT_EVERSION:
		return "unknown record version (this tool reads version " ES_STR(ES_AUDIT_VERSION) ")";
	case ES_AUDIT_ELENGTH:
		return "length field is not " ES_STR(ES_AUDIT_SIZE);
	case ES_AUDIT_EFLAGS:
		return "unknown flag bits or the reserved field set";
	}
	return "unknown error";
}

const char *es_audit_flag_name(uint32_t bit)
{
	switch (bit) {
	case ES_AUDIT_F_RDSEED: return "rdseed";
	case ES_AUDIT_F_RDRAND: return "rdrand";
	case ES_AUDIT_F_EFI_RNG: return "efi_rng";
	case ES_AUDIT_F_PREV_FOUND: return "prev_found";
	case ES_AUDIT_F_PREV_CORRUPT: return "prev_corrupt";
	case ES_AUDIT_F_PREV_RETIRED: return "prev_retired";
	case ES_AUDIT_F_TABLE: return "table";
	case ES_AUDIT_F_INSTALL_FAILED: return "install_failed";
	case ES_AUDIT_F_BELOW_GATE: return "below_gate";
	case ES_AUDIT_F_RDSEED_FAIL: return "rdseed_fail";
	case ES_AUDIT_F_RDRAND_FAIL: return "rdrand_fail";
	case ES_AUDIT_F_EFI_RNG_FAIL: return "efi_rng_fail";
	case ES_AUDIT_F_PREV_FAIL: return "prev_fail";
	case ES_AUDIT_F_PREV_REMOVED: return "prev_removed";
	case ES_AUDIT_F_CPU_UNTRUSTED: return "cpu_untrusted";
	case ES_AUDIT_F_UNCREDITED: return "uncredited";
	case ES_AUDIT_F_LOOP: return "loop";
	default: return "unknown";
	}
}
