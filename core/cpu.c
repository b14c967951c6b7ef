/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "earlyseed.h"

#define MAX_CPU_SOURCES 4u

void es_cpu_gather(struct es_session *s, const struct es_cpu_arch *a, const struct es_cpu_facts *f,
		   struct es_cpu_report *r)
{
	static const struct es_cpu_facts none = { NULL, 0, NULL, 0 };
	uint64_t buf[MAX_CPU_SOURCES][ES_CPU_LONGS];
	bool have[MAX_CPU_SOURCES] = { false };
	unsigned int n = a->count;
	bool any = false;

	memset(r, 0, sizeof(*r));
	if (n > MAX_CPU_SOURCES)
		n = MAX_CPU_SOURCES;
	for (unsigned int k = 0; k < n; k++) {
		const struct es_cpu_source *c = &a->sources[k];

		enum es_cpu_probe found = c->probe(f != NULL ? f : &none);

		if (c->isa_ext != NULL)
			r->listed[c->src] = es_cpu_isa_listed(f != NULL ? f : &none, c->isa_ext);
		have[k] = found == ES_CPU_PRESENT;
		r->present[c->src] = have[k];
		r->refused[c->src] = found == ES_CPU_REFUSED;
		if (!have[k])
			continue;
		any = true;
		es_session_present(s, c->src);
		if (c->startup_test) {
			/* arch/x86/kernel/cpu/rdrand.c x86_init_rdrand():
			 * the samples are tested, never used. */
			uint64_t t[ES_STARTUP_SAMPLES + 1];
			unsigned int got = 0;

			while (got < ES_STARTUP_SAMPLES + 1u && c->read(&t[got]))
				got++;
			es_session_startup(s, c->src, t, got);
			es_wipe(t, sizeof(t));
		}
	}
	if (!any)
		return;
	for (unsigned int i = 0; i < ES_CPU_LONGS; i++) {
		unsigned int k = 0;

		for (; k < n; k++) {
			const struct es_cpu_source *c = &a->sources[k];

			if (have[k] && c->read(&buf[k][r->longs[c->src]])) {
				r->longs[c->src]++;
				break;
			}
		}
		if (k == n)
			r->failed++;
	}
	/* Mixed whatever the health verdict: mixing cannot remove unknownness. */
	for (unsigned int k = 0; k < n; k++) {
		const struct es_cpu_source *c = &a->sources[k];

		if (have[k])
			(void)es_session_add(s, c->src, buf[k], r->longs[c->src] * sizeof(uint64_t));
	}
	es_wipe(buf, sizeof(buf));
}

enum es_isa_listed es_cpu_isa_listed(const struct es_cpu_facts *f, const char *ext)
{
	if (f->fdt != NULL && es_fdt_isa_has(f->fdt, f->fdt_size, ext))
		return ES_ISA_FDT;
	if (f->rhct != NULL && es_acpi_rhct_isa_has(f->rhct, f->rhct_len, ext))
		return ES_ISA_RHCT;
	return ES_ISA_UNLISTED;
}

bool es_cpu_any(const struct es_cpu_arch *a, const struct es_cpu_facts *f)
{
	static const struct es_cpu_facts none = { NULL, 0, NULL, 0 };

	for (unsigned int k = 0; k < a->count; k++)
		if (a->sources[k].probe(f != NULL ? f : &none) == ES_CPU_PRESENT)
			return true;
	return false;
}
