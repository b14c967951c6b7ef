/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_EFI_CONSOLE_H
#define EARLYSEED_EFI_CONSOLE_H

#include <efi.h>
#include <efilib.h>

/*
 * earlyseed's own console output, instead of GNU-EFI's Print(): Print pulls
 * in libefi's formatter and its device-path and status-name tables (about
 * 28 KB of a 74 KB image). The formats earlyseed uses, with Print's meaning:
 *   %a  ASCII string     %s  UCS-2 string     %u %d %x  UINT32
 *   %lu %ld %lx  UINT64  %r  EFI_STATUS as text   %g  EFI_GUID *   %%
 * "\n" is written as "\r\n", as consoles need. Output goes to
 * ST->ConOut->OutputString in chunks of CONSOLE_CHUNK characters.
 */
void console_print(const CHAR16 *fmt, ...);
/* The text console_print() gives a status (UEFI 2.10 appendix D names). */
const CHAR16 *console_status(EFI_STATUS s);

#endif
