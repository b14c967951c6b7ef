/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_HOST_EFIVARS_H
#define EARLYSEED_HOST_EFIVARS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/*
 * UEFI variables through efivarfs (Documentation/filesystems/efivarfs.rst):
 * a file per variable, named Name-GUID, holding its 4 attribute bytes and
 * its data.
 */
#define EFIVARS_DIR "/sys/firmware/efi/efivars"
/* The most of a variable's data the tool reads. */
#define EFIVARS_VAR_MAX 4096u
/* EFI_GLOBAL_VARIABLE (UEFI 2.10 section 3.3): SecureBoot, Boot####, BootOrder. */
#define EFIVARS_GLOBAL_GUID "8be4df61-93ca-11d2-aa0d-00e098032b8c"
/* name's file in efivarfs (efivars NULL: the system's) into path: 0, or -1
 * when it does not fit in cap. */
int efivars_path(const char *efivars, const char *name, char *path, size_t cap);
/* Is the variable name there (its file in efivarfs, not followed)? */
bool efivars_exists(const char *efivars, const char *name);
/* A variable's data from efivarfs (efivars NULL: the system's), after its
 * 4 attribute bytes (into *attrs, may be NULL): its length, or -1 when it
 * is not there, not readable, or larger than cap. */
ssize_t efivars_read(const char *efivars, const char *name, uint8_t *buf, size_t cap, uint32_t *attrs);
/* Clear efivarfs's immutable flag on fd, so the variable can be changed or
 * deleted: the flags it had, or -1. */
int efivars_unlock(int fd);
/* Delete the variable name (efivars NULL: the system's), its immutable flag
 * cleared first: 0 (also when it was not there), or -1 with errno. */
int efivars_delete(const char *efivars, const char *name);
/* Up to cap bytes of fd (a variable's file, or any other), read through
 * EINTR and short reads; -1 on a read error. */
ssize_t efivars_read_fd(int fd, uint8_t *buf, size_t cap);
/* An audit record earlyseed left this boot (name: EarlyseedAudit-<guid>,
 * or EarlyseedDriverAudit-<guid> for the driver's), decoded: true and *a, or
 * false. efivars NULL: the system's. */
struct es_audit_record;
bool efivars_audit_var(const char *efivars, const char *name, struct es_audit_record *a);
/* Is Secure Boot on? (SecureBoot under EFI_GLOBAL_VARIABLE, UEFI 2.10
 * section 3.3: one byte, 1 when enforced.) */
bool efivars_secure_boot(const char *efivars);

#endif
