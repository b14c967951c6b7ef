/* SPDX-License-Identifier: MIT */
/* es_config_parse(): every malformed input is reported and never fatal. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/earlyseed.h"
#include "../check.h"

struct warnings {
	unsigned int n;
	unsigned int lines[16];
	char last[128];
};

static void collect(void *ctx, unsigned int line, const char *why)
{
	struct warnings *w = ctx;

	if (w->n < 16)
		w->lines[w->n] = line;
	w->n++;
	snprintf(w->last, sizeof(w->last), "%s", why);
}

static unsigned int parse(struct es_config *c, const char *text, struct warnings *w)
{
	memset(w, 0, sizeof(*w));
	es_config_defaults(c);
	return es_config_parse(c, (const uint8_t *)text, strlen(text), collect, w);
}

static void test_defaults(void)
{
	struct es_config c;

	es_config_defaults(&c);
	CHECK(strcmp(c.next, ES_CONFIG_DEFAULT_NEXT) == 0);
	CHECK(c.cmdline[0] == '\0');
	CHECK(strcmp(c.seed_file, "\\EFI\\earlyseed\\random-seed") == 0);
}

static void test_seed_file_key(void)
{
	struct es_config c;
	struct warnings w;

	CHECK(parse(&c, "seed_file = /loader/random-seed\n", &w) == 0);
	CHECK(strcmp(c.seed_file, "\\loader\\random-seed") == 0);
	CHECK(parse(&c, "seed_file = none\n", &w) == 0);
	CHECK(c.seed_file[0] == '\0');
	/* turned off, then on again: the last line wins */
	CHECK(parse(&c, "seed_file = none\nseed_file = \\s\n", &w) == 0);
	CHECK(strcmp(c.seed_file, "\\s") == 0);
	/* a relative path or an empty value is reported and leaves the default */
	CHECK(parse(&c, "seed_file = random-seed\n", &w) == 1);
	CHECK(strcmp(w.last, "seed_file must be an absolute path (\\EFI\\...) or none, line ignored") == 0);
	CHECK(strcmp(c.seed_file, ES_CONFIG_DEFAULT_SEED_FILE) == 0);
	CHECK(parse(&c, "seed_file =\n", &w) == 1);
	CHECK(strcmp(w.last, "seed_file is empty, line ignored") == 0);
	CHECK(parse(&c, "next = none\n", &w) == 1); /* only seed_file can be none */
	CHECK(strcmp(c.next, ES_CONFIG_DEFAULT_NEXT) == 0);
}

static void test_keys_comments_crlf_last_wins(void)
{
	struct es_config c;
	struct warnings w;

	CHECK(parse(&c,
		    "# earlyseed\r\n"
		    "\r\n"
		    "   next   =  \\vmlinuz  \r\n"
		    "\t# indented comment\n"
		    "cmdline=initrd=\\initrd.img root=/dev/vda1 # not a comment\n",
		    &w) == 0);
	CHECK(strcmp(c.next, "\\vmlinuz") == 0);
	CHECK(strcmp(c.cmdline, "initrd=\\initrd.img root=/dev/vda1 # not a comment") == 0);
	/* the last line of a key wins; '/' stands for '\\' */
	CHECK(parse(&c, "next=\\a.efi\nnext=/EFI/systemd/systemd-bootx64.efi\ncmdline=x\ncmdline=\n", &w) == 0);
	CHECK(strcmp(c.next, "\\EFI\\systemd\\systemd-bootx64.efi") == 0);
	CHECK(c.cmdline[0] == '\0');
}

static void test_bad_lines_are_skipped(void)
{
	struct es_config c;
	struct warnings w;

	CHECK(parse(&c,
		    "colour = blue\n"    /* 1: unknown key */
		    "next\n"             /* 2: no '=' */
		    "next =\n"           /* 3: empty next */
		    "next = vmlinuz\n"   /* 4: relative */
		    "cmdline = caf\xc3\xa9\n" /* 5: non-ASCII */
		    "cmdline = ok\n",
		    &w) == 5);
	CHECK(w.n == 5);
	for (unsigned int i = 0; i < 5; i++)
		CHECK(w.lines[i] == i + 1);
	CHECK(strcmp(c.next, ES_CONFIG_DEFAULT_NEXT) == 0);
	CHECK(strcmp(c.cmdline, "ok") == 0);
}

static void test_long_line(void)
{
	struct es_config c;
	struct warnings w;
	char *text = malloc(10100);

	CHECK(text != NULL);
	if (text == NULL)
		return;
	memcpy(text, "cmdline = ", 10);
	memset(text + 10, 'a', 9990);
	strcpy(text + 10000, "\nnext = \\ok.efi\n");
	CHECK(parse(&c, text, &w) == 1);
	CHECK(w.lines[0] == 1);
	CHECK(strcmp(c.next, "\\ok.efi") == 0);
	CHECK(c.cmdline[0] == '\0');
	free(text);
}

static void test_values_that_do_not_fit(void)
{
	struct es_config c;
	struct warnings w;
	char text[ES_CONFIG_CMDLINE_MAX + 600];

	/* the longest command line a kernel takes fits; one byte more is passed
	 * as nothing, never cut */
	memset(text, 0, sizeof(text));
	memcpy(text, "next = \\", 8);
	memset(text + 8, 'n', 300);
	CHECK(parse(&c, text, &w) == 1);
	CHECK(strcmp(c.next, ES_CONFIG_DEFAULT_NEXT) == 0);
	memset(text, 0, sizeof(text));
	memcpy(text, "cmdline=", 8);
	memset(text + 8, 'c', ES_CONFIG_CMDLINE_MAX - 1);
	CHECK(parse(&c, text, &w) == 0);
	CHECK(strlen(c.cmdline) == ES_CONFIG_CMDLINE_MAX - 1);
	memset(text, 0, sizeof(text));
	memcpy(text, "cmdline = earlier\ncmdline=", 26);
	memset(text + 26, 'c', ES_CONFIG_CMDLINE_MAX);
	CHECK(parse(&c, text, &w) == 1);
	CHECK(c.cmdline[0] == '\0');
	/* past the line limit as well: still named as the command line */
	memset(text, 0, sizeof(text));
	memcpy(text, "cmdline = earlier\n  cmdline =", 29);
	memset(text + 29, 'c', ES_CONFIG_MAX_LINE);
	CHECK(parse(&c, text, &w) == 1);
	CHECK(c.cmdline[0] == '\0');
}

static void test_utf16_and_binary(void)
{
	struct es_config c;
	struct warnings w = { 0 };
	static const uint8_t utf16[] = { 0xff, 0xfe, 'n', 0, 'e', 0, 'x', 0, 't', 0, '=', 0, '\\', 0, 'x', 0 };
	uint8_t bin[4096];

	es_config_defaults(&c);
	CHECK(es_config_parse(&c, utf16, sizeof(utf16), collect, &w) == 1);
	CHECK(w.lines[0] == 0 && strstr(w.last, "UTF-16") != NULL);
	CHECK(strcmp(c.next, ES_CONFIG_DEFAULT_NEXT) == 0);

	check_rand_seed(5);
	for (int k = 0; k < 2000; k++) {
		size_t n = (size_t)(check_rand64() % sizeof(bin));

		check_rand_fill(bin, n);
		/* Sprinkle the bytes that matter to the parser. */
		for (size_t i = 0; i < n / 8; i++)
			bin[check_rand64() % n] = (uint8_t)"=\n\r#\\ n"[check_rand64() % 7];
		es_config_defaults(&c);
		(void)es_config_parse(&c, bin, n, NULL, NULL);
		CHECK(memchr(c.next, '\0', sizeof(c.next)) != NULL);
		CHECK(memchr(c.cmdline, '\0', sizeof(c.cmdline)) != NULL);
		CHECK(c.next[0] == '\\');
	}
}

static void test_file_too_large(void)
{
	struct es_config c;
	struct warnings w = { 0 };
	size_t n = 1u << 20;
	uint8_t *big = malloc(n);

	CHECK(big != NULL);
	if (big == NULL)
		return;
	memset(big, '\n', n);
	memcpy(big, "next = \\big.efi\n", 16);
	es_config_defaults(&c);
	CHECK(es_config_parse(&c, big, n, collect, &w) == 1);
	CHECK(w.lines[0] == 0);
	CHECK(strcmp(c.next, ES_CONFIG_DEFAULT_NEXT) == 0);
	CHECK(es_config_parse(&c, big, ES_CONFIG_MAX_FILE, NULL, NULL) == 0);
	CHECK(strcmp(c.next, "\\big.efi") == 0);
	free(big);
}

static void test_empty_file(void)
{
	struct es_config c;
	struct warnings w;

	CHECK(parse(&c, "", &w) == 0);
	CHECK(strcmp(c.next, ES_CONFIG_DEFAULT_NEXT) == 0);
	CHECK(parse(&c, "\xef\xbb\xbfnext=\\bom.efi", &w) == 0);
	CHECK(strcmp(c.next, "\\bom.efi") == 0);
}

static void test_path_beside(void)
{
	char out[64];

	CHECK(es_config_path_beside("\\EFI\\BOOT\\BOOTX64.EFI", out, sizeof(out)) == 0);
	CHECK(strcmp(out, "\\EFI\\BOOT\\earlyseed.conf") == 0);
	CHECK(es_config_path_beside("/EFI/earlyseed2/earlyseed.efi", out, sizeof(out)) == 0);
	CHECK(strcmp(out, "\\EFI\\earlyseed2\\earlyseed.conf") == 0);
	CHECK(es_config_path_beside("\\a.efi", out, sizeof(out)) == 0);
	CHECK(strcmp(out, "\\earlyseed.conf") == 0);
	CHECK(es_config_path_beside("a.efi", out, sizeof(out)) == -1 && out[0] == '\0');
	CHECK(es_config_path_beside("", out, sizeof(out)) == -1);
	CHECK(es_config_path_beside("\\EFI\\BOOT\\BOOTX64.EFI", out, 20) == -1 && out[0] == '\0');
	CHECK(es_config_path_beside("\\EFI\\BOOT\\BOOTX64.EFI", out, 26) == 0);
}

/* No path climbs out of the volume: ".", ".." and empty components are
 * refused (the OS side opens the same path below the ESP's mount point). */
static void test_paths_stay_on_the_volume(void)
{
	static const char *const bad[] = {
		"\\..\\etc\\shadow", "/EFI/../../etc/x", "\\EFI\\.\\x", "\\EFI\\..", "\\EFI\\\\x", "\\EFI\\x\\",
		"\\", "//x", "\\.", "/EFI/earlyseed/../../../root",
		/* 8.3 aliases; components FAT trims to nothing */
		"\\EFI\\EARLYS~1\\x", "\\EFI\\ .", "\\ \\x", "\\EFI\\x\\. . ",
	};
	/* what edk2's FAT driver opens (FatFileNameIsValid(): leading blanks,
	 * trailing blanks and dots dropped), and so what earlyseed keeps */
	static const char *const trimmed[][2] = {
		{ "\\EFI\\earlyseed\\earlyseed.efi.", "\\EFI\\earlyseed\\earlyseed.efi" },
		{ "\\vmlinuz \\x", "\\vmlinuz\\x" },
		{ "\\EFI.\\x", "\\EFI\\x" },
		{ "\\ vmlinuz", "\\vmlinuz" },
		{ "/EFI/debian/  shimx64.efi. .", "\\EFI\\debian\\shimx64.efi" },
		{ "\\x y\\z", "\\x y\\z" },
	};
	static const char *const good[] = { "\\EFI\\x", "\\.x", "\\EFI\\..x", "\\EFI\\a.b\\y", "/a/b/c", "\\x y\\z" };
	struct es_config c;
	struct warnings w;
	char line[128];

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		snprintf(line, sizeof(line), "seed_file = %s\nnext = %s\n", bad[i], bad[i]);
		CHECK(parse(&c, line, &w) == 2);
		CHECK(strcmp(c.seed_file, ES_CONFIG_DEFAULT_SEED_FILE) == 0 && strcmp(c.next, ES_CONFIG_DEFAULT_NEXT) == 0);
		CHECK(strstr(w.last, ".. or ~ component") != NULL);
	}
	for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		snprintf(line, sizeof(line), "seed_file = %s\n", good[i]);
		CHECK(parse(&c, line, &w) == 0);
	}
	for (size_t i = 0; i < sizeof(trimmed) / sizeof(trimmed[0]); i++) {
		snprintf(line, sizeof(line), "seed_file = %s\nnext = %s\n", trimmed[i][0], trimmed[i][0]);
		CHECK(parse(&c, line, &w) == 0);
		CHECK(strcmp(c.seed_file, trimmed[i][1]) == 0 && strcmp(c.next, trimmed[i][1]) == 0);
	}
}

/* FAT names as the firmware reads them (Hardening III, 3): a seed_file
 * FAT opens as the next stage is that stage, however it is written; and a
 * path the firmware gives in 8.3 short names names the same files. */
static void test_fat_names_clash(void)
{
	struct es_config c;
	struct warnings w;

	/* measured under OVMF: the app opened the kernel and rewrote it */
	parse(&c, "next = \\vmlinuz\nseed_file = \\ vmlinuz\n", &w);
	CHECK(w.n == 0 && es_config_seed_file_clash(&c, NULL) != NULL);
	CHECK(strcmp(es_config_seed_file_clash(&c, NULL), "the next stage") == 0);
	parse(&c, "next = \\EFI\\debian\\shimx64.efi\nseed_file = \\EFI\\debian\\ shimx64.efi\n", &w);
	CHECK(es_config_seed_file_clash(&c, NULL) != NULL);
	parse(&c, "next = \\EFI\\debian\\shimx64.efi\nseed_file = \\EFI\\debian.\\shimx64.efi..\n", &w);
	CHECK(es_config_seed_file_clash(&c, NULL) != NULL);
	/* the app started by its short name: its own image and its config */
	parse(&c, "seed_file = \\EFI\\earlyseed\\earlyseed.efi\n", &w);
	CHECK(strcmp(es_config_seed_file_clash(&c, "\\EFI\\EARLYS~1\\EARLYS~1.EFI"), "earlyseed's own image") == 0);
	parse(&c, "seed_file = \\EFI\\tools\\earlyseed.conf\n", &w);
	CHECK(strcmp(es_config_seed_file_clash(&c, "\\EFI\\TOOLS\\EARLYS~2.EFI"), "a config file") == 0);
	/* Windows-style hashed aliases keep two characters */
	CHECK(es_config_same_path("\\EFI\\GR1A2B~1.EFI", "\\EFI\\grubx64-signed.efi"));
	CHECK(es_config_same_path("\\EFI\\grubx64-signed.efi", "\\EFI\\GRUBX6~1.EFI"));
	/* different extensions or beginnings are different files */
	CHECK(!es_config_same_path("\\EFI\\GRUBX6~1.EFI", "\\EFI\\grubx64-signed.conf"));
	CHECK(!es_config_same_path("\\EFI\\GRUBX6~1.EFI", "\\EFI\\shimx64-signed.efi"));
	CHECK(!es_config_same_path("\\EFI\\GRUBX6~X.EFI", "\\EFI\\grubx64-signed.efi"));
	CHECK(es_config_same_path("\\ EFI .\\vmlinuz..", "/efi/VMLINUZ"));
	CHECK(!es_config_same_path("\\EFI\\vmlinuz", "\\EFI\\vmlinuz\\x"));
	/* the firmware's own path may hold "." and ".." (review of Hardening
	 * III): resolved as the firmware resolves them */
	parse(&c, "seed_file = \\EFI\\earlyseed\\earlyseed.efi\n", &w);
	CHECK(es_config_seed_file_clash(&c, "\\EFI\\earlyseed\\.\\earlyseed.efi") != NULL);
	CHECK(es_config_seed_file_clash(&c, "\\EFI\\x\\..\\earlyseed\\earlyseed.efi") != NULL);
	CHECK(es_config_seed_file_clash(&c, "\\..\\EFI\\earlyseed\\earlyseed.efi") != NULL);
	CHECK(!es_config_same_path("\\EFI\\x\\..\\a", "\\EFI\\x\\a"));
	/* a long name with a leading dot, and a basis cut at 8 with no "~N"
	 * (Linux vfat's nonumtail) */
	CHECK(es_config_same_path("\\EFI\\BASHRC~1", "\\EFI\\.bashrc"));
	parse(&c, "seed_file = \\EFI\\earlyseed\\EARLYSEE.EFI\n", &w);
	CHECK(w.n == 0 && es_config_seed_file_clash(&c, "\\EFI\\earlyseed\\earlyseed.efi") != NULL);
	CHECK(es_config_same_path("\\EFI\\ABCDEFGH.EFI", "\\EFI\\abcdefgh.efi"));
	CHECK(!es_config_same_path("\\EFI\\ABCDEFGH.EFI", "\\EFI\\abcdefg.efi"));
	CHECK(!es_config_same_path("\\EFI\\ABCDEFGH.EFI", "\\EFI\\abcdefghij.conf"));
	/* what edk2 refuses in a name is refused here */
	CHECK(parse(&c, "seed_file = \\EFI\\a*b\n", &w) == 1 && strcmp(c.seed_file, ES_CONFIG_DEFAULT_SEED_FILE) == 0);
	CHECK(parse(&c, "next = \\EFI\\a:b.efi\n", &w) == 1);
	CHECK(parse(&c, "next = \\EFI\\a?b|c\"<>.efi\n", &w) == 1);
	/* a clash-free seed file stays */
	parse(&c, "next = \\vmlinuz\nseed_file = \\EFI\\earlyseed\\random-seed\n", &w);
	CHECK(es_config_seed_file_clash(&c, "\\EFI\\EARLYS~1\\EARLYS~1.EFI") == NULL);
}

/* The seed file may not be the next stage, the app or a config it reads. */
static void test_seed_file_clash(void)
{
	struct es_config c;
	struct warnings w;
	char places[ES_CONFIG_PLACES][ES_CONFIG_NEXT_MAX];

	parse(&c, "next = \\EFI\\Linux\\vmlinuz.efi\nseed_file = \\efi\\LINUX\\VMLINUZ.EFI\n", &w);
	CHECK(strcmp(es_config_seed_file_clash(&c, "\\EFI\\BOOT\\BOOTX64.EFI"), "the next stage") == 0);
	parse(&c, "seed_file = /EFI/boot/bootx64.efi\n", &w);
	CHECK(strcmp(es_config_seed_file_clash(&c, "\\EFI\\BOOT\\BOOTX64.EFI"), "earlyseed's own image") == 0);
	CHECK(es_config_seed_file_clash(&c, NULL) == NULL);
	parse(&c, "seed_file = \\EFI\\BOOT\\earlyseed.conf\n", &w);
	CHECK(strcmp(es_config_seed_file_clash(&c, "\\EFI\\BOOT\\BOOTX64.EFI"), "a config file") == 0);
	parse(&c, "seed_file = \\EFI\\earlyseed\\EARLYSEED.conf\n", &w);
	CHECK(strcmp(es_config_seed_file_clash(&c, "\\EFI\\BOOT\\BOOTX64.EFI"), "a config file") == 0);
	CHECK(strcmp(es_config_seed_file_clash(&c, NULL), "a config file") == 0);
	parse(&c, "seed_file = \\EFI\\BOOT\\random-seed\n", &w);
	CHECK(es_config_seed_file_clash(&c, "\\EFI\\BOOT\\BOOTX64.EFI") == NULL);
	parse(&c, "seed_file = none\n", &w);
	CHECK(es_config_seed_file_clash(&c, "\\EFI\\BOOT\\BOOTX64.EFI") == NULL);
	/* where a config is looked for, in order */
	CHECK(es_config_places("\\EFI\\BOOT\\BOOTX64.EFI", places) == 2);
	CHECK(strcmp(places[0], "\\EFI\\BOOT\\earlyseed.conf") == 0 && strcmp(places[1], ES_CONFIG_PATH) == 0);
	CHECK(es_config_places("/efi/EARLYSEED/earlyseed.efi", places) == 1 && strcmp(places[0], ES_CONFIG_PATH) == 0);
	CHECK(es_config_places(NULL, places) == 1 && strcmp(places[0], ES_CONFIG_PATH) == 0);
	CHECK(es_config_same_path("\\a\\B", "/A/b") && !es_config_same_path("\\a\\b", "\\a\\bc"));
}

/* verbose = yes | no | quiet; anything else is a problem and changes nothing. */
static void test_verbose_key(void)
{
	struct es_config c;
	struct warnings w;

	CHECK(parse(&c, "next = \\x\n", &w) == 0 && c.verbose == ES_VERBOSE_DEFAULT);
	CHECK(parse(&c, "verbose = yes\n", &w) == 0 && c.verbose == ES_VERBOSE_YES);
	CHECK(parse(&c, "verbose=no\n", &w) == 0 && c.verbose == ES_VERBOSE_NO);
	CHECK(parse(&c, " verbose = quiet \n", &w) == 0 && c.verbose == ES_VERBOSE_QUIET);
	CHECK(parse(&c, "verbose = quiet\nverbose = loud\n", &w) == 1 && c.verbose == ES_VERBOSE_QUIET);
	CHECK(strstr(w.last, "yes, no or quiet") != NULL);
	CHECK(parse(&c, "verbose = YES\n", &w) == 1 && c.verbose == ES_VERBOSE_DEFAULT);
}

/* The keys of two words, the first the default: tpm = on | off (the TPM is
 * asked unless off), disk_token = refuse | count (a token the firmware
 * keeps on the disk counts only when the owner says so). The last line
 * wins; any other word is a problem and changes nothing. */
static void test_two_word_keys(void)
{
	static const struct {
		const char *key, *dflt, *set, *bad;
		size_t at;
	} k[] = {
		{ "tpm", "on", "off", "no", offsetof(struct es_config, tpm_off) },
		{ "disk_token", "refuse", "count", "yes", offsetof(struct es_config, disk_token) },
	};
	struct es_config c;
	struct warnings w;
	char text[128], want[64];

	for (size_t i = 0; i < sizeof(k) / sizeof(k[0]); i++) {
		const bool *on = (const bool *)(const void *)((const char *)&c + k[i].at);

		CHECK(parse(&c, "next = \\x\n", &w) == 0 && !*on);
		snprintf(text, sizeof(text), "%s = %s\n", k[i].key, k[i].set);
		CHECK(parse(&c, text, &w) == 0 && *on);
		snprintf(text, sizeof(text), "%s = %s\n%s=%s\n", k[i].key, k[i].set, k[i].key, k[i].dflt);
		CHECK(parse(&c, text, &w) == 0 && !*on);
		snprintf(text, sizeof(text), "%s = %s\n%s = %s\n", k[i].key, k[i].set, k[i].key, k[i].bad);
		CHECK(parse(&c, text, &w) == 1 && *on);
		snprintf(want, sizeof(want), "%s must be %s or %s", k[i].key, k[i].dflt, k[i].set);
		CHECK(strstr(w.last, want) != NULL);
	}
}

/* `initrd`: a path on the volume, none by default; `none` turns it off; a
 * relative one is refused; the seed file may not name it (it would be
 * rewritten at every boot). */
static void test_initrd_key(void)
{
	struct es_config c;
	struct warnings w;

	es_config_defaults(&c);
	CHECK(c.initrd[0] == '\0');
	CHECK(parse(&c, "initrd = \\boot\\initrd.img\n", &w) == 0 && w.n == 0);
	CHECK(strcmp(c.initrd, "\\boot\\initrd.img") == 0);
	CHECK(parse(&c, "initrd = /boot/initrd.img\ninitrd = none\n", &w) == 0 && w.n == 0 && c.initrd[0] == '\0');
	CHECK(parse(&c, "initrd = initrd.img\n", &w) == 1 && w.n == 1 && c.initrd[0] == '\0');
	CHECK(parse(&c, "initrd = \\a\\..\\initrd.img\n", &w) == 1 && w.n == 1 && c.initrd[0] == '\0');
	CHECK(parse(&c, "initrd = \\initrd.img\nseed_file = \\INITRD.IMG\n", &w) == 0 && w.n == 0);
	CHECK(es_config_seed_file_clash(&c, NULL) != NULL && strcmp(es_config_seed_file_clash(&c, NULL), "the initrd") == 0);
}

int main(void)
{
	RUN(test_initrd_key);
	RUN(test_two_word_keys);
	RUN(test_defaults);
	RUN(test_keys_comments_crlf_last_wins);
	RUN(test_bad_lines_are_skipped);
	RUN(test_long_line);
	RUN(test_values_that_do_not_fit);
	RUN(test_utf16_and_binary);
	RUN(test_file_too_large);
	RUN(test_empty_file);
	RUN(test_path_beside);
	RUN(test_seed_file_key);
	RUN(test_paths_stay_on_the_volume);
	RUN(test_fat_names_clash);
	RUN(test_seed_file_clash);
	RUN(test_verbose_key);
	return check_done();
}
