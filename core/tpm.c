/* SPDX-License-Identifier: MIT */
/*
 * TPM2_GetRandom's command and the reading of its response (TPM 2.0 Library
 * Part 3, section 16.1; the wire format, big-endian: Part 1, section 18). The
 * response comes from a device or a firmware earlyseed does not control:
 * every field is checked against the bytes given back before one is read.
 */
#include "earlyseed.h"

#define TPM_ST_NO_SESSIONS 0x8001u /* Part 2, section 6.9 */
#define TPM_CC_GET_RANDOM 0x0000017bu /* Part 2, section 6.5.2 */
#define TPM_RC_SUCCESS 0u
#define TPM_RC_YIELDED 0x908u /* Part 2, section 6.6.3: RC_WARN + 0x008 */
#define TPM_RC_TESTING 0x90au /* RC_WARN + 0x00A */
#define TPM_RC_RETRY 0x922u   /* RC_WARN + 0x022 */

static uint32_t be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static uint16_t be16(const uint8_t *p)
{
	return (uint16_t)(p[0] << 8 | p[1]);
}

void es_tpm_getrandom_cmd(uint8_t cmd[ES_TPM_CMD_LEN], uint16_t n)
{
	cmd[0] = (uint8_t)(TPM_ST_NO_SESSIONS >> 8);
	cmd[1] = (uint8_t)TPM_ST_NO_SESSIONS;
	cmd[2] = cmd[3] = cmd[4] = 0;
	cmd[5] = ES_TPM_CMD_LEN;
	cmd[6] = cmd[7] = 0;
	cmd[8] = (uint8_t)(TPM_CC_GET_RANDOM >> 8);
	cmd[9] = (uint8_t)TPM_CC_GET_RANDOM;
	cmd[10] = (uint8_t)(n >> 8);
	cmd[11] = (uint8_t)n;
}

enum es_tpm_rsp es_tpm_getrandom_parse(const uint8_t *rsp, size_t cap, uint16_t asked, uint32_t *rc, size_t *off,
				       uint16_t *n)
{
	uint32_t size;
	uint16_t got;

	*rc = 0;
	*off = 0;
	*n = 0;
	if (cap < ES_TPM_RSP_HEADER)
		return ES_TPM_ESHORT;
	size = be32(rsp + 2);
	if (size < ES_TPM_RSP_HEADER || size > cap)
		return ES_TPM_ESHORT;
	*rc = be32(rsp + 6);
	/* An error response is a bare header, tagged either way (Part 1,
	 * section 18.4): its code is what the caller reports. */
	if (*rc != TPM_RC_SUCCESS)
		return ES_TPM_ERC;
	if (be16(rsp) != TPM_ST_NO_SESSIONS)
		return ES_TPM_ETAG;
	if (size < ES_TPM_RSP_HEADER + 2u)
		return ES_TPM_ESIZE;
	got = be16(rsp + ES_TPM_RSP_HEADER);
	if (size != ES_TPM_RSP_HEADER + 2u + got)
		return ES_TPM_ESIZE;
	if (got == 0)
		return ES_TPM_EEMPTY;
	if (got > asked)
		return ES_TPM_ELONG;
	*off = ES_TPM_RSP_HEADER + 2u;
	*n = got;
	return ES_TPM_OK;
}

const char *es_tpm_strerror(enum es_tpm_rsp e)
{
	switch (e) {
	case ES_TPM_OK: return "ok";
	case ES_TPM_ESHORT: return "a response shorter than its header or its size field";
	case ES_TPM_ETAG: return "a response tag other than TPM_ST_NO_SESSIONS";
	case ES_TPM_ERC: return "an error response code";
	case ES_TPM_ESIZE: return "a size field that disagrees with the bytes inside";
	case ES_TPM_EEMPTY: return "no bytes";
	case ES_TPM_ELONG: return "more bytes than asked";
	}
	return "unknown";
}

bool es_tpm_rc_retry(uint32_t rc)
{
	return rc == TPM_RC_RETRY || rc == TPM_RC_TESTING || rc == TPM_RC_YIELDED;
}
