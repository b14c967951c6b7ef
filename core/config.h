/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_CORE_CONFIG_H
#define EARLYSEED_CORE_CONFIG_H

#include <stddef.h>
#include <stdint.h>

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

struct es_config {
	char next[ES_CONFIG_NEXT_MAX];       /* absolute path, '\' separators */
	char cmdline[ES_CONFIG_CMDLINE_MAX]; /* ASCII, passed as UTF-16 LoadOptions */
	char seed_file[ES_CONFIG_NEXT_MAX];  /* absolute path, or "" (none) */
	uint8_t verbose;                     /* enum es_config_verbose */
};

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
 * what it names ("the next stage", "earlyseed's own image", "a config
 * file"), and the caller turns the seed file off. self_path: earlyseed's own
 * image on its volume (NULL when unknown).
 */
const char *es_config_seed_file_clash(const struct es_config *c, const char *self_path);

/*
 * Parse `key = value` lines into *c, which should hold the defaults first.
 * Keys: next, cmdline, seed_file (a path or "none"), verbose (yes, no, quiet). Blank lines and lines whose first non-blank byte is
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
