/* SPDX-License-Identifier: MIT */
/* `earlyseed status` (host/status.c) on a scratch efivarfs, ESP, command
 * line and kernel log: what it says and its exit status. */
#define _GNU_SOURCE
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "../../core/earlyseed.h"
#include "../../host/seedtool.h"
#include "../../host/status.h"
#include "../check.h"
#include "../mkvarstore.h"
#include "../mkpe.h"
#include "../../core/version.h"
#define ES_VERSION_TEXT ES_VERSION

static char root[] = "/tmp/es-status-XXXXXX";
static char efivars[300], esp[300], cmdline[300], kmsg[300];
/* Where status looks besides the above (tests only: the defaults are the
 * system's); journal: an export file, or NULL for none. */
static char pkg[300], journal[300], run_dir[300], sock[300], prom[300], boot_id[300];
static const char *journal_file;
static bool pretty, report;

static char *outbuf;
static size_t outlen;

static uint16_t audit_reason; /* the next audit()'s seed_file_reason */

static const char *audit_name = "EarlyseedAudit-" SEEDTOOL_GUID;

/* A record with event flags and the sources present (bits by tag). */
static void audit(uint32_t flags, uint32_t present)
{
	struct es_audit_record r;
	uint8_t buf[4 + ES_AUDIT_SIZE] = { 6 };
	char path[400];

	es_audit_init(&r);
	r.flags = flags;
	r.present = present;
	r.table_size = (flags & ES_AUDIT_F_TABLE) ? 32 : 0;
	r.seed_file_reason = audit_reason;
	if (audit_reason != ES_FILE_COUNTED)
		r.failed |= 1u << ES_SRC_SEED_FILE;
	es_audit_encode(&r, buf + 4);
	snprintf(path, sizeof(path), "%s/%s", efivars, audit_name);
	check_put(path, buf, sizeof(buf));
}

static void seed_file(uint32_t other, uint32_t cpu)
{
	struct es_seedfile_header h = { .from = { .cpu_bits = cpu, .other_bits = other } };
	uint8_t b[ES_SEED_FILE_MIN];
	char path[400];

	check_rand_fill(b, sizeof(b));
	es_seedfile_encode(&h, b);
	snprintf(path, sizeof(path), "%s/EFI/earlyseed/random-seed", esp);
	check_put(path, b, sizeof(b));
}

static void fresh(void)
{
	char cmd[400];

	static bool made;

	if (!made)
		CHECK((made = mkdtemp(root) != NULL));
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'/*", root);
	CHECK(system(cmd) == 0);
	snprintf(efivars, sizeof(efivars), "%s/efivars", root);
	snprintf(esp, sizeof(esp), "%s/esp", root);
	snprintf(cmdline, sizeof(cmdline), "%s/cmdline", root);
	snprintf(kmsg, sizeof(kmsg), "%s/kmsg", root);
	snprintf(pkg, sizeof(pkg), "%s/pkg", root);
	snprintf(journal, sizeof(journal), "%s/journal.export", root);
	snprintf(run_dir, sizeof(run_dir), "%s/run", root);
	snprintf(sock, sizeof(sock), "%s/journal.sock", root);
	snprintf(prom, sizeof(prom), "%s/prom", root);
	snprintf(boot_id, sizeof(boot_id), "%s/boot_id", root);
	journal_file = NULL;
	pretty = report = false;
	CHECK(mkdir(efivars, 0700) == 0 && mkdir(esp, 0700) == 0 && mkdir(pkg, 0700) == 0);
	check_put(boot_id, "0f6c2c41-9f63-4f5b-a4f1-31c1d5a6b2b7\n", 37);
	snprintf(cmd, sizeof(cmd), "%s/EFI", esp);
	CHECK(mkdir(cmd, 0700) == 0);
	snprintf(cmd, sizeof(cmd), "%s/EFI/earlyseed", esp);
	CHECK(mkdir(cmd, 0700) == 0);
	check_put(cmdline, "root=/dev/vda quiet\n", 20);
}

static const char seeded_log[] = "[    0.000000] efi: ACPI=0x7f77e000 RNG=0x7e5f2018 MEMATTR=0x7e5f0018\n"
				 "[    0.000000] random: crng init done\n";
static const char uboot_log[] = "[    0.000000] efi: EFI v2.100 by Das U-Boot\n"
				"[    0.000000] efi: RTPROP=0x7dda6040 RNG=0x7e5f2018 MEMRESERVE=0x7dd8b040\n"
				"[    0.000000] random: crng init done\n";
static const char late_log[] = "6,1,0,-;efi: ACPI=0x7f77e000 MEMATTR=0x7e5f0018\n"
			       "5,900,4312345,-;random: crng init done\n";


static int run(bool json)
{
	struct machine m = { .esp = esp, .efivars = efivars, .cmdline_file = cmdline, .kmsg = kmsg, .pkg = pkg };
	struct status_opts o = { .json = json, .json_pretty = pretty, .report = report,
				 .journal = journal_file != NULL ? journal_file : "/nonexistent/journal",
				 .run_dir = run_dir, .journal_socket = sock, .textfile_dir = prom, .boot_id = boot_id };
	FILE *out = open_memstream(&outbuf, &outlen), *err = fopen("/dev/null", "w");
	int rc = status_run(&m, &o, out, err);

	fclose(out);
	fclose(err);
	return rc;
}

static void test_seeded_and_next(void)
{
	fresh();
	audit(ES_AUDIT_F_TABLE | ES_AUDIT_F_TOKEN, 1u << ES_SRC_SEED_FILE);
	seed_file(256, 0);
	check_put(kmsg, seeded_log, sizeof(seeded_log) - 1);
	CHECK(run(false) == STATUS_OK);
	CHECK(strstr(outbuf, "this boot: crng ready at [    0.000000] by earlyseed's seed table, RNG=0x7e5f2018") != NULL);
	CHECK(strstr(outbuf, "\nearlyseed: rdseed=0 rdrand=0 ") != NULL); /* the audit record's summary */
	CHECK(strstr(outbuf, "rests on 256 bits; token held by the firmware") != NULL);
	CHECK(strstr(outbuf, "next boot: seeded from the seed file") != NULL);
	free(outbuf);
	CHECK(run(true) == STATUS_OK);
	CHECK(strstr(outbuf, "\"at_zero\":true") != NULL && strstr(outbuf, "\"rng_table\":\"0x7e5f2018\"") != NULL);
	CHECK(strstr(outbuf, "\"audit\":\"rdseed=0 ") != NULL);
	CHECK(strstr(outbuf, "\"next_boot\":{\"seeded\":true") != NULL && strstr(outbuf, "\"exit\":0}") != NULL);
	free(outbuf);
}


/* status never guesses (issue: status never guesses): a kernel log it
 * cannot read is named and the answer is unknown (exit 4, JSON null);
 * the journal answers where the ring buffer has wrapped; a machine
 * without UEFI is said to be one. */
static const char journal_export[] =
	"__CURSOR=s=1;i=1\n__REALTIME_TIMESTAMP=1700000000000000\n_TRANSPORT=kernel\n"
	"_SOURCE_MONOTONIC_TIMESTAMP=0\nMESSAGE=efi: ACPI=0x7f77e000 RNG=0x7e5f2018 MEMATTR=0x7e5f0018\n\n"
	"__CURSOR=s=1;i=2\n_TRANSPORT=kernel\nMESSAGE\n\x05\0\0\0\0\0\0\0a\nb\0c\n"
	"_SOURCE_MONOTONIC_TIMESTAMP=0\n\n"
	"__CURSOR=s=1;i=3\n_TRANSPORT=kernel\n_SOURCE_MONOTONIC_TIMESTAMP=0\n"
	"MESSAGE=random: crng init done\n\n";

static void test_never_guesses(void)
{
	char path[400];

	fresh();
	audit(ES_AUDIT_F_TABLE, 1u << ES_SRC_RDRAND);
	seed_file(256, 0);
	/* not root: /dev/kmsg closed (here: not there), no journal */
	snprintf(kmsg, sizeof(kmsg), "%s/no-kmsg", root);
	(void)path;
	CHECK(run(false) == STATUS_UNKNOWN);
	CHECK(strstr(outbuf, "this boot: unknown: the kernel's log cannot be read") != NULL);
	CHECK(strstr(outbuf, "kernel log: cannot read the kernel's log") != NULL &&
	      strstr(outbuf, "root or CAP_SYSLOG") != NULL);
	CHECK(strstr(outbuf, "not yet") == NULL);
	free(outbuf);
	CHECK(run(true) == STATUS_UNKNOWN && strstr(outbuf, "\"crng_ready\":null,\"crng_ready_us\":null,\"at_zero\":null") != NULL);
	free(outbuf);
	/* the journal has this boot's kernel lines: its answer */
	check_put(journal, journal_export, sizeof(journal_export) - 1);
	journal_file = journal;
	CHECK(run(false) == STATUS_OK);
	CHECK(strstr(outbuf, "this boot: crng ready at [    0.000000] by earlyseed's seed table, RNG=0x7e5f2018") != NULL);
	free(outbuf);
	CHECK(run(true) == STATUS_OK && strstr(outbuf, "\"log\":\"journal\"") != NULL);
	free(outbuf);
	/* the ring buffer wrapped before the crng's line: the journal again */
	snprintf(kmsg, sizeof(kmsg), "%s/kmsg", root);
	check_put(kmsg, "6,52113,98765432,-;usb 1-1: new device\n", 38);
	CHECK(run(false) == STATUS_OK && strstr(outbuf, "crng ready at [    0.000000]") != NULL);
	free(outbuf);
	/* a journal that lost the boot's start too (its first kernel line is
	 * not the kernel's first, at 0): unknown, never "not yet" */
	check_put(journal, "_SOURCE_MONOTONIC_TIMESTAMP=5000000\nMESSAGE=usb 1-1: new device\n\n", 65);
	CHECK(run(false) == STATUS_UNKNOWN && strstr(outbuf, "not yet") == NULL);
	free(outbuf);
	/* ... and without it: unknown, said so */
	journal_file = NULL;
	CHECK(run(false) == STATUS_UNKNOWN && strstr(outbuf, "no longer reaches back to the boot") != NULL);
	free(outbuf);
	/* --kmsg takes the journal's export too */
	check_put(kmsg, journal_export, sizeof(journal_export) - 1);
	CHECK(run(false) == STATUS_OK);
	free(outbuf);
	/* no UEFI at all */
	fresh();
	snprintf(efivars, sizeof(efivars), "%s/no-uefi/efivars", root);
	check_put(kmsg, "[    3.100000] random: crng init done\n", 38);
	CHECK(run(false) == STATUS_NOT_SEEDED);
	CHECK(strstr(outbuf, "did not boot through UEFI") != NULL && strstr(outbuf, "did not start through") == NULL);
	free(outbuf);
	CHECK(run(true) == STATUS_NOT_SEEDED && strstr(outbuf, "\"uefi\":false") != NULL);
	free(outbuf);
}

/* An x86_64 app of version v at rel under dir. */
static void put_app(const char *dir, const char *rel, const char *v)
{
	char path[400];
	size_t n;
	uint8_t *img = mkpe_app(v, 0x8664, 10, true, false, &n);

	snprintf(path, sizeof(path), "%s/%s", dir, rel);
	check_put(path, img, n);
	free(img);
}

/* The versions: the ESP's image older than the package's is said, with
 * what brings it up; JSON names them all; --json=pretty indents. */
static void test_versions(void)
{
	fresh();
	audit(ES_AUDIT_F_TABLE, 1u << ES_SRC_RDRAND);
	seed_file(256, 0);
	check_put(kmsg, seeded_log, sizeof(seeded_log) - 1);
	put_app(esp, "EFI/earlyseed/earlyseed.efi", "1.0");
	put_app(pkg, "earlyseed.efi", "1.1");
	(void)run(false);
	CHECK(strstr(outbuf, "installed: \\EFI\\earlyseed\\earlyseed.efi is earlyseed 1.0, the package holds 1.1: "
			     "`earlyseed update` installs it") != NULL);
	free(outbuf);
	(void)run(true);
	CHECK(strstr(outbuf, "\"schema\":1,\"boot_id\":\"0f6c2c41-9f63-4f5b-a4f1-31c1d5a6b2b7\"") != NULL);
	CHECK(strstr(outbuf, "\"app_on_esp\":\"1.0\",\"driver_on_esp\":null,\"package\":\"1.1\",\"esp_outdated\":true") != NULL);
	free(outbuf);
	/* current: nothing said */
	put_app(esp, "EFI/earlyseed/earlyseed.efi", "1.1");
	(void)run(false);
	CHECK(strstr(outbuf, "installed:") == NULL || strstr(outbuf, "from the next boot on") != NULL);
	free(outbuf);
	pretty = true;
	(void)run(false);
	CHECK(strncmp(outbuf, "{\n  \"schema\": 1,\n  \"boot_id\": ", 30) == 0 && strstr(outbuf, "\n  \"versions\": {\n    \"tool\": ") != NULL);
	free(outbuf);
}

/* --report: status.json, one journal entry, node-exporter's file where its
 * folder is (issue: a record per boot, where fleets look). */
static void test_report(void)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	char path[400], msg[4096];
	int fd;
	ssize_t got;
	size_t n;
	char *text;

	fresh();
	audit(ES_AUDIT_F_TABLE, 1u << ES_SRC_RDRAND);
	seed_file(256, 0);
	check_put(kmsg, seeded_log, sizeof(seeded_log) - 1);
	fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	CHECK(strlen(sock) < sizeof(sa.sun_path));
	memcpy(sa.sun_path, sock, strlen(sock) + 1);
	CHECK(fd >= 0 && bind(fd, (struct sockaddr *)&sa, sizeof(sa)) == 0);
	report = true;
	/* no exporter installed: no .prom anywhere */
	CHECK(run(false) == STATUS_OK);
	CHECK(strstr(outbuf, "report: ") != NULL && strstr(outbuf, "earlyseed.prom") == NULL);
	free(outbuf);
	snprintf(path, sizeof(path), "%s/status.json", run_dir);
	text = (char *)check_slurp(path, &n);
	CHECK(text != NULL && strncmp(text, "{\"schema\":1,", 12) == 0 && text[n - 1] == '\n');
	CHECK(text != NULL && strstr(text, "\"at_zero\":true") != NULL);
	free(text);
	got = recv(fd, msg, sizeof(msg) - 1, MSG_DONTWAIT);
	CHECK(got > 0);
	msg[got > 0 ? got : 0] = '\0';
	CHECK(strstr(msg, "MESSAGE_ID=5554ae6735ce43999d316e497f360ce3\n") != NULL);
	CHECK(strstr(msg, "EARLYSEED_SEEDED_AT_ZERO=1\n") != NULL && strstr(msg, "EARLYSEED_NEXT_BOOT_SEEDED=1\n") != NULL);
	CHECK(strstr(msg, "EARLYSEED_SEED_FILE_BITS=256\n") != NULL && strstr(msg, "PRIORITY=6\n") != NULL);
	/* with the exporter's folder: its file, every value the boot had */
	CHECK(mkdir(prom, 0755) == 0);
	CHECK(run(false) == STATUS_OK);
	free(outbuf);
	snprintf(path, sizeof(path), "%s/earlyseed.prom", prom);
	text = (char *)check_slurp(path, &n);
	CHECK(text != NULL && strstr(text, "\nearlyseed_boot_seeded_at_zero 1\n") != NULL);
	CHECK(text != NULL && strstr(text, "\nearlyseed_next_boot_seeded 1\n") != NULL);
	CHECK(text != NULL && strstr(text, "\nearlyseed_seed_file_bits 256\n") != NULL);
	CHECK(text != NULL && strstr(text, "\nearlyseed_crng_ready_seconds 0.000000\n") != NULL);
	CHECK(text != NULL && strstr(text, "earlyseed_info{esp=\"\",ran=\"" ES_VERSION_TEXT "\",version=\"" ES_VERSION_TEXT "\"} 1\n") != NULL);
	free(text);
	/* not root: unknown is NaN, never 0; the report itself succeeded
	 * (its exit says so: the answer is in it) */
	snprintf(kmsg, sizeof(kmsg), "%s/no-kmsg", root);
	CHECK(run(false) == 0);
	free(outbuf);
	text = (char *)check_slurp(path, &n);
	CHECK(text != NULL && strstr(text, "\nearlyseed_boot_seeded_at_zero NaN\n") != NULL);
	free(text);
	got = recv(fd, msg, sizeof(msg) - 1, MSG_DONTWAIT);
	got = recv(fd, msg, sizeof(msg) - 1, MSG_DONTWAIT);
	msg[got > 0 ? got : 0] = '\0';
	CHECK(strstr(msg, "EARLYSEED_SEEDED_AT_ZERO=unknown\n") != NULL && strstr(msg, "PRIORITY=4\n") != NULL);
	close(fd);
}

/* The Pi 4's edk2 keeps its variables in RPI_EFI.fd on the boot partition
 * (Hardening V, 4): status finds the token in it as the app does, whatever
 * the record says, and names the file; one without the token is nothing. */
static void test_store_file(void)
{
	static const uint8_t data[40] = { 7 };
	const uint8_t *guid[2] = { es_vendor_guid, data };
	char path[400];
	uint8_t *fd = malloc(MKVARSTORE_FD_SIZE);

	for (int with = 1; with >= 0; with--) {
		struct mkvar v[1] = { { guid[with ? 0 : 1], mkvarstore_token_name, data, sizeof(data), 0 } };

		fresh();
		CHECK(mkvarstore_fd(fd, MKVARSTORE_FD_SIZE, true, v, 1) == MKVARSTORE_FD_SIZE);
		snprintf(path, sizeof(path), "%s/RPI_EFI.fd", esp);
		check_put(path, fd, MKVARSTORE_FD_SIZE);
		audit(ES_AUDIT_F_TOKEN, 1u << ES_SRC_SEED_FILE);
		seed_file(256, 0);
		check_put(kmsg, late_log, sizeof(late_log) - 1);
		(void)run(false);
		CHECK((strstr(outbuf, "variable store: the firmware keeps the variables, the token among them, in "
				      "\\RPI_EFI.fd on this disk") != NULL) == (with == 1));
		CHECK((strstr(outbuf, "EarlyseedKernelTrust, like the token, is in \\RPI_EFI.fd") != NULL) == (with == 1));
		free(outbuf);
		(void)run(true);
		CHECK((strstr(outbuf, "\"token_store_file\":\"RPI_EFI.fd\"") != NULL) == (with == 1));
		CHECK((strstr(outbuf, "\"token_store_file\":null") != NULL) == (with == 0));
		free(outbuf);
	}
	free(fd);
}

/* U-Boot keeps the token in \ubootefi.var on the ESP: the file did not
 * count this boot, the next is not seeded by it, and status says why; with
 * disk_token = count it did count, and status says what that gives up. */
static void test_uboot_disk_token(void)
{
	char var[400];

	fresh();
	snprintf(var, sizeof(var), "%s/ubootefi.var", esp);
	check_put(var, "U-Boot", 6);
	audit_reason = ES_FILE_TOKEN_ON_DISK;
	audit(ES_AUDIT_F_TOKEN, 1u << ES_SRC_SEED_FILE);
	audit_reason = ES_FILE_COUNTED;
	seed_file(256, 0);
	check_put(kmsg, late_log, sizeof(late_log) - 1);
	CHECK(run(false) == STATUS_NOT_SEEDED);
	CHECK(strstr(outbuf, "variable store: U-Boot keeps the variables, the token among them, in \\ubootefi.var") != NULL);
	CHECK(strstr(outbuf, "an image sealed with earlyseed seal --disk-token count counts it") != NULL);
	/* EarlyseedKernelTrust is in the same file (Hardening V, 5) */
	CHECK(strstr(outbuf, "kernel trust: EarlyseedKernelTrust, like the token, is in \\ubootefi.var on this disk") !=
	      NULL);
	CHECK(strstr(outbuf, "next boot: seeded from the seed file") == NULL);
	free(outbuf);
	CHECK(run(true) == STATUS_NOT_SEEDED && strstr(outbuf, "\"token_on_disk\":true") != NULL &&
	      strstr(outbuf, "\"kernel_trust_on_disk\":true") != NULL);
	free(outbuf);
	/* the owner's choice: counted, and said so (the kernel's log names U-Boot) */
	audit(ES_AUDIT_F_TABLE | ES_AUDIT_F_TOKEN, 1u << ES_SRC_SEED_FILE);
	check_put(kmsg, uboot_log, sizeof(uboot_log) - 1);
	CHECK(run(false) == STATUS_OK);
	CHECK(strstr(outbuf, "sealed with --disk-token count, counts the seed file anyway") != NULL);
	CHECK(strstr(outbuf, "next boot: seeded from the seed file") != NULL);
	free(outbuf);
	/* the same files under edk2 (a disk moved from a U-Boot board): its
	 * NVRAM keeps the token; nothing to say */
	check_put(kmsg, seeded_log, sizeof(seeded_log) - 1);
	CHECK(run(false) == STATUS_OK && strstr(outbuf, "variable store:") == NULL);
	free(outbuf);
	/* the token lost: U-Boot kept no variable file on this partition */
	remove(var);
	audit_reason = ES_FILE_TOKEN_LOST;
	audit(0, 1u << ES_SRC_SEED_FILE);
	audit_reason = ES_FILE_COUNTED;
	CHECK(run(false) != STATUS_OK);
	CHECK(strstr(outbuf, "variable store: U-Boot keeps no \\ubootefi.var: it did not keep the token") != NULL);
	CHECK(strstr(outbuf, "the firmware lost the token it said it stored") != NULL);
	free(outbuf);
	CHECK(run(true) != STATUS_OK && strstr(outbuf, "\"token_on_disk\":false,\"token_lost\":true") != NULL);
	free(outbuf);
}

/* A boot earlyseed's driver seeded (systemd-boot's drivers folder): its
 * record, RDRAND trusted; no app, no seed file. */
static void test_driver_seeded(void)
{
	char path[400];

	fresh();
	audit_name = "EarlyseedDriverAudit-" SEEDTOOL_GUID;
	audit(ES_AUDIT_F_DRIVER | ES_AUDIT_F_TABLE, 1u << ES_SRC_RDRAND);
	audit_name = "EarlyseedAudit-" SEEDTOOL_GUID;
	snprintf(path, sizeof(path), "%s/EFI/earlyseed", esp);
	CHECK(rmdir(path) == 0);
	check_put(kmsg, seeded_log, sizeof(seeded_log) - 1);
	CHECK(run(false) == STATUS_OK);
	CHECK(strstr(outbuf, "by the seed table of earlyseed's driver, RNG=0x7e5f2018") != NULL);
	CHECK(strstr(outbuf, "\nearlyseed (its driver): rdseed=0 rdrand=0 ") != NULL);
	CHECK(strstr(outbuf, "next boot: seeded by earlyseed's driver from the CPU's RNG, as this boot was") != NULL);
	CHECK(strstr(outbuf, "seed file: none (only earlyseed's driver ran this boot") != NULL);
	free(outbuf);
	CHECK(run(true) == STATUS_OK);
	CHECK(strstr(outbuf, "\"driver\":true") != NULL);
	free(outbuf);
	/* under random.trust_cpu=off the next boot's CPU does not count, and
	 * this boot's table rested on it alone: the one-boot lag, said
	 * (Hardening IV, 1), not "seeded" */
	check_put(cmdline, "random.trust_cpu=off\n", 21);
	CHECK(run(false) == STATUS_NOT_SEEDED);
	CHECK(strstr(outbuf, "kernel trust: earlyseed's driver counted the CPU's RNG this boot, which this kernel "
			     "does not trust") != NULL);
	CHECK(strstr(outbuf, "resting on the CPU's RNG alone") != NULL);
	free(outbuf);
	CHECK(run(true) == STATUS_NOT_SEEDED);
	CHECK(strstr(outbuf, "\"cpu_trust_lag\":true") != NULL);
	free(outbuf);
	/* the app, a boot loader next, RDRAND and a firmware RNG: the table
	 * did not rest on the CPU alone; the lag is still said */
	audit(ES_AUDIT_F_TABLE, 1u << ES_SRC_RDRAND | 1u << ES_SRC_EFI_RNG);
	CHECK(run(false) != STATUS_NOT_SEEDED);
	CHECK(strstr(outbuf, "kernel trust: earlyseed counted the CPU's RNG this boot") != NULL);
	CHECK(strstr(outbuf, "by earlyseed's seed table, RNG=") != NULL);
	free(outbuf);
	/* it knew (EarlyseedKernelTrust, or its command line): nothing to say */
	audit(ES_AUDIT_F_TABLE | ES_AUDIT_F_CPU_UNTRUSTED, 1u << ES_SRC_RDRAND | 1u << ES_SRC_EFI_RNG);
	CHECK(run(false) != STATUS_NOT_SEEDED && strstr(outbuf, "kernel trust:") == NULL);
	free(outbuf);
}

static void test_not_seeded(void)
{
	fresh();
	check_put(kmsg, late_log, sizeof(late_log) - 1); /* /dev/kmsg's form */
	CHECK(run(false) == STATUS_NOT_SEEDED);
	CHECK(strstr(outbuf, "crng ready at [    4.312345] by the kernel's own sources, later in boot") != NULL);
	CHECK(strstr(outbuf, "no audit record") != NULL && strstr(outbuf, "next boot: not seeded") != NULL);
	free(outbuf);
	/* at 0 without a table: the CPU's RNG, not earlyseed */
	check_put(kmsg, "[    0.000000] random: crng init done\n", 38);
	CHECK(run(false) == STATUS_NOT_SEEDED);
	CHECK(strstr(outbuf, "the kernel's own sources (the CPU's RNG") != NULL);
	free(outbuf);
	check_put(kmsg, "", 0);
	CHECK(run(false) == STATUS_NOT_SEEDED && strstr(outbuf, "not yet") != NULL);
	free(outbuf);
	/* a log rotated past the boot says nothing of it */
	check_put(kmsg, "6,52113,98765432,-;usb 1-1: new device\n", 38);
	CHECK(run(false) == STATUS_UNKNOWN && strstr(outbuf, "unknown: the kernel's log") != NULL);
	free(outbuf);
}

/* Seeded now from the file, but the file will not count next time. */
static void test_next_at_risk(void)
{
	fresh();
	audit(ES_AUDIT_F_TABLE | ES_AUDIT_F_TOKEN, 1u << ES_SRC_SEED_FILE);
	check_put(kmsg, seeded_log, sizeof(seeded_log) - 1);
	seed_file(0, 256);
	check_put(cmdline, "random.trust_cpu=off\n", 21);
	CHECK(run(false) == STATUS_NEXT_AT_RISK);
	CHECK(strstr(outbuf, "its CPU bits do not count") != NULL && strstr(outbuf, "next boot: not seeded") != NULL);
	free(outbuf);
	check_put(cmdline, "quiet\n", 6); /* the kernel trusts the CPU: they count */
	CHECK(run(false) == STATUS_OK);
	free(outbuf);
	/* no token at all: a clone's disk */
	audit(ES_AUDIT_F_TABLE, 1u << ES_SRC_SEED_FILE);
	CHECK(run(false) == STATUS_NEXT_AT_RISK && strstr(outbuf, "token missing") != NULL);
	free(outbuf);
	/* Secure Boot with a token the OS made: the app will not count the file */
	audit(ES_AUDIT_F_TABLE | ES_AUDIT_F_TOKEN, 1u << ES_SRC_SEED_FILE);
	{
		char p[400];
		uint8_t tokvar[4 + ES_TOKEN_LEN] = { 7 }, sb[5] = { 6, 0, 0, 0, 1 };

		seed_file(256, 0);
		snprintf(p, sizeof(p), "%s/" SEEDTOOL_TOKEN_VAR, efivars);
		check_put(p, tokvar, sizeof(tokvar));
		CHECK(run(false) == STATUS_OK); /* no Secure Boot: it counts */
		free(outbuf);
		snprintf(p, sizeof(p), "%s/SecureBoot-8be4df61-93ca-11d2-aa0d-00e098032b8c", efivars);
		check_put(p, sb, sizeof(sb));
		CHECK(run(false) == STATUS_NEXT_AT_RISK && strstr(outbuf, "under Secure Boot the file does not count"));
		free(outbuf);
		CHECK(unlink(p) == 0);
		snprintf(p, sizeof(p), "%s/" SEEDTOOL_TOKEN_VAR, efivars);
		CHECK(unlink(p) == 0);
	}
	/* a hardware RNG this boot: the next one has it too */
	audit(ES_AUDIT_F_TABLE, 1u << ES_SRC_EFI_RNG);
	CHECK(run(true) == STATUS_OK && strstr(outbuf, "\"by\":\"seeded by earlyseed from the firmware's RNG, as this boot was\"") != NULL);
	free(outbuf);
	/* ... a TPM is one, whatever random.trust_cpu says */
	audit(ES_AUDIT_F_TABLE | ES_AUDIT_F_CPU_UNTRUSTED, 1u << ES_SRC_TPM);
	CHECK(run(true) == STATUS_OK && strstr(outbuf, "\"by\":\"seeded by earlyseed from the TPM, as this boot was\"") != NULL);
	free(outbuf);
	/* named, each once (Hardening IV, 7: the status names the TPM) */
	audit(ES_AUDIT_F_TABLE, 1u << ES_SRC_TPM | 1u << ES_SRC_RDRAND | 1u << ES_SRC_RDSEED);
	CHECK(run(false) == STATUS_OK);
	CHECK(strstr(outbuf, "next boot: seeded by earlyseed from the CPU's RNG and the TPM, as this boot was") != NULL);
	CHECK(strstr(outbuf, " table=32 tpm=0 health=") != NULL && strstr(outbuf, ",tpm:pass") != NULL);
	free(outbuf);
}

/* Hardening III, 1 and the report of what stopped the file: a file counts
 * no more than its token holds; status says why this boot's did not count. */
static void test_token_account(void)
{
	char p[400];
	uint8_t tokvar[4 + ES_TOKEN_VAR_LEN] = { 7 }, tok[ES_TOKEN_LEN];
	struct es_provenance cpu = { .cpu_bits = ES_GATE_BITS, .other_bits = 0 };
	struct es_provenance free_of_cpu = { .cpu_bits = 0, .other_bits = ES_GATE_BITS };

	fresh();
	check_put(kmsg, seeded_log, sizeof(seeded_log) - 1);
	seed_file(256, 0);
	check_put(cmdline, "random.trust_cpu=off\n", 21);
	/* this boot's record: the firmware's token rests on the CPU alone */
	audit_reason = ES_FILE_TOKEN_UNTRUSTED;
	audit(ES_AUDIT_F_TABLE | ES_AUDIT_F_TOKEN, 1u << ES_SRC_SEED_FILE);
	audit_reason = ES_FILE_COUNTED;
	CHECK(run(false) == STATUS_NEXT_AT_RISK);
	CHECK(strstr(outbuf, "seed file this boot: did not count: its token rests on the CPU's RNG alone") != NULL);
	free(outbuf);
	CHECK(run(true) == STATUS_NEXT_AT_RISK && strstr(outbuf, "\"seed_file_this_boot\":\"its token rests") != NULL &&
	      strstr(outbuf, "\"seed_file_bits\":0") != NULL);
	free(outbuf);
	/* a token the OS made, from a pool that may rest on the CPU */
	audit(ES_AUDIT_F_TABLE | ES_AUDIT_F_TOKEN, 1u << ES_SRC_SEED_FILE);
	check_rand_fill(tok, sizeof(tok));
	es_token_encode(tok, &cpu, tokvar + 4);
	snprintf(p, sizeof(p), "%s/" SEEDTOOL_TOKEN_VAR, efivars);
	check_put(p, tokvar, sizeof(tokvar));
	CHECK(run(false) == STATUS_NEXT_AT_RISK && strstr(outbuf, "pool that may rest on the CPU") != NULL);
	CHECK(strstr(outbuf, "seed file this boot: counted") != NULL);
	free(outbuf);
	/* ... and from one free of it */
	es_token_encode(tok, &free_of_cpu, tokvar + 4);
	check_put(p, tokvar, sizeof(tokvar));
	CHECK(run(false) == STATUS_OK && strstr(outbuf, "pool free of the CPU") != NULL);
	free(outbuf);
	CHECK(unlink(p) == 0);
}

/* A next stage that failed to start (issue: a real Debian machine, 2): the
 * firmware went on to GRUB, unseeded; the record says so and status does
 * not call either boot seeded. */
/* Every firmware RNG's class, and what the kernel's stub will do with a
 * CPU-class one under random.trust_cpu=off (issue: the firmware's RNG is
 * often the CPU's, 3). */
static void test_firmware_rng_class(void)
{
	fresh();
	check_put(kmsg, seeded_log, sizeof(seeded_log) - 1);
	audit(ES_AUDIT_F_TABLE, 1u << ES_SRC_EFI_RNG_CPU | 1u << ES_SRC_RDRAND);
	CHECK(run(false) >= 0);
	CHECK(strstr(outbuf, "firmware RNG: the CPU's (edk2's RngDxe: counted only as the CPU is)\n") != NULL);
	CHECK(strstr(outbuf, "stub credits its bytes") == NULL); /* the kernel trusts the CPU */
	free(outbuf);
	check_put(cmdline, "random.trust_cpu=off\n", 21);
	CHECK(run(false) >= 0);
	CHECK(strstr(outbuf, "kernel trust: the firmware's RNG is the CPU's") != NULL &&
	      strstr(outbuf, "random.trust_bootloader=off") != NULL);
	free(outbuf);
	CHECK(run(true) >= 0 && strstr(outbuf, "\"firmware_rng\":[\"cpu\"]") != NULL);
	free(outbuf);
	audit(ES_AUDIT_F_TABLE, 1u << ES_SRC_EFI_RNG | 1u << ES_SRC_EFI_RNG_UNSAFE);
	CHECK(run(true) >= 0 && strstr(outbuf, "\"firmware_rng\":[\"device\",\"unsafe\"]") != NULL);
	free(outbuf);
	CHECK(run(false) >= 0 && strstr(outbuf, "firmware RNG: a device's (counted as the firmware's) an unsafe one") != NULL);
	CHECK(strstr(outbuf, "stub credits") == NULL && strstr(outbuf, "not known to be a device") == NULL);
	free(outbuf);
	/* U-Boot's root node on a CPU with an RNG (Hardening V, 2): the CPU's,
	 * and not known to be a device; no word of edk2 */
	audit(ES_AUDIT_F_TABLE | ES_AUDIT_F_RNG_UNKNOWN, 1u << ES_SRC_EFI_RNG_CPU);
	CHECK(run(false) >= 0 && strstr(outbuf, "firmware RNG: the CPU's (counted only as the CPU is)\n") != NULL);
	CHECK(strstr(outbuf, "firmware RNG: on the firmware's root node (or its GetInfo list could not be read): not "
			     "known to be a device") != NULL);
	free(outbuf);
	CHECK(run(true) >= 0 && strstr(outbuf, "\"firmware_rng_not_known_device\":true") != NULL);
	free(outbuf);
}

static void test_next_stage_failed(void)
{
	fresh();
	check_put(kmsg, late_log, sizeof(late_log) - 1);
	seed_file(256, 0);
	audit(ES_AUDIT_F_TABLE | ES_AUDIT_F_TOKEN | ES_AUDIT_F_NEXT_FAILED | ES_AUDIT_F_TAKEN_BACK, 1u << ES_SRC_SEED_FILE);
	CHECK(run(false) == STATUS_NOT_SEEDED);
	CHECK(strstr(outbuf, "its next stage failed to start") != NULL &&
	      strstr(outbuf, "next boot: not seeded: earlyseed's next stage failed") != NULL);
	free(outbuf);
	CHECK(run(true) == STATUS_NOT_SEEDED);
	CHECK(strstr(outbuf, "\"next_stage_failed\":true,\"table_taken_back\":true") != NULL &&
	      strstr(outbuf, "\"next_boot\":{\"seeded\":false") != NULL);
	free(outbuf);
	/* even a log that shows a table at 0 is not earlyseed's then */
	check_put(kmsg, seeded_log, sizeof(seeded_log) - 1);
	CHECK(run(false) == STATUS_NOT_SEEDED);
	free(outbuf);
}

int main(void)
{
	RUN(test_uboot_disk_token);
	RUN(test_store_file);
	RUN(test_never_guesses);
	RUN(test_versions);
	RUN(test_report);
	RUN(test_seeded_and_next);
	RUN(test_driver_seeded);
	RUN(test_not_seeded);
	RUN(test_next_at_risk);
	RUN(test_token_account);
	RUN(test_next_stage_failed);
	RUN(test_firmware_rng_class);
	check_rmtree(root);
	return check_done();
}
