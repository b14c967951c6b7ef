/* SPDX-License-Identifier: MIT */
/*
 * The fault matrix (tests/efi/matrix.h) for efi/chain.c: a next stage
 * missing, unloadable, refused or failing.
 */
#include <stdlib.h>
#include <string.h>

#include "matrix.h"

static void test_next_stage_missing_or_unloadable(void)
{
	struct es_audit_record a;

	base();
	fake.files[1].path = "\\elsewhere";
	finish(true, false);
	CHECK(rc == EFI_NOT_FOUND);
	CHECK(logged("earlyseed: error: cannot load next stage \\vmlinuz: Not Found\n"));
	/* the record the OS reads says so (issue: a real Debian machine, 2);
	 * the table rested on non-CPU sources too, so it stays */
	CHECK(audit_decode_ok(&a) && (a.flags & ES_AUDIT_F_NEXT_FAILED) != 0 && (a.flags & ES_AUDIT_F_TAKEN_BACK) == 0);

	base();
	fake.files[1].loadable = false;
	finish(true, false);
	CHECK(rc == EFI_LOAD_ERROR);

	base();
	fake.load_status = EFI_SECURITY_VIOLATION;
	finish(true, false);
	CHECK(rc == EFI_SECURITY_VIOLATION);
	/* Secure Boot refused it: one line says so; a table resting on the CPU
	 * alone (this command line's trust) is taken back */
	for (int i = 0; i < 2; i++) {
		base();
		fake.no_rng_protocol = true;
		fake.load_status = i == 0 ? EFI_SECURITY_VIOLATION : EFI_ACCESS_DENIED;
		finish(false, false);
		CHECK(rc == fake.load_status);
		CHECK(logged("earlyseed: error: Secure Boot refused next stage \\vmlinuz (sign it with a key in db, or "
			     "load it through shim): "));
		CHECK(logged("earlyseed: table: taken back"));
		CHECK(!logged("cannot load next stage"));
		CHECK(audit_decode_ok(&a) && (a.flags & ES_AUDIT_F_NEXT_FAILED) != 0 &&
		      (a.flags & ES_AUDIT_F_TAKEN_BACK) != 0);
	}

	/* its command line cannot be passed (no loaded-image protocol on it):
	 * a kernel started without it would credit by its defaults, not by
	 * the trust earlyseed judged by: not started, the firmware goes on */
	base();
	fake.child_no_loaded_image = true;
	finish(true, false);
	CHECK(rc == EFI_UNSUPPORTED && !fake.started);
	CHECK(logged("earlyseed: error: cannot pass the command line to \\vmlinuz (no loaded-image protocol), not "
		     "started: Unsupported"));

	/* the next stage starts and returns an error: handed back as is */
	base();
	fake.start_status = EFI_DEVICE_ERROR;
	finish(true, true);
	CHECK(logged("next stage \\vmlinuz returned Device Error"));
	CHECK(audit_decode_ok(&a) && (a.flags & ES_AUDIT_F_NEXT_FAILED) != 0);
	/* a stage that ran and returned success did not fail */
	base();
	finish(true, true);
	CHECK(audit_decode_ok(&a) && (a.flags & (ES_AUDIT_F_NEXT_FAILED | ES_AUDIT_F_TAKEN_BACK)) == 0);
}

/* The initrd as Linux's stub asks for it on every architecture (issue 45,
 * 2; libstub efi_load_initrd_dev_path): `initrd =` serves the file through
 * LoadFile2 on the LINUX_EFI_INITRD_MEDIA_GUID device path while the next
 * stage runs (its size first, then its bytes), and takes it away when the
 * stage returns; a missing file, or another loader's initrd already
 * there, is said in one line and the kernel still starts. */
static void test_initrd_through_loadfile2(void)
{
	static const char conf[] = "next = \\vmlinuz\ninitrd = \\boot\\initrd.img\ncmdline = console=ttyS0\n";
	static const char loader[] = "next = \\vmlinuz\ninitrd = \\boot\\initrd.img\n";
	static const char none[] = "next = \\vmlinuz\ninitrd = none\ncmdline = console=ttyS0 initrd=\\initrd.img\n";
	uint8_t *img = malloc(300000);

	CHECK(img != NULL);
	if (img == NULL)
		return;
	check_rand_fill(img, 300000);
	for (int k = 0; k < 2; k++) {
		base();
		set_conf(conf);
		add_file("\\boot\\initrd.img", img, k == 0 ? 300000 : 1, false);
		finish(true, true);
		CHECK(logged("initrd: \\boot\\initrd.img served through LoadFile2 (LINUX_EFI_INITRD_MEDIA_GUID)"));
		CHECK(fake.initrd_size_status == EFI_BUFFER_TOO_SMALL && fake.initrd_loaded);
		CHECK(fake.initrd_len == (k == 0 ? 300000u : 1u) && memcmp(fake.initrd, img, fake.initrd_len) == 0);
		CHECK(!fake.initrd_served); /* the kernel returned here: taken away */
		CHECK(strcmp(fake.options, "console=ttyS0") == 0);
	}
	/* the file is not there: one warning, the kernel starts without it */
	base();
	set_conf(conf);
	finish(true, true);
	CHECK(logged("earlyseed: initrd: \\boot\\initrd.img: cannot open it, or it is empty or a folder (Not Found): "
		     "the next stage gets no initrd from earlyseed"));
	CHECK(!fake.initrd_loaded && fake.started);
	/* an empty file: no initrd either (the stub would ask for 0 pages) */
	base();
	set_conf(conf);
	add_file("\\boot\\initrd.img", img, 0, false);
	finish(true, true);
	CHECK(logged("initrd: \\boot\\initrd.img: cannot open it, or it is empty or a folder"));
	CHECK(!fake.initrd_loaded && !fake.initrd_served && fake.started);
	/* no command line: the next stage is a boot loader, which serves its
	 * kernel's initrd itself and would find the device path taken */
	base();
	set_conf(loader);
	add_file("\\boot\\initrd.img", img, 100, false);
	finish(true, true);
	CHECK(logged("initrd: \\boot\\initrd.img not served: the next stage is a boot loader (no cmdline)"));
	CHECK(!fake.initrd_loaded && fake.started);
	/* another loader serves one already */
	base();
	set_conf(conf);
	add_file("\\boot\\initrd.img", img, 100, false);
	fake.initrd_taken = true;
	finish(true, true);
	CHECK(logged("initrd: cannot serve \\boot\\initrd.img through LoadFile2 (") &&
	      logged(": another loader serves an initrd already)"));
	CHECK(!fake.initrd_loaded && fake.started);
	/* none: nothing served; the command line's initrd= is the stub's affair */
	base();
	set_conf(none);
	finish(true, true);
	CHECK(!logged("initrd:") && !fake.initrd_loaded && strstr(fake.options, "initrd=\\initrd.img") != NULL);
	free(img);
}

int main(void)
{
	matrix_start();
	RUN(test_next_stage_missing_or_unloadable);
	RUN(test_initrd_through_loadfile2);
	return matrix_done();
}
