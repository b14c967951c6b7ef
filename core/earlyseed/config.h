/* SPDX-License-Identifier: MIT */
/* Part of core/earlyseed.h: the config file (core/config.c). Include core/earlyseed.h, never this. */
#ifndef EARLYSEED_CORE_EARLYSEED_H
#error "include core/earlyseed.h, the engine's one public header"
#endif
#ifndef EARLYSEED_CORE_EARLYSEED_CONFIG_H
#define EARLYSEED_CORE_EARLYSEED_CONFIG_H

/* ==== the config file ======================================================= */

/* Where the app looks, on its own volume, after the file beside its own
 * image (es_config_path_beside; docs/installing.md "Installing it"). */
#define ES_CONFIG_PATH "\\EFI\\earlyseed\\earlyseed.conf"
#define ES_CONFIG_FILE_NAME "earlyseed.conf"
/* Default next stage: systemd-boot's and the stub's usual place is the user's
 * choice, so the default is a fixed name beside the config file. */
#define ES_CONFIG_DEFAULT_NEXT "\\EFI\\earlyseed\\next.efi"

/* The seed file kept across reboots, on the app's own volume (a second ESP
 * has its own; systemd#43818 refreshed the wrong one). "none" turns it off. */
#define ES_CONFIG_DEFAULT_SEED_FILE "\\EFI\\earlyseed\\random-seed"

/* A config file is a few lines; anything larger is not a config file. */
#define ES_CONFIG_MAX_FILE 65536
/* Longest accepted line, without its line ending. */
#define ES_CONFIG_MAX_LINE 4608
/* Field capacities, terminating NUL included. */
#define ES_CONFIG_NEXT_MAX 256u
/* Linux takes 2048 bytes of command line on x86 and arm64 (COMMAND_LINE_SIZE,
 * arch/x86/include/asm/setup.h; arch/arm64/include/uapi/asm/setup.h) and up
 * to 4096 elsewhere: earlyseed takes whatever any of them takes. A longer
 * line leaves the next stage with no command line, and says so. */
#define ES_CONFIG_CMDLINE_MAX 4096

/* `verbose`: what a boot prints (docs/app.md "What the app does, and what it
 * prints"): the build's default, or every line, the summary and warnings,
 * warnings only. */
enum es_config_verbose { ES_VERBOSE_DEFAULT = 0, ES_VERBOSE_YES, ES_VERBOSE_NO, ES_VERBOSE_QUIET };
/* `vmgenid`: check (a seed file written under another VM generation ID does
 * not count: a clone, a reverted snapshot), mix (mixed only: for hosts that
 * change the ID at every start, QEMU's guid=auto), off (not read). */
enum es_config_vmgenid { ES_VMGENID_CHECK = 0, ES_VMGENID_MIX, ES_VMGENID_OFF };

struct es_config {
	char next[ES_CONFIG_NEXT_MAX];       /* absolute path, '\' separators */
	char cmdline[ES_CONFIG_CMDLINE_MAX]; /* ASCII, passed as UTF-16 LoadOptions */
	char seed_file[ES_CONFIG_NEXT_MAX];  /* absolute path, or "" (none) */
	/* `initrd`: a file on earlyseed's volume served to the next stage (a
	 * kernel) through EFI_LOAD_FILE2_PROTOCOL on the LINUX_EFI_INITRD_MEDIA_GUID
	 * device path, as systemd-boot and GRUB serve it; "" (none, the default) */
	char initrd[ES_CONFIG_NEXT_MAX];
	uint8_t verbose;                     /* enum es_config_verbose */
	bool tpm_off;                        /* `tpm = off`: the TPM is not asked */
	uint8_t vmgenid;                     /* enum es_config_vmgenid */
	/* `disk_token = count` in the ESP's config: read so it can be named,
	 * never applied (the choice is the image's: struct es_sealed) */
	bool disk_token;
};

/*
 * The owner's choices, sealed into the app's image (Hardening V, 5). What
 * the ESP must not decide: an ESP writer controls earlyseed.conf and, on a
 * board whose firmware keeps its variables on that disk (U-Boot's
 * \ubootefi.var), the token too; `disk_token = count` in the config would
 * let them plant a token, a seed file sealed with it and the setting, and
 * be credited 256 bits they know. The choice lives in the image itself:
 * one struct es_sealed in the app's data, which `earlyseed seal` finds in
 * the file by its magic and writes before the image is signed (a Secure
 * Boot signature then covers it). Little-endian, as every target is.
 */
#define ES_SEALED_MAGIC { 'E', 'S', 'S', 'E', 'A', 'L', 'E', 'D', 0x7a, 0x3c, 0x91, 0xe4, 0x0b, 0x5d, 0xc6, 0x28 }
#define ES_SEALED_MAGIC_LEN 16u
#define ES_SEALED_VERSION 1u
#define ES_SEALED_F_DISK_TOKEN_COUNT 0x1u /* a token the firmware keeps on the disk counts */
#define ES_SEALED_F_ALL ES_SEALED_F_DISK_TOKEN_COUNT
struct es_sealed {
	uint8_t magic[ES_SEALED_MAGIC_LEN];
	uint32_t version; /* ES_SEALED_VERSION */
	uint32_t flags;   /* ES_SEALED_F_* */
};
_Static_assert(sizeof(struct es_sealed) == 24, "struct es_sealed is 24 bytes");
_Static_assert(offsetof(struct es_sealed, version) == 16, "es_sealed.version at 16");
_Static_assert(offsetof(struct es_sealed, flags) == 20, "es_sealed.flags at 20");

/* Called once per problem; line is 1-based, 0 for the file as a whole. */
typedef void (*es_config_warn_fn)(void *ctx, unsigned int line, const char *why);

void es_config_defaults(struct es_config *c);

/*
 * The config file beside an image: "\EFI\x\a.efi" -> "\EFI\x\earlyseed.conf"
 * ('/' taken as '\'). Lets two earlyseed instances on one volume each have
 * their own. Returns 0, or -1 when the result does not fit in cap or the
 * image path is empty or not absolute (out is then "").
 */
int es_config_path_beside(const char *image_path, char *out, size_t cap);

/* Where the app looks for its config, in order (docs/app.md "The config file"):
 * beside its own image (es_config_path_beside), then ES_CONFIG_PATH; the OS
 * side (`earlyseed seed`) looks in the same places. Returns how many: 1 when
 * self_path gives no other place than ES_CONFIG_PATH. */
#define ES_CONFIG_PLACES 2u
unsigned int es_config_places(const char *self_path, char places[ES_CONFIG_PLACES][ES_CONFIG_NEXT_MAX]);
/* Do two absolute paths name one file on FAT (ASCII case folded, '/' and
 * '\' the same; FAT 32 section 6: names are compared without case)? */
int es_config_same_path(const char *a, const char *b);
/*
 * The seed file is rewritten at every boot: it must not be a file the boot
 * needs. Returns NULL when c->seed_file is off or names none of them; else
 * what it names ("the next stage", "the initrd", "earlyseed's own image",
 * "a config file"), and the caller turns the seed file off. self_path: earlyseed's own
 * image on its volume (NULL when unknown).
 */
const char *es_config_seed_file_clash(const struct es_config *c, const char *self_path);

/*
 * Parse `key = value` lines into *c, which should hold the defaults first.
 * Keys: next, cmdline, seed_file and initrd (a path or "none"), verbose (yes, no, quiet),
 * tpm (on, off), vmgenid (check, mix, off). Blank lines and lines whose first non-blank byte is
 * '#' are skipped; CR before LF is dropped; blanks around key and value are
 * trimmed; a later line wins over an earlier one. A bad line (unknown key, no
 * '=', over ES_CONFIG_MAX_LINE, a byte outside printable ASCII and tab, a value
 * that does not fit) is reported through warn (may be NULL) and skipped; a
 * file over ES_CONFIG_MAX_FILE or in UTF-16 is reported and not read at all.
 * Never fails: returns the number of problems reported.
 */
unsigned int es_config_parse(struct es_config *c, const uint8_t *buf, size_t len,
			  es_config_warn_fn warn, void *ctx);

#endif
