/* SPDX-License-Identifier: MIT */
#include "console.h"
#include "auditvar.h"

#include <efi.h>
#include <efilib.h>

#include "../core/earlyseed.h"
#include "guid.h"
#include "text.h"

static EFI_GUID audit_guid = ES_AUDIT_VARIABLE_GUID;

void auditvar_publish_image(const char *path)
{
	CHAR16 name[] = L"EarlyseedImage";
	CHAR16 p[ES_CONFIG_NEXT_MAX];
	UINTN n = 0;
	EFI_STATUS status;

	text_to_ucs2(p, ES_CONFIG_NEXT_MAX, path);
	while (p[n] != 0)
		n++;
	status = uefi_call_wrapper(RT->SetVariable, 5, name, &audit_guid,
				   (UINT32)(EFI_VARIABLE_BOOTSERVICE_ACCESS | EFI_VARIABLE_RUNTIME_ACCESS),
				   (n + 1) * sizeof(CHAR16), p);
	if (EFI_ERROR(status))
		console_log(CONSOLE_WARN, "audit: EarlyseedImage: %r", status);
}

void auditvar_publish(const struct es_audit_record *a, CHAR16 *name)
{
	UINT8 buf[ES_AUDIT_SIZE];
	EFI_STATUS status;

	es_audit_encode(a, buf);
	/* No EFI_VARIABLE_NON_VOLATILE: the record describes this boot only. */
	status = uefi_call_wrapper(RT->SetVariable, 5, name, &audit_guid,
				   (UINT32)(EFI_VARIABLE_BOOTSERVICE_ACCESS | EFI_VARIABLE_RUNTIME_ACCESS),
				   (UINTN)sizeof(buf), buf);
	if (EFI_ERROR(status))
		console_log(CONSOLE_WARN, "audit: SetVariable failed: %r", status);
	else
		console_log(CONSOLE_INFO, "audit: published %s-%g (%u bytes)", name, &audit_guid,
		      (UINT32)sizeof(buf));
}
