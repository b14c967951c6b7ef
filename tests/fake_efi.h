/* SPDX-License-Identifier: MIT */
/*
 * A fake UEFI for the host fault matrix: system table, boot and runtime
 * services, a file system, RNG protocol instances, and the few GNU-EFI
 * library functions efi/ calls (Print, LibOpenRoot, ...). The efi/ sources compile
 * unchanged against it, the way edk2 swaps in mock libraries.
 */
#ifndef EARLYSEED_TESTS_FAKE_EFI_H
#define EARLYSEED_TESTS_FAKE_EFI_H

#include <efi.h>
#include <efilib.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define FAKE_MAX_FILES 8
#define FAKE_MAX_RNGS 4
#define FAKE_LOG_MAX (1u << 20)

struct fake_file_entry {
	const char *path; /* ASCII, '\\' separators, matched case-insensitively */
	const uint8_t *data;
	size_t len;
	bool loadable; /* LoadImage succeeds on it (a PE image) */
	bool earlyseed; /* StartImage runs efi_main again (a chained earlyseed) */
	EFI_STATUS open_status; /* forced Open() result, 0 = by file */
	bool ro_attr;            /* EFI_FILE_READ_ONLY */
	EFI_STATUS write_status; /* forced Write() result */
	bool write_short;        /* Write() says success but writes half */
	EFI_STATUS flush_status; /* forced Flush() result */
	size_t writes, flushes;  /* calls that reached the file */
	uint8_t *owned;          /* the bytes once written (fake_efi owns them) */
};

/* A UEFI variable in the fake's store. */
struct fake_var {
	bool used;
	CHAR16 name[40];
	EFI_GUID guid;
	UINT32 attr;
	uint8_t data[512];
	size_t len;
};
#define FAKE_MAX_VARS 8

struct fake_rng {
	/* GetRNG results in order; once used up, `then` forever. */
	const EFI_STATUS *script;
	size_t script_len;
	EFI_STATUS then;
	bool raw_unsupported; /* RAW answers EFI_UNSUPPORTED */
	bool constant;        /* every call returns the same bytes */
	bool min32;           /* edk2: lengths under 32 are EFI_INVALID_PARAMETER */
	bool writes_nothing;  /* says EFI_SUCCESS, leaves the buffer as it was */
	/* What its handle shows: by default a device path (a PCI device, as
	 * VirtioRngDxe's) and no GetInfo; edk2's RngDxe has no device path
	 * and lists its algorithms (SecurityPkg/RandomNumberGenerator/RngDxe). */
	bool no_device_path;
	/* U-Boot's: the protocol on its root node, whose device path is one
	 * VenHw node with U-Boot's GUID (lib/efi_loader/efi_root_node.c) */
	bool uboot_root;
	const EFI_GUID *algos; /* GetInfo's list (NULL: GetInfo is EFI_UNSUPPORTED) */
	size_t nalgos;
	size_t calls;
	size_t short_requests; /* requests under 32 bytes seen */
	uint32_t counter;
};

/* A TPM 2.0 behind EFI_TCG2_PROTOCOL (TPM2_GetRandom only), and how it fails. */
enum fake_tpm {
	FAKE_TPM_NONE = 0,    /* no EFI_TCG2_PROTOCOL */
	FAKE_TPM_OK,          /* what was asked, at most 32 bytes a call */
	FAKE_TPM_SUBMIT_FAILS,/* SubmitCommand returns EFI_DEVICE_ERROR */
	FAKE_TPM_RC_ERROR,    /* a bare header with TPM_RC_FAILURE */
	FAKE_TPM_SHORT,       /* 4 bytes a call, whatever was asked */
	FAKE_TPM_REPEATS,     /* the same block every call */
	FAKE_TPM_ZEROS,       /* blocks of zeros */
	FAKE_TPM_MALFORMED,   /* a size field that is not the response's */
	FAKE_TPM_TOO_LONG,    /* more bytes than asked */
	FAKE_TPM_SLOW,        /* answers, but the deadline timer has fired */
	FAKE_TPM_OFF,         /* the protocol is there, GetCapability says no TPM */
};

struct fake_efi {
	/* configuration of the case */
	EFI_STATUS time_status; /* GetTime's result (EFI_SUCCESS: a set clock) */
	UINT16 time_year;       /* its year; 0: 2026 */
	struct fake_file_entry files[FAKE_MAX_FILES];
	size_t nfiles;
	bool read_only;
	bool ro_unreported;  /* read-only, but EFI_FILE_SYSTEM_INFO says writable */
	EFI_STATUS mkdir_status; /* forced result of creating a directory */
	bool no_file_system; /* the image came over the network (PXE, HTTP) */
	struct fake_rng rngs[FAKE_MAX_RNGS];
	size_t nrngs;
	bool no_rng_protocol;
	bool compareguid_true_if_equal; /* GNU_EFI_USE_COMPAREGUID_ABI semantics */
	void *prev_table; /* installed before efi_main, from fake_alloc */
	bool fail_table_alloc;  /* AllocatePool(EfiACPIReclaimMemory) fails */
	bool fail_install;      /* InstallConfigurationTable fails */
	EFI_STATUS load_status; /* forced LoadImage result, 0 = by file */
	EFI_STATUS start_status;
	/* another loader already serves an initrd on LINUX_EFI_INITRD_MEDIA_GUID:
	 * InstallMultipleProtocolInterfaces answers EFI_ALREADY_STARTED */
	bool initrd_taken;

	/* what happened */
	char log[FAKE_LOG_MAX];
	size_t loglen;
	bool started; /* a kernel started (its StartImage returns here, a real one would not) */
	/* the initrd a kernel read at StartImage through LoadFile2, as Linux's
	 * stub reads it (efi_load_initrd_dev_path): its size asked first, then
	 * the bytes; initrd_size_status: the first call's answer */
	bool initrd_served;    /* the device path and LoadFile2 are installed now */
	bool initrd_loaded;
	EFI_STATUS initrd_size_status;
	uint8_t *initrd;       /* what it read (fake_efi owns it) */
	size_t initrd_len;
	char started_path[256];
	char options[4200];
	size_t write_attempts;
	size_t live_allocations;
	bool stack_clean_at_start;  /* no source output or seed left on the stack */
	size_t markers_installed;   /* stage markers on image handles now */
	size_t markers_at_start;    /* ... when the kernel started */
	size_t stages_started;      /* earlyseed images started by earlyseed */
	size_t loads;               /* successful LoadImage calls */
	bool remove_seen;           /* InstallConfigurationTable(seed GUID, NULL) */
	void *table_at_start;       /* the seed table the kernel found when it started */
	uint8_t table_bytes_at_start[36];
	bool prev_wiped_at_free; /* prev_table's bytes were zero when freed */
	bool variable_set;
	uint8_t variable[512];
	size_t variable_len;
	bool driver_variable_set;            /* EarlyseedDriverAudit */
	uint8_t driver_variable[512];
	size_t driver_variable_len;
	struct fake_var vars[FAKE_MAX_VARS]; /* every other variable */
	EFI_STATUS token_set_status; /* forced SetVariable(EarlyseedToken) result */
	size_t nv_writes;            /* SetVariable calls with NON_VOLATILE */
	size_t dirs_created;
	bool secret_freed;           /* FreePool on memory still holding source bytes */
	bool fail_locate;            /* LocateHandleBuffer fails with OUT_OF_RESOURCES */
	bool fail_protocol_install;  /* InstallProtocolInterface fails */
	bool fail_rng_install;       /* ... for EFI_RNG_PROTOCOL only */
	bool fail_event;             /* CreateEvent(Ex) fails */
	size_t rng_installs, rng_uninstalls;
	size_t events;               /* events created and not closed */
	size_t tpl_raises, tpl_errors;
	bool child_no_loaded_image;  /* a loaded next stage has no EFI_LOADED_IMAGE_PROTOCOL */
	enum fake_tpm tpm;
	size_t tpm_calls;            /* SubmitCommand calls */
	uint32_t tpm_warn_rc;        /* the first tpm_warn_calls answers: this response code */
	unsigned int tpm_warn_calls;
	size_t tpm_bad_commands;     /* ... that were not a well-formed TPM2_GetRandom */
	uint32_t tpm_counter;
	uint64_t monotonic;          /* GetNextMonotonicCount's next value */
	EFI_STATUS monotonic_status; /* forced GetNextMonotonicCount result */
};

extern struct fake_efi fake;

/* Reset everything and build a fresh system table; returns it. */
EFI_SYSTEM_TABLE *fake_efi_reset(void);
/* Allocate as the firmware's pool does (tracked; FreePool frees). */
void *fake_alloc(size_t n);
/* Is this pointer still allocated? */
bool fake_is_live(const void *p);
/* The seed table installed now, or NULL. */
void *fake_seed_table(void);
/* Remember source output handed to the app (8-byte chunks), to look for
 * leftovers; the RNG fake notes its own. */
void fake_note_source(const void *p, size_t n);
/* Does mem hold any of it? */
bool fake_source_bytes_in(const uint8_t *mem, size_t n);
/* Do the log's bytes hold any noted source byte (raw 8-byte chunk, or its
 * first 4 bytes as hex)? */
bool fake_source_bytes_logged(void);
/* The file entry at path, or NULL. */
struct fake_file_entry *fake_file(const char *path);
/* EarlyseedToken: set it (attr as given) / read it (NULL when absent). */
void fake_set_token(const uint8_t *p, size_t n, UINT32 attr);
const struct fake_var *fake_token(void);
/* Any other variable (SecureBoot, ...). */
void fake_set_var(const CHAR16 *name, const EFI_GUID *guid, const void *p, size_t n, UINT32 attr);
/* Signal every ReadyToBoot / ExitBootServices event; how many there were. */
size_t fake_ready_to_boot(void);
size_t fake_exit_boot_services(void);
/* A resident image's handle (a driver loaded before the app). */
EFI_HANDLE fake_add_image(void);
/* The EFI_RNG_PROTOCOL installed on the image handle (a driver's), or NULL. */
void *fake_driver_rng(void);
/* ACPI tables as QEMU publishes them with -device vmgenid (an RSDP, an XSDT,
 * an SSDT naming VGIA), the 16-byte ID at VGIA + 40; and an SMBIOS 3.x
 * entry point with a type 1 structure holding uuid. Call after the reset. */
void fake_set_vmgenid(const uint8_t id[16]);
/* Hyper-V's OEM0 table (ACPI header, then n bytes) with that OEM table id,
 * beside any other ACPI table of the case: the table, to look at after. */
/* One more table in the case's XSDT (a table a test built or kept). */
void fake_acpi_add(const uint8_t *table);
uint8_t *fake_set_oem0(const uint8_t *data, size_t n, const char oem_table_id[8]);
void fake_set_smbios_uuid(const uint8_t uuid[16]);
/* A device tree (the configuration table EFI_DTB_TABLE_GUID): a copy of
 * fdt (at most 8 KiB), which the test may read after the boot. */
uint8_t *fake_set_dtb(const uint8_t *fdt, size_t n);
/* Every RaiseTPL restored, none out of order? */
bool fake_tpl_balanced(void);
/* No noted source byte left on the stack below the caller? */
bool fake_stack_clean(void);
/* The image handle efi_main is given. */
EFI_HANDLE fake_image_handle(void);

#endif
