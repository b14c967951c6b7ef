/* SPDX-License-Identifier: MIT */
/* Part of core/earlyseed.h: a variable store kept in a file (core/varstore.c). Include core/earlyseed.h, never this. */
#ifndef EARLYSEED_CORE_EARLYSEED_H
#error "include core/earlyseed.h, the engine's one public header"
#endif
#ifndef EARLYSEED_CORE_EARLYSEED_VARSTORE_H
#define EARLYSEED_CORE_EARLYSEED_VARSTORE_H

/*
 * A variable store kept in a file (core/varstore.c). A firmware with no
 * flash of its own for variables keeps them in a file on a disk: U-Boot's
 * \ubootefi.var (lib/efi_loader/efi_var_file.c), or an edk2 port that
 * rewrites its own image in place (the Raspberry Pi 4's RPI_EFI.fd,
 * pftf/RPi4 issue #6). Then a copy of the disk carries the token. The
 * caller reads the files of every FAT volume the firmware sees whose size
 * and first ES_VARSTORE_HEAD bytes make them worth reading
 * (es_varstore_worth_reading: U-Boot's magic, or whole 4 KiB flash blocks,
 * at most ES_VARSTORE_FILE_MAX bytes) and asks es_varstore_find whether
 * the bytes hold a store, in either format, with EarlyseedToken under
 * earlyseed's vendor GUID (es_vendor_guid) in it.
 */
enum es_varstore {
	ES_VARSTORE_NONE = 0, /* no store, or none holding the token */
	ES_VARSTORE_UBOOT,    /* U-Boot's struct efi_var_file (include/efi_variable.h) */
	ES_VARSTORE_EDK2,     /* an edk2 NV firmware volume's variable store (VariableFormat.h) */
};
#define ES_VARSTORE_HEAD 24u
#define ES_VARSTORE_BLOCK 4096u
#define ES_VARSTORE_FILE_MAX (32u << 20) /* a firmware image: 2 MiB on the Pi 4, 4 MiB for OVMF */
extern const uint8_t es_vendor_guid[16];
enum es_varstore es_varstore_find(const void *buf, size_t n);
bool es_varstore_worth_reading(uint64_t size, const void *head, size_t n);
const char *es_varstore_text(enum es_varstore k);

#endif
