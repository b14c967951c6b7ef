/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_HOST_IMAGECMD_H
#define EARLYSEED_HOST_IMAGECMD_H

#include <stdbool.h>

#include "ffstool.h"
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

/* What `earlyseed --help` says of it, after the synopses the command
 * table (host/main.c) prints. */
#define HELP_ROM \
	"rom      wraps a boot-service driver as a PCI option ROM (PCI Firmware 3.0,\n" \
	"         UEFI 2.10 section 14.4.2) claiming VENDOR:DEVICE (default an Intel\n" \
	"         e1000, 8086:100e: QEMU -device e1000,romfile=OUT.rom)\n"
#define HELP_FFS \
	"ffs      wraps the driver as a firmware file (UEFI PI volume 3: a DXE\n" \
	"         dependency, the PE32 image, a name and a version) for a platform's\n" \
	"         firmware volume; FILE_GUID " FFS_EARLYSEED_GUID "\n"
#define HELP_PE \
	"pe       adds a .sbat section (shim's SBAT table, CSV) to a PE32+ image and,\n" \
	"         with --nx, sets NX_COMPAT where every section allows it (the build\n" \
	"         runs it on the app and the driver: docs/secure-boot.md)\n"
#define HELP_SEAL \
	"seal     writes the owner's choices into an image of the app, before it is\n" \
	"         signed: --disk-token count counts a token the firmware keeps on the\n" \
	"         disk (U-Boot's \\ubootefi.var), which earlyseed.conf cannot say\n"

#endif
