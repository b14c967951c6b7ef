/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_EFI_KERNELTRUST_H
#define EARLYSEED_EFI_KERNELTRUST_H

#include <efi.h>
#include <stdbool.h>

#include "../core/earlyseed.h"

/*
 * EarlyseedKernelTrust (core/earlyseed.h): what the OS's kernel last ran
 * with, written by the OS tool (`earlyseed install`, `earlyseed seed
 * refresh`) from its command line, for a stage that sees none: the driver,
 * and the app with a boot loader next (GRUB, shim). It is NVRAM the
 * firmware keeps, not a byte on the ESP; all the same it can only take
 * trust away, so anyone who can write it gains nothing, and one that
 * cannot be read costs the CPU's credit. Applies it to *t; who prefixes the
 * line that says so ("driver: ", "trust: no command line; "). Returns true
 * when it took the CPU's trust away.
 */
bool kerneltrust_apply(struct es_trust *t, const char *who);

#endif
