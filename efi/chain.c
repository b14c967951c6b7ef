/* SPDX-License-Identifier: MIT */
#include "console.h"
#include "chain.h"

#include <efilib.h>
#include <stdbool.h>

#include "devpath.h"
#include "fs.h"
#include "guid.h"
#include "initrd.h"
#include "log.h"
#include "text.h"

EFI_STATUS chain_start(EFI_HANDLE image, EFI_HANDLE device, const struct es_config *c)
{
	CHAR16 path[ES_CONFIG_NEXT_MAX];
	EFI_DEVICE_PATH *dp;
	EFI_HANDLE child = NULL;
	EFI_LOADED_IMAGE *li = NULL;
	/* Pool memory: LoadOptions must stay valid as long as the next stage
	 * runs; freed only if it returns. */
	CHAR16 *options = NULL;
	bool keep_options = false;
	EFI_STATUS status;

	text_to_ucs2(path, ES_CONFIG_NEXT_MAX, c->next);
	dp = devpath_for_file(device, path);
	if (dp == NULL) {
		return log_error_status(EFI_OUT_OF_RESOURCES, "cannot load next stage %s", path);
	}
	status = uefi_call_wrapper(BS->LoadImage, 6, FALSE, image, dp, NULL, 0, &child);
	fs_free(dp);
	if (EFI_ERROR(status)) {
		/* UEFI 2.10 7.4.1: a Secure Boot refusal still returns a handle. */
		if (status == EFI_SECURITY_VIOLATION && child != NULL)
			uefi_call_wrapper(BS->UnloadImage, 1, child);
		/* UEFI 2.10 section 7.4.1 LoadImage: the platform's policy (Secure
		 * Boot: not signed by a key in db, nor trusted by shim) refused it. */
		if (status == EFI_SECURITY_VIOLATION || status == EFI_ACCESS_DENIED)
			return log_error_status(status, "Secure Boot refused next stage %s (%a)", path,
						"sign it with a key in db, or load it through shim");
		return log_error_status(status, "cannot load next stage %s", path);
	}
	if (c->cmdline[0] != '\0') {
		status = uefi_call_wrapper(BS->HandleProtocol, 3, child, &guid_loaded_image,
					   (void **)&li);
		if (EFI_ERROR(status) || li == NULL) {
			/* The trust earlyseed judged by came from this command
			 * line: a kernel started without it would credit by its
			 * defaults (and boot with another root=): not started. */
			uefi_call_wrapper(BS->UnloadImage, 1, child);
			return log_error_status(EFI_ERROR(status) ? status : EFI_NOT_FOUND,
						"cannot pass the command line to %s (no loaded-image protocol), not started",
						path);
		} else {
			UINT32 n = 0;

			while (c->cmdline[n] != '\0')
				n++;
			options = fs_alloc((n + 1) * sizeof(CHAR16));
			if (options == NULL) {
				uefi_call_wrapper(BS->UnloadImage, 1, child);
				return log_error_status(EFI_OUT_OF_RESOURCES,
							"cannot pass the command line to %s, not started", path);
			} else {
				text_to_ucs2(options, n + 1, c->cmdline);
				li->LoadOptions = options;
				li->LoadOptionsSize = (n + 1) * (UINT32)sizeof(CHAR16);
			}
		}
	}
	/* A driver that returns success stays resident and keeps its
	 * LoadOptions; an application is unloaded when it returns (UEFI 2.10
	 * section 7.4.2, StartImage). */
	if (li != NULL && li->ImageCodeType != EfiLoaderCode)
		keep_options = true;
	/* the initrd as the stub asks for it on every architecture: through
	 * LoadFile2, whatever the command line's initrd= (riscv64's stub has
	 * no initrd= loader) */
	if (c->initrd[0] != '\0' && c->cmdline[0] == '\0') {
		/* no command line: the next stage is a boot loader, which
		 * serves its kernel's initrd itself, and would find the
		 * device path taken (systemd-boot, GRUB) */
		log_warn("initrd: %a not served: the next stage is a boot loader (no cmdline), which serves its own",
			 c->initrd);
	} else if (c->initrd[0] != '\0') {
		CHAR16 initrd[ES_CONFIG_NEXT_MAX];

		text_to_ucs2(initrd, ES_CONFIG_NEXT_MAX, c->initrd);
		(void)initrd_serve(device, initrd);
	}
	console_log(CONSOLE_INFO, "starting %s", path);
	status = uefi_call_wrapper(BS->StartImage, 3, child, NULL, NULL);
	initrd_stop();
	console_log(EFI_ERROR(status) ? CONSOLE_WARN : CONSOLE_INFO, "next stage %s returned %r", path, status);
	if (!keep_options || EFI_ERROR(status))
		fs_free(options);
	return status;
}
