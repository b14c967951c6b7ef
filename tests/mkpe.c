/* SPDX-License-Identifier: MIT */
/* PE images shaped as the build makes them (tests/mkpe.h). */
#include "mkpe.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/earlyseed.h"
#include "../core/le.h"
#include "../host/petool.h"
#include "check.h"

#define OPT 0x98u     /* the optional header: PE signature at 0x80, COFF header after it */
#define BLOCK 0x800u  /* where the app's data holds its sealed block */

uint8_t *mkpe_app(const char *v, uint16_t machine, uint16_t subsystem, bool sealed_block, bool signed_,
		      size_t *n)
{
	static const struct { uint32_t at, width, v; } f[] = {
		{ 0x3c, 4, 0x80 }, { 0x86, 2, 1 }, { 0x94, 2, 240 }, { OPT, 2, 0x20b },
		{ OPT + 32, 4, 0x1000 }, { OPT + 36, 4, 0x200 }, { OPT + 56, 4, 0x2000 }, { OPT + 60, 4, 0x400 },
		{ OPT + 108, 4, 16 }, { OPT + 240 + 8, 4, 0x800 }, { OPT + 240 + 12, 4, 0x1000 },
		{ OPT + 240 + 16, 4, 0xc00 }, { OPT + 240 + 20, 4, 0x400 },
	};
	static const uint8_t magic[ES_SEALED_MAGIC_LEN] = ES_SEALED_MAGIC;
	uint8_t *img = calloc(1, 0x1000), *out = NULL;
	char csv[200];
	const char *why;
	bool nx;

	memcpy(img, "MZ", 2);
	memcpy(img + 0x80, "PE\0\0", 4);
	for (size_t i = 0; i < sizeof(f) / sizeof(f[0]); i++) {
		if (f[i].width == 2)
			es_le_put16(img + f[i].at, (uint16_t)f[i].v);
		else
			es_le_put32(img + f[i].at, f[i].v);
	}
	es_le_put16(img + 0x84, machine);
	es_le_put16(img + OPT + 68, subsystem);
	memcpy(img + OPT + 240, ".data", 5);
	if (sealed_block) {
		memcpy(img + BLOCK, magic, sizeof(magic));
		es_le_put32(img + BLOCK + 16, ES_SEALED_VERSION);
	}
	img[0xa00] = (uint8_t)(signed_ ? 0x5a : 0xa5); /* the signed and unsigned builds differ */
	*n = 0x1000;
	if (v == NULL)
		return img;
	snprintf(csv, sizeof(csv),
		 "sbat,1,SBAT Version,sbat,1,https://github.com/rhboot/shim/blob/main/SBAT.md\n"
		 "earlyseed,1,earlyseed,earlyseed,%s,https://github.com/earlyseed/earlyseed\n", v);
	CHECK(petool_seal(img, 0x1000, (const uint8_t *)csv, strlen(csv), false, &out, n, &nx, &why) == 0);
	free(img);
	/* a certificate table after sealing, as sbsign leaves one */
	if (signed_ && out != NULL)
		es_le_put32(out + OPT + 148, 0x100);
	return out;
}

