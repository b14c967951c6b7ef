/* SPDX-License-Identifier: MIT */
/*
 * The fault matrix (tests/efi/matrix.h) for efi/conf.c: config files of every
 * shape, where they are looked for, bounded warnings, long command lines.
 */
#include <stdio.h>
#include <string.h>

#include "matrix.h"

static void run_conf(const void *conf, size_t len, bool want_defaults, const char *want_log)
{
	base();
	fake.files[0].data = conf;
	fake.files[0].len = len;
	add_file("\\EFI\\earlyseed\\next.efi", kernel_image, sizeof(kernel_image), true);
	finish(true, true);
	CHECK(strcmp(fake.started_path, want_defaults ? "\\EFI\\earlyseed\\next.efi" : "\\vmlinuz") == 0);
	if (want_log != NULL)
		CHECK(logged(want_log));
}

/* A boot that finds no config where the app looks: the defaults, and the
 * next stage at its default place. */
static void boot_without_config(void)
{
	base();
	fake.files[0].path = "\\nothing";
	add_file("\\EFI\\earlyseed\\next.efi", kernel_image, sizeof(kernel_image), true);
	finish(true, true);
}

static void test_config_files(void)
{
	static uint8_t big[1u << 20];
	static char longline[10100];
	static uint8_t binary[4096];
	static const uint8_t utf16[] = { 0xff, 0xfe, 'n', 0, 'e', 0, 'x', 0, 't', 0, '=', 0, '\\', 0, 'x', 0 };
	static const char crlf[] = "next = \\vmlinuz\r\ncmdline = console=ttyS0\r\n";

	run_conf("", 0, true, NULL);
	check_rand_seed(10);
	check_rand_fill(binary, sizeof(binary));
	run_conf(binary, sizeof(binary), true, "earlyseed: config: line 1: ");
	memset(big, '\n', sizeof(big));
	memcpy(big, "next = \\vmlinuz\n", 16);
	run_conf(big, sizeof(big), true, "over the 65536-byte limit, not read; using defaults");
	run_conf(utf16, sizeof(utf16), true, "earlyseed: config: file is UTF-16, expected ASCII, not read");
	memset(longline, 'x', 10000);
	memcpy(longline + 10000, "\nnext = \\vmlinuz\n", 18);
	run_conf(longline, strlen(longline), false, "earlyseed: config: line 1: line longer than 4608 bytes, ignored");
	run_conf(crlf, sizeof(crlf) - 1, false, NULL);
	CHECK(strcmp(fake.options, "console=ttyS0") == 0);
	/* no config file at all */
	boot_without_config();
	CHECK(logged("not found, using defaults"));
}

/* A config beside the image wins: two earlyseed on one volume can chain. */
static void test_config_beside_image(void)
{
	static const char beside[] = "next = \\other.efi\n";

	base();
	add_file("\\EFI\\BOOT\\earlyseed.conf", beside, sizeof(beside) - 1, false);
	add_file("\\other.efi", kernel_image, sizeof(kernel_image), true);
	finish(true, true);
	CHECK(strcmp(fake.started_path, "\\other.efi") == 0);
	CHECK(logged("earlyseed: config: reading \\EFI\\BOOT\\earlyseed.conf"));
	/* neither file: both named in the log */
	boot_without_config();
	CHECK(logged("\\EFI\\BOOT\\earlyseed.conf and \\EFI\\earlyseed\\earlyseed.conf not found, using defaults"));
}

/* 4096 bad lines: a bounded number of console lines, all counted. */
static void test_config_warnings_bounded(void)
{
	static char conf[4096 * 3 + 64];
	struct es_audit_record a;
	size_t n = 0;

	for (int i = 0; i < 4096; i++) {
		conf[n++] = 'x';
		conf[n++] = '\n';
	}
	memcpy(conf + n, "next = \\vmlinuz\n", 16);
	n += 16;
	base();
	fake.files[0].data = (const uint8_t *)conf;
	fake.files[0].len = n;
	finish(true, true);
	CHECK(count_lines("earlyseed: config: line ") == 8);
	CHECK(logged("earlyseed: config: 4088 more problems not shown (4096 in all, in the audit record)"));
	CHECK(count_lines("earlyseed: ") < 40);
	CHECK(audit_decode_ok(&a) && a.config_problems == 4096);
	CHECK(strcmp(fake.started_path, "\\vmlinuz") == 0);
}

/* A 1.6 KiB command line (dm-verity hashes, many options) arrives whole;
 * one longer than any kernel takes arrives as nothing, said once. */
static void test_long_cmdline(void)
{
	static char conf[ES_CONFIG_CMDLINE_MAX + 128], want[ES_CONFIG_CMDLINE_MAX + 8];
	size_t n;

	for (size_t i = 0; i < 1638; i++)
		want[i] = (char)('a' + i % 26);
	want[1638] = '\0';
	memcpy(want, "root=/dev/vda2 ", 15);
	n = (size_t)snprintf(conf, sizeof(conf), "next = \\vmlinuz\ncmdline = %s\n", want);
	base();
	fake.files[0].data = (const uint8_t *)conf;
	fake.files[0].len = n;
	finish(true, true);
	CHECK(strlen(fake.options) == 1638 && strcmp(fake.options, want) == 0);
	/* too long for any kernel */
	memset(want, 'c', ES_CONFIG_CMDLINE_MAX);
	want[ES_CONFIG_CMDLINE_MAX] = '\0';
	n = (size_t)snprintf(conf, sizeof(conf), "next = \\vmlinuz\ncmdline = %s\n", want);
	base();
	fake.files[0].data = (const uint8_t *)conf;
	fake.files[0].len = n;
	finish(true, true);
	CHECK(logged("cannot be passed whole, so the next stage gets no command line"));
	CHECK(fake.options[0] == '\0');
}

/* Opening the first config place fails with anything: the next is tried. */
static void test_config_open_error(void)
{
	static const char beside[] = "next = \\other.efi\n";

	base();
	add_file("\\EFI\\BOOT\\earlyseed.conf", beside, sizeof(beside) - 1, false)->open_status = EFI_DEVICE_ERROR;
	finish(true, true);
	CHECK(logged("earlyseed: config: cannot open \\EFI\\BOOT\\earlyseed.conf: Device Error, trying the next place"));
	CHECK(logged("earlyseed: config: reading \\EFI\\earlyseed\\earlyseed.conf"));
	CHECK(strcmp(fake.started_path, "\\vmlinuz") == 0);
}

int main(void)
{
	matrix_start();
	RUN(test_config_files);
	RUN(test_config_beside_image);
	RUN(test_config_warnings_bounded);
	RUN(test_long_cmdline);
	RUN(test_config_open_error);
	return matrix_done();
}
