/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_TOOLS_INSPECT_H
#define EARLYSEED_TOOLS_INSPECT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Where Linux shows the app's variable (efi/auditvar.c, docs/audit-record.md). */
#define INSPECT_EFIVARFS_PATH \
	"/sys/firmware/efi/efivars/EarlyseedAudit-b1625ddc-bdd0-4e80-af05-adf6a6bdcd97"

/*
 * Decode a record: either the 64 raw bytes or an efivarfs file (a 4-byte
 * attribute word, then the bytes). Prints it to out; on a bad record prints
 * "error: <why>" to err. Returns 0 or 1.
 */
int inspect_print(const uint8_t *buf, size_t n, FILE *out, FILE *err);

/* What `earlyseed --help` says of it, after the synopses the command
 * table (host/main.c) prints. */
#define HELP_INSPECT \
	"inspect  decodes earlyseed's audit record, by default from\n" \
	"         " INSPECT_EFIVARFS_PATH "\n"

#endif
