/* SPDX-License-Identifier: MIT */
/* One boot's answer where fleets look (host/report.h). */
#define _GNU_SOURCE
#include "report.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

/* text written to dir/name: a temporary name in dir, flushed, renamed. */
static int put_file(const char *dir, const char *name, const char *text, mode_t mode, FILE *err)
{
	char tmp[4200], path[4200];
	size_t n = strlen(text);
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	snprintf(tmp, sizeof(tmp), "%s/.%s.tmp", dir, name);
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, mode);
	if (fd < 0 || write(fd, text, n) != (ssize_t)n || fsync(fd) != 0 || fchmod(fd, mode) != 0) {
		fprintf(err, "earlyseed: cannot write %s: %s\n", path, strerror(errno));
		if (fd >= 0) {
			close(fd);
			unlink(tmp);
		}
		return -1;
	}
	close(fd);
	if (rename(tmp, path) != 0) {
		fprintf(err, "earlyseed: cannot write %s: %s\n", path, strerror(errno));
		unlink(tmp);
		return -1;
	}
	return 0;
}

/* A value on one line (the native protocol's simple form, and a Prometheus
 * label): newlines and quotes never pass. */
static void clean(char *dst, size_t cap, const char *s)
{
	size_t i = 0;

	for (; s != NULL && *s != '\0' && i + 1 < cap; s++)
		dst[i++] = *s == '\n' || *s == '"' || *s == '\\' ? '\'' : *s;
	dst[i] = '\0';
}

static const char *tri(int v)
{
	return v < 0 ? "unknown" : v ? "1" : "0";
}

/* systemd's native journal protocol (systemd.journal-fields(7), "Native
 * Protocol" in systemd's docs/JOURNAL_NATIVE_PROTOCOL.md): one datagram of
 * FIELD=value lines to the journal's socket. */
static int put_journal(const struct report *r, const char *socket_path, FILE *err)
{
	char msg[4096], by[600], next[600];
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	int fd, n;

	clean(by, sizeof(by), r->by);
	clean(next, sizeof(next), r->next);
	n = snprintf(msg, sizeof(msg),
		     "MESSAGE_ID=" REPORT_MESSAGE_ID "\nPRIORITY=%d\nSYSLOG_IDENTIFIER=earlyseed\n"
		     "MESSAGE=this boot: %s%s; next boot: %s\n"
		     "EARLYSEED_SEEDED_AT_ZERO=%s\nEARLYSEED_CRNG_READY=%s\nEARLYSEED_CRNG_READY_US=%lu\n"
		     "EARLYSEED_BY=%s\nEARLYSEED_NEXT_BOOT_SEEDED=%s\nEARLYSEED_NEXT_BOOT=%s\n"
		     "EARLYSEED_SEED_FILE_BITS=%u\nEARLYSEED_EXIT=%d\nEARLYSEED_VERSION=%s\nEARLYSEED_RAN_VERSION=%s\n"
		     "EARLYSEED_ESP_VERSION=%s\nEARLYSEED_ESP_OUTDATED=%d\n",
		     r->at_zero == 1 && r->exit == 0 ? 6 : 4, r->at_zero == 1 ? "seeded at [0.000000] by " : "", by,
		     next, tri(r->at_zero), tri(r->crng_ready), r->crng_us, by, tri(r->next_seeded), next,
		     r->seed_file_bits, r->exit, r->version, r->ran, r->esp, r->esp_outdated ? 1 : 0);
	if (n < 0 || (size_t)n >= sizeof(msg) || strlen(socket_path) >= sizeof(sa.sun_path))
		return -1;
	memcpy(sa.sun_path, socket_path, strlen(socket_path) + 1);
	fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (fd < 0 || sendto(fd, msg, (size_t)n, 0, (const struct sockaddr *)&sa, sizeof(sa)) != n) {
		fprintf(err, "earlyseed: cannot log to the journal (%s): %s\n", socket_path, strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	close(fd);
	return 0;
}

/* The Prometheus text format (exposition_formats.md): HELP, TYPE, value;
 * NaN where status cannot tell; labels in the order the exporter serves
 * them (sorted by name). */
static int put_prom(const struct report *r, const char *dir, FILE *err)
{
	char text[4096], ran[40], esp[40], ver[40];
	const char *unknown = "NaN";
	char ready[32], at0[8], next[8];

	clean(ran, sizeof(ran), r->ran);
	clean(esp, sizeof(esp), r->esp);
	clean(ver, sizeof(ver), r->version);
	snprintf(at0, sizeof(at0), "%s", r->at_zero < 0 ? unknown : r->at_zero ? "1" : "0");
	snprintf(next, sizeof(next), "%s", r->next_seeded < 0 ? unknown : r->next_seeded ? "1" : "0");
	if (r->crng_ready == 1)
		snprintf(ready, sizeof(ready), "%lu.%06lu", r->crng_us / 1000000ul, r->crng_us % 1000000ul);
	else
		snprintf(ready, sizeof(ready), "%s", unknown);
	snprintf(text, sizeof(text),
		 "# HELP earlyseed_boot_seeded_at_zero 1 when this boot's crng was ready at [0.000000] through "
		 "earlyseed's seed table (NaN: the kernel's log could not be read).\n"
		 "# TYPE earlyseed_boot_seeded_at_zero gauge\nearlyseed_boot_seeded_at_zero %s\n"
		 "# HELP earlyseed_crng_ready_seconds When this boot's crng was ready, in seconds since boot.\n"
		 "# TYPE earlyseed_crng_ready_seconds gauge\nearlyseed_crng_ready_seconds %s\n"
		 "# HELP earlyseed_next_boot_seeded 1 when the next boot will be seeded (the seed file or this "
		 "machine's hardware RNG).\n"
		 "# TYPE earlyseed_next_boot_seeded gauge\nearlyseed_next_boot_seeded %s\n"
		 "# HELP earlyseed_seed_file_bits What the seed file rests on, as the next boot will count it.\n"
		 "# TYPE earlyseed_seed_file_bits gauge\nearlyseed_seed_file_bits %u\n"
		 "# HELP earlyseed_status_exit earlyseed status's exit status (0 seeded now and next boot).\n"
		 "# TYPE earlyseed_status_exit gauge\nearlyseed_status_exit %d\n"
		 "# HELP earlyseed_esp_outdated 1 when the ESP's image is older than the package's (earlyseed "
		 "update).\n"
		 "# TYPE earlyseed_esp_outdated gauge\nearlyseed_esp_outdated %d\n"
		 "# HELP earlyseed_info The tool's version, the image's that ran this boot, the ESP's.\n"
		 "# TYPE earlyseed_info gauge\nearlyseed_info{esp=\"%s\",ran=\"%s\",version=\"%s\"} 1\n",
		 at0, ready, next, r->seed_file_bits, r->exit, r->esp_outdated ? 1 : 0, esp, ran, ver);
	/* readable by the exporter's own user (prometheus) */
	return put_file(dir, "earlyseed.prom", text, 0644, err);
}

int report_write(const struct report *r, const struct report_paths *p, FILE *out, FILE *err)
{
	const char *run = p->run_dir != NULL ? p->run_dir : REPORT_RUN_DIR;
	const char *sock = p->socket != NULL ? p->socket : REPORT_JOURNAL_SOCKET;
	const char *tf = p->textfile_dir != NULL ? p->textfile_dir : REPORT_TEXTFILE_DIR;
	char *json;
	struct stat st;
	int rc = 0;

	if (asprintf(&json, "%s\n", r->json) < 0)
		return 1;
	if ((mkdir(run, 0755) != 0 && errno != EEXIST) || put_file(run, "status.json", json, 0644, err) != 0)
		rc = 1;
	else
		fprintf(out, "report: %s/status.json\n", run);
	free(json);
	if (put_journal(r, sock, err) != 0)
		rc = 1;
	else
		fprintf(out, "report: the journal (MESSAGE_ID=%s)\n", REPORT_MESSAGE_ID);
	/* only where the exporter is installed: its folder is its package's */
	if (stat(tf, &st) == 0 && S_ISDIR(st.st_mode)) {
		if (put_prom(r, tf, err) != 0)
			rc = 1;
		else
			fprintf(out, "report: %s/earlyseed.prom\n", tf);
	}
	return rc;
}
