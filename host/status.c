/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "status.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../core/earlyseed.h"
#include "seedtool.h"
#include "peek.h"
#include "kernel.h"
#include "esp.h"
#include "trustvar.h"

#define LOG_MAX (1u << 20)

/* The kernel's log: what it said about the seed table and the crng. */
struct klog {
	bool rng_table;     /* "efi: ... RNG=0x..." */
	char rng_addr[24];
	bool crng_ready;    /* "random: crng init done" */
	unsigned long crng_us; /* when, in microseconds since boot */
	bool rotated;       /* /dev/kmsg's first record is not the boot's first */
	bool first;         /* a record was seen */
	bool uboot;         /* "efi: EFI v2.100 by Das U-Boot" */
};

/* A line of /dev/kmsg ("pri,seq,usec,flags;text") or of dmesg ("[  s.us] text"):
 * its text and time. */
static const char *log_text(const char *line, unsigned long *us)
{
	const char *semi = strchr(line, ';');
	char *end;

	*us = 0;
	if (line[0] == '[') {
		unsigned long s = strtoul(line + 1, &end, 10), frac = 0;

		if (*end == '.')
			frac = strtoul(end + 1, &end, 10);
		*us = s * 1000000ul + frac;
		return *end == ']' ? end + 1 + (end[1] == ' ') : line;
	}
	if (semi != NULL) {
		const char *c1 = strchr(line, ','), *c2 = c1 != NULL ? strchr(c1 + 1, ',') : NULL;

		if (c2 != NULL && c2 < semi)
			*us = strtoul(c2 + 1, NULL, 10);
		return semi + 1;
	}
	return line;
}

/* /dev/kmsg's sequence number ("pri,SEQ,usec,..."), or -1. */
static long log_seq(const char *line)
{
	const char *c1 = strchr(line, ','), *semi = strchr(line, ';');

	return c1 != NULL && semi != NULL && c1 < semi && line[0] != '[' ? strtol(c1 + 1, NULL, 10) : -1;
}

static void klog_line(struct klog *k, const char *line)
{
	unsigned long us;
	const char *t = log_text(line, &us), *rng;

	if (!k->first) {
		k->first = true;
		k->rotated = log_seq(line) > 0;
	}

	if (strncmp(t, "efi: ", 5) == 0 && (rng = strstr(t, "RNG=0x")) != NULL) {
		size_t n = strspn(rng + 4, "0123456789abcdefxABCDEF");

		k->rng_table = true;
		snprintf(k->rng_addr, sizeof(k->rng_addr), "%.*s", (int)(n < 20 ? n : 20), rng + 4);
	}
	if (strncmp(t, "efi: EFI v", 10) == 0 && strstr(t, " by Das U-Boot") != NULL)
		k->uboot = true;
	if (!k->crng_ready && strstr(t, "random: crng init done") != NULL) {
		k->crng_ready = true;
		k->crng_us = us;
	}
}

/* /dev/kmsg gives one record a read and EAGAIN at its end (O_NONBLOCK);
 * a plain file is read whole. */
static void klog_read(const char *path, struct klog *k)
{
	static char buf[LOG_MAX];
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	size_t n = 0;

	memset(k, 0, sizeof(*k));
	if (fd < 0)
		return;
	for (;;) {
		ssize_t r = read(fd, buf + n, sizeof(buf) - 1 - n);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0 && errno == EPIPE) /* a record overwritten while reading */
			continue;
		if (r <= 0)
			break;
		n += (size_t)r;
		if (n >= sizeof(buf) - 2)
			break; /* what fits is parsed */
		if (buf[n - 1] != '\n')
			buf[n++] = '\n';
	}
	close(fd);
	buf[n] = '\0';
	for (char *line = buf, *nl; line < buf + n && (nl = strchr(line, '\n')) != NULL; line = nl + 1) {
		*nl = '\0';
		klog_line(k, line);
	}
}

/* s as a JSON string (RFC 8259 section 7). */
static void json_str(FILE *out, const char *s)
{
	fputc('"', out);
	for (; *s != '\0'; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			fprintf(out, "\\%c", c);
		else if (c < 0x20 || c >= 0x80) /* a byte as its code point: valid JSON, whatever it was */
			fprintf(out, "\\u%04x", c);
		else
			fputc(c, out);
	}
	fputc('"', out);
}

int status_run(const struct status_opts *o, FILE *out, FILE *err)
{
	struct seedtool_opts so = { 0 };
	struct peek pk;
	struct es_audit_record a;
	struct es_trust t;
	struct klog k;
	char summary[ES_AUDIT_SUMMARY_MAX] = "";
	bool audit, driver, at0, by_us, hw, file_ok, token, have_esp, failed, lag, others, disk_token, token_lost;
	uint32_t file_bits;
	const char *by, *next, *file_why;
	char hw_names[96], next_hw[160];
	int rc;

	/* where `seed refresh` finds it: bootctl's places, else /boot/efi */
	if (o->esp != NULL) {
		so.esp = o->esp;
	} else {
		static char found[4096];

		so.esp = esp_find(NULL, found, sizeof(found), NULL) == 0 ? found : "/boot/efi";
	}
	so.efivars = o->efivars;
	so.app = o->app;
	audit = efivars_audit_var(o->efivars, SEEDTOOL_AUDIT_VAR, &a);
	/* No app this boot: earlyseed's driver may have run (systemd-boot's
	 * drivers folder, the firmware image), and its record tells the same. */
	driver = !audit && efivars_audit_var(o->efivars, TRUSTVAR_DRIVER_AUDIT, &a);
	audit = audit || driver;
	if (audit)
		es_audit_summary(&a, summary, sizeof(summary));
	kernel_trust(o->cmdline, &t, NULL);
	klog_read(o->kmsg != NULL ? o->kmsg : "/dev/kmsg", &k);
	have_esp = peek_read(&so, &pk, err) == 0;
	/* U-Boot keeps every variable, the token among them, in \ubootefi.var
	 * on the ESP (../shared/SPEC.md section 16): this boot's record says
	 * whether that stopped the file, or whether the file counted anyway
	 * (disk_token = count); the kernel's log says the firmware is U-Boot */
	{
		char var[4200];

		snprintf(var, sizeof(var), "%s/ubootefi.var", so.esp);
		token_lost = audit && a.seed_file_reason == ES_FILE_TOKEN_LOST;
		disk_token = (audit && a.seed_file_reason == ES_FILE_TOKEN_ON_DISK) ||
			     (k.uboot && access(var, F_OK) == 0);
	}

	/* this boot */
	failed = audit && (a.flags & ES_AUDIT_F_NEXT_FAILED) != 0;
	at0 = k.crng_ready && k.crng_us == 0;
	by_us = at0 && audit && (a.flags & ES_AUDIT_F_TABLE) != 0 && (a.flags & ES_AUDIT_F_TAKEN_BACK) == 0 &&
		k.rng_table && !failed;
	by = failed ? "not earlyseed: its next stage failed to start, and the firmware went on to its next boot "
		      "option"
	     : !k.crng_ready && k.rotated ? "unknown: the kernel's log no longer reaches back to the boot"
	     : !k.crng_ready	  ? "not yet: the crng is not ready"
	     : by_us && driver	  ? "the seed table of earlyseed's driver"
	     : by_us		  ? "earlyseed's seed table"
	     : at0 && k.rng_table ? "a seed table earlyseed did not install"
	     : at0		  ? "the kernel's own sources (the CPU's RNG under random.trust_cpu)"
				  : "the kernel's own sources, later in boot";
	/* The one-boot lag (docs/driver.md): with no command line of its own,
	 * earlyseed counted the CPU's RNG before EarlyseedKernelTrust told it
	 * that this kernel distrusts it. Did anything but the CPU pass? */
	lag = others = false;
	for (unsigned int i = 0; audit && (a.flags & ES_AUDIT_F_TABLE) != 0 && i < ES_SRC_COUNT; i++) {
		const struct es_source_info *r = es_source((enum es_source)i);
		bool passed = es_audit_present(&a, (enum es_source)i) && !es_audit_failed(&a, (enum es_source)i);

		if (passed && r->cpu && !t.cpu && (a.flags & ES_AUDIT_F_CPU_UNTRUSTED) == 0)
			lag = true;
		else if (passed && !r->cpu && (r->hardware || i == ES_SRC_SEED_FILE || i == ES_SRC_PREV_TABLE))
			others = true;
	}
	if (lag && !others && by_us)
		by = "earlyseed's seed table, resting on the CPU's RNG alone, which this kernel does not trust "
		     "(random.trust_cpu=off)";
	/* the next boot: its hardware did it this time, or the seed file will */
	hw = false;
	hw_names[0] = '\0';
	for (unsigned int i = 0; audit && (a.flags & ES_AUDIT_F_TABLE) != 0 && i < ES_SRC_COUNT; i++) {
		const struct es_source_info *r = es_source((enum es_source)i);

		/* a hardware source that passed, and that this kernel counts:
		 * named (docs/sources.md promises "seeded by its hardware") */
		if (r->hardware && es_audit_present(&a, (enum es_source)i) && !es_audit_failed(&a, (enum es_source)i) &&
		    (!r->cpu || (t.cpu && (a.flags & ES_AUDIT_F_CPU_UNTRUSTED) == 0))) {
			const char *name = i == ES_SRC_TPM ? "the TPM" : i == ES_SRC_EFI_RNG ? "the firmware's RNG"
									  : "the CPU's RNG";
			/* the firmware's wrapper of the CPU's RNG is the CPU's */

			if (strstr(hw_names, name) == NULL)
				snprintf(hw_names + strlen(hw_names), sizeof(hw_names) - strlen(hw_names), "%s%s",
					 hw ? " and " : "", name);
			hw = true;
		}
	}
	token = pk.token_visible || (audit && (a.flags & (ES_AUDIT_F_TOKEN | ES_AUDIT_F_TOKEN_CREATED)) != 0);
	file_bits = pk.header ? pk.other_bits + (t.cpu ? pk.cpu_bits : 0u) : 0u;
	/* never more than its token holds (core/session.c): the account of a
	 * token the OS made is readable; of the firmware's, this boot's record
	 * has it (version 4), and says whether it stopped the file */
	{
		struct es_provenance tok = { .cpu_bits = pk.token_cpu_bits, .other_bits = pk.token_other_bits };
		bool known = pk.token_known || (audit && es_audit_token(&a, &tok));
		uint32_t rests = tok.other_bits + (t.cpu ? tok.cpu_bits : 0u);

		if (known && file_bits > rests)
			file_bits = rests;
		if (audit && a.seed_file_reason == ES_FILE_TOKEN_UNTRUSTED && !t.cpu)
			file_bits = 0;
	}
	/* why this boot's file did not count, from the record */
	file_why = !audit || !es_audit_present(&a, ES_SRC_SEED_FILE) ? NULL
		   : a.seed_file_reason == ES_FILE_COUNTED	      ? "counted"
								      : es_file_reason_text((enum es_file_reason)a.seed_file_reason);
	/* as the app judges it (core/session.c es_session_add_seed_file): under
	 * Secure Boot a token the OS can read keeps the file from counting */
	file_ok = have_esp && !pk.off && pk.exists && pk.header && pk.size >= ES_SEED_FILE_MIN && token &&
		  !(pk.secure_boot && pk.token_visible) && file_bits >= ES_GATE_BITS &&
		  !(audit && (a.seed_file_reason == ES_FILE_TOKEN_ON_DISK || a.seed_file_reason == ES_FILE_TOKEN_LOST));
	snprintf(next_hw, sizeof(next_hw), "seeded by %s from %s, as this boot was", driver ? "earlyseed's driver" : "earlyseed",
		 hw_names);
	/* a next stage that failed fails again: nothing earlyseed holds
	 * reaches that kernel */
	next = failed ? "not seeded: earlyseed's next stage failed to start this boot (check next = in its config, "
			"or `earlyseed install --next`)"
	       : file_ok ? "seeded from the seed file"
	       : hw ? next_hw
		       : "not seeded: earlyseed has no seed file that counts and counted no hardware RNG this boot";
	rc = failed || (lag && !others && by_us) ? STATUS_NOT_SEEDED
	     : !k.crng_ready && k.rotated ? STATUS_UNKNOWN
	     : !by_us			? STATUS_NOT_SEEDED
	     : (!file_ok && !hw)	? STATUS_NEXT_AT_RISK
					: STATUS_OK;

	if (o->json) {
		fprintf(out, "{\"this_boot\":{\"crng_ready\":%s,\"crng_ready_us\":%lu,\"at_zero\":%s,\"rng_table\":",
			k.crng_ready ? "true" : "false", k.crng_us, at0 ? "true" : "false");
		if (k.rng_table)
			json_str(out, k.rng_addr);
		else
			fputs("null", out);
		fputs(",\"by\":", out);
		json_str(out, by);
		fputs(",\"audit\":", out);
		if (audit)
			json_str(out, summary);
		else
			fputs("null", out);
		fprintf(out, ",\"driver\":%s,\"next_stage_failed\":%s,\"table_taken_back\":%s,\"cpu_trust_lag\":%s",
			driver ? "true" : "false", failed ? "true" : "false",
			audit && (a.flags & ES_AUDIT_F_TAKEN_BACK) != 0 ? "true" : "false", lag ? "true" : "false");
		fprintf(out, ",\"firmware_rng\":[%s%s%s]",
			audit && es_audit_present(&a, ES_SRC_EFI_RNG) ? "\"device\"" : "",
			audit && es_audit_present(&a, ES_SRC_EFI_RNG_CPU)
				? (es_audit_present(&a, ES_SRC_EFI_RNG) ? ",\"cpu\"" : "\"cpu\"")
				: "",
			audit && es_audit_present(&a, ES_SRC_EFI_RNG_UNSAFE)
				? (es_audit_present(&a, ES_SRC_EFI_RNG) || es_audit_present(&a, ES_SRC_EFI_RNG_CPU)
					   ? ",\"unsafe\""
					   : "\"unsafe\"")
				: "");
		fprintf(out, ",\"token_on_disk\":%s,\"token_lost\":%s", disk_token ? "true" : "false",
			token_lost ? "true" : "false");
		fprintf(out, "},\"next_boot\":{\"seeded\":%s,\"by\":", (file_ok || hw) && !failed ? "true" : "false");
		json_str(out, next);
		fputs(",\"seed_file\":", out);
		json_str(out, pk.path);
		fprintf(out, ",\"seed_file_exists\":%s,\"seed_file_bits\":%u,\"token\":%s,\"trust_cpu\":%s,"
			     "\"seed_file_this_boot\":",
			pk.exists ? "true" : "false", file_bits, token ? "true" : "false", t.cpu ? "true" : "false");
		if (file_why != NULL)
			json_str(out, file_why);
		else
			fputs("null", out);
		fprintf(out, "},\"exit\":%d}\n", rc);
		return rc;
	}
	if (k.crng_ready)
		fprintf(out, "this boot: crng ready at [%5lu.%06lu] by %s%s%s\n", k.crng_us / 1000000ul,
			k.crng_us % 1000000ul, by, k.rng_table ? ", RNG=" : "", k.rng_table ? k.rng_addr : "");
	else
		fprintf(out, "this boot: %s\n", by);
	fprintf(out, "earlyseed%s: %s\n", driver ? " (its driver)" : "",
		audit ? summary : "no audit record (this boot did not start through earlyseed?)");
	/* every firmware RNG's class (core/rng.c), from the record */
	if (audit && (es_audit_present(&a, ES_SRC_EFI_RNG) || es_audit_present(&a, ES_SRC_EFI_RNG_CPU) ||
		      es_audit_present(&a, ES_SRC_EFI_RNG_UNSAFE)))
		fprintf(out, "firmware RNG:%s%s%s\n",
			es_audit_present(&a, ES_SRC_EFI_RNG) ? " a device's (counted as the firmware's)" : "",
			es_audit_present(&a, ES_SRC_EFI_RNG_CPU) ? " the CPU's (edk2's RngDxe: counted only as the CPU is)"
								 : "",
			es_audit_present(&a, ES_SRC_EFI_RNG_UNSAFE) ? " an unsafe one (a timer: counts nothing)" : "");
	/* The kernel's EFI stub reads the same protocol and its kernel credits
	 * those bytes as a boot loader's seed, whatever random.trust_cpu says
	 * (drivers/firmware/efi/libstub/random.c; ../shared/SPEC.md section 20). */
	if (audit && es_audit_present(&a, ES_SRC_EFI_RNG_CPU) && !t.cpu && t.bootloader)
		fprintf(out, "kernel trust: the firmware's RNG is the CPU's, and the kernel's EFI stub credits its bytes as "
			     "a boot loader's seed whatever random.trust_cpu says; random.trust_bootloader=off stops "
			     "that (and earlyseed's table from counting too)\n");
	if (lag)
		fprintf(out, "kernel trust: earlyseed%s counted the CPU's RNG this boot, which this kernel does not trust "
			     "(random.trust_cpu=off): with no command line of its own it learns that from "
			     "EarlyseedKernelTrust, which `earlyseed seed refresh` writes now, from the next boot on\n",
			driver ? "'s driver" : "");
	if (token_lost)
		fprintf(out, "variable store: U-Boot keeps no \\ubootefi.var: it did not keep the token from one boot to "
			     "the next (type the partition as an ESP: GPT ESP, or MBR 0xef)\n");
	else if (disk_token)
		fprintf(out, "variable store: %s\n",
			audit && es_audit_present(&a, ES_SRC_SEED_FILE) && a.seed_file_reason == ES_FILE_COUNTED
				? "U-Boot keeps the variables, the token among them, in \\ubootefi.var on this disk, and "
				  "disk_token = count counts the seed file anyway: a copy of this disk is seeded as this "
				  "machine is"
				: "U-Boot keeps the variables, the token among them, in \\ubootefi.var on this disk: anyone "
				  "who can read or copy the disk has the token, so the seed file is mixed, never counted "
				  "(disk_token = count in earlyseed.conf counts it: the owner's choice)");
	if (file_why != NULL)
		fprintf(out, "seed file this boot: %s%s\n", strcmp(file_why, "counted") == 0 ? "" : "did not count: ",
			file_why);
	if (!have_esp)
		fprintf(out, "seed file: no ESP at %s (--esp DIR)\n", so.esp);
	else if (pk.off)
		fprintf(out, "seed file: turned off in the config\n");
	else if (!pk.exists && driver)
		fprintf(out, "seed file: none (only earlyseed's driver ran this boot, and it keeps none)\n");
	else if (!pk.exists)
		fprintf(out, "seed file: %s: none\n", pk.path);
	else
		fprintf(out, "seed file: %s: %zu bytes, %s%u bits%s; token %s\n", pk.path, pk.size,
			pk.header ? "rests on " : "not in earlyseed's format: ", file_bits,
			pk.header && !t.cpu && pk.cpu_bits > 0 ? " (its CPU bits do not count: random.trust_cpu=off)" : "",
			pk.token_visible ? (pk.secure_boot ? "made by the OS, so under Secure Boot the file does not count"
					    : !pk.token_known ? "made by the OS, unreadable or malformed"
					    : pk.token_other_bits >= ES_GATE_BITS ? "made by the OS from a pool free of the CPU"
										   : "made by the OS from a pool that may rest on the CPU")
			: token ? "held by the firmware"
				: "missing");
	fprintf(out, "next boot: %s\n", next);
	return rc;
}
