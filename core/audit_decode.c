/* SPDX-License-Identifier: MIT */
/* The record's decoder: for the host tool and the tests, not linked into the
 * firmware image (which only writes records). */
#include <string.h>

#include "earlyseed.h"
#include "le.h"

enum es_audit_error es_audit_decode(const uint8_t *in, size_t n, struct es_audit_record *a)
{
	struct es_audit_record r;
	uint16_t version, length;
	size_t size;
	uint32_t known;

	if (n < 8)
		return ES_AUDIT_ESHORT;
	if (memcmp(in, ES_AUDIT_MAGIC, 4) != 0)
		return ES_AUDIT_EMAGIC;
	version = es_le_get16(in + 4);
	length = es_le_get16(in + 6);
	if (version < ES_AUDIT_VERSION_MIN || version > ES_AUDIT_VERSION)
		return ES_AUDIT_EVERSION;
	size = version >= 3 ? ES_AUDIT_SIZE : ES_AUDIT_SIZE_V2;
	known = version == 1 ? ES_AUDIT_F_ALL_V1
		: version == 2 ? ES_AUDIT_F_ALL_V2
		: version == 3 ? ES_AUDIT_F_ALL_V3
			       : ES_AUDIT_F_ALL;
	if (n < size)
		return ES_AUDIT_ESHORT;
	if (length != size)
		return ES_AUDIT_ELENGTH;
	memset(&r, 0, sizeof(r));
	memcpy(r.magic, in, 4);
	/* Only the fields within this version's size; the rest stay zero. */
#define GET32(f)                                                       \
	if (offsetof(struct es_audit_record, f) + 4 <= size)          \
		r.f = es_le_get32(in + offsetof(struct es_audit_record, f));
#define GET16(f)                                                       \
	if (offsetof(struct es_audit_record, f) + 2 <= size)          \
		r.f = es_le_get16(in + offsetof(struct es_audit_record, f));
	ES_AUDIT_U32_FIELDS(GET32)
	ES_AUDIT_U16_FIELDS(GET16)
#undef GET32
#undef GET16
	/* Reserved: version 1's u32 at 60 (now stage and arch), version 2's
	 * u16 at 62 (now arch), version 3's u16 at 74 (now token_account, whose
	 * bit 14 stays reserved). */
	if ((r.flags & ~known) != 0 || (version == 1 && (r.stage != 0 || r.arch != 0)) ||
	    (version == 2 && r.arch != 0) || (version == 3 && r.token_account != 0) ||
	    (r.token_account & 0x4000u) != 0)
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
		return "record shorter than its version's size (" ES_STR(ES_AUDIT_SIZE_V2) " bytes for versions 1 "
		       "and 2, " ES_STR(ES_AUDIT_SIZE) " for 3)";
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

const char *es_audit_flag_name_arch(uint32_t bit, unsigned int arch)
{
	if (arch == ES_AUDIT_ARCH_AARCH64) {
		switch (bit) {
		case ES_AUDIT_F_RDSEED: return "rndrrs";
		case ES_AUDIT_F_RDRAND: return "rndr";
		case ES_AUDIT_F_RDSEED_FAIL: return "rndrrs_fail";
		case ES_AUDIT_F_RDRAND_FAIL: return "rndr_fail";
		default: break;
		}
	}
	return es_audit_flag_name(bit);
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
	case ES_AUDIT_F_SEED_FILE: return "seed_file";
	case ES_AUDIT_F_SEED_FILE_FAIL: return "seed_file_fail";
	case ES_AUDIT_F_SEED_FILE_WRITTEN: return "seed_file_written";
	case ES_AUDIT_F_SEED_FILE_CREATED: return "seed_file_created";
	case ES_AUDIT_F_TOKEN: return "token";
	case ES_AUDIT_F_TOKEN_CREATED: return "token_created";
	case ES_AUDIT_F_TOKEN_FAILED: return "token_failed";
	case ES_AUDIT_F_DRIVER: return "driver";
	case ES_AUDIT_F_RNG_PROTOCOL: return "rng_protocol";
	case ES_AUDIT_F_NEXT_FAILED: return "next_failed";
	case ES_AUDIT_F_TAKEN_BACK: return "taken_back";
	default: return "unknown";
	}
}
