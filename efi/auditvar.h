/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_EFI_AUDITVAR_H
#define EARLYSEED_EFI_AUDITVAR_H

#include <efi.h>

#include "../core/earlyseed.h"

/*
 * Publish the record as the volatile variable name (EarlyseedAudit for the
 * app, EarlyseedDriverAudit for the driver) in the vendor
 * GUID ES_AUDIT_VARIABLE_GUID (BOOTSERVICE_ACCESS | RUNTIME_ACCESS), so Linux
 * shows it as /sys/firmware/efi/efivars/<name>-<guid>. Logs the outcome; a
 * failure changes nothing else.
 */
void auditvar_publish(const struct es_audit_record *a, CHAR16 *name);
/*
 * Publish path (ASCII, earlyseed's own image on its volume) as the volatile
 * variable EarlyseedImage (UCS-2, NUL-terminated; systemd-boot's
 * LoaderImageIdentifier is the model), so `earlyseed seed` on the OS reads
 * the config this image read (beside it first) and the seed file it names.
 */
void auditvar_publish_image(const char *path);

#endif
