/* SPDX-License-Identifier: MIT */
#include "token.h"

#include <efilib.h>

#include "guid.h"

static EFI_GUID vendor_guid = ES_AUDIT_VARIABLE_GUID; /* earlyseed's vendor GUID */
static CHAR16 token_name[] = L"EarlyseedToken";
/* Non-volatile and boot-service only (UEFI 2.10 section 8.2, SetVariable
 * attributes): once ExitBootServices() has run, nothing reads it, so the OS
 * (efivarfs shows variables 0644) never learns it, and nothing there can
 * rewrite the account of what it rests on (es_token_decode). A token `earlyseed seed
 * install` made through efivarfs has runtime access: it is used too, but
 * under Secure Boot the file alone does not count with it (core/session.c). */
#define TOKEN_ATTRS (EFI_VARIABLE_NON_VOLATILE | EFI_VARIABLE_BOOTSERVICE_ACCESS)
static EFI_GUID global_guid = ES_EFI_GLOBAL_VARIABLE_GUID; /* EFI_GLOBAL_VARIABLE */

enum es_have token_read(UINT8 tok[ES_TOKEN_LEN], struct es_provenance *from, bool *runtime, EFI_STATUS *status)
{
	UINT8 raw[ES_TOKEN_VAR_LEN + 1];
	UINT32 attr = 0;
	UINTN n = sizeof(raw);

	from->other_bits = from->cpu_bits = 0;
	*status = uefi_call_wrapper(RT->GetVariable, 5, token_name, &vendor_guid, &attr, &n, raw);
	*runtime = (attr & EFI_VARIABLE_RUNTIME_ACCESS) != 0;
	if (*status == EFI_NOT_FOUND)
		return ES_HAVE_NONE;
	/* The core judges the bytes (size, account, all equal); here only
	 * that it is the non-volatile variable a token must be. */
	if (!EFI_ERROR(*status) && ((attr & EFI_VARIABLE_NON_VOLATILE) == 0 || !es_token_decode(raw, n, tok, from)))
		*status = EFI_VOLUME_CORRUPTED;
	es_wipe(raw, sizeof(raw));
	if (EFI_ERROR(*status)) {
		es_wipe(tok, ES_TOKEN_LEN);
		return ES_HAVE_BAD;
	}
	return ES_HAVE_YES;
}

bool token_secure_boot(void)
{
	/* UEFI 2.10 section 3.3: SecureBoot, one byte, 1 when the platform
	 * enforces image verification. Missing or unreadable: off. */
	UINT8 v = 0;
	UINTN n = sizeof(v);
	EFI_STATUS status = uefi_call_wrapper(RT->GetVariable, 5, L"SecureBoot", &global_guid, NULL, &n, &v);

	return !EFI_ERROR(status) && n == 1 && v == 1;
}

EFI_STATUS token_create_var(const UINT8 var[ES_TOKEN_VAR_LEN])
{
	return uefi_call_wrapper(RT->SetVariable, 5, token_name, &vendor_guid, (UINT32)TOKEN_ATTRS,
				 (UINTN)ES_TOKEN_VAR_LEN, (void *)var);
}
