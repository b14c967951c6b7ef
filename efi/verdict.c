/* SPDX-License-Identifier: MIT */
/* What a front end does with the engine's verdict: say it, install the
 * table it allows, settle a previous table. */
#include "verdict.h"

#include <efilib.h>

#include "cpurng.h"
#include "log.h"
#include "seedtable.h"

/* One line per source that is present, and the trust lines. */
void verdict_report(const struct es_verdict *v)
{
	for (unsigned int i = 0; i < ES_SRC_COUNT; i++) {
		const struct es_source_info *r = es_source((enum es_source)i);

		if (r->feed == ES_FEED_NONE || v->state[i] == ES_ABSENT)
			continue;
		if (v->state[i] == ES_FAIL)
			log_warn("health: %a: fail: %a; its bytes are mixed but not counted",
				 es_source_name((enum es_source)i, cpurng_arch.audit_arch), v->why[i]);
		else
			log_line("health: %a: pass (assumed %u of 8 bits per byte)",
				 es_source_name((enum es_source)i, cpurng_arch.audit_arch), (UINT32)r->h_bits);
	}
	if (v->rng_tpm_once)
		log_line("trust: the firmware's RNG and the TPM may be one chip (U-Boot's tpm-rng): counted once");
	if (v->prev_overclaims)
		log_warn("prev_table: an earlier earlyseed made it from sources this kernel's trust settings "
			 "exclude; counted only for what it rests on");
	if (v->untrusted_bits > 0)
		log_line("trust: random.trust_cpu=off: the kernel will not credit the CPU's RNG, so its %u bits "
			 "are mixed but not counted",
			 v->untrusted_bits);
	if (v->uncredited)
		log_line("trust: random.trust_bootloader=off: the kernel will mix the table but not credit it");
}

struct es_table_seed *verdict_install(const struct es_verdict *v, const uint8_t *seed, struct es_outcome *o)
{
	struct es_table_seed *t;
	EFI_STATUS status;

	if (!v->install) {
		log_warn("table: none installed: counted sources hold an assumed %u of the %u bits a kernel "
			 "would credit a table",
			 v->counted_bits, (UINT32)ES_GATE_BITS);
		return NULL;
	}
	status = seedtable_install(seed, ES_SEED_LEN, &t);
	if (EFI_ERROR(status)) {
		log_warn("table: install failed: %r", status);
		o->install_failed = true;
		return NULL;
	}
	log_line("table: installed %u bytes at 0x%lx (counted sources: an assumed %u bits)", t->size,
		 (UINT64)(UINTN)t, v->counted_bits);
	o->table = true;
	o->table_size = t->size;
	return t;
}

/* What becomes of a table an earlier stage left (es_verdict_prev()). */
void verdict_settle_prev(const struct es_verdict *v, struct es_table_seed *prev, bool installed,
			 struct es_outcome *o)
{
	enum es_prev_action action = es_verdict_prev(v, installed);
	EFI_STATUS status;

	switch (action) {
	case ES_PREV_NONE:
		break;
	case ES_PREV_KEEP:
		log_line("prev_table: left in place");
		break;
	case ES_PREV_RETIRE:
		seedtable_retire(prev, v->prev_size);
		o->prev_retired = true;
		log_line("prev_table: replaced by ours, wiped and freed");
		break;
	case ES_PREV_FORGET:
		log_line("prev_table: replaced by ours; its size field is bogus, so it is not freed");
		break;
	case ES_PREV_REMOVE_FREE:
	case ES_PREV_REMOVE:
		status = seedtable_remove();
		if (EFI_ERROR(status)) {
			log_warn("prev_table: bad, but removing it failed: %r", status);
			break;
		}
		o->prev_removed = true;
		if (action == ES_PREV_REMOVE_FREE) {
			seedtable_retire(prev, v->prev_size);
			log_warn("prev_table: bad: removed so no kernel credits it, wiped and freed");
		} else {
			log_warn("prev_table: bad: removed so no kernel credits it (not freed: its size is bogus)");
		}
		break;
	}
}

