/* SPDX-License-Identifier: MIT */
/* Part of core/earlyseed.h: the TPM: TPM2_GetRandom (core/tpm.c). Include core/earlyseed.h, never this. */
#ifndef EARLYSEED_CORE_EARLYSEED_H
#error "include core/earlyseed.h, the engine's one public header"
#endif
#ifndef EARLYSEED_CORE_EARLYSEED_TPM_H
#define EARLYSEED_CORE_EARLYSEED_TPM_H

/* ---- the TPM: TPM2_GetRandom (TPM 2.0 Library Part 3, section 16.1) ------ */

/* The command: tag TPM_ST_NO_SESSIONS (0x8001), size 12, TPM_CC_GetRandom
 * (0x17B), bytesRequested; big-endian (Part 1, section 18). */
#define ES_TPM_CMD_LEN 12u
/* The response's header (tag, size, responseCode), then TPM2B_DIGEST. */
#define ES_TPM_RSP_HEADER 10u
void es_tpm_getrandom_cmd(uint8_t cmd[ES_TPM_CMD_LEN], uint16_t n);
enum es_tpm_rsp {
	ES_TPM_OK = 0,
	ES_TPM_ESHORT, /* fewer bytes than a header, or than its size field says */
	ES_TPM_ETAG,   /* not TPM_ST_NO_SESSIONS */
	ES_TPM_ERC,    /* a response code other than TPM_RC_SUCCESS (*rc) */
	ES_TPM_ESIZE,  /* the size field disagrees with the TPM2B inside */
	ES_TPM_EEMPTY, /* no bytes */
	ES_TPM_ELONG,  /* more bytes than asked */
};
/* A response of which cap bytes were given back (the protocol does not say
 * how many it wrote: the size field does, within cap). On ES_TPM_OK the n
 * random bytes are at rsp + *off; *rc is the response code when there is one. */
enum es_tpm_rsp es_tpm_getrandom_parse(const uint8_t *rsp, size_t cap, uint16_t asked, uint32_t *rc, size_t *off,
				       uint16_t *n);
const char *es_tpm_strerror(enum es_tpm_rsp e);
/* A response code that asks for the command again: TPM_RC_RETRY (0x922)
 * and TPM_RC_TESTING (0x90a, a self-test still running; Part 2, section
 * 6.6.3), which Linux retries (drivers/char/tpm/tpm-interface.c
 * tpm_transmit_cmd); TPM_RC_YIELDED (0x908) too. Retried within the
 * caller's call and time bounds, never waited on. */
bool es_tpm_rc_retry(uint32_t rc);

#endif
