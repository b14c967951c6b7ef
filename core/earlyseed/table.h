/* SPDX-License-Identifier: MIT */
/* Part of core/earlyseed.h: the seed table (core/table.c). Include core/earlyseed.h, never this. */
#ifndef EARLYSEED_CORE_EARLYSEED_H
#error "include core/earlyseed.h, the engine's one public header"
#endif
#ifndef EARLYSEED_CORE_EARLYSEED_TABLE_H
#define EARLYSEED_CORE_EARLYSEED_TABLE_H

/* ==== the seed table (LINUX_EFI_RANDOM_SEED_TABLE) ========================== */

/*
 * struct linux_efi_random_seed (include/linux/efi.h): the body of the
 * LINUX_EFI_RANDOM_SEED_TABLE configuration table. size is little-endian
 * (x86 and every UEFI target are LE).
 */
struct es_table_seed {
	uint32_t size;
	uint8_t bits[];
};

_Static_assert(sizeof(struct es_table_seed) == 4, "linux_efi_random_seed header is 4 bytes");
_Static_assert(offsetof(struct es_table_seed, size) == 0, "size at offset 0");
_Static_assert(offsetof(struct es_table_seed, bits) == 4, "bits at offset 4");

/*
 * The kernel (drivers/firmware/efi/efi.c) reads min(size, 1 KiB) of a seed
 * table and credits all of it; the Linux stub (libstub/random.c) merges a
 * previous table only when size <= 512. earlyseed reads a previous table up
 * to the kernel's bound and treats a larger size field as bogus.
 */

enum es_table_prev {
	ES_TABLE_PREV_OK,      /* size <= ES_TABLE_READ_MAX and the bytes are there */
	ES_TABLE_PREV_CORRUPT, /* size over ES_TABLE_READ_MAX: not one byte is read */
	ES_TABLE_PREV_SHORT,   /* fewer than 4 + size bytes available */
};

/*
 * Check a previous table at mem, of which avail bytes may be read (firmware
 * memory: the session passes 4 + ES_TABLE_READ_MAX, the most it will ever read).
 * Sets *size to the size field when there is one (avail >= 4), else 0.
 */
enum es_table_prev es_table_prev_check(const void *mem, size_t avail, uint32_t *size);

/* BLAKE2s-128 of a table's size field and bytes (at most ES_TABLE_READ_MAX):
 * lets a stage tell later whether the table at an address is still the one
 * it installed. One-way: it says nothing of the seed. */
void es_table_tag(const struct es_table_seed *t, uint8_t tag[16]);

/* Bytes to allocate for a table carrying n seed bytes. */
size_t es_table_alloc_size(size_t n);

#endif
