/* SPDX-License-Identifier: MIT */
/* Part of core/earlyseed.h: trust: what the next kernel will credit (core/trust.c). Include core/earlyseed.h, never this. */
#ifndef EARLYSEED_CORE_EARLYSEED_H
#error "include core/earlyseed.h, the engine's one public header"
#endif
#ifndef EARLYSEED_CORE_EARLYSEED_TRUST_H
#define EARLYSEED_CORE_EARLYSEED_TRUST_H

/* ---- trust (what the next kernel will credit) --------------------------- */

struct es_trust {
	bool cpu;        /* random.trust_cpu: the kernel credits RDSEED/RDRAND itself */
	bool bootloader; /* random.trust_bootloader: the kernel credits the seed table */
	bool cpu_set;    /* the command line named random.trust_cpu (a valid value) */
	bool bootloader_set;
};

/* Both on: Linux >= 6.2, and Debian 12's 6.1 (CONFIG_RANDOM_TRUST_CPU=y,
 * CONFIG_RANDOM_TRUST_BOOTLOADER=y; drivers/char/random.c). */
void es_trust_defaults(struct es_trust *t);
/*
 * Apply the kernel command line cmdline (ASCII, NUL-terminated) to *t as
 * Linux parses early parameters: lib/cmdline.c next_arg() (quotes, blanks),
 * kernel/params.c parameq() ('-' equals '_'), parsing stops at "--", each
 * occurrence of random.trust_cpu= / random.trust_bootloader= goes through
 * lib/kstrtox.c kstrtobool() and a rejected value leaves the setting as it
 * was (drivers/char/random.c parse_trust_cpu()). The last one wins.
 */
void es_trust_parse(struct es_trust *t, const char *cmdline);
/* COMMAND_LINE_SIZE on x86 and arm64 (arch/x86/include/asm/setup.h,
 * arch/arm64/include/uapi/asm/setup.h); a kernel before 5.8 keeps
 * COMMAND_LINE_SIZE - 1 bytes of a longer line, a stub from 5.8 on cuts it
 * at a blank (es_trust_stub_cut). es_trust_parse() judges a long line as
 * each of them would, and whole, and takes the cautious settings. */
#define ES_KERNEL_CMDLINE_SIZE 2048u
#define ES_KERNEL_CMDLINE_KEPT (ES_KERNEL_CMDLINE_SIZE - 1u)
/* The most any kernel may trust under cmdline (every view, a disputed value
 * read as trust): what a pool that kernel made ready may rest on. The OS
 * side claims a pool free of the CPU's bytes only when even this says the
 * CPU is not trusted. */
void es_trust_parse_most(struct es_trust *t, const char *cmdline);
/* How many bytes of an ASCII line of len bytes Linux >= 5.8's EFI stub
 * passes on (efi_convert_cmdline()). */
size_t es_trust_stub_cut(const char *cmd, size_t len);
/* kstrtobool(): 1 true, 0 false, -1 rejected. */
int es_trust_kstrtobool(const char *s);

/*
 * What the running kernel trusts, kept for a firmware driver that sees no
 * command line (systemd-boot loads it from \EFI\systemd\drivers\ before
 * its menu): the non-volatile variable EarlyseedKernelTrust under
 * earlyseed's vendor GUID, written by the OS service from /proc/cmdline.
 * It can only take trust away: a driver applies its bits to the trust it was
 * built with, and a variable it cannot read costs the CPU's credit.
 *   0  4 bytes  ES_TRUST_VAR_MAGIC
 *   4  u8       version, ES_TRUST_VAR_VERSION
 *   5  u8       flags: ES_TRUST_VAR_F_NO_CPU, ES_TRUST_VAR_F_NO_BOOTLOADER
 *   6  u16      reserved, 0
 */
#define ES_TRUST_VAR_LEN 8u
#define ES_TRUST_VAR_MAGIC "ESKT"
#define ES_TRUST_VAR_VERSION 1u
/* The kernel runs with random.trust_cpu off: count no CPU source. */
#define ES_TRUST_VAR_F_NO_CPU 0x1u
/* ... with random.trust_bootloader off: it will not credit the table. Said,
 * never applied: believing it would install a table below the gate for a
 * next kernel that may credit it (es_trust_var_apply). */
#define ES_TRUST_VAR_F_NO_BOOTLOADER 0x2u
#define ES_TRUST_VAR_F_ALL 0x3u
/* What a variable read back said. */
enum es_trust_var {
	ES_TRUST_VAR_NONE = 0, /* no variable: nothing changed */
	ES_TRUST_VAR_OK,       /* its flags applied */
	ES_TRUST_VAR_BAD       /* malformed: the CPU is not trusted */
};
/* Encode the flags that trust t (es_trust_parse: the cautious view) implies. */
void es_trust_var_encode(const struct es_trust *t, uint8_t out[ES_TRUST_VAR_LEN]);
/* Apply the variable's n bytes at p (NULL or n 0: none) to *t: only the
 * CPU's trust ever goes away. */
enum es_trust_var es_trust_var_apply(struct es_trust *t, const void *p, size_t n);

#endif
