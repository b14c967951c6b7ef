/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "status.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../core/earlyseed.h"
#include "machine.h"
#include "peek.h"
#include "kernel.h"
#include "efivars.h"
#include "esp.h"
#include "klog.h"
#include "trustvar.h"
#include "varfile.h"
#include "report.h"
#include "espimage.h"
#include "jsonpretty.h"

/* status --json's layout: one more when a field changes meaning or goes */
#define STATUS_JSON_SCHEMA 1

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

/* s as a JSON string, or null when there is none (NULL or empty). */
static void json_opt(FILE *out, const char *s)
{
	if (s == NULL || s[0] == '\0')
		fputs("null", out);
	else
		json_str(out, s);
}

/* What status found and concluded, read once, printed as text or JSON. */
struct view {
	struct machine m; /* the machine, its ESP found */
	struct peek pk;
	struct es_audit_record a;
	struct es_trust t;
	struct klog k;
	char summary[ES_AUDIT_SUMMARY_MAX];
	bool audit, driver, have_esp, disk_token, token_lost;
	/* the file the firmware keeps its variables in, the token among them:
	 * U-Boot's, or one whose bytes hold it (host/varfile.c) */
	const char *store_who;
	char store_file[256];
	/* this boot */
	bool failed, at0, by_us, lag, others;
	const char *by;
	/* the next boot */
	bool hw, token, file_ok;
	uint32_t file_bits;
	const char *next, *file_why;
	char hw_names[96], next_hw[160];
	int rc;
	/* what cannot be known: the kernel's log unread (not root, or wrapped
	 * and not in the journal); no UEFI at all */
	bool log_unknown, no_efi;
	bool esp_denied, next_unknown; /* the ESP is there but closed to this user */
	char log_why[300];
	/* versions: this tool's, the image's that ran (its record), the ESP's
	 * and the package's (host/updater.h) */
	char ran[16], boot_id[40];
	struct espimage_view img[2];
	const struct espimage_view *outdated; /* the first whose package is newer */
};

/* The kernel's log: /dev/kmsg, or (not readable, or wrapped before the
 * crng's line) this boot's kernel lines in the journal; what could not be
 * read is named, and then the answer is unknown, never a guess. */
static void view_log(const struct status_opts *o, struct view *v)
{
	const char *path = v->m.kmsg != NULL ? v->m.kmsg : "/dev/kmsg";
	int error;

	klog_read(path, &v->k);
	error = v->k.error;
	if ((error != 0 || (v->k.rotated && !v->k.crng_ready)) && (v->m.kmsg == NULL || o->journal != NULL))
		klog_read_journal(o->journal, &v->k);
	if (v->k.journal)
		return;
	if (error != 0) {
		v->log_unknown = true;
		snprintf(v->log_why, sizeof(v->log_why), "cannot read the kernel's log (%s: %s): root or CAP_SYSLOG "
			 "can (kernel.dmesg_restrict), or a member of the systemd-journal or adm group through the "
			 "journal", path, strerror(error));
	} else if (v->k.rotated && !v->k.crng_ready) {
		v->log_unknown = true;
		snprintf(v->log_why, sizeof(v->log_why), "the kernel's log no longer reaches back to the boot, and "
			 "the journal has none of this boot's kernel lines");
	}
}

/* The versions: the tool's, the one that ran (the record's), the ESP's
 * images' and the package's; and the boot's ID. */
static void view_versions(const struct status_opts *o, struct view *v)
{
	FILE *f = fopen(o->boot_id != NULL ? o->boot_id : "/proc/sys/kernel/random/boot_id", "r");
	int espfd;

	if (f != NULL) {
		if (fgets(v->boot_id, sizeof(v->boot_id), f) != NULL)
			v->boot_id[strcspn(v->boot_id, "\n")] = '\0';
		fclose(f);
	}
	if (v->audit && v->a.image_version != 0)
		es_version_unpack(v->a.image_version, v->ran, sizeof(v->ran));
	espfd = open(v->m.esp, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (espfd < 0)
		return;
	espimage_look(espfd, v->m.pkg, v->img);
	close(espfd);
	for (int i = 1; i >= 0; i--)
		if (v->img[i].installed && v->img[i].pkg_version[0] != '\0' &&
		    (v->img[i].esp_version[0] == '\0' || es_version_cmp(v->img[i].pkg_version, v->img[i].esp_version) > 0))
			v->outdated = &v->img[i];
}

/* The audit record, the kernel's trust and log, the seed file and token. */
static void view_read(const struct machine *m, const struct status_opts *o, struct view *v, FILE *err)
{
	/* where `seed refresh` finds it: bootctl's places, else /boot/efi */
	v->m = *m;
	if (m->esp == NULL) {
		static char found[4096];

		v->m.esp = esp_find(NULL, found, sizeof(found), NULL) == 0 ? found : "/boot/efi";
	}
	v->audit = efivars_audit_var(m->efivars, SEEDTOOL_AUDIT_VAR, &v->a);
	/* No app this boot: earlyseed's driver may have run (systemd-boot's
	 * drivers folder, the firmware image), and its record tells the same. */
	v->driver = !v->audit && efivars_audit_var(m->efivars, TRUSTVAR_DRIVER_AUDIT, &v->a);
	v->audit = v->audit || v->driver;
	/* no UEFI at all: efivarfs's parent (/sys/firmware/efi) is missing */
	{
		char parent[4096];
		struct stat st;

		snprintf(parent, sizeof(parent), "%s", m->efivars != NULL ? m->efivars : "/sys/firmware/efi/efivars");
		if (strrchr(parent, '/') != NULL)
			*strrchr(parent, '/') = '\0';
		v->no_efi = !v->audit && stat(parent, &st) != 0;
	}
	if (v->audit)
		es_audit_summary(&v->a, v->summary, sizeof(v->summary));
	kernel_trust(m->cmdline_file, &v->t, NULL);
	view_log(o, v);
	view_versions(o, v);
	v->have_esp = peek_read(&v->m, &v->pk, err) == 0;
	if (!v->have_esp) {
		/* there, but closed to this user (mounted root-only, umask 0077) */
		int fd = open(v->m.esp, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

		v->esp_denied = fd < 0 && (errno == EACCES || errno == EPERM);
		if (fd >= 0)
			close(fd);
	}
	/* U-Boot keeps every variable, the token among them, in \ubootefi.var
	 * on the ESP (U-Boot lib/efi_loader/efi_var_file.c); other firmware in
	 * a file of its own (the Pi 4's edk2: RPI_EFI.fd), found by its bytes
	 * as the app finds it: this boot's record says whether that stopped
	 * the file, or whether the file counted anyway (an image sealed with
	 * --disk-token count); the kernel's log says the firmware is U-Boot */
	{
		char var[4200];
		bool uboot_file;

		snprintf(var, sizeof(var), "%s/ubootefi.var", v->m.esp);
		uboot_file = access(var, F_OK) == 0;
		v->store_who = "the firmware";
		if (v->k.uboot && uboot_file)
			v->store_who = "U-Boot";
		if (v->k.uboot && uboot_file)
			snprintf(v->store_file, sizeof(v->store_file), "ubootefi.var");
		else if (v->have_esp)
			(void)varfile_scan(v->m.esp, v->store_file, sizeof(v->store_file));
		v->token_lost = v->audit && v->a.seed_file_reason == ES_FILE_TOKEN_LOST;
		v->disk_token = (v->audit && v->a.seed_file_reason == ES_FILE_TOKEN_ON_DISK) || v->store_file[0] != '\0';
		/* the record says so, the files do not tell which: U-Boot's
		 * file is the one there is, or none on this ESP */
		if (v->disk_token && v->store_file[0] == '\0' && uboot_file) {
			v->store_who = "U-Boot";
			snprintf(v->store_file, sizeof(v->store_file), "ubootefi.var");
		}
	}
}

/* This boot: seeded at [0.000000], and by what. */
static void view_this_boot(struct view *v)
{
	/* this boot */
	v->failed = v->audit && (v->a.flags & ES_AUDIT_F_NEXT_FAILED) != 0;
	v->at0 = v->k.crng_ready && v->k.crng_us == 0;
	v->by_us = v->at0 && v->audit && (v->a.flags & ES_AUDIT_F_TABLE) != 0 && (v->a.flags & ES_AUDIT_F_TAKEN_BACK) == 0 &&
		v->k.rng_table && !v->failed;
	v->by = v->failed ? "not earlyseed: its next stage failed to start, and the firmware went on to its next boot "
		      "option"
	     : v->no_efi ? "not earlyseed: this machine did not boot through UEFI (no /sys/firmware/efi), so no "
			   "firmware stage ran"
	     : v->log_unknown && v->k.error != 0 ? "unknown: the kernel's log cannot be read"
	     : v->log_unknown ? "unknown: the kernel's log no longer reaches back to the boot"
	     : !v->k.crng_ready	  ? "not yet: the crng is not ready"
	     : v->by_us && v->driver	  ? "the seed table of earlyseed's driver"
	     : v->by_us		  ? "earlyseed's seed table"
	     : v->at0 && v->k.rng_table ? "a seed table earlyseed did not install"
	     : v->at0		  ? "the kernel's own sources (the CPU's RNG under random.trust_cpu)"
				  : "the kernel's own sources, later in boot";
	/* The one-boot lag (docs/driver.md): with no command line of its own,
	 * earlyseed counted the CPU's RNG before EarlyseedKernelTrust told it
	 * that this kernel distrusts it. Did anything but the CPU pass? */
	v->lag = v->others = false;
	for (unsigned int i = 0; v->audit && (v->a.flags & ES_AUDIT_F_TABLE) != 0 && i < ES_SRC_COUNT; i++) {
		const struct es_source_info *r = es_source((enum es_source)i);
		bool passed = es_audit_present(&v->a, (enum es_source)i) && !es_audit_failed(&v->a, (enum es_source)i);

		if (passed && r->cpu && !v->t.cpu && (v->a.flags & ES_AUDIT_F_CPU_UNTRUSTED) == 0)
			v->lag = true;
		else if (passed && !r->cpu && (r->hardware || i == ES_SRC_SEED_FILE || i == ES_SRC_PREV_TABLE))
			v->others = true;
	}
	if (v->lag && !v->others && v->by_us)
		v->by = "earlyseed's seed table, resting on the CPU's RNG alone, which this kernel does not trust "
		     "(random.trust_cpu=off)";
}

/* The hardware sources this boot counted, that this kernel counts too:
 * the next boot's hardware will do the same. */
static void view_hardware(struct view *v)
{
	v->hw = false;
	v->hw_names[0] = '\0';
	for (unsigned int i = 0; v->audit && (v->a.flags & ES_AUDIT_F_TABLE) != 0 && i < ES_SRC_COUNT; i++) {
		const struct es_source_info *r = es_source((enum es_source)i);

		/* a hardware source that passed, and that this kernel counts:
		 * named (docs/sources.md promises "seeded by its hardware") */
		if (r->hardware && es_audit_present(&v->a, (enum es_source)i) && !es_audit_failed(&v->a, (enum es_source)i) &&
		    (!r->cpu || (v->t.cpu && (v->a.flags & ES_AUDIT_F_CPU_UNTRUSTED) == 0))) {
			const char *name = i == ES_SRC_TPM ? "the TPM" : i == ES_SRC_EFI_RNG ? "the firmware's RNG"
									  : "the CPU's RNG";
			/* the firmware's wrapper of the CPU's RNG is the CPU's */

			if (strstr(v->hw_names, name) == NULL)
				snprintf(v->hw_names + strlen(v->hw_names), sizeof(v->hw_names) - strlen(v->hw_names), "%s%s",
					 v->hw ? " and " : "", name);
			v->hw = true;
		}
	}
}

/* The next boot: seeded by the seed file, or by its hardware, or not. */
static void view_next_boot(struct view *v)
{
	v->token = v->pk.token_visible || (v->audit && (v->a.flags & (ES_AUDIT_F_TOKEN | ES_AUDIT_F_TOKEN_CREATED)) != 0);
	v->file_bits = v->pk.header ? v->pk.other_bits + (v->t.cpu ? v->pk.cpu_bits : 0u) : 0u;
	/* never more than its token holds (core/session.c): the account of a
	 * token the OS made is readable; of the firmware's, this boot's record
	 * has it (version 4), and says whether it stopped the file */
	{
		struct es_provenance tok = { .cpu_bits = v->pk.token_cpu_bits, .other_bits = v->pk.token_other_bits };
		bool known = v->pk.token_known || (v->audit && es_audit_token(&v->a, &tok));
		uint32_t rests = tok.other_bits + (v->t.cpu ? tok.cpu_bits : 0u);

		if (known && v->file_bits > rests)
			v->file_bits = rests;
		if (v->audit && v->a.seed_file_reason == ES_FILE_TOKEN_UNTRUSTED && !v->t.cpu)
			v->file_bits = 0;
	}
	/* why this boot's file did not count, from the record */
	v->file_why = !v->audit || !es_audit_present(&v->a, ES_SRC_SEED_FILE) ? NULL
		   : v->a.seed_file_reason == ES_FILE_COUNTED	      ? "counted"
								      : es_file_reason_text((enum es_file_reason)v->a.seed_file_reason);
	/* as the app judges it (core/session.c es_session_add_seed_file): under
	 * Secure Boot a token the OS can read keeps the file from counting */
	v->file_ok = v->have_esp && !v->pk.off && v->pk.exists && v->pk.header && v->pk.size >= ES_SEED_FILE_MIN && v->token &&
		  !(v->pk.secure_boot && v->pk.token_visible) && v->file_bits >= ES_GATE_BITS &&
		  !(v->audit && (v->a.seed_file_reason == ES_FILE_TOKEN_ON_DISK || v->a.seed_file_reason == ES_FILE_TOKEN_LOST));
	snprintf(v->next_hw, sizeof(v->next_hw), "seeded by %s from %s, as this boot was", v->driver ? "earlyseed's driver" : "earlyseed",
		 v->hw_names);
	/* a next stage that failed fails again: nothing earlyseed holds
	 * reaches that kernel */
	/* no hardware to vouch for the next boot and an ESP this user cannot
	 * read: what the seed file holds is not known here */
	v->next_unknown = v->esp_denied && !v->hw && !v->failed;
	v->next = v->failed ? "not seeded: earlyseed's next stage failed to start this boot (check next = in its config, "
			"or `earlyseed install --next`)"
	       : v->next_unknown ? "unknown: the ESP, where the seed file is, cannot be read by this user (root can)"
	       : v->file_ok ? "seeded from the seed file"
	       : v->hw ? v->next_hw
		       : "not seeded: earlyseed has no seed file that counts and counted no hardware RNG this boot";
	v->rc = v->failed || (v->lag && !v->others && v->by_us) ? STATUS_NOT_SEEDED
	     : v->no_efi			? STATUS_NOT_SEEDED
	     : v->log_unknown			? STATUS_UNKNOWN
	     : !v->by_us			? STATUS_NOT_SEEDED
	     : v->next_unknown		? STATUS_UNKNOWN
	     : (!v->file_ok && !v->hw)	? STATUS_NEXT_AT_RISK
					: STATUS_OK;
}

static void status_json(const struct view *v, FILE *out)
{
		/* schema 1: the fields below; a reader checks it (docs/host-tool.md) */
		fprintf(out, "{\"schema\":%d,\"boot_id\":", STATUS_JSON_SCHEMA);
		json_opt(out, v->boot_id);
		fputs(",\"versions\":{\"tool\":", out);
		json_str(out, es_version);
		fputs(",\"ran\":", out);
		json_opt(out, v->ran);
		fputs(",\"app_on_esp\":", out);
		json_opt(out, v->img[0].installed ? v->img[0].esp_version : "");
		fputs(",\"driver_on_esp\":", out);
		json_opt(out, v->img[1].installed ? v->img[1].esp_version : "");
		fputs(",\"package\":", out);
		json_opt(out, v->img[0].pkg_version[0] != '\0' ? v->img[0].pkg_version : v->img[1].pkg_version);
		fprintf(out, ",\"esp_outdated\":%s}", v->outdated != NULL ? "true" : "false");
		/* what cannot be known is null, never false */
		if (v->log_unknown)
			fputs(",\"this_boot\":{\"crng_ready\":null,\"crng_ready_us\":null,\"at_zero\":null,\"log\":", out);
		else
			fprintf(out, ",\"this_boot\":{\"crng_ready\":%s,\"crng_ready_us\":%lu,\"at_zero\":%s,\"log\":",
				v->k.crng_ready ? "true" : "false", v->k.crng_us, v->at0 ? "true" : "false");
		json_str(out, v->log_unknown ? v->log_why : v->k.journal ? "journal" : "kmsg");
		fputs(",\"uefi\":", out);
		fputs(v->no_efi ? "false" : "true", out);
		fputs(",\"rng_table\":", out);
		json_opt(out, v->k.rng_table ? v->k.rng_addr : NULL);
		fputs(",\"by\":", out);
		json_str(out, v->by);
		fputs(",\"audit\":", out);
		json_opt(out, v->audit ? v->summary : NULL);
		fprintf(out, ",\"driver\":%s,\"next_stage_failed\":%s,\"table_taken_back\":%s,\"cpu_trust_lag\":%s",
			v->driver ? "true" : "false", v->failed ? "true" : "false",
			v->audit && (v->a.flags & ES_AUDIT_F_TAKEN_BACK) != 0 ? "true" : "false", v->lag ? "true" : "false");
		fprintf(out, ",\"firmware_rng\":[%s%s%s]",
			v->audit && es_audit_present(&v->a, ES_SRC_EFI_RNG) ? "\"device\"" : "",
			v->audit && es_audit_present(&v->a, ES_SRC_EFI_RNG_CPU)
				? (es_audit_present(&v->a, ES_SRC_EFI_RNG) ? ",\"cpu\"" : "\"cpu\"")
				: "",
			v->audit && es_audit_present(&v->a, ES_SRC_EFI_RNG_UNSAFE)
				? (es_audit_present(&v->a, ES_SRC_EFI_RNG) || es_audit_present(&v->a, ES_SRC_EFI_RNG_CPU)
					   ? ",\"unsafe\""
					   : "\"unsafe\"")
				: "");
		fprintf(out, ",\"firmware_rng_not_known_device\":%s",
			v->audit && (v->a.flags & ES_AUDIT_F_RNG_UNKNOWN) != 0 ? "true" : "false");
		fprintf(out, ",\"kernel_trust_on_disk\":%s", v->disk_token ? "true" : "false");
		fprintf(out, ",\"token_on_disk\":%s,\"token_lost\":%s", v->disk_token ? "true" : "false",
			v->token_lost ? "true" : "false");
		/* the file that holds the variables, the token among them (null: none) */
		fputs(",\"token_store_file\":", out);
		if (v->disk_token)
			json_str(out, v->store_file);
		else
			fputs("null", out);
		fprintf(out, "},\"next_boot\":{\"seeded\":%s,\"by\":",
			v->next_unknown ? "null" : (v->file_ok || v->hw) && !v->failed ? "true" : "false");
		json_str(out, v->next);
		fputs(",\"seed_file\":", out);
		json_str(out, v->pk.path);
		fprintf(out, ",\"seed_file_exists\":%s,\"seed_file_bits\":%u,\"token\":%s,\"trust_cpu\":%s,"
			     "\"seed_file_this_boot\":",
			v->pk.exists ? "true" : "false", v->file_bits, v->token ? "true" : "false", v->t.cpu ? "true" : "false");
		json_opt(out, v->file_why);
		fprintf(out, "},\"exit\":%d}\n", v->rc);
}

/* What this boot's firmware and its variable store mean for the kernel. */
static void text_firmware(const struct view *v, FILE *out)
{
	/* every firmware RNG's class (core/rng.c), from the record */
	if (v->audit && (es_audit_present(&v->a, ES_SRC_EFI_RNG) || es_audit_present(&v->a, ES_SRC_EFI_RNG_CPU) ||
		      es_audit_present(&v->a, ES_SRC_EFI_RNG_UNSAFE)))
		fprintf(out, "firmware RNG:%s%s%s\n",
			es_audit_present(&v->a, ES_SRC_EFI_RNG) ? " a device's (counted as the firmware's)" : "",
			!es_audit_present(&v->a, ES_SRC_EFI_RNG_CPU) ? ""
			: (v->a.flags & ES_AUDIT_F_RNG_UNKNOWN) != 0 ? " the CPU's (counted only as the CPU is)"
								      : " the CPU's (edk2's RngDxe: counted only as the CPU is)",
			es_audit_present(&v->a, ES_SRC_EFI_RNG_UNSAFE) ? " an unsafe one (a timer: counts nothing)" : "");
	/* U-Boot's root node, or a GetInfo list that could not be read
	 * (core/rng.c): what backs it is not known */
	if (v->audit && (v->a.flags & ES_AUDIT_F_RNG_UNKNOWN) != 0)
		fprintf(out, "firmware RNG: on the firmware's root node (or its GetInfo list could not be read): not known "
			     "to be a device; counted as the CPU's where the CPU has an RNG instruction, else as the "
			     "platform's\n");
	/* The kernel's EFI stub reads the same protocol and its kernel credits
	 * those bytes as a boot loader's seed, whatever random.trust_cpu says
	 * (drivers/firmware/efi/libstub/random.c efi_random_get_seed; the table is
	 * credited under random.trust_bootloader, drivers/char/random.c). */
	if (v->audit && es_audit_present(&v->a, ES_SRC_EFI_RNG_CPU) && !v->t.cpu && v->t.bootloader)
		fprintf(out, "kernel trust: the firmware's RNG is the CPU's, and the kernel's EFI stub credits its bytes as "
			     "a boot loader's seed whatever random.trust_cpu says; random.trust_bootloader=off stops "
			     "that (and earlyseed's table from counting too)\n");
	if (v->lag)
		fprintf(out, "kernel trust: earlyseed%s counted the CPU's RNG this boot, which this kernel does not trust "
			     "(random.trust_cpu=off): with no command line of its own it learns that from "
			     "EarlyseedKernelTrust, which `earlyseed seed refresh` writes now, from the next boot on\n",
			v->driver ? "'s driver" : "");
	if (v->token_lost)
		fprintf(out, "variable store: U-Boot keeps no \\ubootefi.var: it did not keep the token from one boot to "
			     "the next (type the partition as an ESP: GPT ESP, or MBR 0xef)\n");
	else if (v->disk_token)
		fprintf(out, "variable store: %s keeps the variables, the token among them, in %s%s on this disk%s\n",
			v->store_who, v->store_file[0] != '\0' ? "\\" : "a file", v->store_file,
			v->audit && es_audit_present(&v->a, ES_SRC_SEED_FILE) && v->a.seed_file_reason == ES_FILE_COUNTED
				? ", and the image, sealed with --disk-token count, counts the seed file anyway: a copy of "
				  "this disk is seeded as this machine is"
				: ": anyone who can read or copy the disk has the token, so the seed file is mixed, never "
				  "counted (an image sealed with earlyseed seal --disk-token count counts it: the owner's "
				  "choice; earlyseed.conf cannot)");
	/* EarlyseedKernelTrust sits in the same file (Hardening V, 5): it only
	 * takes trust away, but one deleted from the disk gives the kernel's
	 * defaults back */
	if (v->disk_token)
		fprintf(out, "kernel trust: EarlyseedKernelTrust, like the token, is in %s%s on this disk: what "
			     "earlyseed reads of the kernel's trust rests on the disk (whoever can write it can delete the "
			     "variable, and random.trust_cpu=off with it)\n", v->store_file[0] != '\0' ? "\\" : "a file",
			v->store_file);
}

/* The seed file as the next boot will find it. */
static void text_seed_file(const struct view *v, FILE *out)
{
	if (v->file_why != NULL)
		fprintf(out, "seed file this boot: %s%s\n", strcmp(v->file_why, "counted") == 0 ? "" : "did not count: ",
			v->file_why);
	if (v->esp_denied)
		fprintf(out, "seed file: cannot read the ESP at %s (permission denied): root can\n", v->m.esp);
	else if (!v->have_esp)
		fprintf(out, "seed file: no ESP at %s (--esp DIR)\n", v->m.esp);
	else if (v->pk.off)
		fprintf(out, "seed file: turned off in the config\n");
	else if (!v->pk.exists && v->driver)
		fprintf(out, "seed file: none (only earlyseed's driver ran this boot, and it keeps none)\n");
	else if (!v->pk.exists)
		fprintf(out, "seed file: %s: none\n", v->pk.path);
	else
		fprintf(out, "seed file: %s: %zu bytes, %s%u bits%s; token %s\n", v->pk.path, v->pk.size,
			v->pk.header ? "rests on " : "not in earlyseed's format: ", v->file_bits,
			v->pk.header && !v->t.cpu && v->pk.cpu_bits > 0 ? " (its CPU bits do not count: random.trust_cpu=off)" : "",
			v->pk.token_visible ? (v->pk.secure_boot ? "made by the OS, so under Secure Boot the file does not count"
					    : !v->pk.token_known ? "made by the OS, unreadable or malformed"
					    : v->pk.token_other_bits >= ES_GATE_BITS ? "made by the OS from a pool free of the CPU"
										   : "made by the OS from a pool that may rest on the CPU")
			: v->token ? "held by the firmware"
				: "missing");
}

/* The boot's answer where fleets look (host/report.h). */
static int status_report(const struct status_opts *o, const struct view *v, const char *json, FILE *out, FILE *err)
{
	const struct espimage_view *esp = v->img[0].installed ? &v->img[0] : &v->img[1];
	struct report r = {
		.json = json,
		.crng_ready = v->log_unknown ? -1 : v->k.crng_ready,
		.at_zero = v->log_unknown ? -1 : v->by_us,
		.crng_us = v->k.crng_us,
		.by = v->by,
		.next_seeded = v->next_unknown ? -1 : (v->file_ok || v->hw) && !v->failed,
		.next = v->next,
		.seed_file_bits = v->file_bits,
		.exit = v->rc,
		.version = es_version,
		.ran = v->ran,
		.esp = esp->installed ? esp->esp_version : "",
		.esp_outdated = v->outdated != NULL,
		.boot_id = v->boot_id,
	};
	struct report_paths p = { o->run_dir, o->journal_socket, o->textfile_dir };

	return report_write(&r, &p, out, err);
}

/* What cannot be known, and the versions, in words. */
static void text_versions(const struct view *v, FILE *out)
{
	if (v->log_unknown)
		fprintf(out, "kernel log: %s\n", v->log_why);
	if (v->outdated != NULL)
		fprintf(out, "installed: %s is earlyseed %s, the package holds %s: `earlyseed update` installs it "
			     "(the package's postinst and earlyseed-seed.service run it)\n",
			v->outdated->rel, v->outdated->esp_version[0] != '\0' ? v->outdated->esp_version : "(unknown)",
			v->outdated->pkg_version);
	else if (v->ran[0] != '\0' && v->img[0].installed && v->img[0].esp_version[0] != '\0' &&
		 es_version_pack(v->img[0].esp_version) != v->a.image_version && !v->driver)
		fprintf(out, "installed: this boot ran earlyseed %s, the ESP now holds %s (from the next boot on)\n",
			v->ran, v->img[0].esp_version);
}

int status_run(const struct machine *m, const struct status_opts *o, FILE *out, FILE *err)
{
	static struct view v;
	char *json = NULL;
	size_t jn = 0;

	memset(&v, 0, sizeof(v));
	view_read(m, o, &v, err);
	view_this_boot(&v);
	view_hardware(&v);
	view_next_boot(&v);
	if (o->json || o->json_pretty || o->report) {
		FILE *mem = open_memstream(&json, &jn);

		if (mem == NULL)
			return 1;
		status_json(&v, mem);
		fclose(mem);
		json[strcspn(json, "\n")] = '\0';
		if (o->report) {
			/* the answer is in the report: its exit says whether
			 * it could be written (a boot not seeded is no
			 * failure of earlyseed-report.service) */
			int rc = status_report(o, &v, json, out, err);

			free(json);
			return rc != 0 ? 1 : 0;
		}
		if (o->json_pretty)
			jsonpretty_write(json, out);
		else
			fprintf(out, "%s\n", json);
		free(json);
		return v.rc;
	}
	if (v.k.crng_ready && !v.log_unknown)
		fprintf(out, "this boot: crng ready at [%5lu.%06lu] by %s%s%s\n", v.k.crng_us / 1000000ul,
			v.k.crng_us % 1000000ul, v.by, v.k.rng_table ? ", RNG=" : "", v.k.rng_table ? v.k.rng_addr : "");
	else
		fprintf(out, "this boot: %s\n", v.by);
	fprintf(out, "earlyseed%s: %s\n", v.driver ? " (its driver)" : "",
		v.audit	    ? v.summary
		: v.no_efi ? "did not run (no UEFI)"
			    : "no audit record (this boot did not start through earlyseed, or its record was not kept)");
	text_versions(&v, out);
	text_firmware(&v, out);
	text_seed_file(&v, out);
	fprintf(out, "next boot: %s\n", v.next);
	return v.rc;
}
