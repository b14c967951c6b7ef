/* SPDX-License-Identifier: MIT */
/*
 * The fault matrix (tests/efi/matrix.h) for efi/stage.c: earlyseed chained to
 * itself (the loop guard) and two earlyseed stages in a row.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "matrix.h"

/* A config whose next is earlyseed itself: at most ES_MAX_STAGES run. */
static void test_loop_guard(void)
{
	static const char self_conf[] = "next = \\EFI\\BOOT\\BOOTX64.EFI\ncmdline = console=ttyS0\n";

	base();
	fake.files[0].data = (const uint8_t *)self_conf;
	fake.files[0].len = sizeof(self_conf) - 1;
	add_file("\\EFI\\BOOT\\BOOTX64.EFI", kernel_image, sizeof(kernel_image), true)->earlyseed = true;
	rc = efi_main(fake_image_handle(), ST);
	CHECK(fake.stages_started == ES_MAX_STAGES); /* the 5th refuses */
	CHECK(!fake.started && rc == EFI_ABORTED);
	CHECK(logged("earlyseed: error: 4 earlyseed stages already run in this boot"));
	CHECK(fake.markers_installed == 0);
	/* each of the four that ran published its record and went on */
	CHECK(strstr(strstr(strstr(strstr(fake.log, "summary rdseed="), "summary rdseed=") + 1,
			    "summary rdseed=") + 1, "summary rdseed=") != NULL);
}

/* Two earlyseed in a row: the second counts the first's table for what it
 * rests on, under its own command line's trust. */
static void test_chain_provenance(void)
{
	static const char first[] = "next = \\EFI\\es2\\earlyseed.efi\n";
	static const char second_off[] = "next = \\vmlinuz\ncmdline = random.trust_cpu=off\n";
	static const char second_on[] = "next = \\vmlinuz\ncmdline = console=ttyS0\n";

	for (int trust_cpu = 0; trust_cpu < 2; trust_cpu++) {
		base();
		fake_insn.leaf7_ebx = 0; /* RDRAND only */
		fake.no_rng_protocol = true;
		fake.files[0].data = (const uint8_t *)first;
		fake.files[0].len = sizeof(first) - 1;
		add_file("\\EFI\\es2\\earlyseed.efi", kernel_image, sizeof(kernel_image), true)->earlyseed = true;
		add_file("\\EFI\\es2\\earlyseed.conf", trust_cpu ? second_on : second_off,
			 trust_cpu ? sizeof(second_on) - 1 : sizeof(second_off) - 1, false);
		rc = efi_main(fake_image_handle(), ST);
		CHECK(fake.started && fake.stages_started == 1 && fake.markers_installed == 0);
		CHECK((fake.table_at_start != NULL) == (trust_cpu != 0));
		if (getenv("ES_MATRIX_LOG") != NULL)
			printf("%s", fake.log);
		CHECK(logged("prev_table: 32 bytes mixed (installed by an earlier earlyseed stage)"));
		if (!trust_cpu) {
			/* the first stage's table rests on RDRAND alone: gone */
			CHECK(fake.remove_seen);
			CHECK(logged("prev_table: an earlier earlyseed made it from sources this kernel's trust"));
		}
	}
}

int main(void)
{
	matrix_start();
	RUN(test_loop_guard);
	RUN(test_chain_provenance);
	return matrix_done();
}
