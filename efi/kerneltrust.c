/* SPDX-License-Identifier: MIT */
/*
 * The kernel's trust as the OS recorded it (efi/kerneltrust.h): read once
 * by a stage with no command line of its own; only the CPU's trust goes.
 */
#include "kerneltrust.h"

#include <efilib.h>

#include "guid.h"
#include "log.h"

static EFI_GUID vendor_guid = ES_AUDIT_VARIABLE_GUID; /* earlyseed's vendor GUID */

bool kerneltrust_apply(struct es_trust *t, const char *who)
{
	UINT8 raw[ES_TRUST_VAR_LEN + 1];
	UINTN n = sizeof(raw);
	EFI_STATUS status;
	struct es_trust k; /* what the variable says of the kernel */

	status = uefi_call_wrapper(RT->GetVariable, 5, L"EarlyseedKernelTrust", &vendor_guid, NULL, &n, raw);
	if (status == EFI_NOT_FOUND)
		return false;
	es_trust_defaults(&k);
	if (EFI_ERROR(status) || es_trust_var_apply(&k, raw, n) == ES_TRUST_VAR_BAD) {
		k.cpu = false;
		log_warn("%aEarlyseedKernelTrust unreadable (%r, %u bytes): the CPU's RNG is not counted", who, status,
			 (UINT32)n);
	} else if (!k.cpu) { /* trust taken away: said, as a warning would be */
		log_summary("%athe OS's kernel last ran with random.trust_cpu=off (EarlyseedKernelTrust)", who);
	}
	/* Only the CPU's trust: the variable's boot-loader flag is never
	 * applied (es_trust_var_apply says why). */
	if (k.cpu)
		return false;
	t->cpu = false;
	t->cpu_set = true;
	return true;
}
