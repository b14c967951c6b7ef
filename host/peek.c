/* SPDX-License-Identifier: MIT */
/* The seed file and the token as `earlyseed status` sees them, read only (peek.h). */
#define _GNU_SOURCE
#include "peek.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../core/earlyseed.h"
#include "appconf.h"
#include "beneath.h"
#include "efivars.h"
#include "token.h"

static int fail(FILE *err, const char *what, const char *path)
{
	fprintf(err, "earlyseed: %s %s: %s\n", what, path, strerror(errno));
	return -1;
}

/* The seed file's size and header, read only. */
static void peek_file(int espfd, const char *seed_file, struct peek *p, FILE *quiet)
{
	struct es_seedfile_header h;
	const char *name;
	int dirfd = beneath_open_dir(espfd, seed_file, false, &name, quiet);
	int fd = dirfd >= 0 ? beneath_open_file(dirfd, name, p->path, quiet) : -1;

	if (fd >= 0) {
		static uint8_t buf[ES_SEED_FILE_MAX];
		ssize_t n = efivars_read_fd(fd, buf, sizeof(buf));

		p->exists = true;
		p->size = n > 0 ? (size_t)n : 0;
		p->header = n > 0 && es_seedfile_parse(buf, (size_t)n, &h);
		if (p->header) {
			p->other_bits = h.from.other_bits;
			p->cpu_bits = h.from.cpu_bits;
			p->flags = h.flags;
		}
		es_wipe(buf, sizeof(buf));
		close(fd);
	}
	if (dirfd >= 0)
		close(dirfd);
}

int peek_read(const struct machine *o, struct peek *p, FILE *err)
{
	char app[ES_CONFIG_NEXT_MAX];
	struct es_config c;
	FILE *quiet = fopen("/dev/null", "w");
	int espfd = open(o->esp, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	memset(p, 0, sizeof(*p));
	p->token_visible = efivars_exists(o->efivars, SEEDTOOL_TOKEN_VAR);
	p->secure_boot = efivars_secure_boot(o->efivars);
	if (p->token_visible) {
		uint8_t t[ES_TOKEN_LEN];
		struct es_provenance from;

		p->token_known = token_os(o, t, &from);
		p->token_other_bits = p->token_known ? from.other_bits : 0u;
		p->token_cpu_bits = p->token_known ? from.cpu_bits : 0u;
		es_wipe(t, sizeof(t));
	}
	if (espfd < 0 || quiet == NULL) {
		if (espfd >= 0)
			close(espfd);
		if (quiet != NULL)
			fclose(quiet);
		return fail(err, "no ESP directory at", o->esp);
	}
	appconf_path(o, app, sizeof(app));
	appconf_read(espfd, app, &c, quiet, quiet);
	p->off = c.seed_file[0] == '\0' || es_config_seed_file_clash(&c, app) != NULL;
	if (!p->off) {
		snprintf(p->path, sizeof(p->path), "%s%s", o->esp, c.seed_file);
		for (char *q = p->path; *q != '\0'; q++)
			*q = *q == '\\' ? '/' : *q;
		peek_file(espfd, c.seed_file, p, quiet);
	}
	close(espfd);
	fclose(quiet);
	return 0;
}
