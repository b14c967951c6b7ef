/* SPDX-License-Identifier: MIT */
/*
 * The fault matrix (tests/efi/matrix.h) for efi/verdict.c: installing the
 * table fails.
 */
#include "matrix.h"

static void test_install_failures(void)
{
	struct es_table_seed *p;

	base();
	p = install_prev(32, 32);
	fake.fail_table_alloc = true;
	finish(false, true);
	CHECK(logged("table: install failed: Out of Resources"));
	CHECK(logged("prev_table: left in place"));
	CHECK(prev_intact(p, 32, 32));

	base();
	p = install_prev(32, 32);
	fake.fail_install = true;
	finish(false, true);
	CHECK(prev_intact(p, 32, 32));
	CHECK(fake_seed_table() == p);
}

int main(void)
{
	matrix_start();
	RUN(test_install_failures);
	return matrix_done();
}
