/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_EFI_SEEDTABLE_H
#define EARLYSEED_EFI_SEEDTABLE_H

#include <efi.h>
#include <stddef.h>
#include <stdint.h>

#include "../core/earlyseed.h"

/* The LINUX_EFI_RANDOM_SEED_TABLE now in the system table, or NULL. */
struct es_table_seed *seedtable_find(void);

/*
 * AllocatePool(EfiACPIReclaimMemory) a table holding seed[0..n), install it
 * with InstallConfigurationTable, and return it in *out. On failure nothing
 * is left allocated and the copy is wiped.
 */
EFI_STATUS seedtable_install(const uint8_t *seed, size_t n, struct es_table_seed **out);

/* Wipe a replaced table's size bytes (the size checked when it was read,
 * not its size field read again) and FreePool it (systemd src/boot/random-seed.c does the same). */
void seedtable_retire(struct es_table_seed *prev, uint32_t size);

/* Take the seed table out of the system table (UEFI 2.10 section 7.3.6:
 * InstallConfigurationTable with a NULL table removes the entry). */
EFI_STATUS seedtable_remove(void);

#endif
