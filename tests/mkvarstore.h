/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_TESTS_MKVARSTORE_H
#define EARLYSEED_TESTS_MKVARSTORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* One variable for a store: its vendor GUID (16 bytes, EFI_GUID's byte
 * order), ASCII name, data, and (edk2) its record's State byte (0: VAR_ADDED). */
struct mkvar {
	const uint8_t *guid;
	const char *name;
	const uint8_t *data;
	size_t len;
	uint8_t state;
};

/* Stores in the two formats firmware keeps in a file, as they write them:
 * U-Boot's \ubootefi.var (include/efi_variable.h, lib/efi_loader/
 * efi_var_mem.c: 8-byte aligned entries, a CRC32 over them), and a
 * Raspberry Pi 4 RPI_EFI.fd-shaped image (pftf/RPi4's RPI_EFI.fdf: 2 MiB,
 * TF-A's code at 0, the main firmware volume at 0x20000, the NV-data
 * volume with the variable store at 0x1d0000, then the fault-tolerant
 * write working block), auth: the authenticated variable format. Each
 * returns the bytes written to out (cap at least their size), 0 when they
 * do not fit. */
size_t mkvarstore_uboot(uint8_t *out, size_t cap, const struct mkvar *v, size_t nv);
#define MKVARSTORE_FD_SIZE 0x200000u
#define MKVARSTORE_FD_NV 0x1d0000u
size_t mkvarstore_fd(uint8_t *out, size_t cap, bool auth, const struct mkvar *v, size_t nv);
/* The token's variable as earlyseed names it, for v[]. */
extern const char mkvarstore_token_name[];

#endif
