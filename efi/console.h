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
void console_print(const char *fmt, ...);

/*
 * What a boot prints (docs/app.md "What the app does, and what it prints"): a
 * console line costs about a millisecond under OVMF and ~10 ms on a 115200-
 * baud serial console, so a healthy boot prints one line, its summary (or
 * none), and every warning or failure prints, at most CONSOLE_WARN_MAX of
 * them; `verbose = yes` (config) or `make VERBOSE=1` prints every line.
 */
enum console_kind { CONSOLE_INFO, CONSOLE_SUMMARY, CONSOLE_WARN, CONSOLE_ERROR /* never held back */ };
enum console_show {
	CONSOLE_SHOW_WARNINGS,
	CONSOLE_SHOW_SUMMARY,
	CONSOLE_SHOW_ALL,
	CONSOLE_SHOW_PENDING /* the app before its config: lines kept until console_set_show() */
};
/* A boot with more than this many warnings says so once and stops. */
#define CONSOLE_WARN_MAX 16u
/* Set from the config (the app) or left at the build's default. */
extern enum console_show console_show;
extern enum console_show console_default; /* the build's (make VERBOSE=1: CONSOLE_SHOW_ALL); tests set it */
/* Print fmt when console_show lets a line of kind k through. */
void console_log(enum console_kind k, const char *fmt, ...);
/* A new boot (the app's start, a driver's pass): the warning count restarts. */
void console_begin(void);
/* What to show from now on; the lines kept while pending print if s shows
 * every line, and are dropped otherwise. */
void console_set_show(enum console_show s);
/* The text console_print() gives a status (UEFI 2.10 appendix D names). */
const CHAR16 *console_status(EFI_STATUS s);

#endif
