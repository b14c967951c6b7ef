/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_HOST_IMAGECMD_H
#define EARLYSEED_HOST_IMAGECMD_H

#include <stdbool.h>

#include "romtool.h"

/*
 * `earlyseed rom`, `ffs` and `pe`: an image in (operand 1), the image built
 * from it out (operand 2): a PCI option ROM (host/romtool.c), a firmware
 * file (host/ffstool.c), the image with .sbat and NX_COMPAT (host/petool.c).
 * Each prints what it wrote and returns 0, or 1 after a message.
 */
struct imagecmd_args {
	struct rom_id id;
	const char *version, *depex, *sbat;
	bool nx;
	bool disk_token; /* seal: --disk-token count */
};
/* The defaults: QEMU's e1000 (8086:100e, class 0x020000), version 1.0. */
void imagecmd_defaults(void *args);
int imagecmd_rom(void *args, char **ops, unsigned int n);
int imagecmd_ffs(void *args, char **ops, unsigned int n);
int imagecmd_pe(void *args, char **ops, unsigned int n);
int imagecmd_seal(void *args, char **ops, unsigned int n);
/* --disk-token refuse|count into a bool */
int imagecmd_set_disk_token(void *field, const char *opt, const char *val);

#endif
