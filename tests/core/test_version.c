/* SPDX-License-Identifier: MIT */
/* The version and its order (core/version.c): dpkg's order, so that what
 * `earlyseed update` calls newer is what apt calls newer. */
#include <string.h>

#include "../../core/earlyseed.h"
#include "../check.h"

static int sign(int x)
{
	return (x > 0) - (x < 0);
}

static void test_order(void)
{
	/* pairs as `dpkg --compare-versions A lt B` orders them */
	static const char *const lt[][2] = {
		{ "1.0", "1.1" },	{ "1.9", "1.10" },   { "1.1~rc1", "1.1" }, { "1.1~rc1", "1.1~rc2" },
		{ "1", "1.0" },		{ "1.1", "1.1a" },   { "1.1", "1.1.1" },   { "0.9.9", "1.0" },
		{ "1.1~", "1.1" },	{ "1.1a", "1.1+" },  { "1.2", "2" },	   { "", "0.1" },
	};

	for (size_t i = 0; i < sizeof(lt) / sizeof(lt[0]); i++) {
		CHECK(sign(es_version_cmp(lt[i][0], lt[i][1])) == -1);
		CHECK(sign(es_version_cmp(lt[i][1], lt[i][0])) == 1);
		CHECK(es_version_cmp(lt[i][0], lt[i][0]) == 0);
	}
	CHECK(es_version_cmp("1.01", "1.1") == 0);
	CHECK(es_version_cmp(es_version, es_version) == 0);
}

static void test_pack(void)
{
	char out[16];

	CHECK(es_version_pack("1.1") == 0x10100u);
	CHECK(es_version_pack("1.1.2") == 0x10102u);
	CHECK(es_version_pack("65535.255.255") == 0xffffffffu);
	CHECK(es_version_pack("1.1~rc1") == 0x10100u);
	CHECK(es_version_pack("1.256") == 0 && es_version_pack("65536.0") == 0);
	CHECK(es_version_pack("x1") == 0 && es_version_pack("") == 0 && es_version_pack(NULL) == 0);
	CHECK(es_version_pack("1.") == 0);
	CHECK(es_version_pack(es_version) != 0);
	es_version_unpack(0x10100u, out, sizeof(out));
	CHECK(strcmp(out, "1.1") == 0);
	es_version_unpack(0x10102u, out, sizeof(out));
	CHECK(strcmp(out, "1.1.2") == 0);
	es_version_unpack(0xffffffffu, out, sizeof(out));
	CHECK(strcmp(out, "65535.255.255") == 0);
	es_version_unpack(0xffffffffu, out, 5);
	CHECK(strcmp(out, "6553") == 0);
	es_version_unpack(es_version_pack(es_version), out, sizeof(out));
	CHECK(strcmp(out, es_version) == 0 || strncmp(out, es_version, strlen(out)) == 0);
}

int main(void)
{
	RUN(test_order);
	RUN(test_pack);
	return check_done();
}
