/* SPDX-License-Identifier: MIT */
/* libFuzzer: a seed file and a token as a disk and NVRAM may hand them over
 * (core/session.c, core/seedfile.c): whatever the bytes, the file counts
 * only when committed, at least ES_SEED_FILE_MIN bytes long, in earlyseed's
 * format, bound to this machine's token, unblocked and healthy, never with a
 * token the OS can read under Secure Boot, and never for more than the gate
 * or than its header says it rests on under the trust it is judged by; the
 * token counts nothing. Byte 0 picks what the caller reports, byte 1 the
 * token's state and account, the next ES_TOKEN_LEN are the token, the rest
 * the file. A file never counts for more than its token holds, nor unless
 * its header passes the token's MAC and was written under this boot's VM
 * generation ID (when checked) and SMBIOS UUID (Hardening IV, 2-3). */
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
	struct es_seedfile_header h;
	struct es_file_token tok = { 0 };
	const uint8_t *genid, *uuid;
	struct es_ids ids = { 0 };
	unsigned char *file;
	size_t n;
	unsigned int ctl, how, block;
	bool ours;

	if (size < 2 + ES_TOKEN_LEN)
		return 0;
	ctl = data[0];
	how = data[1];
	n = size - 2 - ES_TOKEN_LEN;
	if (n > ES_SEED_FILE_MAX)
		n = ES_SEED_FILE_MAX;
	file = malloc(n ? n : 1); /* exactly n readable bytes */
	if (file == NULL)
		return 0;
	memcpy(file, data + 2 + ES_TOKEN_LEN, n);
	tok.have = (enum es_have)(how % 3u);
	tok.bytes = data + 2;
	tok.runtime = (how & 4u) != 0;
	tok.secure_boot = (how & 8u) != 0;
	/* the VM generation ID (issue 25): the token's own bytes pick whether
	 * there is one and whether it is checked */
	genid = (data[2] & 1u) != 0 ? data + 2 + 16 : NULL;
	uuid = (data[2] & 2u) != 0 ? data + 2 + 8 : NULL;
	if (genid != NULL)
		es_ids_set(&ids, ES_ID_GENID, genid);
	if (uuid != NULL)
		es_ids_set(&ids, ES_ID_UUID, uuid);
	tok.genid_check = (data[3] & 1u) != 0;
	tok.size = (data[3] & 2u) != 0 ? n + data[4] : n;
	/* the token's account (Hardening III, 1): bits 5-7 of how pick it */
	tok.from.other_bits = (how >> 5) * 40u;
	tok.from.cpu_bits = ES_GATE_BITS - (tok.from.other_bits > ES_GATE_BITS ? ES_GATE_BITS : tok.from.other_bits);
	/* let the fuzzer reach the paths behind the binding and the MAC: a
	 * header sealed with the token, under the IDs or not (data[4]) */
	if ((how & 16u) != 0 && n >= ES_SEEDFILE_HEADER && es_seedfile_parse(file, n, &h)) {
		if ((data[4] & 1u) != 0)
			es_seedfile_seal(&h, tok.bytes, &ids, file);
		else
			es_seedfile_sign(&h, tok.bytes, file);
	}
	es_trust_defaults(&t);
	t.cpu = (ctl & 0x80u) != 0;
	es_session_begin(&s);
	/* the identity rows before or after the file: the same verdict */
	if ((ctl & 0x40u) != 0 && genid != NULL)
		(void)es_session_add(&s, ES_SRC_VMGENID, genid, ES_VMGENID_LEN);
	(void)es_session_add(&s, ES_SRC_TOKEN, tok.bytes, ES_TOKEN_LEN);
	es_session_add_seed_file(&s, file, n, &tok);
	if ((ctl & 0x40u) == 0 && genid != NULL)
		(void)es_session_add(&s, ES_SRC_VMGENID, genid, ES_VMGENID_LEN);
	if (uuid != NULL)
		(void)es_session_add(&s, ES_SRC_SMBIOS, uuid, ES_UUID_LEN);
	block = (ctl >> 1) % ES_FILE_REASONS; /* 0: none */
	es_session_block(&s, ES_SRC_SEED_FILE, (enum es_file_reason)block);
	if (ctl & 1u)
		es_session_commit(&s, ES_SRC_SEED_FILE);
	es_session_judge(&s, &t, &v);
	if (v.bits[ES_SRC_SEED_FILE] > ES_GATE_BITS || v.bits[ES_SRC_TOKEN] != 0 || v.hw_bits != 0)
		abort();
	ours = es_seedfile_parse(file, n, &h) &&
	       es_seedfile_check(file, n, tok.bytes, &ids, tok.genid_check) == ES_FILE_COUNTED &&
	       es_seedfile_ours(file, n, tok.size > n ? tok.size : n);
	if (v.state[ES_SRC_SEED_FILE] == ES_PASS &&
	    ((ctl & 1u) == 0 || n < ES_SEED_FILE_MIN || !ours || tok.have != ES_HAVE_YES ||
	     (tok.secure_boot && tok.runtime) ||
	     (block != 0 && block != ES_FILE_MISSING && block != ES_FILE_OFF && block != ES_FILE_NO_VOLUME &&
	      block != ES_FILE_EARLIER_STAGE) ||
	     v.bits[ES_SRC_SEED_FILE] == 0 ||
	     v.bits[ES_SRC_SEED_FILE] > h.from.other_bits + (t.cpu ? h.from.cpu_bits : 0u) ||
	     v.bits[ES_SRC_SEED_FILE] > tok.from.other_bits + (t.cpu ? tok.from.cpu_bits : 0u)))
		abort();
	/* what a table of ours would rest on never claims more non-CPU bits
	 * than the file's header and its token both hold */
	if (v.state[ES_SRC_SEED_FILE] == ES_PASS &&
	    (v.made_of.other_bits > h.from.other_bits || v.made_of.other_bits > tok.from.other_bits))
		abort();
	if ((v.state[ES_SRC_SEED_FILE] == ES_PASS) != (v.file_reason == ES_FILE_COUNTED))
		abort();
	if (v.gate_met != (v.bits[ES_SRC_SEED_FILE] >= ES_GATE_BITS))
		abort();
	/* no hardware here: the plan never creates anything */
	es_file_plan(&v, (enum es_have)(ctl % 3u), (enum es_have)((ctl >> 2) % 3u), &p);
	if (p.create_token || p.create_file)
		abort();
	es_session_end(&s);
	free(file);
	return 0;
}
