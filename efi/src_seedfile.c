/* SPDX-License-Identifier: MIT */
/*
 * The seed kept across reboots (docs/seed-file.md "The seed file"): the token and the
 * seed file are mixed like every source; before the kernel's seed is taken,
 * the file is rewritten with a pool output under its own label and flushed
 * (write before use, systemd-boot src/boot/random-seed.c), and only then may
 * it count. The engine decides and orders it (es_persist_prepare(),
 * es_persist_done()); this file does the firmware I/O and says what happened.
 */
#include "src_seedfile.h"

#include "row.h"

#include <efilib.h>

#include "fs.h"
#include "log.h"
#include "token.h"
#include "varfile.h"

/* The token's account, in the log (ASCII arguments: a UCS-2 format costs
 * two bytes a character in the image). */
#define RESTS "it rests on"
#define REST_OTHER "bits not from the CPU,"
#define REST_CPU "from it"

static void reset(struct src_seedfile *p)
{
	es_wipe(p, sizeof(*p));
	p->token = ES_HAVE_NONE;
	p->file = ES_HAVE_NONE;
	p->f.status = EFI_SUCCESS;
	p->off = true;
}

/* The token: mixed (it makes clones' pools differ), never counted. */
static void token(struct pass *ps, struct src_seedfile *p)
{
	EFI_STATUS status;

	p->token = token_read(p->tok, &p->tok_from, &p->token_runtime, &status);
	p->secure_boot = token_secure_boot();
	if (p->token == ES_HAVE_YES) {
		(void)es_session_add(&ps->s, ES_SRC_TOKEN, p->tok, ES_TOKEN_LEN);
		log_line("token: present, mixed%a; %a %u %a %u %a", p->token_runtime ? " (readable by the OS)" : "",
			 RESTS, p->tok_from.other_bits, REST_OTHER, p->tok_from.cpu_bits, REST_CPU);
	} else if (p->token == ES_HAVE_BAD) {
		log_warn("token: EarlyseedToken is unreadable or malformed (%r); %a", status,
			 "it is never rewritten, so the seed file cannot count until it is deleted");
	} else {
		log_line("token: none on this machine");
	}
}

/*
 * Where the firmware keeps its variables. U-Boot ("Das U-Boot" in the
 * system table) built with CONFIG_EFI_VARIABLE_FILE_STORE writes every
 * non-volatile variable, the boot-service-only token included, to
 * \ubootefi.var on the ESP under a CRC32 alone (lib/efi_loader/
 * efi_var_file.c); with its variables in OP-TEE it writes no such file. And
 * it writes that file only on a partition typed as an ESP: elsewhere
 * SetVariable succeeds and nothing is kept (lib/efi_loader/efi_variable.c).
 * Other firmware keeps its store in a file too, under any name (the
 * Raspberry Pi 4's edk2 rewrites RPI_EFI.fd in place, pftf/RPi4 issue #6):
 * that is recognised by what the file holds (efi/varfile.c), the token
 * itself, not by a vendor's name.
 */
static const CHAR16 uboot_vendor[] = L"Das U-Boot";
static CHAR16 uboot_var_file[] = L"\\ubootefi.var";

static void store(struct src_seedfile *p, EFI_HANDLE device)
{
	const CHAR16 *v = ST->FirmwareVendor;
	bool unread = false;

	p->uboot = v != NULL;
	for (UINTN i = 0; p->uboot && uboot_vendor[i] != 0; i++)
		p->uboot = v[i] == uboot_vendor[i];
	if (p->uboot) {
		/* U-Boot writes it to the ESP it booted from, which need not
		 * be earlyseed's volume: any volume holding it tells the same */
		p->var_file = fs_exists_anywhere(device, uboot_var_file);
		log_line(p->var_file ? "token: U-Boot keeps it in \\ubootefi.var on a disk: no secret from the disk's readers"
				     : "token: U-Boot and no \\ubootefi.var: a file store keeps variables only on an ESP partition");
		if (p->var_file)
			return;
	}
	/* Only a token there is can be found in a file; without one the seed
	 * file counts nothing anyway. */
	if (p->token != ES_HAVE_YES)
		return;
	p->store = varfile_find(device, p->store_name, sizeof(p->store_name) / sizeof(p->store_name[0]), &unread);
	if (p->store != ES_VARSTORE_NONE)
		log_line("token: \\%s holds it (%a): the firmware keeps its variables in a file on a disk, no secret "
			 "from the disk's readers", p->store_name, es_varstore_text(p->store));
	else if (unread) {
		/* more files worth reading than a boot reads: a store in one of
		 * them is not ruled out, and nothing bogus may count */
		p->store = ES_VARSTORE_EDK2;
		log_line("token: the volumes hold more candidate files than a boot reads (64 MiB): a variable "
			 "store in a file is not ruled out, so the token is taken as kept on a disk");
	}
}

void src_seedfile_gather(struct pass *ps)
{
	struct src_seedfile *p = &ps->file;
	struct es_session *s = &ps->s;

	reset(p);
	if (ps->in->driver)
		return; /* a driver keeps no seed file */
	if (ps->in->seed_file == NULL) {
		es_session_block(s, ES_SRC_SEED_FILE, ES_FILE_EARLIER_STAGE);
		log_line("seed_file: %a", es_file_reason_text(ES_FILE_EARLIER_STAGE));
		return;
	}
	if (ps->in->seed_file[0] == '\0') {
		es_session_block(s, ES_SRC_SEED_FILE, ES_FILE_OFF);
		log_line("seed_file: turned off (seed_file = none)");
		return;
	}
	p->off = false;
	token(ps, p);
	p->root = fs_open_root(ps->in->device);
	if (p->root == NULL) {
		/* A network boot: no file to keep, and no token to make for one. */
		p->off = true;
		es_session_block(s, ES_SRC_SEED_FILE, ES_FILE_NO_VOLUME);
		log_line("seed_file: %a", es_file_reason_text(ES_FILE_NO_VOLUME));
		return;
	}
	store(p, ps->in->device);
	p->f.buf = fs_alloc(ES_SEED_FILE_MAX);
	if (p->f.buf == NULL) {
		p->file = ES_HAVE_BAD;
		es_session_block(s, ES_SRC_SEED_FILE, ES_FILE_READ_FAILED);
		log_warn("seed_file: out of memory, not read");
		return;
	}
	seedfile_read(p->root, ps->in->seed_file, &p->f);
	if (EFI_ERROR(p->f.status)) {
		p->file = ES_HAVE_BAD;
		es_session_block(s, ES_SRC_SEED_FILE, ES_FILE_READ_FAILED);
		log_warn("seed_file: %s: cannot read: %r", p->f.path, p->f.status);
		return;
	}
	if (!p->f.exists) {
		p->file = p->f.ro_volume ? ES_HAVE_BAD : ES_HAVE_NONE;
		es_session_block(s, ES_SRC_SEED_FILE, ES_FILE_MISSING);
		log_line("seed_file: %s: none yet", p->f.path);
		return;
	}
	struct es_file_token ft = {
		.have = p->token,
		.bytes = p->tok,
		.runtime = p->token_runtime,
		.secure_boot = p->secure_boot,
		.from = p->tok_from,
		.genid_check = ps->in->genid_check,
		.size = p->f.size,
		.disk_kept = (p->uboot && p->var_file) || p->store != ES_VARSTORE_NONE,
		.count_disk = ps->in->count_disk_token,
		.lost = p->uboot && !p->var_file && p->store == ES_VARSTORE_NONE,
	};
	struct es_seedfile_header old;

	es_session_add_seed_file(s, p->f.buf, p->f.n, &ft);
	if (es_seedfile_parse(p->f.buf, p->f.n, &old))
		p->old_flags = old.flags;
	if (p->f.size > ES_SEED_FILE_MAX)
		log_line("seed_file: %s: %lu bytes, only the first %u read", p->f.path, p->f.size,
			 (UINT32)ES_SEED_FILE_MAX);
	else
		log_line("seed_file: %s: %u bytes read and mixed", p->f.path, p->f.n);
	p->file = (p->f.ro_volume || p->f.ro_attr) ? ES_HAVE_BAD : ES_HAVE_YES;
	if (es_session_file_foreign(s)) {
		/* seed_file names someone else's file (a boot loader, a kernel) */
		p->file = ES_HAVE_BAD;
		log_warn("seed_file: %s: %a", p->f.path, es_file_reason_text(ES_FILE_NOT_OURS));
	}
	if (p->f.ro_volume)
		es_session_block(s, ES_SRC_SEED_FILE, ES_FILE_RO_VOLUME);
	else if (p->f.ro_attr)
		es_session_block(s, ES_SRC_SEED_FILE, ES_FILE_RO_ATTR);
	/* What the OS recorded in the seed file (`earlyseed seed refresh`)
	 * takes the CPU's trust away whatever the config's command line says;
	 * the engine applies it once every row is read (es_session_settle). */
	if ((p->old_flags & ES_SEEDFILE_F_NO_CPU_TRUST) != 0)
		log_line("trust: %athe seed file says the last kernel had random.trust_cpu=off",
			 ps->in->no_cmdline ? "no command line; " : "");
}

/* Token first: a file is created only for a machine that has one. */
static bool create_token(struct pass *ps, struct src_seedfile *p, const struct es_persist_plan *plan)
{
	uint64_t t0 = row_cycles();
	EFI_STATUS status = token_create_var(plan->token_var);

	ps->out.step_cycles[ES_STEP_TOKEN] += row_cycles() - t0;
	if (EFI_ERROR(status)) {
		ps->out.token_failed = true;
		log_warn("token: creating EarlyseedToken failed: %r; no seed file is created without it", status);
		return false;
	}
	ps->out.token_created = true;
	ps->out.token_known = true;
	ps->out.token_from = plan->from;
	p->token = ES_HAVE_YES;
	log_line("token: %a; %a %u %a %u %a",
		 "created from the hardware sources (non-volatile, boot services only, written once)", RESTS,
		 plan->from.other_bits, REST_OTHER, plan->from.cpu_bits, REST_CPU);
	return true;
}

void src_seedfile_write(struct pass *ps)
{
	struct src_seedfile *p = &ps->file;
	struct es_persist_plan plan;
	struct es_persist_in in;
	enum es_file_reason r = ES_FILE_NOT_WRITTEN;
	bool token_ok = false;
	const char *rests;

	if (p->off)
		return;
	/* What was found, for the record (a network boot has neither). */
	ps->out.token_found = p->token == ES_HAVE_YES;
	ps->out.token_failed = p->token == ES_HAVE_BAD;
	ps->out.token_known = p->token == ES_HAVE_YES;
	ps->out.token_from = p->tok_from;
	ps->out.seed_file_size = p->f.size > UINT32_MAX ? UINT32_MAX : (UINT32)p->f.size;
	in.token = p->token;
	in.tok = p->tok;
	in.file = p->file;
	in.file_len = p->f.n;
	es_persist_prepare(&ps->s, &ps->trust, &in, &plan, p->f.buf);
	if (plan.create_token)
		token_ok = create_token(ps, p, &plan);
	if (plan.write_file && (token_ok || !plan.create_token || !plan.create_file)) {
		r = seedfile_write(p->root, &p->f, p->f.buf, plan.n);
		ps->out.step_cycles[ES_STEP_FILE_WRITE] += p->f.write_cycles;
		ps->out.step_cycles[ES_STEP_FILE_FLUSH] += p->f.flush_cycles;
	}
	if (p->f.buf != NULL)
		es_wipe(p->f.buf, ES_SEED_FILE_MAX);
	r = es_persist_done(&ps->s, &plan, token_ok, r);
	if (!plan.write_file) {
		if (!p->f.exists && p->f.ro_volume)
			log_warn("seed_file: not created: the volume is read-only");
		else if (p->file == ES_HAVE_NONE && p->token == ES_HAVE_BAD)
			log_warn("seed_file: not created: %a", es_file_reason_text(ES_FILE_TOKEN_BAD));
		else if (p->file == ES_HAVE_NONE)
			log_line("seed_file: not created: the hardware sources hold an assumed %u of the %u bits it "
				 "needs (never from clocks alone)",
				 plan.hw_bits, (UINT32)ES_GATE_BITS);
		return;
	}
	if (r == ES_FILE_NO_TOKEN)
		return; /* the token's warning said why */
	rests = plan.from.other_bits + plan.from.cpu_bits >= ES_GATE_BITS ? "it rests on 256 bits"
		: plan.from.other_bits + plan.from.cpu_bits == 0 ? "it rests on 0 bits" : "it rests on less than 256 bits";
	if (r != ES_FILE_COUNTED) {
		/* Nothing was there to count: say why it is still not there. */
		log_warn("seed_file: %s: %a%a: %r", p->f.path, plan.create_file ? "not created: " : "",
			 es_file_reason_text(r), p->f.status);
		return;
	}
	ps->out.file_written = true;
	if (plan.create_file) {
		ps->out.file_created = true;
		ps->out.seed_file_size = (UINT32)plan.n;
		log_line("seed_file: %s: created (%u bytes) from the hardware sources; %a", p->f.path, (UINT32)plan.n,
			 rests);
		return;
	}
	log_line("seed_file: %s: rewritten (%u bytes) and flushed before use; %a", p->f.path, (UINT32)plan.n, rests);
}

void src_seedfile_end(struct pass *ps)
{
	struct src_seedfile *p = &ps->file;

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
