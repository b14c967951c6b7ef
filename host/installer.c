/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "installer.h"

#include <errno.h>
#include <stdbool.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "../core/earlyseed.h"
#include "../core/le.h"
#include "efivars.h"
#include "espimage.h"
#include "machine.h"
#include "petool.h"
#include "seedtool.h"
#include "beneath.h"
#include "esp.h"
#include "bootentry.h"

#define APP_PATH ESPIMAGE_APP


/* The disk and partition under the ESP (sysfs), for the efibootmgr line. */
static void disk_of(const char *esp, char *disk, size_t dcap, char *part, size_t pcap)
{
	char p[PATH_MAX], link[PATH_MAX];
	struct stat st;
	FILE *f;

	snprintf(disk, dcap, "DISK");
	snprintf(part, pcap, "N");
	if (stat(esp, &st) != 0)
		return;
	snprintf(p, sizeof(p), "/sys/dev/block/%u:%u/partition", major(st.st_dev), minor(st.st_dev));
	f = fopen(p, "r");
	if (f == NULL)
		return;
	if (fgets(part, (int)pcap, f) != NULL)
		part[strcspn(part, "\n")] = '\0';
	fclose(f);
	snprintf(p, sizeof(p), "/sys/dev/block/%u:%u/..", major(st.st_dev), minor(st.st_dev));
	if (realpath(p, link) != NULL) {
		const char *base = strrchr(link, '/') != NULL ? strrchr(link, '/') + 1 : link;

		if (strlen(base) + 6 <= dcap)
			snprintf(disk, dcap, "/dev/%.*s", (int)(dcap - 6), base);
	}
}

/* The first problem the app's own parser reports in a generated config. */
struct first_problem {
	unsigned int line;
	char why[160];
};

static void note_problem(void *ctx, unsigned int line, const char *why)
{
	struct first_problem *p = ctx;

	if (p->why[0] == '\0') {
		p->line = line;
		snprintf(p->why, sizeof(p->why), "%s", why);
	}
}



/* The next stage must be there, on this ESP, and an EFI image for the
 * architecture of the app being installed: a missing one makes every boot
 * fall through to the firmware's next option, unseeded (a Debian without
 * shim has no shimx64.efi). 0, or -1 after a message on err (none when
 * err is NULL). */
static int check_next(int espfd, const char *next, uint16_t machine, FILE *err)
{
	int m = espimage_machine_at(espfd, next, err);

	if (m < 0) {
		if (err != NULL)
			fprintf(err, "earlyseed: the next stage %s is not on this ESP: every boot would fail to start it "
				     "and fall through unseeded; name one that is there (--next), nothing installed\n",
				next);
		return -1;
	}
	if (m != machine) {
		if (err != NULL)
			fprintf(err, "earlyseed: the next stage %s is not an EFI image for this architecture (machine "
				     "0x%04x); nothing installed\n", next, (unsigned int)machine);
		return -1;
	}
	return 0;
}

/* Without --next: the boot entry this machine booted (BootCurrent), else
 * the first in BootOrder, whose loader is on this ESP and an EFI image for
 * this architecture and is not earlyseed itself (shim where Debian has it,
 * else GRUB or systemd-boot). true with its path in out. */
static bool pick_next(int espfd, const char *efivars, uint16_t machine, char *out, size_t cap, FILE *say)
{
	uint8_t order[2 * 64], cur[2];
	unsigned int nums[65];
	size_t nn = 0;
	ssize_t n = efivars_read(efivars, "BootCurrent-" EFIVARS_GLOBAL_GUID, cur, sizeof(cur), NULL);
	bool current = n == 2;

	if (current)
		nums[nn++] = es_le_get16(cur);
	n = efivars_read(efivars, "BootOrder-" EFIVARS_GLOBAL_GUID, order, sizeof(order), NULL);
	for (ssize_t i = 0; i + 1 < n && nn < sizeof(nums) / sizeof(nums[0]); i += 2)
		nums[nn++] = es_le_get16(order + i);
	for (size_t i = 0; i < nn; i++) {
		if (!bootentry_path(efivars, nums[i], out, cap) || es_config_same_path(out, APP_PATH) ||
		    check_next(espfd, out, machine, NULL) != 0)
			continue;
		fprintf(say, "next stage: %s, from Boot%04X (%s); --next names another\n", out, nums[i],
			i == 0 && current ? "the entry this machine booted" : "the first usable entry in BootOrder");
		return true;
	}
	out[0] = '\0';
	return false;
}

/* The existing config with next and cmdline set as asked (their old lines
 * dropped, the new ones at the end, where a later line wins anyway); its
 * other lines kept as they are. The new length, or -1 when it does not fit. */
static int update_config(const char *old, size_t n, const struct installer_opts *o, char *out, size_t cap,
			 unsigned int *first_new)
{
	size_t k = 0, pos = 0;
	unsigned int lines = 0;
	int w;

	while (pos < n) {
		size_t end = pos, kb = pos, ke;
		bool drop;

		while (end < n && old[end] != '\n')
			end++;
		while (kb < end && (old[kb] == ' ' || old[kb] == '\t'))
			kb++;
		ke = kb;
		while (ke < end && old[ke] != '=' && old[ke] != ' ' && old[ke] != '\t')
			ke++;
		drop = (o->next != NULL && o->next[0] != '\0' && ke - kb == 4 && memcmp(old + kb, "next", 4) == 0) ||
		       (o->conf_cmdline != NULL && ke - kb == 7 && memcmp(old + kb, "cmdline", 7) == 0);
		if (!drop) {
			if (k + (end - pos) + 1 >= cap)
				return -1;
			memcpy(out + k, old + pos, end - pos);
			k += end - pos;
			out[k++] = '\n';
			lines++;
		}
		pos = end + 1;
	}
	*first_new = lines + 1;
	w = snprintf(out + k, cap - k, "%s%s%s%s%s%s", o->next != NULL && o->next[0] != '\0' ? "next = " : "",
		     o->next != NULL && o->next[0] != '\0' ? o->next : "", o->next != NULL && o->next[0] != '\0' ? "\n" : "",
		     o->conf_cmdline != NULL && o->conf_cmdline[0] != '\0' ? "cmdline = " : "",
		     o->conf_cmdline != NULL ? o->conf_cmdline : "", o->conf_cmdline != NULL && o->conf_cmdline[0] != '\0' ? "\n" : "");
	if (w < 0 || (size_t)w >= cap - k)
		return -1;
	return (int)(k + (size_t)w);
}

/* EARLYSEED_ANY_FS=1: tests only, a scratch directory stands in for the
 * ESP (this machine's kernel may have no vfat). */

/* A config value: printable ASCII only (no line of its own to inject). */
static bool value_ok(const char *v)
{
	for (; v != NULL && *v != '\0'; v++) {
		if (*v < 0x20 || *v > 0x7e)
			return false;
	}
	return true;
}

/* No --next and no config yet: the stage this machine boots today
 * (issue: a real Debian machine, 1), checked like a --next. o, or a copy
 * naming the stage picked. */
static const struct installer_opts *default_next(int espfd, const struct machine *m, const struct installer_opts *o, const uint8_t *img,
						 size_t n, FILE *out)
{
	static struct installer_opts eff;
	static char picked[ES_CONFIG_NEXT_MAX];
	const char *cl;
	struct stat st;
	int cfd;
	bool have_conf;

	if (o->next != NULL && o->next[0] != '\0')
		return o;
	cfd = beneath_open_dir(espfd, ES_CONFIG_PATH, false, &cl, NULL);
	have_conf = cfd >= 0 && fstatat(cfd, cl, &st, AT_SYMLINK_NOFOLLOW) == 0;
	if (cfd >= 0)
		close(cfd);
	if (have_conf || !pick_next(espfd, m->efivars, espimage_machine(img, n), picked, sizeof(picked), out))
		return o;
	eff = *o;
	eff.next = picked;
	return &eff;
}

/* A new config for o in conf, checked by the app's own parser (its own
 * words) before anything is written: its length, or -1 after a message. */
static int new_config(const struct installer_opts *o, char *conf, size_t cap, struct es_config *parsed, FILE *err)
{
	struct first_problem problem = { 0, "" };
	int len = snprintf(conf, cap,
			   "# earlyseed config: man earlyseed.conf\nnext = %s\n%s%s%s"
			   "# seed_file = \\EFI\\earlyseed\\random-seed   (none turns it off)\n"
			   "# verbose = no   (yes: every line; quiet: warnings only)\n",
			   o->next != NULL && o->next[0] != '\0' ? o->next : "\\EFI\\earlyseed\\next.efi",
			   o->conf_cmdline != NULL && o->conf_cmdline[0] != '\0' ? "cmdline = " : "",
			   o->conf_cmdline != NULL ? o->conf_cmdline : "", o->conf_cmdline != NULL && o->conf_cmdline[0] != '\0' ? "\n" : "");

	if (len < 0 || (size_t)len >= cap) {
		fprintf(err, "earlyseed: --next or --cmdline too long for a config\n");
		return -1;
	}
	es_config_defaults(parsed);
	if (es_config_parse(parsed, (const uint8_t *)conf, (size_t)len, note_problem, &problem) != 0) {
		fprintf(err, "earlyseed: the app would not take this config (line %u: %s); nothing installed\n",
			problem.line, problem.why);
		return -1;
	}
	return len;
}

/* Asked to change next or cmdline in an existing config: those lines, and
 * only those, and only if the app takes what it gets. 0 or -1. */
static int update_existing(int dirfd, const struct machine *m, const struct installer_opts *o, FILE *out, FILE *err)
{
	static char old[ES_CONFIG_MAX_FILE + 1], upd[ES_CONFIG_MAX_FILE + 1];
	static struct es_config parsed;
	struct first_problem problem = { 0, "" };
	struct stat st;
	int fd = openat(dirfd, "earlyseed.conf", O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	ssize_t got = fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode) ? read(fd, old, sizeof(old)) : -1;
	unsigned int first_new = 0;
	int un;

	if (fd >= 0)
		close(fd);
	if (got < 0 || (size_t)got >= sizeof(old)) {
		fprintf(err, "earlyseed: cannot read %s/EFI/earlyseed/earlyseed.conf to update it\n", m->esp);
		return -1;
	}
	un = update_config(old, (size_t)got, o, upd, sizeof(upd), &first_new);
	es_config_defaults(&parsed);
	(void)es_config_parse(&parsed, (const uint8_t *)upd, un > 0 ? (size_t)un : 0, note_problem, &problem);
	if (un < 0 || (problem.why[0] != '\0' && problem.line >= first_new)) {
		fprintf(err, "earlyseed: the app would not take the updated config (%s); it is left as it was\n",
			un < 0 ? "too long" : problem.why);
		return -1;
	}
	if (beneath_replace(dirfd, "earlyseed.conf", (const uint8_t *)upd, (size_t)un, NULL, err) != 0)
		return -1;
	fprintf(out, "updated %s/EFI/earlyseed/earlyseed.conf:%s%s%s%s (its other lines kept)\n", m->esp,
		o->next != NULL && o->next[0] != '\0' ? " next = " : "", o->next != NULL ? o->next : "",
		o->conf_cmdline != NULL ? " cmdline = " : "", o->conf_cmdline != NULL ? o->conf_cmdline : "");
	return 0;
}

/* The config beside the app: updated when asked to, kept, or written new. */
static int put_config(int dirfd, const struct machine *m, const struct installer_opts *o, const char *conf, int len, FILE *out, FILE *err)
{
	struct stat st;
	bool have = fstatat(dirfd, "earlyseed.conf", &st, AT_SYMLINK_NOFOLLOW) == 0;

	if (have && ((o->next != NULL && o->next[0] != '\0') || o->conf_cmdline != NULL))
		return update_existing(dirfd, m, o, out, err);
	if (have) {
		fprintf(out, "kept %s/EFI/earlyseed/earlyseed.conf (no --next or --cmdline to change in it)\n", m->esp);
		return 0;
	}
	if (beneath_replace(dirfd, "earlyseed.conf", (const uint8_t *)conf, (size_t)len, NULL, err) != 0)
		return -1;
	fprintf(out, "wrote %s/EFI/earlyseed/earlyseed.conf\n", m->esp);
	if (o->next == NULL || o->next[0] == '\0')
		fprintf(out, "note: no next stage given: put it at \\EFI\\earlyseed\\next.efi or edit the config\n");
	return 0;
}

/* The seed file and the token, then the boot entry to add by hand. */
static int seed_and_hint(const struct machine *m, FILE *out, FILE *err)
{
	const struct seedtool_opts so = { 0 };
	struct machine at = *m;
	char disk[64], part[16];

	/* the config beside the app just installed; seedtool_run also brings
	 * EarlyseedKernelTrust in line: with a boot loader next the app sees
	 * no command line, and reads that variable (Hardening IV, 1) */
	at.app = APP_PATH;
	if (seedtool_run(&at, &so, out, err) != 0)
		return -1;
	disk_of(m->esp, disk, sizeof(disk), part, sizeof(part));
	fprintf(out, "\nTo boot through earlyseed, add a boot entry (run it yourself; check DISK and N):\n"
		     "  efibootmgr --create --disk %s --part %s --label earlyseed --loader '" APP_PATH "'\n",
		disk, part);
	return 0;
}

int installer_run(const struct machine *m, const struct installer_opts *o, FILE *out, FILE *err)
{
	const char *from = o->from != NULL ? o->from : INSTALLER_APP_DEFAULT, *leaf;
	char conf[1024 + 4096];
	uint8_t *img;
	size_t n;
	static struct es_config parsed;
	int espfd, dirfd = -1, rc = 1, len;

	if (!value_ok(o->next) || !value_ok(o->conf_cmdline)) {
		fprintf(err, "earlyseed: --next and --cmdline take printable ASCII only\n");
		return 1;
	}
	img = espimage_slurp(from, &n, err);
	if (img == NULL)
		return 1;
	espfd = open(m->esp, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (espfd < 0) {
		fprintf(err, "earlyseed: no ESP directory at %s: %s\n", m->esp, strerror(errno));
		free(img);
		return 1;
	}
	o = default_next(espfd, m, o, img, n, out);
	/* The config is made and checked before anything is written. */
	len = new_config(o, conf, sizeof(conf), &parsed, err);
	if (len < 0)
		goto out;
	/* The firmware reads the app through its FAT driver: a directory that
	 * is not FAT is not the ESP (not mounted?), and nothing is written. */
	if (!m->any_fs && !esp_on_fat(espfd)) {
		fprintf(err, "earlyseed: %s is not a FAT file system: is the ESP mounted there?\n", m->esp);
		goto out;
	}
	if (es_config_seed_file_clash(&parsed, APP_PATH) != NULL) {
		fprintf(err, "earlyseed: --next %s is the seed file's place (%s); nothing installed\n", parsed.next,
			parsed.seed_file);
		goto out;
	}
	if (o->next != NULL && o->next[0] != '\0' && check_next(espfd, parsed.next, espimage_machine(img, n), err) != 0)
		goto out;
	dirfd = beneath_open_dir(espfd, APP_PATH, true, &leaf, err);
	if (dirfd < 0 || beneath_replace(dirfd, leaf, img, n, NULL, err) != 0)
		goto out;
	fprintf(out, "installed %s/EFI/earlyseed/earlyseed.efi (from %s)\n", m->esp, from);
	if (put_config(dirfd, m, o, conf, len, out, err) == 0 && seed_and_hint(m, out, err) == 0)
		rc = 0;
out:
	if (dirfd >= 0)
		close(dirfd);
	close(espfd);
	free(img);
	return rc;
}
