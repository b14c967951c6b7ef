/* SPDX-License-Identifier: MIT */
/* build/earlyseed: the host validator (docs/host-tool.md "The host tool"). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/earlyseed.h"
#include "inspect.h"
#include "installer.h"
#include "sdboot.h"
#include "uninstaller.h"
#include "petool.h"
#include "replay.h"
#include "ffstool.h"
#include "romtool.h"
#include "seedtool.h"
#include "esp.h"
#include "simulate.h"
#include "status.h"

/* A script or record larger than this is not one. */
#define MAX_INPUT (64u << 20)

static const char usage[] =
	"usage: earlyseed replay [FILE|-]\n"
	"       earlyseed simulate --kernel 3.14|3.15|3.16|3.17|6 [--rdseed] [--hwrng BYTES]\n"
	"                 [--table BYTES] [--trust-bootloader on|off] [--trust-cpu on|off]\n"
	"                 [--seconds N] [--svg FILE]\n"
	"       earlyseed inspect [FILE|-]\n"
	"       earlyseed seed install [--esp DIR] [--image] [--efivars DIR] [--app PATH]\n"
	"       earlyseed seed refresh [--esp DIR] [--efivars DIR] [--app PATH]\n"
	"       earlyseed rom [--vendor 0x8086] [--device 0x100e] [--class 0x020000] DRIVER.efi OUT.rom\n"
	"       earlyseed ffs [--version V] [--depex OUT.depex] DRIVER.efi OUT.ffs\n"
	"       earlyseed pe --sbat CSV [--nx] IN.efi OUT.efi\n"
	"       earlyseed install [--esp DIR] [--from APP.efi] [--next PATH] [--cmdline LINE] [--efivars DIR]\n"
	"       earlyseed install --sd-boot [--esp DIR] [--from DRIVER.efi] [--efivars DIR] [--kernel-cmdline FILE]\n"
	"       earlyseed uninstall [--esp DIR] [--efivars DIR]\n"
	"       earlyseed status [--json] [--esp DIR] [--efivars DIR] [--app PATH] [--cmdline FILE] [--kmsg FILE]\n"
	"\n"
	"replay   executes a script against the Linux v3.17 input pool and its\n"
	"         accounting (core/pool.c, core/credit.c), one command per line, '#'\n"
	"         starts a comment:\n"
	"           reset                  zero pool, add_ptr, input_rotate, counters\n"
	"           mix HEX...             _mix_pool_bytes() of the bytes, e.g. mix 00 7f 80 ff\n"
	"           unmix HEX...           the exact inverse of mix with the same bytes\n"
	"           mixle64 U64...         mix each value as 8 little-endian bytes (0x-hex or decimal)\n"
	"           credit N               es_credit_entropy_bits(input_pool, N), N may be negative\n"
	"           credit_safe N          es_credit_entropy_bits_safe(input_pool, N)\n"
	"           state                  add_ptr=.. input_rotate=.. entropy_count=.. entropy_total=.. initialized=..\n"
	"           dump                   the state line, then the 128 pool words\n"
	"         A bad line prints \"error: line N: why\" on stderr, is skipped, and makes\n"
	"         the exit status 1.\n"
	"simulate replays an early-boot timeline under a kernel's seeding rules and\n"
	"         prints the entropy count each second and when /dev/random unblocks (3.x)\n"
	"         or the crng is ready (6). Defaults: --seconds 60, no rdseed, no hwrng,\n"
	"         no table, both trusts on. --svg also plots all five kernels.\n"
	"inspect  decodes earlyseed's audit record, by default from\n"
	"         " INSPECT_EFIVARFS_PATH "\n"
	"seed     keeps the seed file on the ESP (DIR/" SEEDTOOL_FILE ", or the config's\n"
	"         seed_file; the config is read where the app reads it: beside its image\n"
	"         (--app PATH on the ESP, else the EarlyseedImage variable the app left,\n"
	"         else " SEEDTOOL_APP "), then \\EFI\\earlyseed\\earlyseed.conf;\n"
	"         every path is opened below DIR without following links or entering\n"
	"         another mount, and DIR must be FAT; without --esp, the ESP is found as\n"
	"         bootctl finds it: /efi, /boot, /boot/efi, a FAT mount point on an EFI\n"
	"         System Partition); both first make a token the OS made readable by\n"
	"         root alone again (efivarfs shows it 0644 at every boot):\n"
	"         install  writes a header and 32 bytes from getrandom(2) (mode 0600,\n"
	"                  temporary file, fsync, rename) and creates the EarlyseedToken variable through\n"
	"                  efivarfs when the machine has none (never rewritten);\n"
	"                  --image: for image builders: removes any seed file and writes no\n"
	"                  token, so no two clones share a seed\n"
	"         refresh  once the kernel's pool is ready, hashes the old file with fresh\n"
	"                  getrandom(2) bytes into a new one, atomically, and makes a token\n"
	"                  the OS created readable by root alone again (efivarfs resets it\n"
	"                  at boot); host/earlyseed-seed.service runs it at boot\n"
	"rom      wraps a boot-service driver as a PCI option ROM (PCI Firmware 3.0,\n"
	"         UEFI 2.10 section 14.4.2) claiming VENDOR:DEVICE (default an Intel\n"
	"         e1000, 8086:100e: QEMU -device e1000,romfile=OUT.rom)\n"
	"ffs      wraps the driver as a firmware file (UEFI PI volume 3: a DXE\n"
	"         dependency, the PE32 image, a name and a version) for a platform's\n"
	"         firmware volume; FILE_GUID " FFS_EARLYSEED_GUID "\n"
	"install  puts the app on a mounted ESP as \\EFI\\earlyseed\\earlyseed.efi (from\n"
	"         " INSTALLER_APP_DEFAULT " unless --from), writes a config (in an\n"
	"         existing one, only the --next and --cmdline lines), runs seed install,\n"
	"         and prints the efibootmgr line that would add a boot entry: it\n"
	"         changes no boot entry itself; it refuses a next stage that is not on\n"
	"         the ESP or not an EFI image for the app's architecture. Without --esp\n"
	"         the ESP is found as seed finds it.\n"
	"         --sd-boot: the firmware driver instead (from\n"
	"         " SDBOOT_DRIVER_DEFAULT " unless --from) as\n"
	"         \\EFI\\systemd\\drivers\\earlyseedx64.efi (aa64 on arm64), which\n"
	"         systemd-boot loads before its menu; no boot entry, no seed file; it\n"
	"         writes EarlyseedKernelTrust from /proc/cmdline (or FILE) when the kernel\n"
	"         distrusts the CPU or the boot loader (it can only take trust away)\n"
	"uninstall takes away what install did: boot entries that start the app\n"
	"         (and their numbers in BootOrder), the app, its config and the seed\n"
	"         file, the driver in systemd-boot's folder, EarlyseedKernelTrust,\n"
	"         and a token the OS made (the app's own is boot-service only:\n"
	"         it says how to remove that from the UEFI shell)\n"
	"status   on a running system: was this boot's crng ready at [0.000000], by\n"
	"         what, and will the next boot be seeded? From the audit record\n"
	"         (efivarfs), /proc/cmdline, the kernel's log (/dev/kmsg) and the ESP\n"
	"         (default /boot/efi: the seed file, the token). Exit 0: yes to both;\n"
	"         1: this boot was not seeded at 0 through earlyseed; 3: the next boot\n"
	"         will not be; 4: the kernel's log no longer reaches the boot. --json\n"
	"pe       adds a .sbat section (shim's SBAT table, CSV) to a PE32+ image and,\n"
	"         with --nx, sets NX_COMPAT where every section allows it (the build\n"
	"         runs it on the app and the driver: docs/secure-boot.md)\n";

static char *read_all(const char *path, size_t *len)
{
	FILE *f = (path == NULL || strcmp(path, "-") == 0) ? stdin : fopen(path, "rb");
	char *buf = NULL;
	size_t cap = 0, n = 0;

	if (f == NULL) {
		fprintf(stderr, "earlyseed: cannot open %s: %s\n", path, strerror(errno));
		return NULL;
	}
	for (;;) {
		size_t got;

		if (n == cap) {
			char *nb;

			/* Room for one byte past the limit: a file of exactly
			 * MAX_INPUT bytes is read whole, one byte more is refused. */
			if (cap > MAX_INPUT) {
				fprintf(stderr, "earlyseed: %s: larger than %u bytes\n", path ? path : "stdin",
					MAX_INPUT);
				free(buf);
				buf = NULL;
				break;
			}
			cap = cap ? cap * 2 : 65536;
			if (cap > MAX_INPUT)
				cap = MAX_INPUT + 1u;
			nb = realloc(buf, cap);
			if (nb == NULL) {
				fprintf(stderr, "earlyseed: out of memory\n");
				free(buf);
				buf = NULL;
				break;
			}
			buf = nb;
		}
		got = fread(buf + n, 1, cap - n, f);
		n += got;
		if (got == 0) {
			if (ferror(f)) {
				fprintf(stderr, "earlyseed: cannot read %s: %s\n", path ? path : "stdin",
					strerror(errno));
				free(buf);
				buf = NULL;
			}
			break;
		}
	}
	if (f != stdin)
		fclose(f);
	*len = n;
	return buf;
}

static int cmd_replay(int argc, char **argv)
{
	struct replay r;
	size_t len;
	char *text;
	unsigned long bad;

	if (argc > 2) {
		fputs(usage, stderr);
		return 2;
	}
	text = read_all(argc == 2 ? argv[1] : NULL, &len);
	if (text == NULL)
		return 2;
	replay_reset(&r);
	bad = replay_run(&r, text, len, stdout, stderr);
	free(text);
	return bad == 0 ? 0 : 1;
}

static int parse_count(const char *opt, const char *s, long max, long *v)
{
	char *end;

	errno = 0;
	*v = strtol(s, &end, 10);
	if (errno != 0 || *end != '\0' || end == s || *v < 0 || *v > max) {
		fprintf(stderr, "earlyseed: %s wants a number from 0 to %ld, not '%s'\n", opt, max, s);
		return -1;
	}
	return 0;
}

static int parse_onoff(const char *opt, const char *s, bool *v)
{
	if (strcmp(s, "on") == 0 || strcmp(s, "off") == 0) {
		*v = s[1] == 'n';
		return 0;
	}
	fprintf(stderr, "earlyseed: %s wants on or off, not '%s'\n", opt, s);
	return -1;
}

static int cmd_simulate(int argc, char **argv)
{
	static struct simulate_result res;
	struct simulate_opts o = { ES_CREDIT_KERNEL_6, false, 0, 0, true, true, 60 };
	const char *svg = NULL;
	bool have_kernel = false;

	for (int i = 1; i < argc; i++) {
		const char *opt = argv[i];
		const char *val = i + 1 < argc ? argv[i + 1] : NULL;
		long v;

		if (strcmp(opt, "--help") == 0 || strcmp(opt, "-h") == 0) {
			fputs(usage, stdout);
			fputs("\n", stdout);
			fputs(simulate_assumptions, stdout);
			return 0;
		}
		if (strcmp(opt, "--rdseed") == 0) {
			o.rdseed = true;
			continue;
		}
		if (val == NULL) {
			fprintf(stderr, "earlyseed: %s needs a value (see --help)\n", opt);
			return 2;
		}
		i++;
		if (strcmp(opt, "--kernel") == 0) {
			if (!simulate_parse_kernel(val, &o.kernel)) {
				fprintf(stderr, "earlyseed: --kernel wants 3.14, 3.15, 3.16, 3.17 or 6, not '%s'\n", val);
				return 2;
			}
			have_kernel = true;
		} else if (strcmp(opt, "--hwrng") == 0) {
			if (parse_count(opt, val, 1L << 30, &v) != 0)
				return 2;
			o.hwrng = (size_t)v;
		} else if (strcmp(opt, "--table") == 0) {
			if (parse_count(opt, val, 1L << 30, &v) != 0)
				return 2;
			o.table = (size_t)v;
		} else if (strcmp(opt, "--seconds") == 0) {
			if (parse_count(opt, val, SIMULATE_MAX_SECONDS, &v) != 0)
				return 2;
			o.seconds = (int)v;
		} else if (strcmp(opt, "--trust-bootloader") == 0) {
			if (parse_onoff(opt, val, &o.trust_bootloader) != 0)
				return 2;
		} else if (strcmp(opt, "--trust-cpu") == 0) {
			if (parse_onoff(opt, val, &o.trust_cpu) != 0)
				return 2;
		} else if (strcmp(opt, "--svg") == 0) {
			svg = val;
		} else {
			fprintf(stderr, "earlyseed: unknown option %s (see --help)\n", opt);
			return 2;
		}
	}
	if (!have_kernel) {
		fprintf(stderr, "earlyseed: simulate needs --kernel (see --help)\n");
		return 2;
	}
	simulate_run(&o, &res, stdout);
	if (svg != NULL) {
		if (simulate_svg(&o, svg) != 0) {
			fprintf(stderr, "earlyseed: cannot write %s: %s\n", svg, strerror(errno));
			return 1;
		}
		printf("svg: %s\n", svg);
	}
	return 0;
}

static int cmd_inspect(int argc, char **argv)
{
	const char *path = argc == 2 ? argv[1] : INSPECT_EFIVARFS_PATH;
	size_t len;
	char *buf;
	int rc;

	if (argc > 2) {
		fputs(usage, stderr);
		return 2;
	}
	buf = read_all(path, &len);
	if (buf == NULL) {
		if (argc < 2)
			fprintf(stderr, "earlyseed: no audit record: was this boot started through earlyseed, "
					"and is efivarfs mounted?\n");
		return 1;
	}
	rc = inspect_print((const uint8_t *)buf, len, stdout, stderr);
	free(buf);
	return rc;
}

/* No --esp: the ESP as bootctl finds it, said on stdout; NULL after a
 * message on stderr. */
static const char *find_esp(void)
{
	static char found[4096];

	if (esp_find(NULL, found, sizeof(found), stderr) != 0)
		return NULL;
	printf("esp: %s\n", found);
	return found;
}

static int cmd_seed(int argc, char **argv)
{
	struct seedtool_opts o = { 0 };

	o.random = seedtool_getrandom;
	o.any_fs = installer_any_fs();
	if (argc < 2 || (strcmp(argv[1], "install") != 0 && strcmp(argv[1], "refresh") != 0)) {
		fprintf(stderr, "earlyseed: seed wants install or refresh\n%s", usage);
		return 2;
	}
	o.refresh = strcmp(argv[1], "refresh") == 0;
	for (int i = 2; i < argc; i++) {
		if (strcmp(argv[i], "--image") == 0 && !o.refresh) {
			o.image = true;
		} else if (strcmp(argv[i], "--esp") == 0 && i + 1 < argc) {
			o.esp = argv[++i];
		} else if (strcmp(argv[i], "--efivars") == 0 && i + 1 < argc) {
			o.efivars = argv[++i];
		} else if (strcmp(argv[i], "--app") == 0 && i + 1 < argc) {
			o.app = argv[++i];
		} else {
			fprintf(stderr, "earlyseed: seed %s: unknown or incomplete option %s\n%s", argv[1], argv[i], usage);
			return 2;
		}
	}
	/* Without --esp, seedtool_run finds it (after the token and the
	 * kernel's trust, which need none). */
	return seedtool_run(&o, stdout, stderr);
}

static int parse_hex(const char *opt, const char *s, unsigned long max, unsigned long *v)
{
	char *end;

	errno = 0;
	*v = strtoul(s, &end, 0);
	if (errno != 0 || *end != '\0' || end == s || *v > max) {
		fprintf(stderr, "earlyseed: %s wants a number up to 0x%lx, not '%s'\n", opt, max, s);
		return -1;
	}
	return 0;
}

/* Write n bytes to path; 0, or -1 after a message. */
static int write_file(const char *path, const uint8_t *p, size_t n)
{
	FILE *f = fopen(path, "wb");
	bool written;

	if (f == NULL) {
		fprintf(stderr, "earlyseed: cannot write %s: %s\n", path, strerror(errno));
		return -1;
	}
	written = fwrite(p, 1, n, f) == n;
	if (fclose(f) != 0 || !written) {
		fprintf(stderr, "earlyseed: cannot write %s: %s\n", path, strerror(errno));
		return -1;
	}
	return 0;
}

static int cmd_rom(int argc, char **argv)
{
	struct rom_id id = { 0x8086, 0x100e, 0x020000 };
	const char *in = NULL, *outp = NULL, *why = NULL;
	uint8_t *rom = NULL;
	size_t len, romlen;
	char *pe;
	int rc = 1;

	for (int i = 1; i < argc; i++) {
		unsigned long v;

		if ((strcmp(argv[i], "--vendor") == 0 || strcmp(argv[i], "--device") == 0) && i + 1 < argc) {
			if (parse_hex(argv[i], argv[i + 1], 0xffff, &v) != 0)
				return 2;
			*(argv[i][2] == 'v' ? &id.vendor : &id.device) = (uint16_t)v;
			i++;
		} else if (strcmp(argv[i], "--class") == 0 && i + 1 < argc) {
			if (parse_hex(argv[i], argv[i + 1], 0xffffff, &v) != 0)
				return 2;
			id.class_code = (uint32_t)v;
			i++;
		} else if (in == NULL && argv[i][0] != '-') {
			in = argv[i];
		} else if (outp == NULL && argv[i][0] != '-') {
			outp = argv[i];
		} else {
			fprintf(stderr, "earlyseed: rom: unexpected %s\n%s", argv[i], usage);
			return 2;
		}
	}
	if (in == NULL || outp == NULL) {
		fprintf(stderr, "earlyseed: rom needs DRIVER.efi and OUT.rom\n");
		return 2;
	}
	pe = read_all(in, &len);
	if (pe == NULL)
		return 1;
	if (romtool_build((const uint8_t *)pe, len, &id, &rom, &romlen, &why) != 0) {
		fprintf(stderr, "earlyseed: rom: %s: %s\n", in, why);
		free(pe);
		return 1;
	}
	if (write_file(outp, rom, romlen) == 0) {
		printf("rom: %s: %zu bytes, %04x:%04x, class %06x\n", outp, romlen, id.vendor, id.device,
		       (unsigned int)id.class_code);
		rc = 0;
	}
	free(rom);
	free(pe);
	return rc;
}

/* `earlyseed ffs DRIVER.efi OUT.ffs [--version V]`: the driver as a
 * firmware file for a platform's firmware volume (host/ffstool.c). */
static int cmd_ffs(int argc, char **argv)
{
	const char *in = NULL, *outp = NULL, *version = "1.0", *depex = NULL, *why = NULL;
	uint8_t *ffs = NULL, dx[FFS_DEPEX_LEN];
	size_t len, ffslen;
	char *pe;
	int rc = 1;

	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--version") == 0 && i + 1 < argc)
			version = argv[++i];
		else if (strcmp(argv[i], "--depex") == 0 && i + 1 < argc)
			depex = argv[++i];
		else if (in == NULL && argv[i][0] != '-')
			in = argv[i];
		else if (outp == NULL && argv[i][0] != '-')
			outp = argv[i];
		else {
			fprintf(stderr, "earlyseed: ffs: unexpected %s\n%s", argv[i], usage);
			return 2;
		}
	}
	if (in == NULL || outp == NULL) {
		fprintf(stderr, "earlyseed: ffs needs DRIVER.efi and OUT.ffs\n");
		return 2;
	}
	pe = read_all(in, &len);
	if (pe == NULL)
		return 1;
	if (ffstool_build((const uint8_t *)pe, len, version, &ffs, &ffslen, &why) != 0) {
		fprintf(stderr, "earlyseed: ffs: %s: %s\n", in, why);
		free(pe);
		return 1;
	}
	ffstool_depex(dx);
	if (write_file(outp, ffs, ffslen) == 0 && (depex == NULL || write_file(depex, dx, sizeof(dx)) == 0)) {
		printf("%s: %zu bytes, FILE_GUID %s, DXE driver \"%s\" %s\n", outp, ffslen, FFS_EARLYSEED_GUID, FFS_UI_NAME,
		       version);
		rc = 0;
	}
	free(ffs);
	free(pe);
	return rc;
}

/* `earlyseed pe --sbat CSV [--nx] IN OUT` (docs/secure-boot.md "Secure Boot"). */
static int cmd_pe(int argc, char **argv)
{
	const char *in = NULL, *outp = NULL, *csvp = NULL, *why = NULL;
	char *img, *csv;
	uint8_t *out = NULL;
	size_t len, csvlen, outlen;
	bool nx = false, nx_set = false;
	int rc = 1;

	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--sbat") == 0 && i + 1 < argc)
			csvp = argv[++i];
		else if (strcmp(argv[i], "--nx") == 0)
			nx = true;
		else if (in == NULL && argv[i][0] != '-')
			in = argv[i];
		else if (outp == NULL && argv[i][0] != '-')
			outp = argv[i];
		else {
			fprintf(stderr, "earlyseed: pe: unexpected %s\n%s", argv[i], usage);
			return 2;
		}
	}
	if (in == NULL || outp == NULL || csvp == NULL) {
		fprintf(stderr, "earlyseed: pe needs --sbat CSV, IN.efi and OUT.efi\n");
		return 2;
	}
	img = read_all(in, &len);
	if (img == NULL)
		return 1;
	csv = read_all(csvp, &csvlen);
	if (csv == NULL) {
		free(img);
		return 1;
	}
	if (petool_seal((const uint8_t *)img, len, (const uint8_t *)csv, csvlen, nx, &out, &outlen, &nx_set, &why) != 0)
		fprintf(stderr, "earlyseed: pe: %s: %s\n", in, why);
	else if (write_file(outp, out, outlen) == 0) {
		printf("pe: %s: .sbat added (%zu bytes)%s\n", outp, csvlen,
		       nx_set ? ", NX_COMPAT set" : nx ? ", NX_COMPAT not set: a section is writable and executable, or not page-aligned" : "");
		rc = 0;
	}
	free(out);
	free(csv);
	free(img);
	return rc;
}

static int cmd_install(int argc, char **argv)
{
	struct installer_opts o = { 0 };

	for (int i = 1; i < argc; i++) {
		const char **opt = strcmp(argv[i], "--esp") == 0	   ? &o.esp
				   : strcmp(argv[i], "--from") == 0    ? &o.from
				   : strcmp(argv[i], "--next") == 0    ? &o.next
				   : strcmp(argv[i], "--cmdline") == 0 ? &o.cmdline
				   : strcmp(argv[i], "--efivars") == 0 ? &o.efivars
				   : strcmp(argv[i], "--kernel-cmdline") == 0 ? &o.cmdline_file
								       : NULL;

		if (strcmp(argv[i], "--sd-boot") == 0) {
			o.sd_boot = true;
			continue;
		}
		if (opt == NULL || i + 1 >= argc) {
			fprintf(stderr, "earlyseed: install: unknown or incomplete option %s\n%s", argv[i], usage);
			return 2;
		}
		*opt = argv[++i];
	}
	if (o.esp == NULL) {
		o.esp = find_esp();
		if (o.esp == NULL)
			return 1;
	}
	return o.sd_boot ? sdboot_install(&o, stdout, stderr) : installer_run(&o, stdout, stderr);
}

/* `earlyseed uninstall [--esp DIR] [--efivars DIR]`: the way out. */
static int cmd_uninstall(int argc, char **argv)
{
	struct uninstaller_opts o = { 0 };

	for (int i = 1; i < argc; i++) {
		const char **opt = strcmp(argv[i], "--esp") == 0       ? &o.esp
				   : strcmp(argv[i], "--efivars") == 0 ? &o.efivars
								       : NULL;

		if (opt == NULL || i + 1 >= argc) {
			fprintf(stderr, "earlyseed: uninstall: unknown or incomplete option %s\n%s", argv[i], usage);
			return 2;
		}
		*opt = argv[++i];
	}
	o.any_fs = installer_any_fs();
	if (o.esp == NULL) {
		o.esp = find_esp();
		if (o.esp == NULL)
			return 1;
	}
	return uninstaller_run(&o, stdout, stderr);
}

static int cmd_status(int argc, char **argv)
{
	struct status_opts o = { 0 };

	for (int i = 1; i < argc; i++) {
		const char **opt = strcmp(argv[i], "--esp") == 0	   ? &o.esp
				   : strcmp(argv[i], "--efivars") == 0 ? &o.efivars
				   : strcmp(argv[i], "--cmdline") == 0 ? &o.cmdline
				   : strcmp(argv[i], "--kmsg") == 0    ? &o.kmsg
				   : strcmp(argv[i], "--app") == 0     ? &o.app
								       : NULL;

		if (strcmp(argv[i], "--json") == 0) {
			o.json = true;
		} else if (opt != NULL && i + 1 < argc) {
			*opt = argv[++i];
		} else {
			fprintf(stderr, "earlyseed: status: unknown or incomplete option %s\n%s", argv[i], usage);
			return STATUS_USAGE;
		}
	}
	return status_run(&o, stdout, stderr);
}

static int run(int argc, char **argv)
{
	if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
	    strcmp(argv[1], "help") == 0) {
		fputs(usage, argc < 2 ? stderr : stdout);
		return argc < 2 ? 2 : 0;
	}
	if (strcmp(argv[1], "replay") == 0)
		return cmd_replay(argc - 1, argv + 1);
	if (strcmp(argv[1], "simulate") == 0)
		return cmd_simulate(argc - 1, argv + 1);
	if (strcmp(argv[1], "inspect") == 0)
		return cmd_inspect(argc - 1, argv + 1);
	if (strcmp(argv[1], "seed") == 0)
		return cmd_seed(argc - 1, argv + 1);
	if (strcmp(argv[1], "ffs") == 0)
		return cmd_ffs(argc - 1, argv + 1);
	if (strcmp(argv[1], "rom") == 0)
		return cmd_rom(argc - 1, argv + 1);
	if (strcmp(argv[1], "pe") == 0)
		return cmd_pe(argc - 1, argv + 1);
	if (strcmp(argv[1], "status") == 0)
		return cmd_status(argc - 1, argv + 1);
	if (strcmp(argv[1], "install") == 0)
		return cmd_install(argc - 1, argv + 1);
	if (strcmp(argv[1], "uninstall") == 0)
		return cmd_uninstall(argc - 1, argv + 1);
	fprintf(stderr, "earlyseed: unknown command '%s'\n%s", argv[1], usage);
	return 2;
}

int main(int argc, char **argv)
{
	int rc = run(argc, argv);

	/* Output that never arrived (a full disk, a closed pipe) is a failure,
	 * not a success with nothing to show. */
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "earlyseed: cannot write the output: %s\n", strerror(errno));
		return rc != 0 ? rc : 1;
	}
	return rc;
}
