/* SPDX-License-Identifier: MIT */
/*
 * Write before use (systemd-boot src/boot/random-seed.c), as one call pair:
 * es_persist_prepare() says what to write — the token to create, the seed
 * file's next contents bound to it — and es_persist_done() is told what the
 * writes came to and commits the file to the session only when they worked.
 * The order of judge, plan, provenance, extraction and commit lives here, not
 * in the front end.
 */
#include "earlyseed.h"

#include <string.h>

void es_persist_prepare(const struct es_session *s, const struct es_trust *trust, const struct es_persist_in *in,
			struct es_persist_plan *plan, uint8_t *buf)
{
	struct es_verdict v;
	struct es_file_plan fp;
	struct es_seedfile_header h;
	size_t n;

	memset(plan, 0, sizeof(*plan));
	memset(&h, 0, sizeof(h));
	/* Judged before the file is written: the file does not count yet, so
	 * this says what the hardware alone holds. */
	es_session_judge(s, trust, &v);
	/* someone else's file is never written (es_seedfile_ours) */
	es_file_plan(&v, in->token, s->file_foreign ? ES_HAVE_BAD : in->file, &fp);
	plan->hw_bits = v.hw_bits;
	plan->may_count = fp.may_count;
	plan->create_file = fp.create_file;
	/* What the new contents rest on, written into their header: the file's
	 * own bits only if it is about to count. */
	es_session_file_provenance(s, trust, fp.may_count, &h.from);
	h.flags = es_seedfile_flags(trust);
	plan->from = h.from;
	if (fp.create_token) {
		/* What the pool held when it was made, kept with it where no
		 * ESP writer reaches: a file bound to it never counts for more. */
		if (es_session_extract(s, ES_LABEL_TOKEN, plan->token, ES_TOKEN_LEN) != 0)
			return;
		plan->create_token = true;
		es_token_encode(plan->token, &h.from, plan->token_var);
	}
	if (!fp.write_file)
		return;
	/* The new contents: the old length within [MIN, MAX], a header, then the
	 * pool's output under the file's own label. Bound to the token this boot
	 * found or makes; with none it counts nowhere. */
	n = in->file_len < ES_SEED_FILE_MIN ? ES_SEED_FILE_MIN
	    : in->file_len > ES_SEED_FILE_MAX ? ES_SEED_FILE_MAX
					      : in->file_len;
	if (plan->create_token || (in->token == ES_HAVE_YES && in->tok != NULL)) {
		const uint8_t *tok = plan->create_token ? plan->token : in->tok;

		/* bound and sealed, with the VM and machine it was written in
		 * for the next boot to compare */
		es_seedfile_seal(&h, tok, &s->ids, buf);
	} else {
		es_seedfile_encode(&h, buf);
	}
	if (es_session_extract(s, ES_LABEL_FILE, buf + ES_SEEDFILE_HEADER, n - ES_SEEDFILE_HEADER) != 0) {
		es_wipe(buf, ES_SEEDFILE_HEADER);
		return;
	}
	plan->write_file = true;
	plan->n = n;
}

enum es_file_reason es_persist_done(struct es_session *s, struct es_persist_plan *plan, bool token_ok,
				    enum es_file_reason written)
{
	enum es_file_reason r = written;

	es_wipe(plan->token, sizeof(plan->token));
	es_wipe(plan->token_var, sizeof(plan->token_var));
	if (plan->create_token && !token_ok && plan->create_file)
		r = ES_FILE_NO_TOKEN; /* a file is created only for a machine with a token */
	else if (!plan->write_file)
		r = ES_FILE_NOT_WRITTEN;
	if (r == ES_FILE_COUNTED && plan->may_count)
		es_session_commit(s, ES_SRC_SEED_FILE);
	else if (r != ES_FILE_COUNTED && !plan->create_file && plan->write_file)
		es_session_block(s, ES_SRC_SEED_FILE, r);
	return r;
}
