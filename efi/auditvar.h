/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_EFI_AUDITVAR_H
#define EARLYSEED_EFI_AUDITVAR_H

#include <efi.h>

#include "../core/audit.h"

/*
 * Publish the record as the volatile variable name (EarlyseedAudit for the
 * app, EarlyseedDriverAudit for the driver) in the vendor
 * GUID ES_AUDIT_VARIABLE_GUID (BOOTSERVICE_ACCESS | RUNTIME_ACCESS), so Linux
 * shows it as /sys/firmware/efi/efivars/<name>-<guid>. Logs the outcome; a
 * failure changes nothing else.
 */
void auditvar_publish(const struct es_audit_record *a, CHAR16 *name);

#endif
