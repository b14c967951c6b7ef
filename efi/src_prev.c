/* SPDX-License-Identifier: MIT */
/* A LINUX_EFI_RANDOM_SEED_TABLE an earlier stage left: mixed and
 * health-tested like any source, counted for what it rests on. */
#include "row.h"

#include <efilib.h>

#include "log.h"
#include "seedtable.h"

void src_prev(struct pass *p)
{
	struct es_table_seed *prev = seedtable_find();
	struct es_provenance from;
	uint32_t size;
	bool known;

	/* A driver's own table from its last pass is replaced, not counted
	 * again. */
	if (p->in->driver && stage_owns(p->in->marker, prev)) {
		p->own = prev; /* the driver says so */
		return;
	}
	p->prev = prev;
	if (prev == NULL) {
		log_line("prev_table: none");
		return;
	}
	known = stage_provenance(p->in->image, prev, &from);
	if (!es_session_add_table(&p->s, prev, known ? &from : NULL, &size))
		log_warn("prev_table: size %u over the kernel's %u-byte bound: bogus, not read", size,
			 (UINT32)ES_TABLE_READ_MAX);
	else
		log_line("prev_table: %u bytes mixed%a", size, known ? " (installed by an earlier earlyseed stage)" : "");
}
