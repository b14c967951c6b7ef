/* SPDX-License-Identifier: MIT */
/* libFuzzer: a seed file and a token as a disk and NVRAM may hand them over
 * (core/session.c): whatever the bytes, the file counts only when committed,
 * at least ES_SEED_FILE_MIN bytes long, unblocked and healthy, and never for
 * more than the gate; the token counts nothing. The first byte picks what the
 * caller reports, the next ES_TOKEN_LEN are the token, the rest the file. */
#include <stdlib.h>
#include <string.h>

#include "../../core/earlyseed.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	struct es_session s;
	struct es_verdict v;
	struct es_trust t;
	struct es_file_plan p;
	unsigned char *file;
	size_t n;
	unsigned int ctl, block;

	if (size < 1 + ES_TOKEN_LEN)
		return 0;
	ctl = data[0];
	n = size - 1 - ES_TOKEN_LEN;
	if (n > ES_SEED_FILE_MAX)
		n = ES_SEED_FILE_MAX;
	file = malloc(n ? n : 1); /* exactly n readable bytes */
	if (file == NULL)
		return 0;
	memcpy(file, data + 1 + ES_TOKEN_LEN, n);
	es_trust_defaults(&t);
	t.cpu = (ctl & 0x80u) != 0;
	es_session_begin(&s);
	(void)es_session_add(&s, ES_SRC_TOKEN, data + 1, ES_TOKEN_LEN);
	es_session_add_seed_file(&s, file, n);
	block = (ctl >> 1) % ES_FILE_REASONS; /* 0: none */
	es_session_block(&s, ES_SRC_SEED_FILE, (enum es_file_reason)block);
	if (ctl & 1u)
		es_session_commit(&s, ES_SRC_SEED_FILE);
	es_session_judge(&s, &t, &v);
	if (v.bits[ES_SRC_SEED_FILE] > ES_GATE_BITS || v.bits[ES_SRC_TOKEN] != 0 || v.hw_bits != 0)
		abort();
	if (v.state[ES_SRC_SEED_FILE] == ES_PASS &&
	    ((ctl & 1u) == 0 || n < ES_SEED_FILE_MIN || (block != 0 && block != ES_FILE_MISSING && block != ES_FILE_OFF)))
		abort();
	if ((v.state[ES_SRC_SEED_FILE] == ES_PASS) != (v.file_reason == ES_FILE_COUNTED))
		abort();
	if (v.gate_met != (v.state[ES_SRC_SEED_FILE] == ES_PASS))
		abort();
	/* no hardware here: the plan never creates anything */
	es_file_plan(&v, (enum es_have)(ctl % 3u), (enum es_have)((ctl >> 2) % 3u), &p);
	if (p.create_token || p.create_file)
		abort();
	es_session_end(&s);
	free(file);
	return 0;
}
