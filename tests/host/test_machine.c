/* SPDX-License-Identifier: MIT */
/* host/machine.c: what every command is handed when the options say
 * nothing, and a helper given no package folder looks in the package's. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../host/espimage.h"
#include "../../host/machine.h"
#include "../check.h"

static void test_fill(void)
{
	struct machine m = { 0 };
	uint8_t b[8] = { 0 };

	CHECK(unsetenv("EARLYSEED_ANY_FS") == 0);
	machine_fill(&m);
	CHECK(!m.any_fs && m.random == machine_getrandom && m.pkg != NULL && strcmp(m.pkg, MACHINE_PKG) == 0);
	CHECK(m.esp == NULL && m.efivars == NULL && m.cmdline_file == NULL);
	CHECK(m.random(b, sizeof(b)) == 0);
	/* the options' values stay; the environment's switch is read */
	m.pkg = "/tmp/pkg";
	CHECK(setenv("EARLYSEED_ANY_FS", "1", 1) == 0);
	machine_fill(&m);
	CHECK(m.any_fs && strcmp(m.pkg, "/tmp/pkg") == 0);
	CHECK(unsetenv("EARLYSEED_ANY_FS") == 0);
}

/* espimage_look with no package folder: the package's, never a NULL path
 * (status has no option for it). */
static void test_look_default(void)
{
	char dir[] = "/tmp/es-machine-XXXXXX";
	struct espimage_view v[2];
	int fd;

	CHECK(mkdtemp(dir) != NULL);
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	CHECK(fd >= 0);
	espimage_look(fd, NULL, v);
	CHECK(!v[0].installed && !v[1].installed);
	close(fd);
	CHECK(rmdir(dir) == 0);
}

int main(void)
{
	RUN(test_fill);
	RUN(test_look_default);
	return check_done();
}
