/* SPDX-License-Identifier: MIT */
/* The app's image and its config on the ESP, read where the app reads them (appconf.h). */
#define _GNU_SOURCE
#include "appconf.h"

#include <stdio.h>
#include <unistd.h>

#include "../core/earlyseed.h"
#include "beneath.h"
#include "efivars.h"

/* The app's image on the ESP: --app, else what the app left in
 * EarlyseedImage (UCS-2), else SEEDTOOL_APP. */
void appconf_path(const struct machine *o, char *app, size_t cap)
{
	uint8_t buf[2 * ES_CONFIG_NEXT_MAX];
	ssize_t n;
	size_t k = 0;

	snprintf(app, cap, "%s", o->app != NULL ? o->app : SEEDTOOL_APP);
	if (o->app != NULL)
		return;
	n = efivars_read(o->efivars, SEEDTOOL_IMAGE_VAR, buf, sizeof(buf), NULL);
	if (n < 2 || n % 2 != 0)
		return;
	for (ssize_t i = 0; i + 1 < n && k + 1 < cap; i += 2) {
		unsigned int c = (unsigned int)buf[i] | (unsigned int)buf[i + 1] << 8;

		if (c == 0)
			break;
		if (c < 0x20 || c > 0x7e) {
			/* not a path earlyseed wrote: the default place */
			snprintf(app, cap, "%s", SEEDTOOL_APP);
			return;
		}
		app[k++] = (char)c;
	}
	app[k] = '\0';
	if (app[0] != '\\' && app[0] != '/')
		snprintf(app, cap, "%s", SEEDTOOL_APP);
}

/* The config the app reads (es_config_places(): beside its image, then the
 * default place), opened below the ESP like the seed file. */
void appconf_read(int espfd, const char *app, struct es_config *c, FILE *out, FILE *err)
{
	char places[ES_CONFIG_PLACES][ES_CONFIG_NEXT_MAX];
	unsigned int n = es_config_places(app, places);
	static uint8_t buf[ES_CONFIG_MAX_FILE + 1];

	es_config_defaults(c);
	for (unsigned int i = 0; i < n; i++) {
		const char *leaf;
		int dfd = beneath_open_dir(espfd, places[i], false, &leaf, err), fd = -1;
		ssize_t len;

		if (dfd >= 0) {
			fd = beneath_open_file(dfd, leaf, places[i], err);
			close(dfd);
		}
		if (fd < 0)
			continue;
		len = efivars_read_fd(fd, buf, sizeof(buf));
		close(fd);
		if (len < 0)
			continue;
		fprintf(out, "config: %s\n", places[i]);
		(void)es_config_parse(c, buf, (size_t)len, NULL, NULL);
		return;
	}
}
