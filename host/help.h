/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_HOST_HELP_H
#define EARLYSEED_HOST_HELP_H

/* What `earlyseed --help` says of each command, after the synopses the
 * command table (host/main.c) prints: one paragraph a command. */
#include "ffstool.h"
#include "inspect.h"
#include "installer.h"
#include "sdboot.h"
#include "seedopts.h"

#define HELP_REPLAY \
	"replay   executes a script against the Linux v3.17 input pool and its\n" \
	"         accounting (core/pool.c, core/credit.c), one command per line, '#'\n" \
	"         starts a comment:\n" \
	"           reset                  zero pool, add_ptr, input_rotate, counters\n" \
	"           mix HEX...             _mix_pool_bytes() of the bytes, e.g. mix 00 7f 80 ff\n" \
	"           unmix HEX...           the exact inverse of mix with the same bytes\n" \
	"           mixle64 U64...         mix each value as 8 little-endian bytes (0x-hex or decimal)\n" \
	"           credit N               es_credit_entropy_bits(input_pool, N), N may be negative\n" \
	"           credit_safe N          es_credit_entropy_bits_safe(input_pool, N)\n" \
	"           state                  add_ptr=.. input_rotate=.. entropy_count=.. entropy_total=.. initialized=..\n" \
	"           dump                   the state line, then the 128 pool words\n" \
	"         A bad line prints \"error: line N: why\" on stderr, is skipped, and makes\n" \
	"         the exit status 1.\n"
#define HELP_SIMULATE \
	"simulate replays an early-boot timeline under a kernel's seeding rules and\n" \
	"         prints the entropy count each second and when /dev/random unblocks (3.x)\n" \
	"         or the crng is ready (6). Defaults: --seconds 60, no rdseed, no hwrng,\n" \
	"         no table, both trusts on. --svg also plots all five kernels.\n"
#define HELP_INSPECT \
	"inspect  decodes earlyseed's audit record, by default from\n" \
	"         " INSPECT_EFIVARFS_PATH "\n"
#define HELP_SEED \
	"seed     keeps the seed file on the ESP (DIR/" SEEDTOOL_FILE ", or the config's\n" \
	"         seed_file; the config is read where the app reads it: beside its image\n" \
	"         (--app PATH on the ESP, else the EarlyseedImage variable the app left,\n" \
	"         else " SEEDTOOL_APP "), then \\EFI\\earlyseed\\earlyseed.conf;\n" \
	"         every path is opened below DIR without following links or entering\n" \
	"         another mount, and DIR must be FAT; without --esp, the ESP is found as\n" \
	"         bootctl finds it: /efi, /boot, /boot/efi, a FAT mount point on an EFI\n" \
	"         System Partition); both first make a token the OS made readable by\n" \
	"         root alone again (efivarfs shows it 0644 at every boot):\n" \
	"         install  writes a header and 32 bytes from getrandom(2) (mode 0600,\n" \
	"                  temporary file, fsync, rename) and creates the EarlyseedToken variable through\n" \
	"                  efivarfs when the machine has none (never rewritten);\n" \
	"                  --image: for image builders: removes any seed file and writes no\n" \
	"                  token, so no two clones share a seed\n" \
	"         refresh  once the kernel's pool is ready, hashes the old file with fresh\n" \
	"                  getrandom(2) bytes into a new one, atomically, and makes a token\n" \
	"                  the OS created readable by root alone again (efivarfs resets it\n" \
	"                  at boot); host/earlyseed-seed.service runs it at boot\n"
#define HELP_ROM \
	"rom      wraps a boot-service driver as a PCI option ROM (PCI Firmware 3.0,\n" \
	"         UEFI 2.10 section 14.4.2) claiming VENDOR:DEVICE (default an Intel\n" \
	"         e1000, 8086:100e: QEMU -device e1000,romfile=OUT.rom)\n"
#define HELP_FFS \
	"ffs      wraps the driver as a firmware file (UEFI PI volume 3: a DXE\n" \
	"         dependency, the PE32 image, a name and a version) for a platform's\n" \
	"         firmware volume; FILE_GUID " FFS_EARLYSEED_GUID "\n"
#define HELP_INSTALL \
	"install  puts the app on a mounted ESP as \\EFI\\earlyseed\\earlyseed.efi (from\n" \
	"         " INSTALLER_APP_DEFAULT " unless --from), writes a config (in an\n" \
	"         existing one, only the --next and --cmdline lines), runs seed install,\n" \
	"         and prints the efibootmgr line that would add a boot entry: it\n" \
	"         changes no boot entry itself; it refuses a next stage that is not on\n" \
	"         the ESP or not an EFI image for the app's architecture. Without --esp\n" \
	"         the ESP is found as seed finds it; --kernel-cmdline FILE is read\n" \
	"         instead of /proc/cmdline for the running kernel's trust.\n" \
	"         --sd-boot: the firmware driver instead (from\n" \
	"         " SDBOOT_DRIVER_DEFAULT " unless --from) as\n" \
	"         \\EFI\\systemd\\drivers\\earlyseedx64.efi (aa64 on arm64), which\n" \
	"         systemd-boot loads before its menu; no boot entry, no seed file; it\n" \
	"         writes EarlyseedKernelTrust from /proc/cmdline (or FILE) when the kernel\n" \
	"         distrusts the CPU or the boot loader (it can only take trust away)\n"
#define HELP_UNINSTALL \
	"uninstall takes away what install did: boot entries that start the app\n" \
	"         (and their numbers in BootOrder), the app, its config and the seed\n" \
	"         file, the driver in systemd-boot's folder, EarlyseedKernelTrust,\n" \
	"         and a token the OS made (the app's own is boot-service only:\n" \
	"         it says how to remove that from the UEFI shell)\n"
#define HELP_UPDATE \
	"update   brings what install put on the ESP (the app, the driver) to this\n" \
	"         package's version: each image there is replaced by the one in\n" \
	"         /usr/lib/earlyseed (--from; a .efi.signed beside it preferred) only\n" \
	"         when that one is newer, never downgraded, its sealed settings kept;\n" \
	"         the config and the seed file are not touched. --graceful: no ESP,\n" \
	"         or nothing installed on it, is not an error (the package's\n" \
	"         postinst and the boot service run it so)\n"
#define HELP_STATUS \
	"status   on a running system: was this boot's crng ready at [0.000000], by\n" \
	"         what, and will the next boot be seeded? From the audit record\n" \
	"         (efivarfs), /proc/cmdline, the kernel's log (/dev/kmsg) and the ESP\n" \
	"         (default /boot/efi: the seed file, the token). Exit 0: yes to both;\n" \
	"         1: this boot was not seeded at 0 through earlyseed; 3: the next boot\n" \
	"         will not be; 4: what it needs cannot be read (the kernel's log\n" \
	"         without root, or no longer reaching the boot): unknown, never a\n" \
	"         guess. --json prints the same as one JSON object (--json=pretty\n" \
	"         indented); it names the installed images' versions and the\n" \
	"         package's when they differ (earlyseed update)\n"
#define HELP_PE \
	"pe       adds a .sbat section (shim's SBAT table, CSV) to a PE32+ image and,\n" \
	"         with --nx, sets NX_COMPAT where every section allows it (the build\n" \
	"         runs it on the app and the driver: docs/secure-boot.md)\n"
#define HELP_SEAL \
	"seal     writes the owner's choices into an image of the app, before it is\n" \
	"         signed: --disk-token count counts a token the firmware keeps on the\n" \
	"         disk (U-Boot's \\ubootefi.var), which earlyseed.conf cannot say\n"

#endif
