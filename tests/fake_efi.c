/* SPDX-License-Identifier: MIT */
#include "fake_efi.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/earlyseed.h"
#include "../efi/console.h"
#include "../efi/guid.h"
#include "../efi/main.h"
#include "check.h"

struct fake_efi fake;
/* The ACPI tables of the case (fake_acpi_add), counted from the reset. */
#define FAKE_ACPI_MAX 8
static unsigned int acpi_n;

EFI_SYSTEM_TABLE *ST;
EFI_BOOT_SERVICES *BS;
EFI_RUNTIME_SERVICES *RT;
static EFI_GUID loaded_image_guid = LOADED_IMAGE_PROTOCOL;
static EFI_GUID sfs_guid = EFI_SIMPLE_FILE_SYSTEM_PROTOCOL_GUID;
static EFI_GUID file_info_guid = EFI_FILE_INFO_ID;
static EFI_GUID fs_info_guid = EFI_FILE_SYSTEM_INFO_ID;

static EFI_SYSTEM_TABLE systab;
static EFI_BOOT_SERVICES boot;
static EFI_RUNTIME_SERVICES runtime;
static SIMPLE_TEXT_OUTPUT_INTERFACE conout;
static EFI_CONFIGURATION_TABLE config[8];
static EFI_GUID rng_guid = ES_EFI_RNG_PROTOCOL_GUID;
static EFI_GUID raw_guid = ES_EFI_RNG_ALGORITHM_RAW_GUID;
static EFI_GUID seed_guid = ES_LINUX_EFI_RANDOM_SEED_TABLE_GUID;
static EFI_GUID audit_guid = ES_AUDIT_VARIABLE_GUID;

static EFI_GUID stage_guid = ES_STAGE_PROTOCOL_GUID;
static EFI_GUID dp_guid = EFI_DEVICE_PATH_PROTOCOL_GUID; /* 09576e91-6d3f-11d2-8e39-00a0c969723b */
/* A virtio-rng's handle as OVMF shows it: PciRoot(0x0)/Pci(0x3,0x0) and the
 * end node (UEFI 2.10 section 10.3.2: ACPI, then PCI). */
static const uint8_t rng_device_path[] = { 2, 1, 12, 0, 0xd0, 0x41, 0x03, 0x0a, 0, 0, 0, 0,
					   1, 1, 6, 0, 0, 3, 0x7f, 0xff, 4, 0 };
/* U-Boot's efi_root: VenHw(U_BOOT_GUID) and the end (U-Boot
 * include/efi_loader.h: U_BOOT_GUID e61d73b9-a384-4acc-aeab-82e828f3628b). */
static const uint8_t uboot_root_path[] = { 1, 4, 20, 0, 0xb9, 0x73, 0x1d, 0xe6, 0x84, 0xa3, 0xcc, 0x4a,
					   0xae, 0xab, 0x82, 0xe8, 0x28, 0xf3, 0x62, 0x8b, 0x7f, 0xff, 4, 0 };

/* Where the firmware found earlyseed (a device path is, here, a string). */
static const char self_path[] = "\\EFI\\BOOT\\BOOTX64.EFI";

/* Loaded images: [0] is earlyseed as the firmware started it; LoadImage
 * takes the next free one. An image handle is the address of its entry. */
#define FAKE_MAX_IMAGES 16
struct fake_image {
	EFI_LOADED_IMAGE li;
	struct fake_file_entry *file;
	void *stage_marker; /* ES_STAGE_PROTOCOL_GUID interface, if installed */
	void *rng;          /* EFI_RNG_PROTOCOL a driver installed on its image handle */
	char path[256];
	uint8_t dp[600]; /* its device path: one file node and the end */
	bool used;
};
static struct fake_image images[FAKE_MAX_IMAGES];

/* Handles are the addresses of these. */
static int device_handle, rng_handles[FAKE_MAX_RNGS];
static EFI_RNG_PROTOCOL rng_proto[FAKE_MAX_RNGS];

static struct fake_image *image_of(EFI_HANDLE h)
{
	for (size_t i = 0; i < FAKE_MAX_IMAGES; i++)
		if (images[i].used && h == (EFI_HANDLE)&images[i])
			return &images[i];
	return NULL;
}

/* ---- allocation tracking ---- */
#define MAX_ALLOCS 256
static void *allocs[MAX_ALLOCS];
static size_t alloc_sizes[MAX_ALLOCS];

void *fake_alloc(size_t n)
{
	for (size_t i = 0; i < MAX_ALLOCS; i++) {
		if (allocs[i] == NULL) {
			allocs[i] = malloc(n ? n : 1);
			alloc_sizes[i] = n;
			/* firmware pool is not zeroed: a pattern, as edk2's
			 * debug builds fill it */
			memset(allocs[i], 0xaf, n);
			fake.live_allocations++;
			return allocs[i];
		}
	}
	abort();
}

bool fake_is_live(const void *p)
{
	for (size_t i = 0; i < MAX_ALLOCS; i++)
		if (p != NULL && allocs[i] == p)
			return true;
	return false;
}

static EFI_STATUS fake_free(void *p)
{
	for (size_t i = 0; i < MAX_ALLOCS; i++) {
		if (p != NULL && allocs[i] == p) {
			if (fake_source_bytes_in(p, alloc_sizes[i]))
				fake.secret_freed = true;
			if (p == fake.prev_table) {
				const uint8_t *b = (const uint8_t *)p + 4;
				uint32_t size = *(const uint32_t *)p;

				fake.prev_wiped_at_free = true;
				for (uint32_t k = 0; k < size && size <= 1024; k++)
					fake.prev_wiped_at_free = fake.prev_wiped_at_free && b[k] == 0;
			}
			free(p);
			allocs[i] = NULL;
			fake.live_allocations--;
			return EFI_SUCCESS;
		}
	}
	return EFI_INVALID_PARAMETER;
}

/* ---- source output the fakes hand out ---- */
#define MAX_CHUNKS 4096
static uint8_t handed[MAX_CHUNKS][8];
static size_t nhanded;

void fake_note_source(const void *p, size_t n)
{
	for (size_t off = 0; off + 8 <= n && nhanded < MAX_CHUNKS; off += 8)
		memcpy(handed[nhanded++], (const uint8_t *)p + off, 8);
}

static uint8_t rng_byte(uint32_t x)
{
	x ^= x >> 16;
	x *= 0x7feb352dU;
	x ^= x >> 15;
	x *= 0x846ca68bU;
	x ^= x >> 16;
	return (uint8_t)x;
}

bool fake_source_bytes_in(const uint8_t *mem, size_t n)
{
	/* any 8-byte chunk of anything handed out */
	for (size_t i = 0; i + 8 <= n; i++) {
		for (size_t b = 0; b < nhanded; b++) {
			if (mem[i] == handed[b][0] && memcmp(mem + i, handed[b], 8) == 0)
				return true;
		}
	}
	return false;
}

/* ---- the console: efi/console.c writes here ---- */
static void log_str(const char *s)
{
	size_t n = strlen(s);

	if (fake.loglen + n >= FAKE_LOG_MAX)
		n = FAKE_LOG_MAX - 1 - fake.loglen;
	memcpy(fake.log + fake.loglen, s, n);
	fake.loglen += n;
	fake.log[fake.loglen] = '\0';
}

static EFI_STATUS EFIAPI conout_output_string(SIMPLE_TEXT_OUTPUT_INTERFACE *This, CHAR16 *str)
{
	char out[512];
	size_t n = 0;

	(void)This;
	for (; *str != 0; str++) {
		if (*str == L'\r')
			continue;
		out[n++] = (char)*str;
		if (n == sizeof(out) - 1) {
			out[n] = '\0';
			log_str(out);
			n = 0;
		}
	}
	out[n] = '\0';
	log_str(out);
	return EFI_SUCCESS;
}

/* gnu-efi 3.0.x: 0 for equal; with GNU_EFI_USE_COMPAREGUID_ABI (3.0.16+):
 * TRUE for equal. efi/ must not depend on either. */
INTN CompareGuid(EFI_GUID *a, EFI_GUID *b)
{
	bool eq = memcmp(a, b, sizeof(*a)) == 0;

	if (fake.compareguid_true_if_equal)
		return eq ? 1 : 0;
	return eq ? 0 : 1;
}

static void to_ascii(char *dst, size_t cap, const CHAR16 *src)
{
	size_t i = 0;

	for (; src[i] && i + 1 < cap; i++)
		dst[i] = (char)src[i];
	dst[i] = '\0';
}

/* The file a device path names: its File Path Media nodes, joined (the
 * fake's device handle has no device path of its own). */
static void dp_to_ascii(char *dst, size_t cap, const EFI_DEVICE_PATH *dp)
{
	size_t at = 0;

	dst[0] = '\0';
	for (int k = 0; k < 64 && dp->Type != 0x7f; k++) {
		size_t len = (size_t)dp->Length[0] | ((size_t)dp->Length[1] << 8);

		if (len < 4)
			break;
		if (dp->Type == MEDIA_DEVICE_PATH && dp->SubType == MEDIA_FILEPATH_DP) {
			const CHAR16 *name = (const CHAR16 *)((const uint8_t *)dp + 4);

			for (size_t i = 0; i < (len - 4) / 2 && name[i] != 0 && at + 1 < cap; i++)
				dst[at++] = (char)name[i];
			dst[at] = '\0';
		}
		dp = (const EFI_DEVICE_PATH *)((const uint8_t *)dp + len);
	}
}

/* A device path of one file node for path (what firmware gives an image). */
static size_t make_file_dp(uint8_t *out, size_t cap, const char *path)
{
	size_t n = strlen(path), len = 4 + (n + 1) * 2;

	if (len + 4 > cap)
		abort();
	out[0] = MEDIA_DEVICE_PATH;
	out[1] = MEDIA_FILEPATH_DP;
	out[2] = (uint8_t)len;
	out[3] = (uint8_t)(len >> 8);
	for (size_t i = 0; i <= n; i++) {
		out[4 + 2 * i] = (uint8_t)path[i];
		out[5 + 2 * i] = 0;
	}
	memcpy(out + len, "\x7f\xff\x04\x00", 4);
	return len + 4;
}

struct fake_file_entry *fake_file(const char *p)
{
	for (size_t i = 0; i < fake.nfiles; i++)
		if (strcasecmp(fake.files[i].path, p) == 0)
			return &fake.files[i];
	return NULL;
}

static struct fake_file_entry *lookup(const CHAR16 *path)
{
	char p[512];

	to_ascii(p, sizeof(p), path);
	return fake_file(p);
}

static char created_paths[FAKE_MAX_FILES][256];

/* ---- the file system ---- */
struct fake_file {
	EFI_FILE_PROTOCOL proto; /* first: EFI_FILE_HANDLE points here */
	struct fake_file_entry *e;
	size_t pos;
	bool writable;
};

static EFI_STATUS EFIAPI file_close(EFI_FILE_HANDLE f)
{
	return fake_free(f);
}

static EFI_STATUS EFIAPI file_read(EFI_FILE_HANDLE f, UINTN *n, VOID *buf)
{
	struct fake_file *ff = (struct fake_file *)f;
	size_t left = ff->e->len - ff->pos;

	if (*n > left)
		*n = left;
	memcpy(buf, ff->e->data + ff->pos, *n);
	ff->pos += *n;
	return EFI_SUCCESS;
}

static EFI_STATUS EFIAPI file_write(EFI_FILE_HANDLE f, UINTN *n, VOID *buf)
{
	struct fake_file *ff = (struct fake_file *)f;
	struct fake_file_entry *e = ff->e;
	size_t end;

	fake.write_attempts++;
	if (!ff->writable)
		return EFI_ACCESS_DENIED;
	if (fake.read_only)
		return EFI_WRITE_PROTECTED;
	if (e->write_status != EFI_SUCCESS)
		return e->write_status;
	if (e->write_short)
		*n /= 2;
	end = ff->pos + *n;
	if (e->owned == NULL || end > e->len) {
		uint8_t *b = calloc(1, end > e->len ? end : e->len);

		memcpy(b, e->data, e->len);
		free(e->owned);
		e->owned = b;
		e->data = b;
		if (end > e->len)
			e->len = end;
	}
	memcpy(e->owned + ff->pos, buf, *n);
	/* the next boot's secret: a seed file's contents past its header (the
	 * header says what they rest on and whose they are: public) */
	if (ff->pos == 0 && *n >= 8 && memcmp(buf, ES_SEEDFILE_MAGIC, 8) == 0) {
		/* a short write may stop inside the header: nothing secret then */
		if (*n > ES_SEEDFILE_HEADER)
			fake_note_source((const uint8_t *)buf + ES_SEEDFILE_HEADER, *n - ES_SEEDFILE_HEADER);
	} else
		fake_note_source(buf, *n);
	ff->pos = end;
	e->writes++;
	return EFI_SUCCESS;
}

static EFI_STATUS EFIAPI file_set_position(EFI_FILE_HANDLE f, UINT64 pos)
{
	((struct fake_file *)f)->pos = (size_t)pos;
	return EFI_SUCCESS;
}

static EFI_STATUS EFIAPI file_flush(EFI_FILE_HANDLE f)
{
	struct fake_file *ff = (struct fake_file *)f;

	if (!ff->writable)
		return EFI_ACCESS_DENIED;
	if (ff->e->flush_status != EFI_SUCCESS)
		return ff->e->flush_status;
	ff->e->flushes++;
	return EFI_SUCCESS;
}

/* GetInfo's rules (UEFI 2.10 section 13.5.12): the type asked, the size
 * needed (said when the buffer is short), the buffer zeroed. */
static EFI_STATUS info_fits(const EFI_GUID *type, const EFI_GUID *want, UINTN *size, UINTN need, VOID *buf)
{
	if (memcmp(type, want, sizeof(*type)) != 0)
		return EFI_UNSUPPORTED;
	if (*size < need) {
		*size = need;
		return EFI_BUFFER_TOO_SMALL;
	}
	memset(buf, 0, need);
	return EFI_SUCCESS;
}

/* EFI_FILE_INFO of an open file: the firmware's size rule included. */
static EFI_STATUS EFIAPI file_get_info(EFI_FILE_HANDLE f, EFI_GUID *type, UINTN *size, VOID *buf)
{
	struct fake_file *ff = (struct fake_file *)f;
	UINTN need = SIZE_OF_EFI_FILE_INFO + 2 * (strlen(ff->e->path) + 1);
	EFI_FILE_INFO *info = buf;
	EFI_STATUS st = info_fits(type, &file_info_guid, size, need, buf);

	if (st != EFI_SUCCESS)
		return st;
	info->Size = need;
	info->FileSize = ff->e->len;
	info->Attribute = ff->e->ro_attr ? EFI_FILE_READ_ONLY : 0;
	return EFI_SUCCESS;
}

/* EFI_FILE_SYSTEM_INFO of the root (UEFI 2.10 section 13.5.16). */
static EFI_STATUS EFIAPI root_get_info(EFI_FILE_HANDLE f, EFI_GUID *type, UINTN *size, VOID *buf)
{
	UINTN need = SIZE_OF_EFI_FILE_SYSTEM_INFO + 2 * sizeof(CHAR16);
	EFI_FILE_SYSTEM_INFO *info = buf;
	EFI_STATUS st = info_fits(type, &fs_info_guid, size, need, buf);

	(void)f;
	if (st != EFI_SUCCESS)
		return st;
	info->Size = need;
	info->ReadOnly = fake.read_only && !fake.ro_unreported;
	return EFI_SUCCESS;
}

static EFI_STATUS EFIAPI file_open(EFI_FILE_HANDLE root, EFI_FILE_HANDLE *out, CHAR16 *name, UINT64 mode,
				   UINT64 attr)
{
	struct fake_file_entry *e = lookup(name);
	struct fake_file *ff;
	bool write = (mode & (EFI_FILE_MODE_WRITE | EFI_FILE_MODE_CREATE)) != 0;

	(void)root;
	if (write) {
		fake.write_attempts++;
		if (fake.read_only)
			return EFI_WRITE_PROTECTED;
	}
	if (e == NULL && (mode & EFI_FILE_MODE_CREATE) != 0 && (attr & EFI_FILE_DIRECTORY) != 0) {
		/* directories are implicit here; creating one succeeds or fails */
		if (fake.mkdir_status != EFI_SUCCESS)
			return fake.mkdir_status;
		fake.dirs_created++;
		ff = fake_alloc(sizeof(*ff));
		memset(ff, 0, sizeof(*ff));
		ff->proto.Close = file_close;
		*out = &ff->proto;
		return EFI_SUCCESS;
	}
	if (e == NULL && (mode & EFI_FILE_MODE_CREATE) != 0 && fake.nfiles < FAKE_MAX_FILES) {
		to_ascii(created_paths[fake.nfiles], sizeof(created_paths[0]), name);
		e = &fake.files[fake.nfiles];
		memset(e, 0, sizeof(*e));
		e->path = created_paths[fake.nfiles++];
		e->data = (const uint8_t *)"";
	}
	if (e == NULL)
		return EFI_NOT_FOUND;
	if (e->open_status != EFI_SUCCESS)
		return e->open_status;
	/* edk2 FatPkg Open.c: a read-only file opened for writing is denied */
	if (write && e->ro_attr)
		return EFI_ACCESS_DENIED;
	ff = fake_alloc(sizeof(*ff));
	memset(ff, 0, sizeof(*ff));
	ff->proto.Close = file_close;
	ff->proto.Read = file_read;
	ff->proto.Write = file_write;
	ff->proto.GetInfo = file_get_info;
	ff->proto.SetPosition = file_set_position;
	ff->proto.Flush = file_flush;
	ff->e = e;
	ff->writable = write;
	*out = &ff->proto;
	return EFI_SUCCESS;
}

static struct fake_file root_dir;

static EFI_STATUS EFIAPI root_close(EFI_FILE_HANDLE f)
{
	(void)f;
	return EFI_SUCCESS;
}

/* The first component of a path ("\\EFI\\x" -> "EFI", 3): its length, and
 * whether more follows (a folder). */
static size_t first_component(const char *path, bool *folder)
{
	size_t n = 0;

	while (path[1 + n] != '\0' && path[1 + n] != '\\')
		n++;
	*folder = path[1 + n] == '\\';
	return n;
}

/* Read on the root folder (UEFI 2.10 section 13.5.5): one EFI_FILE_INFO an
 * entry (each file there, each folder once), 0 bytes at the end, the size
 * needed when the buffer is short. */
static EFI_STATUS EFIAPI root_read(EFI_FILE_HANDLE f, UINTN *n, VOID *buf)
{
	struct fake_file *ff = (struct fake_file *)f;

	for (; ff->pos < fake.nfiles; ff->pos++) {
		const char *path = fake.files[ff->pos].path;
		bool folder, seen = false;
		size_t len, need;
		EFI_FILE_INFO *info = buf;

		if (path[0] != '\\')
			continue;
		len = first_component(path, &folder);
		for (size_t j = 0; j < ff->pos && !seen; j++) {
			bool jf;
			const char *pj = fake.files[j].path;

			seen = pj[0] == '\\' && first_component(pj, &jf) == len && jf == folder &&
			       strncasecmp(pj + 1, path + 1, len) == 0;
		}
		if (seen || len == 0)
			continue;
		need = SIZE_OF_EFI_FILE_INFO + 2 * (len + 1);
		if (*n < need) {
			*n = need;
			return EFI_BUFFER_TOO_SMALL;
		}
		memset(info, 0, need);
		info->Size = need;
		info->FileSize = folder ? 0 : fake.files[ff->pos].len;
		info->Attribute = folder ? EFI_FILE_DIRECTORY : 0;
		for (size_t i = 0; i < len; i++)
			info->FileName[i] = (CHAR16)(unsigned char)path[1 + i];
		info->FileName[len] = 0;
		*n = need;
		ff->pos++;
		return EFI_SUCCESS;
	}
	*n = 0;
	return EFI_SUCCESS;
}

static EFI_STATUS EFIAPI sfs_open_volume(EFI_FILE_IO_INTERFACE *This, EFI_FILE_HANDLE *root)
{
	(void)This;
	memset(&root_dir, 0, sizeof(root_dir));
	root_dir.proto.Read = root_read;
	root_dir.proto.Open = file_open;
	root_dir.proto.Close = root_close;
	root_dir.proto.GetInfo = root_get_info;
	*root = &root_dir.proto;
	return EFI_SUCCESS;
}

static EFI_SIMPLE_FILE_SYSTEM_PROTOCOL sfs = { .OpenVolume = sfs_open_volume };


/* ---- RNG protocol ---- */
static EFI_STATUS EFIAPI rng_get(EFI_RNG_PROTOCOL *This, EFI_RNG_ALGORITHM *algo, UINTN len, UINT8 *out)
{
	size_t idx = (size_t)(This - rng_proto);
	struct fake_rng *r = &fake.rngs[idx];
	EFI_STATUS s;

	r->calls++;
	if (len < 32) {
		r->short_requests++;
		if (r->min32)
			return EFI_INVALID_PARAMETER;
	}
	if (algo != NULL && memcmp(algo, &raw_guid, sizeof(raw_guid)) == 0 && r->raw_unsupported)
		return EFI_UNSUPPORTED;
	s = r->calls <= r->script_len ? r->script[r->calls - 1] : r->then;
	if (s != EFI_SUCCESS)
		return s;
	if (r->writes_nothing)
		return EFI_SUCCESS;
	for (UINTN i = 0; i < len; i++)
		out[i] = rng_byte((uint32_t)(r->constant ? i : idx * 0x10000u + r->counter++));
	fake_note_source(out, len);
	return EFI_SUCCESS;
}

/* GetInfo (UEFI 2.10 section 37.5.2): the list, or its size when the
 * buffer is short. */
static EFI_STATUS EFIAPI rng_info(EFI_RNG_PROTOCOL *This, UINTN *size, EFI_RNG_ALGORITHM *list)
{
	struct fake_rng *r = &fake.rngs[(size_t)(This - rng_proto)];
	UINTN need = r->nalgos * sizeof(EFI_GUID);

	if (r->algos == NULL)
		return EFI_UNSUPPORTED;
	if (*size < need) {
		*size = need;
		return EFI_BUFFER_TOO_SMALL;
	}
	memcpy(list, r->algos, need);
	*size = need;
	return EFI_SUCCESS;
}

/* ---- boot services ---- */
static EFI_STATUS EFIAPI bs_allocate_pool(EFI_MEMORY_TYPE type, UINTN size, VOID **out)
{
	if (type == EfiACPIReclaimMemory && fake.fail_table_alloc)
		return EFI_OUT_OF_RESOURCES;
	*out = fake_alloc(size);
	return EFI_SUCCESS;
}

static EFI_STATUS EFIAPI bs_free_pool(VOID *p)
{
	return fake_free(p);
}

static EFI_STATUS EFIAPI bs_locate_handle_buffer(EFI_LOCATE_SEARCH_TYPE type, EFI_GUID *guid, VOID *key,
						 UINTN *count, EFI_HANDLE **buf)
{
	EFI_HANDLE found[FAKE_MAX_RNGS + FAKE_MAX_IMAGES];
	size_t n = 0;
	bool rng = memcmp(guid, &rng_guid, sizeof(*guid)) == 0;
	bool stage = memcmp(guid, &stage_guid, sizeof(*guid)) == 0;

	(void)key;
	if (type != ByProtocol)
		return EFI_INVALID_PARAMETER;
	if (rng && !fake.no_rng_protocol)
		for (size_t i = 0; i < fake.nrngs; i++)
			found[n++] = &rng_handles[i];
	for (size_t i = 0; i < FAKE_MAX_IMAGES; i++) {
		if (images[i].used && ((rng && images[i].rng != NULL) || (stage && images[i].stage_marker != NULL)))
			found[n++] = &images[i];
	}
	if (n == 0)
		return EFI_NOT_FOUND;
	if (fake.fail_locate)
		return EFI_OUT_OF_RESOURCES;
	*buf = fake_alloc(n * sizeof(EFI_HANDLE));
	memcpy(*buf, found, n * sizeof(EFI_HANDLE));
	*count = n;
	return EFI_SUCCESS;
}

static EFI_STATUS EFIAPI bs_handle_protocol(EFI_HANDLE h, EFI_GUID *guid, VOID **out)
{
	struct fake_image *im = image_of(h);

	if (im != NULL && memcmp(guid, &loaded_image_guid, sizeof(*guid)) == 0) {
		if (fake.child_no_loaded_image && h != fake_image_handle())
			return EFI_UNSUPPORTED;
		*out = &im->li;
		return EFI_SUCCESS;
	}
	if (h == &device_handle && memcmp(guid, &sfs_guid, sizeof(*guid)) == 0) {
		if (fake.no_file_system)
			return EFI_UNSUPPORTED;
		*out = &sfs;
		return EFI_SUCCESS;
	}
	if (im != NULL && memcmp(guid, &stage_guid, sizeof(*guid)) == 0) {
		if (im->stage_marker == NULL)
			return EFI_UNSUPPORTED;
		*out = im->stage_marker;
		return EFI_SUCCESS;
	}
	if (im != NULL && im->rng != NULL && memcmp(guid, &rng_guid, sizeof(*guid)) == 0) {
		*out = im->rng;
		return EFI_SUCCESS;
	}
	if (memcmp(guid, &rng_guid, sizeof(*guid)) == 0) {
		for (size_t i = 0; i < fake.nrngs; i++) {
			if (h == &rng_handles[i]) {
				*out = &rng_proto[i];
				return EFI_SUCCESS;
			}
		}
	}
	if (memcmp(guid, &dp_guid, sizeof(*guid)) == 0) {
		for (size_t i = 0; i < fake.nrngs; i++) {
			if (h == &rng_handles[i] && !fake.rngs[i].no_device_path) {
				*out = (void *)(uintptr_t)(fake.rngs[i].uboot_root ? uboot_root_path : rng_device_path);
				return EFI_SUCCESS;
			}
		}
	}
	return EFI_UNSUPPORTED;
}

static EFI_STATUS EFIAPI bs_install_protocol_interface(EFI_HANDLE *h, EFI_GUID *guid, EFI_INTERFACE_TYPE type,
						       VOID *iface)
{
	struct fake_image *im = image_of(*h);

	if (im != NULL && type == EFI_NATIVE_INTERFACE && memcmp(guid, &rng_guid, sizeof(*guid)) == 0) {
		if (fake.fail_protocol_install || fake.fail_rng_install)
			return EFI_OUT_OF_RESOURCES;
		if (im->rng != NULL)
			return EFI_INVALID_PARAMETER;
		im->rng = iface;
		fake.rng_installs++;
		return EFI_SUCCESS;
	}
	if (im == NULL || type != EFI_NATIVE_INTERFACE || memcmp(guid, &stage_guid, sizeof(*guid)) != 0)
		return EFI_INVALID_PARAMETER;
	if (fake.fail_protocol_install)
		return EFI_OUT_OF_RESOURCES;
	if (im->stage_marker != NULL)
		return EFI_INVALID_PARAMETER; /* UEFI: already installed on this handle */
	im->stage_marker = iface;
	fake.markers_installed++;
	return EFI_SUCCESS;
}

static EFI_STATUS EFIAPI bs_uninstall_protocol_interface(EFI_HANDLE h, EFI_GUID *guid, VOID *iface)
{
	struct fake_image *im = image_of(h);

	if (im != NULL && memcmp(guid, &rng_guid, sizeof(*guid)) == 0) {
		if (im->rng != iface || im->rng == NULL)
			return EFI_NOT_FOUND;
		im->rng = NULL;
		fake.rng_uninstalls++;
		return EFI_SUCCESS;
	}
	if (im == NULL || memcmp(guid, &stage_guid, sizeof(*guid)) != 0 || im->stage_marker != iface)
		return EFI_NOT_FOUND;
	im->stage_marker = NULL;
	fake.markers_installed--;
	return EFI_SUCCESS;
}

static EFI_STATUS EFIAPI bs_install_configuration_table(EFI_GUID *guid, VOID *table)
{
	size_t free_slot = ST->NumberOfTableEntries;

	if (fake.fail_install && table != NULL)
		return EFI_OUT_OF_RESOURCES;
	for (size_t i = 0; i < ST->NumberOfTableEntries; i++) {
		if (memcmp(&config[i].VendorGuid, guid, sizeof(*guid)) != 0)
			continue;
		if (table == NULL) {
			/* UEFI 2.10 7.3.6: a NULL table removes the entry */
			memmove(&config[i], &config[i + 1], (ST->NumberOfTableEntries - i - 1) * sizeof(config[0]));
			ST->NumberOfTableEntries--;
			fake.remove_seen = true;
			return EFI_SUCCESS;
		}
		config[i].VendorTable = table;
		/* the seed must not stay anywhere but in the table */
		if (memcmp(guid, &seed_guid, sizeof(*guid)) == 0 && table != fake.prev_table)
			fake_note_source((const uint8_t *)table + 4, *(const uint32_t *)table);
		return EFI_SUCCESS;
	}
	if (table == NULL)
		return EFI_NOT_FOUND;
	if (memcmp(guid, &seed_guid, sizeof(*guid)) == 0 && table != fake.prev_table)
		fake_note_source((const uint8_t *)table + 4, *(const uint32_t *)table);
	if (free_slot >= sizeof(config) / sizeof(config[0]))
		return EFI_OUT_OF_RESOURCES;
	config[free_slot].VendorGuid = *guid;
	config[free_slot].VendorTable = table;
	ST->NumberOfTableEntries++;
	return EFI_SUCCESS;
}

static EFI_STATUS EFIAPI bs_load_image(BOOLEAN policy, EFI_HANDLE parent, EFI_DEVICE_PATH *dp, VOID *src,
				       UINTN srclen, EFI_HANDLE *out)
{
	char name[256];
	CHAR16 wide[256];
	struct fake_file_entry *e;
	struct fake_image *im = NULL;

	(void)policy;
	(void)src;
	(void)srclen;
	dp_to_ascii(name, sizeof(name), dp);
	for (size_t i = 0; i <= strlen(name); i++)
		wide[i] = (CHAR16)name[i];
	e = lookup(wide);
	if (image_of(parent) == NULL)
		return EFI_INVALID_PARAMETER;
	for (size_t i = 0; i < FAKE_MAX_IMAGES && im == NULL; i++)
		if (!images[i].used)
			im = &images[i];
	if (im == NULL)
		return EFI_OUT_OF_RESOURCES;
	if (fake.load_status != EFI_SUCCESS && fake.load_status != EFI_SECURITY_VIOLATION)
		return fake.load_status;
	if (fake.load_status == EFI_SUCCESS && e == NULL)
		return EFI_NOT_FOUND;
	if (fake.load_status == EFI_SUCCESS && !e->loadable)
		return EFI_LOAD_ERROR;
	memset(im, 0, sizeof(*im));
	im->used = true;
	im->file = e;
	im->li.ParentHandle = parent;
	im->li.ImageCodeType = EfiLoaderCode; /* an application */
	im->li.DeviceHandle = &device_handle;
	snprintf(im->path, sizeof(im->path), "%s", name);
	make_file_dp(im->dp, sizeof(im->dp), name);
	im->li.FilePath = (EFI_DEVICE_PATH *)im->dp;
	*out = im;
	/* UEFI 2.10 7.4.1: a Secure Boot refusal still returns a handle. */
	if (fake.load_status == EFI_SECURITY_VIOLATION)
		return EFI_SECURITY_VIOLATION;
	fake.loads++;
	return EFI_SUCCESS;
}

static uint8_t *stack_top;

/* Not instrumented: it reads dead stack on purpose. */
__attribute__((no_sanitize("address", "undefined"), noinline)) static bool stack_clean(void)
{
	volatile uint8_t here = 0;
	const uint8_t *lo = (const uint8_t *)&here - 65536;
	const uint8_t *hi = stack_top;
	uint8_t copy[256];

	if (getenv("ES_NO_STACK_SCAN") != NULL || hi == NULL)
		return true;
	for (const uint8_t *p = lo; p < hi; p += sizeof(copy) - 8) {
		size_t n = (size_t)(hi - p) < sizeof(copy) ? (size_t)(hi - p) : sizeof(copy);

		for (size_t i = 0; i < n; i++)
			copy[i] = ((const volatile uint8_t *)p)[i];
		if (fake_source_bytes_in(copy, n)) {
			/* ES_STACK_WHERE=1: say where, to find what left it */
			if (getenv("ES_STACK_WHERE") != NULL)
				fprintf(stderr, "stack: source bytes within 256 bytes above %p (%ld below the scan)\n",
					(const void *)p, (long)((const uint8_t *)&here - p));
			return false;
		}
	}
	return true;
}

/* LINUX_EFI_INITRD_MEDIA_GUID's device path and EFI_LOAD_FILE2_PROTOCOL, on
 * the one handle a loader makes for them (efi/initrd.c). */
static const EFI_GUID lf2_guid = { 0x4006c0c1, 0xfcb3, 0x403e, { 0x99, 0x6d, 0x4a, 0x6c, 0x87, 0x24, 0xe0, 0x6d } };
static const EFI_GUID initrd_media = { 0x5568e427, 0x68fc, 0x4f3d, { 0xac, 0x74, 0xca, 0x55, 0x52, 0x31, 0xcc, 0x68 } };
static const EFI_GUID dpath_guid = EFI_DEVICE_PATH_PROTOCOL_GUID;
struct fake_lf2 {
	EFI_STATUS(EFIAPI *LoadFile)(struct fake_lf2 *This, EFI_DEVICE_PATH *dp, BOOLEAN boot, UINTN *n, VOID *buf);
};
static struct {
	EFI_HANDLE handle;
	EFI_DEVICE_PATH *dp;
	struct fake_lf2 *lf2;
} initrd_handle;
static char initrd_handle_mark;

/* Exactly what efi/initrd.c installs: a new handle, the device path (a
 * vendor media node with LINUX_EFI_INITRD_MEDIA_GUID, then the end) and
 * LoadFile2; a second one is refused, as UEFI 2.10 section 7.3.16 refuses
 * a device path that is already there. */
static EFI_STATUS EFIAPI bs_install_multiple(EFI_HANDLE *h, ...)
{
	__builtin_ms_va_list ap;
	EFI_GUID *g1, *g2;
	void *i1, *i2, *end;
	const uint8_t *dp;

	__builtin_ms_va_start(ap, h);
	g1 = __builtin_va_arg(ap, EFI_GUID *);
	i1 = __builtin_va_arg(ap, void *);
	g2 = __builtin_va_arg(ap, EFI_GUID *);
	i2 = __builtin_va_arg(ap, void *);
	end = __builtin_va_arg(ap, void *);
	__builtin_ms_va_end(ap);
	dp = i1;
	if (h == NULL || *h != NULL || end != NULL || memcmp(g1, &dpath_guid, sizeof(*g1)) != 0 ||
	    memcmp(g2, &lf2_guid, sizeof(*g2)) != 0 || dp[0] != 4 || dp[1] != 3 || dp[2] != 20 || dp[3] != 0 ||
	    memcmp(dp + 4, &initrd_media, 16) != 0 || dp[20] != 0x7f || dp[21] != 0xff || dp[22] != 4)
		return EFI_INVALID_PARAMETER;
	if (fake.initrd_taken || initrd_handle.handle != NULL)
		return EFI_ALREADY_STARTED;
	initrd_handle.handle = &initrd_handle_mark;
	initrd_handle.dp = i1;
	initrd_handle.lf2 = i2;
	*h = initrd_handle.handle;
	fake.initrd_served = true;
	return EFI_SUCCESS;
}

static EFI_STATUS EFIAPI bs_uninstall_multiple(EFI_HANDLE h, ...)
{
	if (h == NULL || h != initrd_handle.handle)
		return EFI_INVALID_PARAMETER;
	memset(&initrd_handle, 0, sizeof(initrd_handle));
	fake.initrd_served = false;
	return EFI_SUCCESS;
}

/* The kernel's stub: the size, then the bytes (libstub efi_load_initrd_dev_path). */
static void stub_loads_initrd(void)
{
	UINTN n = 0;

	if (initrd_handle.lf2 == NULL)
		return;
	fake.initrd_size_status = initrd_handle.lf2->LoadFile(initrd_handle.lf2, initrd_handle.dp, FALSE, &n, NULL);
	if (fake.initrd_size_status != EFI_BUFFER_TOO_SMALL)
		return;
	free(fake.initrd);
	fake.initrd = malloc(n ? n : 1);
	if (fake.initrd == NULL)
		return;
	if (initrd_handle.lf2->LoadFile(initrd_handle.lf2, initrd_handle.dp, FALSE, &n, fake.initrd) == EFI_SUCCESS) {
		fake.initrd_loaded = true;
		fake.initrd_len = n;
	}
}

static EFI_STATUS EFIAPI bs_start_image(EFI_HANDLE h, UINTN *n, CHAR16 **data)
{
	struct fake_image *im = image_of(h);
	EFI_STATUS status;

	(void)n;
	(void)data;
	if (im == NULL || im == &images[0])
		return EFI_INVALID_PARAMETER;
	if (im->file != NULL && im->file->earlyseed) {
		/* another earlyseed: its efi_main runs nested, as in firmware */
		fake.stages_started++;
		status = efi_main(h, ST);
		im->used = false;
		return status;
	}
	fake.started = true;
	stub_loads_initrd();
	fake.table_at_start = fake_seed_table();
	if (fake.table_at_start != NULL && fake.table_at_start != fake.prev_table)
		memcpy(fake.table_bytes_at_start, fake.table_at_start, sizeof(fake.table_bytes_at_start));
	snprintf(fake.started_path, sizeof(fake.started_path), "%s", im->path);
	fake.stack_clean_at_start = stack_clean();
	fake.markers_at_start = fake.markers_installed;
	fake.options[0] = '\0';
	if (im->li.LoadOptions != NULL)
		to_ascii(fake.options, sizeof(fake.options), im->li.LoadOptions);
	im->used = false;
	return fake.start_status;
}

static EFI_STATUS EFIAPI bs_unload_image(EFI_HANDLE h)
{
	struct fake_image *im = image_of(h);

	if (im == NULL)
		return EFI_INVALID_PARAMETER;
	im->used = false;
	return EFI_SUCCESS;
}

static EFI_STATUS EFIAPI bs_stall(UINTN us)
{
	(void)us;
	return EFI_SUCCESS;
}

/* ---- the TPM (EFI_TCG2_PROTOCOL, TCG EFI Protocol Specification 6.2) ---- */
static EFI_GUID tcg2_guid = { 0x607f766c, 0x7455, 0x42be, { 0x93, 0x0b, 0xe4, 0xd7, 0x6d, 0xb2, 0x72, 0x0f } }; /* EFI_TCG2_PROTOCOL_GUID, TCG EFI Protocol Specification 6.1 */

static void be32put(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24);
	p[1] = (uint8_t)(v >> 16);
	p[2] = (uint8_t)(v >> 8);
	p[3] = (uint8_t)v;
}

static EFI_STATUS EFIAPI tcg2_submit(void *self, UINT32 in_size, UINT8 *in, UINT32 out_size, UINT8 *out)
{
	static const uint8_t head[10] = { 0x80, 0x01, 0, 0, 0, 12, 0, 0, 0x01, 0x7b };
	uint16_t asked, n;

	(void)self;
	fake.tpm_calls++;
	if (in_size != 12 || memcmp(in, head, sizeof(head)) != 0 || out_size < 12) {
		fake.tpm_bad_commands++;
		return EFI_INVALID_PARAMETER;
	}
	asked = (uint16_t)(in[10] << 8 | in[11]);
	n = asked > 32 ? 32 : asked;
	if (fake.tpm == FAKE_TPM_SUBMIT_FAILS)
		return EFI_DEVICE_ERROR;
	if (fake.tpm_warn_calls > 0) { /* busy, or still self-testing: a bare header */
		fake.tpm_warn_calls--;
		memcpy(out, "\x80\x01\x00\x00\x00\x0a", 6);
		be32put(out + 6, fake.tpm_warn_rc);
		return EFI_SUCCESS;
	}
	if (fake.tpm == FAKE_TPM_RC_ERROR) {
		memcpy(out, "\x80\x01\x00\x00\x00\x0a\x00\x00\x01\x01", 10); /* TPM_RC_FAILURE */
		return EFI_SUCCESS;
	}
	if (fake.tpm == FAKE_TPM_SHORT)
		n = n < 4 ? n : 4;
	if (fake.tpm == FAKE_TPM_TOO_LONG)
		n = (uint16_t)(asked + 1);
	if ((size_t)12 + n > out_size)
		return EFI_BUFFER_TOO_SMALL;
	memcpy(out, head, 2);
	be32put(out + 2, 12u + n);
	be32put(out + 6, 0);
	out[10] = (uint8_t)(n >> 8);
	out[11] = (uint8_t)n;
	for (uint16_t i = 0; i < n; i++)
		out[12 + i] = fake.tpm == FAKE_TPM_ZEROS ? 0
			      : rng_byte(0x7e000000u + (fake.tpm == FAKE_TPM_REPEATS ? i : fake.tpm_counter++));
	if (fake.tpm == FAKE_TPM_MALFORMED)
		be32put(out + 2, 12u + n + 1u);
	if (fake.tpm != FAKE_TPM_ZEROS) /* zeros are on every stack: nothing to look for */
		fake_note_source(out + 12, n);
	return EFI_SUCCESS;
}

/* EFI_TCG2_BOOT_SERVICE_CAPABILITY 1.1 as edk2's Tcg2Dxe fills it (36
 * bytes, natural alignment: TPMPresentFlag at 16); a caller asking with a
 * smaller Size gets BUFFER_TOO_SMALL and the size. */
static EFI_STATUS EFIAPI tcg2_get_capability(void *self, UINT8 *caps)
{
	(void)self;
	if (caps == NULL)
		return EFI_INVALID_PARAMETER;
	if (caps[0] < 36) {
		caps[0] = 36;
		return EFI_BUFFER_TOO_SMALL;
	}
	memset(caps + 1, 0, 35);
	caps[1] = 1; /* StructureVersion 1.1 */
	caps[2] = 1;
	caps[3] = 1; /* ProtocolVersion 1.1 */
	caps[4] = 1;
	caps[16] = fake.tpm != FAKE_TPM_OFF;
	return EFI_SUCCESS;
}

static struct {
	EFI_STATUS(EFIAPI *get_capability)(void *, UINT8 *);
	void *get_event_log, *hash_log_extend_event;
	EFI_STATUS(EFIAPI *submit)(void *, UINT32, UINT8 *, UINT32, UINT8 *);
} tcg2 = { tcg2_get_capability, NULL, NULL, tcg2_submit };

static EFI_STATUS EFIAPI bs_locate_protocol(EFI_GUID *guid, VOID *reg, VOID **out)
{
	(void)reg;
	*out = NULL;
	if (memcmp(guid, &tcg2_guid, sizeof(*guid)) != 0 || fake.tpm == FAKE_TPM_NONE)
		return EFI_NOT_FOUND;
	*out = &tcg2;
	return EFI_SUCCESS;
}

/* ---- events ---- */
#define FAKE_MAX_EVENTS 8
static struct fake_event {
	bool used;
	UINT32 type;
	EFI_EVENT_NOTIFY fn;
	VOID *ctx;
	EFI_GUID group;
	bool grouped;
} events[FAKE_MAX_EVENTS];

/* One event in the first free slot; group NULL for none. */
static EFI_STATUS add_event(UINT32 type, EFI_EVENT_NOTIFY fn, VOID *ctx, const EFI_GUID *group, EFI_EVENT *ev)
{
	if (fake.fail_event)
		return EFI_OUT_OF_RESOURCES;
	for (size_t i = 0; i < FAKE_MAX_EVENTS; i++) {
		if (!events[i].used) {
			events[i] = (struct fake_event){ true, type, fn, ctx, { 0 }, group != NULL };
			if (group != NULL)
				events[i].group = *group;
			*ev = &events[i];
			fake.events++;
			return EFI_SUCCESS;
		}
	}
	return EFI_OUT_OF_RESOURCES;
}

static EFI_STATUS EFIAPI bs_create_event_ex(UINT32 type, EFI_TPL tpl, EFI_EVENT_NOTIFY fn, const VOID *ctx,
					    const EFI_GUID *group, EFI_EVENT *ev)
{
	(void)tpl;
	if (!fake.fail_event && (ev == NULL || (type & EVT_NOTIFY_SIGNAL) == 0 || fn == NULL))
		return EFI_INVALID_PARAMETER;
	return add_event(type, fn, (VOID *)ctx, group, ev);
}

/* RaiseTPL/RestoreTPL: the level is tracked; a raise below the current
 * level, or a restore above it, is a bug in the caller (UEFI 2.10 7.1). */
static EFI_TPL tpl_now = TPL_APPLICATION;

static EFI_TPL EFIAPI bs_raise_tpl(EFI_TPL tpl)
{
	EFI_TPL old = tpl_now;

	if (tpl < tpl_now)
		fake.tpl_errors++;
	tpl_now = tpl;
	fake.tpl_raises++;
	return old;
}

static VOID EFIAPI bs_restore_tpl(EFI_TPL tpl)
{
	if (tpl > tpl_now)
		fake.tpl_errors++;
	tpl_now = tpl;
}

bool fake_tpl_balanced(void)
{
	return tpl_now == TPL_APPLICATION && fake.tpl_errors == 0;
}

static EFI_STATUS EFIAPI bs_create_event(UINT32 type, EFI_TPL tpl, EFI_EVENT_NOTIFY fn, VOID *ctx, EFI_EVENT *ev)
{
	(void)tpl;
	/* all earlyseed asks for: the driver's ExitBootServices, the TPM's
	 * deadline (a timer without a notification) */
	if (!fake.fail_event && type != EVT_SIGNAL_EXIT_BOOT_SERVICES && !(type == EVT_TIMER && fn == NULL))
		return EFI_INVALID_PARAMETER;
	return add_event(type, fn, ctx, NULL, ev);
}

static EFI_STATUS EFIAPI bs_set_timer(EFI_EVENT ev, EFI_TIMER_DELAY type, UINT64 trigger)
{
	struct fake_event *e = ev;

	if (e == NULL || !e->used || e->type != EVT_TIMER || type != TimerRelative || trigger == 0)
		return EFI_INVALID_PARAMETER;
	return EFI_SUCCESS;
}

/* A timer is signaled when the case says time ran out (FAKE_TPM_SLOW). */
static EFI_STATUS EFIAPI bs_check_event(EFI_EVENT ev)
{
	struct fake_event *e = ev;

	if (e == NULL || !e->used)
		return EFI_INVALID_PARAMETER;
	return e->type == EVT_TIMER && fake.tpm == FAKE_TPM_SLOW && fake.tpm_calls >= 1 ? EFI_SUCCESS : EFI_NOT_READY;
}

static EFI_STATUS EFIAPI bs_close_event(EFI_EVENT ev)
{
	struct fake_event *e = ev;

	if (e == NULL || !e->used)
		return EFI_INVALID_PARAMETER;
	e->used = false;
	fake.events--;
	return EFI_SUCCESS;
}

static const EFI_GUID ready_guid = ES_EVENT_GROUP_READY_TO_BOOT_GUID;

/* Call every event of type (and group, when not NULL), as signalling it does. */
static size_t signal_events(UINT32 type, const EFI_GUID *group)
{
	size_t n = 0;

	for (size_t i = 0; i < FAKE_MAX_EVENTS; i++) {
		struct fake_event *e = &events[i];

		if (!e->used || (group != NULL ? !e->grouped || memcmp(&e->group, group, sizeof(*group)) != 0
					       : e->type != type))
			continue;
		check_clear_sse();
		e->fn(e, e->ctx);
		n++;
	}
	return n;
}

size_t fake_ready_to_boot(void)
{
	return signal_events(EVT_NOTIFY_SIGNAL, &ready_guid);
}

size_t fake_exit_boot_services(void)
{
	return signal_events(EVT_SIGNAL_EXIT_BOOT_SERVICES, NULL);
}

EFI_HANDLE fake_add_image(void)
{
	for (size_t i = 1; i < FAKE_MAX_IMAGES; i++) {
		if (!images[i].used) {
			memset(&images[i], 0, sizeof(images[i]));
			images[i].used = true;
			images[i].li.DeviceHandle = &device_handle;
			return &images[i];
		}
	}
	abort();
}

void *fake_driver_rng(void)
{
	return images[0].rng;
}

bool fake_stack_clean(void)
{
	/* Meaningful only for objects built as they ship (build/host): the ASan
	 * build's glibc mem* and instrumented frames put bytes where the
	 * firmware image never does. */
#if defined(__SANITIZE_ADDRESS__)
	return true;
#else
	return stack_clean();
#endif
}

/* UEFI 2.10 section 7.5.2: the high 32 bits count boots (kept across
 * fake_efi_reset(), as the firmware keeps them in NVRAM). */
static uint32_t boots;

static EFI_STATUS EFIAPI bs_get_next_monotonic_count(UINT64 *count)
{
	if (fake.monotonic_status != EFI_SUCCESS)
		return fake.monotonic_status;
	*count = fake.monotonic++;
	return EFI_SUCCESS;
}

/* ---- runtime services ---- */
static EFI_STATUS EFIAPI rt_get_time(EFI_TIME *t, EFI_TIME_CAPABILITIES *c)
{
	(void)c;
	memset(t, 0, sizeof(*t));
	if (fake.time_status != EFI_SUCCESS)
		return fake.time_status;
	t->Year = fake.time_year != 0 ? fake.time_year : 2026;
	t->Month = 12;
	t->Day = 3;
	return EFI_SUCCESS;
}

static size_t u16len(const CHAR16 *s)
{
	size_t n = 0;

	while (s[n] != 0)
		n++;
	return n;
}

/* Equal UCS-2 strings, reading neither past its terminator. */
static bool u16eq(const CHAR16 *a, const CHAR16 *b)
{
	size_t i = 0;

	for (; a[i] != 0 && a[i] == b[i]; i++)
		;
	return a[i] == b[i];
}

static struct fake_var *var_find(const CHAR16 *name, const EFI_GUID *guid)
{
	for (size_t i = 0; i < FAKE_MAX_VARS; i++) {
		struct fake_var *v = &fake.vars[i];

		if (v->used && memcmp(&v->guid, guid, sizeof(*guid)) == 0 &&
		    memcmp(v->name, name, (u16len(name) + 1) * sizeof(CHAR16)) == 0)
			return v;
	}
	return NULL;
}

static const CHAR16 token_name[] = u"EarlyseedToken";

/* One variable into its slot (the caller checked the size). */
static void var_store(struct fake_var *v, const CHAR16 *name, const EFI_GUID *guid, UINT32 attr, const void *p,
		      size_t n)
{
	v->used = true;
	memcpy(v->name, name, (u16len(name) + 1) * sizeof(CHAR16));
	v->guid = *guid;
	v->attr = attr;
	v->len = n;
	memcpy(v->data, p, n);
}

/* UEFI 2.10 section 8.2 GetVariable: EFI_BUFFER_TOO_SMALL with the size. */
static EFI_STATUS EFIAPI rt_get_variable(CHAR16 *name, EFI_GUID *guid, UINT32 *attr, UINTN *size, VOID *data)
{
	struct fake_var *v = var_find(name, guid);

	if (v == NULL)
		return EFI_NOT_FOUND;
	if (attr != NULL)
		*attr = v->attr;
	if (*size < v->len) {
		*size = v->len;
		return EFI_BUFFER_TOO_SMALL;
	}
	*size = v->len;
	memcpy(data, v->data, v->len);
	return EFI_SUCCESS;
}

static EFI_STATUS EFIAPI rt_set_variable(CHAR16 *name, EFI_GUID *guid, UINT32 attr, UINTN size, VOID *data)
{
	static const CHAR16 want[] = u"EarlyseedAudit";
	static const CHAR16 driver_audit[] = u"EarlyseedDriverAudit";
	struct fake_var *v;

	if (attr & EFI_VARIABLE_NON_VOLATILE)
		fake.nv_writes++;
	/* the two audit records: kept apart, checked alike */
	if (u16eq(name, driver_audit) || u16eq(name, want)) {
		bool drv = u16eq(name, driver_audit);
		uint8_t *to = drv ? fake.driver_variable : fake.variable;

		if (memcmp(guid, &audit_guid, sizeof(*guid)) != 0 ||
		    attr != (EFI_VARIABLE_BOOTSERVICE_ACCESS | EFI_VARIABLE_RUNTIME_ACCESS) ||
		    size > sizeof(fake.variable))
			return EFI_INVALID_PARAMETER;
		*(drv ? &fake.driver_variable_set : &fake.variable_set) = true;
		*(drv ? &fake.driver_variable_len : &fake.variable_len) = size;
		memcpy(to, data, size);
		return EFI_SUCCESS;
	}
	if (u16eq(name, token_name) && fake.token_set_status != EFI_SUCCESS)
		return fake.token_set_status;
	if (size > sizeof(v->data) || u16len(name) >= 40)
		return EFI_INVALID_PARAMETER;
	v = var_find(name, guid);
	/* a different attribute set on an existing variable is refused */
	if (v != NULL && v->attr != attr)
		return EFI_INVALID_PARAMETER;
	if (v == NULL) {
		for (size_t i = 0; i < FAKE_MAX_VARS && v == NULL; i++)
			if (!fake.vars[i].used)
				v = &fake.vars[i];
		if (v == NULL)
			return EFI_OUT_OF_RESOURCES;
	}
	var_store(v, name, guid, attr, data, size);
	if (u16eq(name, token_name)) /* a secret (not its public account); audit records are not */
		fake_note_source(data, size == ES_TOKEN_VAR_LEN ? ES_TOKEN_LEN : size);
	return EFI_SUCCESS;
}

void fake_set_var(const CHAR16 *name, const EFI_GUID *guid, const void *p, size_t n, UINT32 attr)
{
	struct fake_var *v = var_find(name, guid);

	for (size_t i = 0; i < FAKE_MAX_VARS && v == NULL; i++)
		if (!fake.vars[i].used)
			v = &fake.vars[i];
	if (v == NULL || n > sizeof(v->data))
		abort();
	var_store(v, name, guid, attr, p, n);
}

void fake_set_token(const uint8_t *p, size_t n, UINT32 attr)
{
	struct fake_var *v = &fake.vars[0];

	v->used = true;
	memcpy(v->name, token_name, sizeof(token_name));
	v->guid = audit_guid;
	v->attr = attr;
	v->len = n;
	memcpy(v->data, p, n);
	/* the token is a secret; its account after it ("ESTK", the bits it
	 * rests on) is public: the app logs it */
	fake_note_source(p, n == ES_TOKEN_VAR_LEN ? ES_TOKEN_LEN : n);
}

const struct fake_var *fake_token(void)
{
	return var_find(token_name, &audit_guid);
}

bool fake_source_bytes_logged(void)
{
	char hex[9];

	if (fake_source_bytes_in((const uint8_t *)fake.log, fake.loglen))
		return true;
	for (size_t b = 0; b < nhanded; b++) {
		snprintf(hex, sizeof(hex), "%02x%02x%02x%02x", handed[b][0], handed[b][1], handed[b][2], handed[b][3]);
		if (strcasestr(fake.log, hex) != NULL)
			return true;
	}
	return false;
}

EFI_HANDLE fake_image_handle(void)
{
	return &images[0];
}

void *fake_seed_table(void)
{
	for (size_t i = 0; i < ST->NumberOfTableEntries; i++)
		if (memcmp(&config[i].VendorGuid, &seed_guid, sizeof(seed_guid)) == 0)
			return config[i].VendorTable;
	return NULL;
}

EFI_SYSTEM_TABLE *fake_efi_reset(void)
{
	volatile uint8_t top = 0;

	if (stack_top == NULL)
		stack_top = (uint8_t *)&top - 64; /* the caller's frames are above */
	for (size_t i = 0; i < MAX_ALLOCS; i++) {
		free(allocs[i]);
		allocs[i] = NULL;
	}
	for (size_t i = 0; i < FAKE_MAX_FILES; i++)
		free(fake.files[i].owned);
	free(fake.initrd);
	memset(&initrd_handle, 0, sizeof(initrd_handle));
	memset(&fake, 0, sizeof(fake));
	nhanded = 0;
	acpi_n = 0;
	/* every line, as the checks on log text need; the quiet default is
	 * tested by setting it back (tests/efi/test_console.c test_quiet_boot) */
	console_show = console_default = CONSOLE_SHOW_ALL;
	memset(&systab, 0, sizeof(systab));
	memset(&boot, 0, sizeof(boot));
	memset(&runtime, 0, sizeof(runtime));
	memset(config, 0, sizeof(config));
	fake.monotonic = (uint64_t)++boots << 32;
	boot.GetNextMonotonicCount = bs_get_next_monotonic_count;
	boot.AllocatePool = bs_allocate_pool;
	boot.FreePool = bs_free_pool;
	boot.LocateHandleBuffer = bs_locate_handle_buffer;
	boot.HandleProtocol = bs_handle_protocol;
	boot.InstallConfigurationTable = bs_install_configuration_table;
	boot.LoadImage = bs_load_image;
	boot.StartImage = bs_start_image;
	boot.InstallMultipleProtocolInterfaces = bs_install_multiple;
	boot.UninstallMultipleProtocolInterfaces = bs_uninstall_multiple;
	boot.UnloadImage = bs_unload_image;
	boot.InstallProtocolInterface = bs_install_protocol_interface;
	boot.UninstallProtocolInterface = bs_uninstall_protocol_interface;
	boot.Stall = bs_stall;
	boot.CreateEventEx = bs_create_event_ex;
	boot.RaiseTPL = bs_raise_tpl;
	boot.RestoreTPL = bs_restore_tpl;
	tpl_now = TPL_APPLICATION;
	boot.CreateEvent = bs_create_event;
	boot.SetTimer = bs_set_timer;
	boot.CheckEvent = bs_check_event;
	boot.CloseEvent = bs_close_event;
	boot.LocateProtocol = bs_locate_protocol;
	runtime.GetTime = rt_get_time;
	runtime.SetVariable = rt_set_variable;
	runtime.GetVariable = rt_get_variable;
	systab.BootServices = &boot;
	systab.ConOut = &conout;
	conout.OutputString = conout_output_string;
	systab.RuntimeServices = &runtime;
	systab.ConfigurationTable = config;
	systab.NumberOfTableEntries = 0;
	ST = &systab;
	memset(images, 0, sizeof(images));
	memset(events, 0, sizeof(events));
	images[0].used = true;
	images[0].li.DeviceHandle = &device_handle;
	make_file_dp(images[0].dp, sizeof(images[0].dp), self_path);
	images[0].li.FilePath = (EFI_DEVICE_PATH *)images[0].dp;
	for (size_t i = 0; i < FAKE_MAX_RNGS; i++) {
		rng_proto[i].GetRNG = rng_get;
		rng_proto[i].GetInfo = rng_info;
	}
	return &systab;
}

/* ---- ACPI and SMBIOS (what QEMU and OVMF publish) ---- */
static void le32put(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
	p[2] = (uint8_t)(v >> 16);
	p[3] = (uint8_t)(v >> 24);
}

static void le64put(uint8_t *p, uint64_t v)
{
	le32put(p, (uint32_t)v);
	le32put(p + 4, (uint32_t)(v >> 32));
}

/* The ACPI tables of this case: one RSDP, one XSDT of up to FAKE_ACPI_MAX
 * entries, rebuilt as tables are added (reset by fake_efi_reset()). */

void fake_acpi_add(const uint8_t *table)
{
	/* GNU-EFI's own spelling of the GUID, not earlyseed's (efi/guid.h):
	 * a wrong byte there shows here */
	static EFI_GUID acpi20 = ACPI_20_TABLE_GUID;
	static uint8_t rsdp[36], xsdt[36 + 8 * FAKE_ACPI_MAX];

	if (acpi_n == 0) {
		memset(xsdt, 0, sizeof(xsdt));
		memcpy(xsdt, "XSDT", 4);
	}
	if (acpi_n == FAKE_ACPI_MAX)
		return;
	le64put(xsdt + 36 + 8 * acpi_n++, (uint64_t)(uintptr_t)table);
	le32put(xsdt + 4, 36 + 8 * acpi_n);
	memset(rsdp, 0, sizeof(rsdp));
	memcpy(rsdp, "RSD PTR ", 8);
	rsdp[15] = 2;
	le64put(rsdp + 24, (uint64_t)(uintptr_t)xsdt);
	(void)bs_install_configuration_table(&acpi20, rsdp);
}

void fake_set_vmgenid(const uint8_t id[16])
{
	static uint8_t ssdt[36 + 24], other[36], buf[4096];

	memset(buf, 0, sizeof(buf));
	memcpy(buf + 40, id, 16);
	/* an SSDT without VGIA first: the walk goes on */
	memset(other, 0, sizeof(other));
	memcpy(other, "SSDT", 4);
	le32put(other + 4, sizeof(other));
	memset(ssdt, 0, sizeof(ssdt));
	memcpy(ssdt, "SSDT", 4);
	le32put(ssdt + 4, sizeof(ssdt));
	memcpy(ssdt + 16, "VMGENID ", 8);
	/* Scope... Name (VGIA, 0x........): NameOp 'VGIA' DWordPrefix */
	memcpy(ssdt + 40, "\x08VGIA\x0c", 6);
	le32put(ssdt + 46, (uint32_t)(uintptr_t)buf);
	if ((uintptr_t)buf > 0xffffffffu) { /* a 64-bit host: the QWord form */
		ssdt[45] = 0x0e;
		le64put(ssdt + 46, (uint64_t)(uintptr_t)buf);
	}
	fake_acpi_add(other);
	fake_acpi_add(ssdt);
}

uint8_t *fake_set_oem0(const uint8_t *data, size_t n, const char oem_table_id[8])
{
	static uint8_t t[2][36 + 4200];
	static unsigned int which;
	uint8_t *o = t[which++ % 2], sum = 0;

	if (n > sizeof(t[0]) - 36)
		n = sizeof(t[0]) - 36;
	memset(o, 0, sizeof(t[0]));
	memcpy(o, "OEM0", 4);
	le32put(o + 4, (uint32_t)(36 + n));
	o[8] = 1;
	memcpy(o + 10, "VRTUAL", 6); /* Hyper-V's OEM id */
	memcpy(o + 16, oem_table_id, 8);
	memcpy(o + 36, data, n);
	for (size_t i = 0; i < 36 + n; i++)
		sum = (uint8_t)(sum + o[i]);
	o[9] = (uint8_t)(0u - sum);
	fake_acpi_add(o);
	return o;
}

uint8_t *fake_set_dtb(const uint8_t *fdt, size_t n)
{
	static EFI_GUID dtb = { 0xb1b621d5, 0xf19c, 0x41a5, { 0x83, 0x0b, 0xd9, 0x15, 0x2c, 0x69, 0xaa, 0xe0 } };
	static uint8_t tree[8192];

	memset(tree, 0, sizeof(tree));
	memcpy(tree, fdt, n < sizeof(tree) ? n : sizeof(tree));
	(void)bs_install_configuration_table(&dtb, tree);
	return tree;
}

void fake_set_smbios_uuid(const uint8_t uuid[16])
{
	static EFI_GUID smbios3 = SMBIOS3_TABLE_GUID;
	static uint8_t entry[24], table[64];
	size_t n = 0;

	memset(table, 0, sizeof(table));
	/* type 0 (BIOS), 4 bytes, one string; then type 1 with the UUID; end */
	table[n++] = 0; table[n++] = 4; n += 2;
	memcpy(table + n, "x\0\0", 3); n += 3;
	table[n++] = 1; table[n++] = 0x1b; n += 2 + 4;
	memcpy(table + n, uuid, 16); n += 16 + 3;
	n += 2;
	table[n++] = 127; table[n++] = 4; n += 2 + 2;
	memset(entry, 0, sizeof(entry));
	memcpy(entry, "_SM3_", 5);
	le32put(entry + 12, (uint32_t)n);
	le64put(entry + 16, (uint64_t)(uintptr_t)table);
	(void)bs_install_configuration_table(&smbios3, entry);
}
