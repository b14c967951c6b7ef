/* SPDX-License-Identifier: MIT */
/*
 * The fault matrix (tests/efi/matrix.h) for efi/console.c: what a boot prints
 * by default, quiet and verbose.
 */
#include "matrix.h"

/* What a boot prints (issue: a quiet boot): by default a healthy boot
 * prints one line, its summary; `verbose = quiet` none; warnings always,
 * at most CONSOLE_WARN_MAX of them; `verbose = yes` every line. */
static size_t lines(void)
{
	size_t n = 0;

	for (size_t i = 0; i < fake.loglen; i++)
		n += fake.log[i] == '\n';
	return n;
}

/* A boot with verbose = quiet in the config, the firmware's RNG answering
 * rng (the shipped console setting: the summary line). */
static void quiet_boot(EFI_STATUS rng)
{
	static const char quiet[] = "next = \\vmlinuz\ncmdline = console=ttyS0\nverbose = quiet\n";

	base();
	console_show = console_default = CONSOLE_SHOW_SUMMARY;
	fake.files[0].data = (const uint8_t *)quiet;
	fake.files[0].len = sizeof(quiet) - 1;
	fake.rngs[0].then = rng;
	efi_main(fake_image_handle(), ST);
}

static void test_quiet_boot(void)
{
	static const char yes[] = "next = \\vmlinuz\ncmdline = console=ttyS0\nverbose = yes\n";

	/* the shipped default: the summary line alone */
	base();
	console_show = console_default = CONSOLE_SHOW_SUMMARY;
	finish(true, true);
	CHECK(lines() == 1 && logged("earlyseed: summary rdseed="));
	/* quiet: nothing at all on a healthy boot */
	quiet_boot(EFI_SUCCESS);
	CHECK(fake.started && fake.loglen == 0);
	/* a failure prints, quiet or not: the line saying why */
	quiet_boot(EFI_DEVICE_ERROR);
	CHECK(logged("earlyseed: health: efi_rng: fail: ") && !logged("earlyseed: summary"));
	CHECK(!logged("earlyseed: start") && !logged("earlyseed: cpu:"));
	/* verbose = yes: today's lines */
	base();
	console_show = console_default = CONSOLE_SHOW_SUMMARY;
	fake.files[0].data = (const uint8_t *)yes;
	fake.files[0].len = sizeof(yes) - 1;
	finish(true, true);
	CHECK(lines() > 10 && logged("earlyseed: cpu: ") && logged("earlyseed: starting \\vmlinuz"));
	/* the lines from before the config was read, kept until it said so */
	CHECK(logged("earlyseed: start\r\n") || logged("earlyseed: start\n"));
	CHECK(logged("earlyseed: config: reading \\EFI\\earlyseed\\earlyseed.conf"));
	/* warnings are bounded: CONSOLE_WARN_MAX, then one line */
	base();
	console_show = console_default = CONSOLE_SHOW_SUMMARY;
	console_begin();
	for (int i = 0; i < 40; i++)
		console_log(CONSOLE_WARN, "warning %u", (UINT32)i); /* the prefix and the end are console_log's */
	CHECK(lines() == CONSOLE_WARN_MAX + 1u && logged("earlyseed: more warnings not shown"));
	CHECK(logged("warning 15\n") && !logged("warning 16\n"));
}

int main(void)
{
	matrix_start();
	RUN(test_quiet_boot);
	return matrix_done();
}
