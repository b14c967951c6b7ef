/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_EFI_AUDITVAR_H
#define EARLYSEED_EFI_AUDITVAR_H

#include "../core/audit.h"

/*
 * Publish the record as the volatile variable EarlyseedAudit in the vendor
 * GUID ES_AUDIT_VARIABLE_GUID (BOOTSERVICE_ACCESS | RUNTIME_ACCESS), so Linux
 * shows it as /sys/firmware/efi/efivars/EarlyseedAudit-<guid>. Logs the
 * outcome; a failure changes nothing else.
 */
void auditvar_publish(const struct es_audit_record *a);

#endif
