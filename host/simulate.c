/* SPDX-License-Identifier: MIT */
#include "simulate.h"

#include <string.h>

const char simulate_assumptions[] =
	"Modelling assumptions (each rule cites its kernel source; see core/credit.h):\n"
	"  * Time runs in whole seconds from 0 (the kernel's start). One CPU with a cycle\n"
	"    counter takes enough interrupts to spill its fast pool once a second, at\n"
	"    t = 1, 2, ...; each spill credits es_credit_interrupt_bits(): 1 bit, plus the\n"
	"    RDSEED long of 3.15/3.16 (32 bits) or 3.17 (1 bit) with --rdseed.\n"
	"  * 3.x: interrupt credits go to the nonblocking pool until it is initialized\n"
	"    (entropy_total > 128), then to the input pool, as add_interrupt_randomness()\n"
	"    does; both use v3.17 es_credit_entropy_bits() (asymptotic 3/4 rule).\n"
	"  * 3.x: at t = 0 init_std_data() mixes 64 longs (RDSEED, RDRAND or cycles) and\n"
	"    credits nothing; a registered hwrng (--hwrng) mixes 16 bytes (3.15+),\n"
	"    credits nothing; the seed table (--table) has no consumer before 5.x.\n"
	"  * 3.x: a reader opens /dev/random at t = 0 and keeps reading. It is blocked\n"
	"    until the input pool holds random_read_wakeup_bits (64) bits; in 3.15/3.16\n"
	"    with --rdseed its first blocked read triggers arch_random_refill(): 512\n"
	"    bytes mixed, 2048 bits credited. What the reader takes out is not debited.\n"
	"  * 6: the rules of Linux >= 5.19: the table credits 8 bits a byte (at most 1024\n"
	"    bytes) with --trust-bootloader on; RDSEED/RDRAND credit 512 bits at\n"
	"    random_init() with --trust-cpu on; the hwrng's 32 registration bytes credit\n"
	"    nothing (the khwrngd thread's quality-based credit is not modelled); credits\n"
	"    add up to 256 bits, at which the crng is ready.\n"
	"  * Disk, input-device and other add_*_randomness() sources are not modelled.\n";

static const char *const kernel_names[] = { "3.14", "3.15", "3.16", "3.17", "6" };

const char *simulate_kernel_name(enum es_credit_kernel k)
{
	return (unsigned int)k <= ES_CREDIT_KERNEL_6 ? kernel_names[k] : "?";
}

bool simulate_parse_kernel(const char *s, enum es_credit_kernel *k)
{
	for (unsigned int i = 0; i <= ES_CREDIT_KERNEL_6; i++) {
		if (strcmp(s, kernel_names[i]) == 0) {
			*k = (enum es_credit_kernel)i;
			return true;
		}
	}
	return false;
}

static void simulate_v3(const struct simulate_opts *o, struct simulate_result *res, FILE *out)
{
	struct es_credit_pool input, nonblocking;
	bool refilled = false;

	es_credit_pool_init(&input, ES_CREDIT_INPUT_POOLBITSHIFT);
	es_credit_pool_init(&nonblocking, ES_CREDIT_OUTPUT_POOLBITSHIFT);
	res->ready_at = -1;
	res->nonblocking_ready = -1;
	if (out != NULL)
		fprintf(out, "# t  input_bits  nonblocking_bits  events\n");
	for (int t = 0; t <= o->seconds; t++) {
		char ev[256] = "";

		if (t == 0) {
			size_t hw = es_credit_hwrng_register_bytes(o->kernel, o->hwrng);

			snprintf(ev, sizeof(ev), "init_std_data: 64 longs mixed, 0 credited");
			if (hw > 0)
				snprintf(ev + strlen(ev), sizeof(ev) - strlen(ev),
					 "; hwrng: %zu bytes mixed, 0 credited", hw);
			if (o->table > 0)
				snprintf(ev + strlen(ev), sizeof(ev) - strlen(ev),
					 "; seed table: no consumer in %s", simulate_kernel_name(o->kernel));
		} else {
			struct es_credit_pool *r = nonblocking.initialized ? &input : &nonblocking;
			int bits = es_credit_interrupt_bits(o->kernel, o->rdseed);

			es_credit_entropy_bits(r, bits);
			snprintf(ev, sizeof(ev), "interrupts: %d bit%s to the %s pool", bits,
				 bits == 1 ? "" : "s", r == &input ? "input" : "nonblocking");
			if (nonblocking.initialized && res->nonblocking_ready < 0) {
				res->nonblocking_ready = t;
				snprintf(ev + strlen(ev), sizeof(ev) - strlen(ev),
					 "; nonblocking pool is initialized");
			}
		}
		/* The /dev/random reader, blocked: 3.15/3.16 try the refill first. */
		if (res->ready_at < 0 && !refilled &&
		    (input.entropy_count >> ES_CREDIT_ENTROPY_SHIFT) < ES_CREDIT_READ_WAKEUP_BITS) {
			int bits;
			size_t bytes = es_credit_refill_bytes(o->kernel, o->rdseed, &bits);

			if (bytes > 0) {
				refilled = true;
				es_credit_entropy_bits(&input, bits);
				snprintf(ev + strlen(ev), sizeof(ev) - strlen(ev),
					 "; arch_random_refill: %zu bytes mixed, %d credited", bytes, bits);
			}
		}
		res->bits[t] = input.entropy_count >> ES_CREDIT_ENTROPY_SHIFT;
		if (res->ready_at < 0 && res->bits[t] >= ES_CREDIT_READ_WAKEUP_BITS) {
			res->ready_at = t;
			snprintf(ev + strlen(ev), sizeof(ev) - strlen(ev), "; /dev/random unblocks");
		}
		if (out != NULL)
			fprintf(out, "%3d  %10d  %16d  %s\n", t, res->bits[t],
				nonblocking.entropy_count >> ES_CREDIT_ENTROPY_SHIFT, ev);
	}
	if (out != NULL) {
		if (res->ready_at >= 0)
			fprintf(out, "result: /dev/random first unblocks at t=%d s\n", res->ready_at);
		else
			fprintf(out, "result: /dev/random still blocks after %d s\n", o->seconds);
	}
}

static void simulate_v6(const struct simulate_opts *o, struct simulate_result *res, FILE *out)
{
	int bits = 0;

	res->ready_at = -1;
	if (out != NULL)
		fprintf(out, "# t  credited_bits  events\n");
	for (int t = 0; t <= o->seconds; t++) {
		char ev[256] = "";
		int add;

		if (t == 0) {
			int table = es_credit_bootloader_bits(o->kernel, o->table, o->trust_bootloader);
			int arch = es_credit_boot_arch_bits(o->kernel, o->rdseed, o->trust_cpu);
			size_t hw = es_credit_hwrng_register_bytes(o->kernel, o->hwrng);

			add = table + arch;
			snprintf(ev, sizeof(ev), "random_init: RDSEED/RDRAND %d credited (trust_cpu %s)",
				 arch, o->trust_cpu ? "on" : "off");
			if (o->table > 0)
				snprintf(ev + strlen(ev), sizeof(ev) - strlen(ev),
					 "; seed table: %zu bytes mixed, %d credited (trust_bootloader %s)",
					 o->table > 1024 ? (size_t)1024 : o->table, table,
					 o->trust_bootloader ? "on" : "off");
			if (hw > 0)
				snprintf(ev + strlen(ev), sizeof(ev) - strlen(ev),
					 "; hwrng: %zu bytes mixed, 0 credited", hw);
		} else {
			add = es_credit_interrupt_bits(o->kernel, o->rdseed);
			snprintf(ev, sizeof(ev), "interrupts: %d bit", add);
		}
		bits = bits + add > ES_CREDIT_READY_BITS ? ES_CREDIT_READY_BITS : bits + add;
		res->bits[t] = bits;
		if (res->ready_at < 0 && bits >= ES_CREDIT_READY_BITS) {
			res->ready_at = t;
			snprintf(ev + strlen(ev), sizeof(ev) - strlen(ev), "; crng init done");
		}
		if (out != NULL)
			fprintf(out, "%3d  %13d  %s\n", t, bits, ev);
	}
	res->nonblocking_ready = res->ready_at;
	if (out != NULL) {
		if (res->ready_at >= 0)
			fprintf(out, "result: crng ready at t=%d s\n", res->ready_at);
		else
			fprintf(out, "result: crng not ready after %d s\n", o->seconds);
	}
}

void simulate_run(const struct simulate_opts *o, struct simulate_result *res, FILE *out)
{
	if (out != NULL)
		fprintf(out,
			"# earlyseed simulate: kernel %s, rdseed %s, hwrng %zu bytes, table %zu bytes, "
			"trust_bootloader %s, trust_cpu %s, %d s\n",
			simulate_kernel_name(o->kernel), o->rdseed ? "yes" : "no", o->hwrng, o->table,
			o->trust_bootloader ? "on" : "off", o->trust_cpu ? "on" : "off", o->seconds);
	if (o->kernel == ES_CREDIT_KERNEL_6)
		simulate_v6(o, res, out);
	else
		simulate_v3(o, res, out);
}

int simulate_svg(const struct simulate_opts *o, const char *path)
{
	static const char *const colours[] = { "#7f7f7f", "#1f77b4", "#2ca02c", "#ff7f0e", "#d62728" };
	static struct simulate_result res[ES_CREDIT_KERNEL_6 + 1];
	const int w = 800, h = 440, left = 70, right = 170, top = 40, bottom = 50;
	const int pw = w - left - right, ph = h - top - bottom;
	int ymax = 64;
	FILE *f = fopen(path, "w");

	if (f == NULL)
		return -1;
	for (int k = 0; k <= ES_CREDIT_KERNEL_6; k++) {
		struct simulate_opts ok = *o;

		ok.kernel = (enum es_credit_kernel)k;
		simulate_run(&ok, &res[k], NULL);
		for (int t = 0; t <= o->seconds; t++)
			ymax = res[k].bits[t] > ymax ? res[k].bits[t] : ymax;
	}
	fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
		   "font-family=\"sans-serif\" font-size=\"12\">\n", w, h);
	fprintf(f, "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n");
	fprintf(f, "<text x=\"%d\" y=\"22\" font-size=\"14\">Credited entropy over time "
		   "(rdseed %s, hwrng %zu B, table %zu B, trust_bootloader %s, trust_cpu %s)</text>\n",
		left, o->rdseed ? "yes" : "no", o->hwrng, o->table, o->trust_bootloader ? "on" : "off",
		o->trust_cpu ? "on" : "off");
	fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"black\"/>\n", left, top + ph,
		left + pw, top + ph);
	fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"black\"/>\n", left, top, left,
		top + ph);
	for (int i = 0; i <= 4; i++) {
		int y = top + ph - ph * i / 4;

		fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%d</text>\n", left - 6, y + 4,
			ymax * i / 4);
		fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#ddd\"/>\n", left, y,
			left + pw, y);
	}
	for (int i = 0; i <= 4; i++)
		fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%d</text>\n",
			left + pw * i / 4, top + ph + 18, o->seconds * i / 4);
	fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">seconds since boot</text>\n",
		left + pw / 2, h - 10);
	fprintf(f, "<text x=\"16\" y=\"%d\" transform=\"rotate(-90 16 %d)\" text-anchor=\"middle\">"
		   "bits (3.x: input pool; 6: credited, ready at 256)</text>\n",
		top + ph / 2, top + ph / 2);
	for (int k = 0; k <= ES_CREDIT_KERNEL_6; k++) {
		fprintf(f, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"%d\" points=\"", colours[k],
			k == (int)o->kernel ? 3 : 1);
		for (int t = 0; t <= o->seconds; t++)
			fprintf(f, "%d,%d ", left + (o->seconds ? pw * t / o->seconds : 0),
				top + ph - (int)((long)ph * res[k].bits[t] / ymax));
		fprintf(f, "\"/>\n");
		fprintf(f, "<text x=\"%d\" y=\"%d\" fill=\"%s\">Linux %s%s</text>\n", left + pw + 10,
			top + 16 + 32 * k, colours[k], simulate_kernel_name((enum es_credit_kernel)k),
			k == ES_CREDIT_KERNEL_6 ? ".x (&gt;= 5.19)" : "");
		fprintf(f, "<text x=\"%d\" y=\"%d\" fill=\"%s\" font-size=\"10\">", left + pw + 10,
			top + 30 + 32 * k, colours[k]);
		if (res[k].ready_at >= 0)
			fprintf(f, "%s at %d s</text>\n",
				k == ES_CREDIT_KERNEL_6 ? "crng ready" : "/dev/random unblocks", res[k].ready_at);
		else
			fprintf(f, "not ready in %d s</text>\n", o->seconds);
	}
	fprintf(f, "</svg>\n");
	return fclose(f) == 0 ? 0 : -1;
}
