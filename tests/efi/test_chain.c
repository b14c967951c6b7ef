/* SPDX-License-Identifier: MIT */
/*
 * The fault matrix (tests/efi/matrix.h) for efi/chain.c: a next stage
 * missing, unloadable, refused or failing.
 */
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

int main(void)
{
	matrix_start();
	RUN(test_next_stage_missing_or_unloadable);
	return matrix_done();
}
