/* SPDX-License-Identifier: MIT */
/* build/earlyseed: the host tool (docs/host-tool.md "The host tool"). A
 * command is a row of commands[] below: its options, operands, help and
 * what runs it (host/cli.c parses, prints the usage, and tests/man.sh
 * checks the man page's synopsis against the same rows). */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/earlyseed.h"
#include "cli.h"
#include "esp.h"
#include "imagecmd.h"
#include "inspect.h"
#include "installer.h"
#include "machine.h"
#include "replay.h"
#include "sdboot.h"
#include "seedtool.h"
#include "simulate.h"
#include "status.h"
#include "uninstaller.h"
#include "updater.h"

#define END { NULL, NULL, 0, NULL, false }

static int run_replay(void *o, char **ops, unsigned int n)
{
	struct replay r;
	size_t len;
	char *text = cli_read(n == 1 ? ops[0] : NULL, &len);
	unsigned long bad;

	(void)o;
	if (text == NULL)
		return 2;
	replay_reset(&r);
	bad = replay_run(&r, text, len, stdout, stderr);
	free(text);
	return bad == 0 ? 0 : 1;
}

static int run_inspect(void *o, char **ops, unsigned int n)
{
	size_t len;
	char *buf = cli_read(n == 1 ? ops[0] : INSPECT_EFIVARFS_PATH, &len);
	int rc;

	(void)o;
	if (buf == NULL) {
		if (n == 0)
			fprintf(stderr, "earlyseed: no audit record: was this boot started through earlyseed, "
					"and is efivarfs mounted?\n");
		return 1;
	}
	rc = inspect_print((const uint8_t *)buf, len, stdout, stderr);
	free(buf);
	return rc;
}

/* simulate's options, and where its plot goes. */
struct sim_args {
	struct simulate_opts o;
	const char *svg;
};

static int set_kernel(void *field, const char *opt, const char *val)
{
	if (simulate_parse_kernel(val, field))
		return 0;
	fprintf(stderr, "earlyseed: %s wants 3.14, 3.15, 3.16, 3.17 or 6, not '%s'\n", opt, val);
	return -1;
}

static int set_seconds(void *field, const char *opt, const char *val)
{
	unsigned long v;

	if (cli_number(opt, val, 10, SIMULATE_MAX_SECONDS, &v) != 0)
		return -1;
	*(int *)field = (int)v;
	return 0;
}

static void sim_defaults(void *p)
{
	struct sim_args *a = p;

	a->o = (struct simulate_opts){ ES_CREDIT_KERNEL_6, false, 0, 0, true, true, 60 };
}

static int run_simulate(void *p, char **ops, unsigned int n)
{
	static struct simulate_result res;
	const struct sim_args *a = p;

	(void)ops, (void)n;
	simulate_run(&a->o, &res, stdout);
	if (a->svg == NULL)
		return 0;
	if (simulate_svg(&a->o, a->svg) != 0) {
		fprintf(stderr, "earlyseed: cannot write %s: %s\n", a->svg, strerror(errno));
		return 1;
	}
	printf("svg: %s\n", a->svg);
	return 0;
}

/*
 * The commands that act on this machine: each one's options are a struct
 * machine (the shared ones: --esp, --efivars, --app, --cmdline,
 * --kernel-cmdline) and the command's own, filled by the parser; the rest of
 * the machine comes from the environment (machine_fill).
 */
struct seed_args {
	struct machine m;
	struct seedtool_opts o;
};
struct install_args {
	struct machine m;
	struct installer_opts o;
};
struct uninstall_args {
	struct machine m;
	struct uninstaller_opts o;
};
struct update_args {
	struct machine m;
	struct updater_opts o;
};
struct status_args {
	struct machine m;
	struct status_opts o;
};

static int run_seed(void *p, char **ops, unsigned int n)
{
	struct seed_args *a = p;

	(void)ops, (void)n;
	machine_fill(&a->m);
	/* Without --esp, seedtool_run finds it (after the token and the
	 * kernel's trust, which need none). */
	return seedtool_run(&a->m, &a->o, stdout, stderr);
}

static void seed_refresh(void *p)
{
	((struct seed_args *)p)->o.refresh = true;
}

static int run_install(void *p, char **ops, unsigned int n)
{
	struct install_args *a = p;

	(void)ops, (void)n;
	machine_fill(&a->m);
	if (a->o.sd_boot && (a->o.next != NULL || a->o.conf_cmdline != NULL)) {
		fprintf(stderr, "earlyseed: install --sd-boot takes no --next or --cmdline: systemd-boot chooses what "
				"boots; nothing installed\n");
		return 1;
	}
	a->m.esp = esp_pick(a->m.esp, stdout, stderr);
	if (a->m.esp == NULL)
		return 1;
	return a->o.sd_boot ? sdboot_install(&a->m, a->o.from, stdout, stderr) : installer_run(&a->m, &a->o, stdout, stderr);
}

static int run_uninstall(void *p, char **ops, unsigned int n)
{
	struct uninstall_args *a = p;

	(void)ops, (void)n;
	machine_fill(&a->m);
	a->m.esp = esp_pick(a->m.esp, stdout, stderr);
	return a->m.esp == NULL ? 1 : uninstaller_run(&a->m, &a->o, stdout, stderr);
}

static int run_update(void *p, char **ops, unsigned int n)
{
	struct update_args *a = p;

	(void)ops, (void)n;
	machine_fill(&a->m);
	return updater_run(&a->m, &a->o, stdout, stderr);
}

static int run_status(void *p, char **ops, unsigned int n)
{
	struct status_args *a = p;

	(void)ops, (void)n;
	machine_fill(&a->m);
	return status_run(&a->m, &a->o, stdout, stderr);
}

#define STR(T, name, value, field) { name, value, offsetof(T, field), NULL, false }
#define FLAG(T, name, field) { name, NULL, offsetof(T, field), NULL, false }

static const struct cli_opt status_opts[] = {
	FLAG(struct status_args, "--json", o.json), FLAG(struct status_args, "--json=pretty", o.json_pretty),
	FLAG(struct status_args, "--report", o.report), STR(struct status_args, "--esp", "DIR", m.esp),
	STR(struct status_args, "--efivars", "DIR", m.efivars), STR(struct status_args, "--app", "PATH", m.app),
	STR(struct status_args, "--cmdline", "FILE", m.cmdline_file), STR(struct status_args, "--kmsg", "FILE", m.kmsg),
	END
};
static const struct cli_opt install_opts[] = {
	STR(struct install_args, "--esp", "DIR", m.esp), STR(struct install_args, "--from", "APP.efi", o.from),
	STR(struct install_args, "--next", "PATH", o.next), STR(struct install_args, "--cmdline", "LINE", o.conf_cmdline),
	STR(struct install_args, "--efivars", "DIR", m.efivars),
	STR(struct install_args, "--kernel-cmdline", "FILE", m.cmdline_file), END
};
static const struct cli_opt sdboot_opts[] = {
	FLAG(struct install_args, "--sd-boot", o.sd_boot), STR(struct install_args, "--esp", "DIR", m.esp),
	STR(struct install_args, "--from", "DRIVER.efi", o.from), STR(struct install_args, "--efivars", "DIR", m.efivars),
	STR(struct install_args, "--kernel-cmdline", "FILE", m.cmdline_file), END
};
static const struct cli_opt uninstall_opts[] = {
	STR(struct uninstall_args, "--esp", "DIR", m.esp), STR(struct uninstall_args, "--efivars", "DIR", m.efivars), END
};
static const struct cli_opt update_opts[] = {
	STR(struct update_args, "--esp", "DIR", m.esp), STR(struct update_args, "--from", "DIR", m.pkg),
	FLAG(struct update_args, "--graceful", o.graceful), END
};
static const struct cli_opt seed_install_opts[] = {
	STR(struct seed_args, "--esp", "DIR", m.esp), FLAG(struct seed_args, "--image", o.image),
	STR(struct seed_args, "--efivars", "DIR", m.efivars), STR(struct seed_args, "--app", "PATH", m.app), END
};
static const struct cli_opt seed_refresh_opts[] = {
	STR(struct seed_args, "--esp", "DIR", m.esp), STR(struct seed_args, "--efivars", "DIR", m.efivars),
	STR(struct seed_args, "--app", "PATH", m.app), END
};
static const struct cli_opt simulate_opts[] = {
	{ "--kernel", "3.14|3.15|3.16|3.17|6", offsetof(struct sim_args, o.kernel), set_kernel, true },
	FLAG(struct sim_args, "--rdseed", o.rdseed),
	{ "--hwrng", "BYTES", offsetof(struct sim_args, o.hwrng), cli_set_bytes, false },
	{ "--table", "BYTES", offsetof(struct sim_args, o.table), cli_set_bytes, false },
	{ "--trust-bootloader", "on|off", offsetof(struct sim_args, o.trust_bootloader), cli_set_onoff, false },
	{ "--trust-cpu", "on|off", offsetof(struct sim_args, o.trust_cpu), cli_set_onoff, false },
	{ "--seconds", "N", offsetof(struct sim_args, o.seconds), set_seconds, false },
	STR(struct sim_args, "--svg", "FILE", svg), END
};
static const struct cli_opt rom_opts[] = {
	{ "--vendor", "0x8086", offsetof(struct imagecmd_args, id.vendor), cli_set_u16, false },
	{ "--device", "0x100e", offsetof(struct imagecmd_args, id.device), cli_set_u16, false },
	{ "--class", "0x020000", offsetof(struct imagecmd_args, id.class_code), cli_set_u24, false }, END
};
static const struct cli_opt ffs_opts[] = {
	STR(struct imagecmd_args, "--version", "V", version), STR(struct imagecmd_args, "--depex", "OUT.depex", depex), END
};
static const struct cli_opt pe_opts[] = {
	{ "--sbat", "CSV", offsetof(struct imagecmd_args, sbat), NULL, true }, FLAG(struct imagecmd_args, "--nx", nx), END
};
static const struct cli_opt seal_opts[] = {
	{ "--disk-token", "refuse|count", offsetof(struct imagecmd_args, disk_token), imagecmd_set_disk_token, true }, END
};

/* name, sub, variant, operands, min, max, options, size, defaults, run, help, more */
static const struct cli_cmd commands[] = {
	{ "status", NULL, NULL, "", 0, 0, status_opts, sizeof(struct status_args), NULL, run_status, HELP_STATUS, NULL },
	{ "install", NULL, NULL, "", 0, 0, install_opts, sizeof(struct install_args), NULL, run_install, HELP_INSTALL,
	  NULL },
	{ "install", NULL, "--sd-boot", "", 0, 0, sdboot_opts, sizeof(struct install_args), NULL, run_install, "",
	  NULL },
	{ "update", NULL, NULL, "", 0, 0, update_opts, sizeof(struct update_args), NULL, run_update, HELP_UPDATE,
	  NULL },
	{ "uninstall", NULL, NULL, "", 0, 0, uninstall_opts, sizeof(struct uninstall_args), NULL, run_uninstall,
	  HELP_UNINSTALL, NULL },
	{ "seed", "install", NULL, "", 0, 0, seed_install_opts, sizeof(struct seed_args), NULL, run_seed, HELP_SEED,
	  NULL },
	{ "seed", "refresh", NULL, "", 0, 0, seed_refresh_opts, sizeof(struct seed_args), seed_refresh, run_seed, "",
	  NULL },
	{ "inspect", NULL, NULL, "[FILE|-]", 0, 1, NULL, 0, NULL, run_inspect, HELP_INSPECT, NULL },
	{ "replay", NULL, NULL, "[FILE|-]", 0, 1, NULL, 0, NULL, run_replay, HELP_REPLAY, NULL },
	{ "simulate", NULL, NULL, "", 0, 0, simulate_opts, sizeof(struct sim_args), sim_defaults, run_simulate,
	  HELP_SIMULATE, simulate_assumptions },
	{ "rom", NULL, NULL, "DRIVER.efi OUT.rom", 2, 2, rom_opts, sizeof(struct imagecmd_args), imagecmd_defaults, imagecmd_rom,
	  HELP_ROM, NULL },
	{ "ffs", NULL, NULL, "DRIVER.efi OUT.ffs", 2, 2, ffs_opts, sizeof(struct imagecmd_args), imagecmd_defaults, imagecmd_ffs,
	  HELP_FFS, NULL },
	{ "pe", NULL, NULL, "IN.efi OUT.efi", 2, 2, pe_opts, sizeof(struct imagecmd_args), NULL, imagecmd_pe, HELP_PE, NULL },
	{ "seal", NULL, NULL, "IN.efi OUT.efi", 2, 2, seal_opts, sizeof(struct imagecmd_args), NULL, imagecmd_seal,
	  HELP_SEAL, NULL },
};

int main(int argc, char **argv)
{
	int rc = cli_main(commands, sizeof(commands) / sizeof(commands[0]), argc, argv);

	/* Output that never arrived (a full disk, a closed pipe) is a failure,
	 * not a success with nothing to show. */
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "earlyseed: cannot write the output: %s\n", strerror(errno));
		return rc != 0 ? rc : 1;
	}
	return rc;
}
