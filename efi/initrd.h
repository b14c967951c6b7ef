/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_EFI_INITRD_H
#define EARLYSEED_EFI_INITRD_H

#include <efi.h>
#include <stdbool.h>

/*
 * The initrd served to a kernel the way Linux's EFI stub asks for it on every
 * architecture (drivers/firmware/efi/libstub/efi-stub-helper.c
 * efi_load_initrd_dev_path): an EFI_LOAD_FILE2_PROTOCOL on a handle whose
 * device path is the vendor media node LINUX_EFI_INITRD_MEDIA_GUID and the
 * end, as systemd-boot and GRUB serve it. The riscv64 stub has no `initrd=`
 * loader at all, and upstream calls it deprecated on x86 and arm64.
 * initrd_serve: the file path (UTF-16, absolute) on the volume device, read
 * when the stub asks (its size, then its bytes). False, after one line
 * saying why, when the file is not there or a protocol cannot be installed
 * (one is already: another loader serves an initrd). initrd_stop: the handle
 * and protocols gone again (the next stage returned).
 */
bool initrd_serve(EFI_HANDLE device, const CHAR16 *path);
void initrd_stop(void);

#endif
