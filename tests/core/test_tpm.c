/* SPDX-License-Identifier: MIT */
/* TPM2_GetRandom's command and response (core/tpm.c), on known bytes. */
#include <string.h>

#include "../../core/earlyseed.h"
#include "../check.h"

static void test_command(void)
{
	static const uint8_t want[ES_TPM_CMD_LEN] = { 0x80, 0x01, 0, 0, 0, 0x0c, 0, 0, 0x01, 0x7b, 0x00, 0x20 };
	uint8_t cmd[ES_TPM_CMD_LEN];

	es_tpm_getrandom_cmd(cmd, 32);
	CHECK(memcmp(cmd, want, sizeof(want)) == 0);
	es_tpm_getrandom_cmd(cmd, 0x1234);
	CHECK(cmd[10] == 0x12 && cmd[11] == 0x34);
}

/* A response: header, TPM2B of n bytes; size says 12 + n. */
static size_t rsp(uint8_t *b, uint16_t n, uint32_t rc)
{
	b[0] = 0x80;
	b[1] = 0x01;
	b[2] = b[3] = 0;
	b[4] = (uint8_t)((12u + n) >> 8);
	b[5] = (uint8_t)(12u + n);
	b[6] = (uint8_t)(rc >> 24);
	b[7] = (uint8_t)(rc >> 16);
	b[8] = (uint8_t)(rc >> 8);
	b[9] = (uint8_t)rc;
	b[10] = (uint8_t)(n >> 8);
	b[11] = (uint8_t)n;
	for (uint16_t i = 0; i < n; i++)
		b[12 + i] = (uint8_t)(i + 1);
	return 12u + n;
}

static void test_response(void)
{
	uint8_t b[128];
	uint32_t rc;
	size_t off, len;
	uint16_t n;

	len = rsp(b, 32, 0);
	CHECK(es_tpm_getrandom_parse(b, sizeof(b), 32, &rc, &off, &n) == ES_TPM_OK && off == 12 && n == 32);
	/* shorter than asked: allowed (Part 3 section 16.1), the caller asks again */
	rsp(b, 8, 0);
	CHECK(es_tpm_getrandom_parse(b, sizeof(b), 32, &rc, &off, &n) == ES_TPM_OK && n == 8);
	/* more than asked, none, a size field past what was given back */
	rsp(b, 33, 0);
	CHECK(es_tpm_getrandom_parse(b, sizeof(b), 32, &rc, &off, &n) == ES_TPM_ELONG && n == 0);
	rsp(b, 0, 0);
	CHECK(es_tpm_getrandom_parse(b, sizeof(b), 32, &rc, &off, &n) == ES_TPM_EEMPTY);
	len = rsp(b, 32, 0);
	CHECK(es_tpm_getrandom_parse(b, len - 1, 32, &rc, &off, &n) == ES_TPM_ESHORT);
	CHECK(es_tpm_getrandom_parse(b, 9, 32, &rc, &off, &n) == ES_TPM_ESHORT);
	b[5]++; /* size field one more than the TPM2B inside */
	CHECK(es_tpm_getrandom_parse(b, sizeof(b), 32, &rc, &off, &n) == ES_TPM_ESIZE);
	rsp(b, 32, 0);
	b[1] = 0x02; /* TPM_ST_SESSIONS */
	CHECK(es_tpm_getrandom_parse(b, sizeof(b), 32, &rc, &off, &n) == ES_TPM_ETAG);
	/* an error: a bare header with its code */
	rsp(b, 0, 0x101);
	b[5] = 10;
	CHECK(es_tpm_getrandom_parse(b, sizeof(b), 32, &rc, &off, &n) == ES_TPM_ERC && rc == 0x101);
	CHECK(strcmp(es_tpm_strerror(ES_TPM_ELONG), "more bytes than asked") == 0);
}

/* The codes asked again (Part 2, section 6.6.3), and no others. */
static void test_rc_retry(void)
{
	CHECK(es_tpm_rc_retry(0x922) && es_tpm_rc_retry(0x90a) && es_tpm_rc_retry(0x908));
	CHECK(!es_tpm_rc_retry(0) && !es_tpm_rc_retry(0x101) && !es_tpm_rc_retry(0x923) && !es_tpm_rc_retry(0x8922));
}

int main(void)
{
	RUN(test_rc_retry);
	RUN(test_command);
	RUN(test_response);
	return check_done();
}
