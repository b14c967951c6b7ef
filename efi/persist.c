/* SPDX-License-Identifier: MIT */
/*
 * The seed kept across reboots (docs/seed-file.md "The seed file"): the token and the
 * seed file are mixed like every source; before the kernel's seed is taken,
 * the file is rewritten with a pool output under its own label and flushed
 * (write before use, systemd-boot src/boot/random-seed.c), and only then may
 * it count. The engine decides (es_file_plan(), es_session_commit()); this
 * file does the firmware I/O and says what happened.
 */
#include "persist.h"

#include <efilib.h>

#include "fs.h"
#include "log.h"
#include "token.h"

/* The token's account, in the log (ASCII arguments: a UCS-2 format costs
 * two bytes a character in the image). */
#define RESTS "it rests on"
#define REST_OTHER "bits not from the CPU,"
#define REST_CPU "from it"

void persist_gather(struct persist *p, struct es_session *s, EFI_HANDLE device, const char *path, bool counter)
{
	EFI_STATUS status;

	p->token = ES_HAVE_NONE;
	p->file = ES_HAVE_NONE;
	p->root = NULL;
	p->f.buf = NULL;
	p->f.size = 0;
	p->f.n = 0;
	p->f.exists = p->f.ro_volume = p->f.ro_attr = false;
	p->f.status = EFI_SUCCESS;
	p->off = true;
	p->old_flags = 0;
	if (path == NULL) {
		es_session_block(s, ES_SRC_SEED_FILE, ES_FILE_EARLIER_STAGE);
		log_line(L"seed_file: %a", es_file_reason_text(ES_FILE_EARLIER_STAGE));
		return;
	}
	if (path[0] == '\0') {
		es_session_block(s, ES_SRC_SEED_FILE, ES_FILE_OFF);
		log_line(L"seed_file: turned off (seed_file = none)");
		return;
	}
	p->off = false;
	p->token_runtime = false;
	p->token = token_read(p->tok, &p->tok_from, &p->token_runtime, &status);
	p->secure_boot = token_secure_boot();
	if (p->token == ES_HAVE_YES) {
		(void)es_session_add(s, ES_SRC_TOKEN, p->tok, ES_TOKEN_LEN);
		log_line(L"token: present, mixed%a; %a %u %a %u %a", p->token_runtime ? " (readable by the OS)" : "",
			 RESTS, p->tok_from.other_bits, REST_OTHER, p->tok_from.cpu_bits, REST_CPU);
	} else if (p->token == ES_HAVE_BAD) {
		log_warn(L"token: EarlyseedToken is unreadable or malformed (%r); %a", status,
			 "it is never rewritten, so the seed file cannot count until it is deleted");
	} else {
		log_line(L"token: none on this machine");
	}
	p->root = fs_open_root(device);
	if (p->root == NULL) {
		/* A network boot: no file to keep, and no token to make for one. */
		p->off = true;
		es_session_block(s, ES_SRC_SEED_FILE, ES_FILE_NO_VOLUME);
		log_line(L"seed_file: %a", es_file_reason_text(ES_FILE_NO_VOLUME));
		return;
	}
	p->f.buf = fs_alloc(ES_SEED_FILE_MAX);
	if (p->f.buf == NULL) {
		p->file = ES_HAVE_BAD;
		es_session_block(s, ES_SRC_SEED_FILE, ES_FILE_READ_FAILED);
		log_warn(L"seed_file: out of memory, not read");
		return;
	}
	seedfile_read(p->root, path, &p->f);
	if (EFI_ERROR(p->f.status)) {
		p->file = ES_HAVE_BAD;
		es_session_block(s, ES_SRC_SEED_FILE, ES_FILE_READ_FAILED);
		log_warn(L"seed_file: %s: cannot read: %r", p->f.path, p->f.status);
		return;
	}
	if (!p->f.exists) {
		p->file = p->f.ro_volume ? ES_HAVE_BAD : ES_HAVE_NONE;
		es_session_block(s, ES_SRC_SEED_FILE, ES_FILE_MISSING);
		log_line(L"seed_file: %s: none yet", p->f.path);
		return;
	}
	struct es_file_token ft = { p->token, p->tok, p->token_runtime, p->secure_boot, p->tok_from };
	struct es_seedfile_header old;

	es_session_add_seed_file(s, p->f.buf, p->f.n, &ft);
	if (!counter) /* its health line says so (gather_clock() logged the status) */
		es_session_block(s, ES_SRC_SEED_FILE, ES_FILE_NO_COUNTER);
	if (es_seedfile_parse(p->f.buf, p->f.n, &old))
		p->old_flags = old.flags;
	if (p->f.size > ES_SEED_FILE_MAX)
		log_line(L"seed_file: %s: %lu bytes, only the first %u read", p->f.path, p->f.size,
			 (UINT32)ES_SEED_FILE_MAX);
	else
		log_line(L"seed_file: %s: %u bytes read and mixed", p->f.path, p->f.n);
	p->file = (p->f.ro_volume || p->f.ro_attr) ? ES_HAVE_BAD : ES_HAVE_YES;
	if (p->f.ro_volume)
		es_session_block(s, ES_SRC_SEED_FILE, ES_FILE_RO_VOLUME);
	else if (p->f.ro_attr)
		es_session_block(s, ES_SRC_SEED_FILE, ES_FILE_RO_ATTR);
}

/* Token first: a file is created only for a machine that has one. The new
 * token stays in p->tok (to bind the file to it) until persist_end(). */
static bool create_token(struct persist *p, const struct es_session *s, const struct es_provenance *from,
			 struct es_audit_record *a)
{
	EFI_STATUS status;

	if (es_session_extract(s, ES_LABEL_TOKEN, p->tok, ES_TOKEN_LEN) != 0)
		return false;
	/* What the pool held when it was made, kept with it where no ESP
	 * writer reaches: a file bound to it never counts for more. */
	p->tok_from = *from;
	status = token_create(p->tok, &p->tok_from);
	if (EFI_ERROR(status)) {
		es_wipe(p->tok, ES_TOKEN_LEN);
		a->flags |= ES_AUDIT_F_TOKEN_FAILED;
		log_warn(L"token: creating EarlyseedToken failed: %r; no seed file is created without it", status);
		return false;
	}
	a->flags |= ES_AUDIT_F_TOKEN_CREATED;
	es_audit_set_token(a, &p->tok_from);
	log_line(L"token: %a; %a %u %a %u %a",
		 "created from the hardware sources (non-volatile, boot services only, written once)", RESTS,
		 from->other_bits, REST_OTHER, from->cpu_bits, REST_CPU);
	p->token = ES_HAVE_YES;
	return true;
}

void persist_write(struct persist *p, struct es_session *s, const struct es_trust *trust, struct es_audit_record *a)
{
	struct es_verdict v;
	struct es_file_plan plan;
	struct es_seedfile_header h = { 0 };
	enum es_file_reason r;
	const char *rests;
	UINTN n;

	if (p->off)
		return;
	if (p->token == ES_HAVE_YES) {
		a->flags |= ES_AUDIT_F_TOKEN;
		es_audit_set_token(a, &p->tok_from);
	} else if (p->token == ES_HAVE_BAD)
		a->flags |= ES_AUDIT_F_TOKEN_FAILED;
	a->seed_file_size = p->f.size > UINT32_MAX ? UINT32_MAX : (UINT32)p->f.size;
	/* Judged before the file is written: the file does not count yet, so
	 * this says what the hardware alone holds. */
	es_session_judge(s, trust, &v);
	es_file_plan(&v, p->token, p->file, &plan);
	/* What the new contents rest on, written into their header: the
	 * file's own bits only if it is about to count. */
	es_session_file_provenance(s, trust, plan.may_count, &h.from);
	h.flags = es_seedfile_flags(trust);
	if (plan.create_token && !create_token(p, s, &h.from, a) && plan.create_file)
		return;
	if (!plan.write_file) {
		if (!p->f.exists && p->f.ro_volume)
			log_warn(L"seed_file: not created: the volume is read-only");
		else if (p->file == ES_HAVE_NONE && p->token == ES_HAVE_BAD)
			log_warn(L"seed_file: not created: %a", es_file_reason_text(ES_FILE_TOKEN_BAD));
		else if (p->file == ES_HAVE_NONE)
			log_line(L"seed_file: not created: the hardware sources hold an assumed %u of the %u bits it "
				 L"needs (never from clocks alone)",
				 v.hw_bits, (UINT32)ES_GATE_BITS);
		return;
	}
	/* The new contents: the old length within [MIN, MAX], a header, then
	 * the pool's output under the file's own label, into the buffer the
	 * old bytes were in. No token: bound to none, it counts nowhere. */
	n = p->f.n < ES_SEED_FILE_MIN ? ES_SEED_FILE_MIN : p->f.n;
	if (p->token == ES_HAVE_YES)
		es_seedfile_bind(p->tok, h.bind);
	es_seedfile_encode(&h, p->f.buf);
	if (es_session_extract(s, ES_LABEL_FILE, p->f.buf + ES_SEEDFILE_HEADER, n - ES_SEEDFILE_HEADER) != 0)
		return;
	r = seedfile_write(p->root, &p->f, p->f.buf, n);
	rests = h.from.other_bits + h.from.cpu_bits >= ES_GATE_BITS ? "it rests on 256 bits"
		: h.from.other_bits + h.from.cpu_bits == 0 ? "it rests on 0 bits" : "it rests on less than 256 bits";
	es_wipe(p->f.buf, n);
	if (r != ES_FILE_COUNTED && plan.create_file) {
		/* Nothing was there to count: say why it is still not there. */
		log_warn(L"seed_file: %s: not created: %a: %r", p->f.path, es_file_reason_text(r), p->f.status);
		return;
	}
	if (r != ES_FILE_COUNTED) {
		es_session_block(s, ES_SRC_SEED_FILE, r);
		log_warn(L"seed_file: %s: %a: %r", p->f.path, es_file_reason_text(r), p->f.status);
		return;
	}
	a->flags |= ES_AUDIT_F_SEED_FILE_WRITTEN;
	if (plan.create_file) {
		a->flags |= ES_AUDIT_F_SEED_FILE_CREATED;
		a->seed_file_size = (UINT32)n;
		log_line(L"seed_file: %s: created (%u bytes) from the hardware sources; %a", p->f.path, (UINT32)n, rests);
		return;
	}
	log_line(L"seed_file: %s: rewritten (%u bytes) and flushed before use; %a", p->f.path, (UINT32)n, rests);
	if (plan.may_count)
		es_session_commit(s, ES_SRC_SEED_FILE);
}

void persist_end(struct persist *p)
{
	if (p->f.buf != NULL) {
		es_wipe(p->f.buf, ES_SEED_FILE_MAX);
		fs_free(p->f.buf);
		p->f.buf = NULL;
	}
	es_wipe(p->tok, sizeof(p->tok));
	if (p->root != NULL)
		(void)uefi_call_wrapper(p->root->Close, 1, p->root);
	p->root = NULL;
}
