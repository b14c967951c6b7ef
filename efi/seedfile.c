/* SPDX-License-Identifier: MIT */
/*
 * The seed file on the app's own volume: read it, and rewrite it in place
 * before its bytes may count (systemd-boot src/boot/random-seed.c is the
 * model: same length, never truncated, flushed; read-only volumes and the
 * FAT read-only attribute honoured).
 */
#include "seedfile.h"

#include <efilib.h>

#include "cpurng.h"
#include "fs.h"
#include "text.h"

void seedfile_read(EFI_FILE_HANDLE root, const char *path, struct seedfile *f)
{
	EFI_FILE_HANDLE h;
	UINT64 attr = 0;
	UINTN n;

	text_to_ucs2(f->path, ES_CONFIG_NEXT_MAX, path);
	f->exists = false;
	f->n = 0;
	f->size = 0;
	f->ro_volume = fs_read_only(root);
	f->ro_attr = false;
	f->status = uefi_call_wrapper(root->Open, 5, root, &h, f->path, EFI_FILE_MODE_READ, 0ULL);
	if (f->status == EFI_NOT_FOUND) {
		f->status = EFI_SUCCESS;
		return;
	}
	if (EFI_ERROR(f->status))
		return;
	f->exists = true;
	f->status = fs_file_info(h, &f->size, &attr);
	if (!EFI_ERROR(f->status) && (attr & EFI_FILE_DIRECTORY) != 0)
		f->status = EFI_UNSUPPORTED; /* a directory where the file should be */
	if (!EFI_ERROR(f->status)) {
		f->ro_attr = (attr & EFI_FILE_READ_ONLY) != 0;
		n = f->size < ES_SEED_FILE_MAX ? (UINTN)f->size : ES_SEED_FILE_MAX;
		f->status = uefi_call_wrapper(h->Read, 3, h, &n, f->buf);
		/* A read that stops short leaves what it read: the length
		 * check judges it. */
		f->n = EFI_ERROR(f->status) ? 0 : (UINT32)n;
	}
	(void)uefi_call_wrapper(h->Close, 1, h);
}

enum es_file_reason seedfile_write(EFI_FILE_HANDLE root, struct seedfile *f, const UINT8 *data, UINTN n)
{
	EFI_FILE_HANDLE h;
	UINT64 mode = EFI_FILE_MODE_READ | EFI_FILE_MODE_WRITE;
	UINTN done = n;
	uint64_t t0 = cpurng_arch.cycles();
	enum es_file_reason r;

	f->write_cycles = f->flush_cycles = 0;
	if (!f->exists) {
		mode |= EFI_FILE_MODE_CREATE;
		f->status = fs_make_parents(root, f->path);
		if (EFI_ERROR(f->status))
			return f->status == EFI_WRITE_PROTECTED ? ES_FILE_RO_VOLUME : ES_FILE_WRITE_FAILED;
	}
	f->status = uefi_call_wrapper(root->Open, 5, root, &h, f->path, mode, 0ULL);
	if (EFI_ERROR(f->status))
		return f->status == EFI_WRITE_PROTECTED ? ES_FILE_RO_VOLUME
		       : f->status == EFI_ACCESS_DENIED ? ES_FILE_RO_ATTR
							  : ES_FILE_WRITE_FAILED;
	/* Over the old bytes from the start: the file keeps its length (or
	 * grows to n), it is never truncated. */
	f->status = uefi_call_wrapper(h->SetPosition, 2, h, 0ULL);
	if (!EFI_ERROR(f->status))
		f->status = uefi_call_wrapper(h->Write, 3, h, &done, (void *)data);
	if (!EFI_ERROR(f->status) && done != n)
		f->status = EFI_DEVICE_ERROR;
	if (EFI_ERROR(f->status)) {
		(void)uefi_call_wrapper(h->Close, 1, h);
		return f->status == EFI_WRITE_PROTECTED ? ES_FILE_RO_VOLUME : ES_FILE_WRITE_FAILED;
	}
	f->write_cycles = cpurng_arch.cycles() - t0;
	t0 = cpurng_arch.cycles();
	f->status = uefi_call_wrapper(h->Flush, 1, h);
	if (EFI_ERROR(f->status)) {
		(void)uefi_call_wrapper(h->Close, 1, h);
		r = ES_FILE_FLUSH_FAILED;
	} else {
		f->status = uefi_call_wrapper(h->Close, 1, h);
		/* Close writes what Flush may have left; its failure means the same. */
		r = EFI_ERROR(f->status) ? ES_FILE_FLUSH_FAILED : ES_FILE_COUNTED;
	}
	f->flush_cycles = cpurng_arch.cycles() - t0;
	return r;
}
