/* SPDX-License-Identifier: MIT */
/*
 * A fourth identity, for a test only (issue: identity as a table): what a
 * new identity source costs is this file's three lines, a row and a header
 * version, and nothing in the rules. The Makefile builds core/ and
 * tests/core/test_identity.c again with it force-included
 * (build/host/test_identity_dummy): the table-driven tests there seal,
 * check, reseal and record the fourth row by what it declares, and the
 * header grows by its tag (72 bytes, "ESSEEDv3").
 *
 * The row: as if Hyper-V's OEM0 source (core/earlyseed/sources.h) handed a
 * 16-byte VM identity beside its entropy, held like the SMBIOS UUID.
 */
#define ES_ID_DUMMY_BUILD 1
#define ES_ID_MORE ES_ID_DUMMY,
#define ES_ID_MORE_ROWS                                                                                     \
	[ES_ID_DUMMY] = { .label = "earlyseed v3 dummy identity", .flag = 0x10u, .source = ES_SRC_OEM0,  \
			  .mismatch = ES_FILE_ID_CHANGED, .at = SLOT(3) },
#define ES_SEEDFILE_MAGIC "ESSEEDv3"
