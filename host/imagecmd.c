/* SPDX-License-Identifier: MIT */
/* `earlyseed rom`, `ffs` and `pe`: an image in, the image built from it out (imagecmd.h). */
#include "imagecmd.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/earlyseed.h"
#include "cli.h"
#include "ffstool.h"
#include "petool.h"
#include "sealtool.h"

void imagecmd_defaults(void *p)
{
	struct imagecmd_args *a = p;

	a->id = (struct rom_id){ 0x8086, 0x100e, 0x020000 };
	a->version = "1.0";
}

enum kind { ROM, FFS, PE, SEAL };
static const char *const names[] = { "rom", "ffs", "pe", "seal" };

/* Build ops[1] from the image ops[0] (and, for pe, the SBAT table):
 * what says so on stdout, 0; or 1 after a message. */
static int run(enum kind k, const struct imagecmd_args *a, char **ops)
{
	size_t len, outlen = 0, csvlen = 0;
	char *img = cli_read(ops[0], &len), *csv = NULL;
	uint8_t *out = NULL, dx[FFS_DEPEX_LEN];
	const char *why = "";
	bool nx_set = false;
	int built, rc = 1;

	/* cli_read said why it could not */
	if (img == NULL || (a->sbat != NULL && (csv = cli_read(a->sbat, &csvlen)) == NULL)) {
		free(img);
		return 1;
	}
	if (k == ROM)
		built = romtool_build((const uint8_t *)img, len, &a->id, &out, &outlen, &why);
	else if (k == FFS)
		built = ffstool_build((const uint8_t *)img, len, a->version, &out, &outlen, &why);
	else if (k == PE)
		built = petool_seal((const uint8_t *)img, len, (const uint8_t *)csv, csvlen, a->nx, &out, &outlen,
				    &nx_set, &why);
	else if ((built = sealtool_set((uint8_t *)img, len, a->disk_token ? ES_SEALED_F_DISK_TOKEN_COUNT : 0u,
				      &why)) == 0) {
		/* the image itself, its flags written */
		out = (uint8_t *)img;
		img = NULL;
		outlen = len;
	}
	if (a->depex != NULL)
		ffstool_depex(dx);
	if (built != 0)
		fprintf(stderr, "earlyseed: %s: %s: %s\n", names[k], ops[0], why);
	else if (cli_write(ops[1], out, outlen) == 0 &&
		 (a->depex == NULL || cli_write(a->depex, dx, sizeof(dx)) == 0))
		rc = 0;
	if (rc == 0 && k == ROM)
		printf("rom: %s: %zu bytes, %04x:%04x, class %06x\n", ops[1], outlen, a->id.vendor, a->id.device,
		       (unsigned int)a->id.class_code);
	else if (rc == 0 && k == FFS)
		printf("%s: %zu bytes, FILE_GUID %s, DXE driver \"%s\" %s\n", ops[1], outlen, FFS_EARLYSEED_GUID,
		       FFS_UI_NAME, a->version);
	else if (rc == 0 && k == SEAL)
		printf("seal: %s: disk_token = %s sealed into the image (sign it after this)\n", ops[1],
		       a->disk_token ? "count" : "refuse");
	else if (rc == 0)
		printf("pe: %s: .sbat added (%zu bytes)%s\n", ops[1], csvlen, nx_set ? ", NX_COMPAT set"
		       : a->nx ? ", NX_COMPAT not set: a section is writable and executable, or not page-aligned" : "");
	free(out);
	free(csv);
	free(img);
	return rc;
}

int imagecmd_rom(void *p, char **ops, unsigned int n)
{
	(void)n;
	return run(ROM, p, ops);
}

int imagecmd_ffs(void *p, char **ops, unsigned int n)
{
	(void)n;
	return run(FFS, p, ops);
}

int imagecmd_pe(void *p, char **ops, unsigned int n)
{
	(void)n;
	return run(PE, p, ops);
}

int imagecmd_seal(void *p, char **ops, unsigned int n)
{
	(void)n;
	return run(SEAL, p, ops);
}

int imagecmd_set_disk_token(void *field, const char *opt, const char *val)
{
	if (strcmp(val, "count") == 0 || strcmp(val, "refuse") == 0) {
		*(bool *)field = val[0] == 'c';
		return 0;
	}
	fprintf(stderr, "earlyseed: %s wants refuse or count, not '%s'\n", opt, val);
	return -1;
}
