/* SPDX-License-Identifier: MIT */
/* The firmware's EFI_RNG_PROTOCOL instances (UEFI 2.10 section 37.5), and
 * an earlyseed driver's own, which a later stage may have to take away. */
#include "row.h"

#include <efilib.h>

#include "console.h"
#include "fs.h"
#include "cpurng.h"
#include "guid.h"
#include "le.h"

_Static_assert(sizeof(EFI_RNG_PROTOCOL) == 16, "EFI_RNG_PROTOCOL is GetInfo + GetRNG");
_Static_assert(offsetof(EFI_RNG_PROTOCOL, GetRNG) == 8, "GetRNG at offset 8");

/* edk2's RngDxe refuses RAW requests under 32 bytes with
 * EFI_INVALID_PARAMETER (edk2 SecurityPkg/RandomNumberGenerator/RngDxe);
 * 32 is also the seed size. */
#define RNG_REQUEST 32u
/* iPXE saw EFI_NOT_READY 6 times in a row on real boards (src/interface/efi/efi_rng.c):
 * 10 tries, 10 ms apart, bound the wait at 100 ms per algorithm. */
#define RNG_NOT_READY_TRIES 10u
#define RNG_NOT_READY_STALL_US 10000u
/* One RNG per device is usual; a bound keeps a hostile handle list short. */
#define RNG_MAX_INSTANCES 8u

static EFI_GUID rng_protocol_guid = ES_EFI_RNG_PROTOCOL_GUID;
static EFI_GUID rng_raw_guid = ES_EFI_RNG_ALGORITHM_RAW_GUID;
static EFI_GUID rng_ctr256_guid = ES_EFI_RNG_ALGORITHM_SP800_90_CTR_256_GUID;
static EFI_GUID rng_arm_rndr_guid = ES_EFI_RNG_ALGORITHM_ARM_RNDR_GUID;
static EFI_GUID rng_unsafe_guid = ES_EDKII_RNG_ALGORITHM_UNSAFE_GUID;
static EFI_GUID dp_guid = EFI_DEVICE_PATH_PROTOCOL_GUID; /* 09576e91-6d3f-11d2-8e39-00a0c969723b */
/* GetInfo's list: RngDxe lists two or three, so 8 are asked for first; a
 * longer one is asked for again at the size GetInfo names (UEFI 2.10
 * section 37.5.2: EFI_BUFFER_TOO_SMALL with the size needed), up to 64
 * GUIDs (1 KiB), more than any firmware lists. */
#define RNG_MAX_ALGOS 8u
#define RNG_MAX_INFO_BYTES (64u * sizeof(EFI_GUID))

/* What the firmware shows of an instance (core/rng.c decides what it is):
 * its handle's device path (a device's RNG has one; edk2's RngDxe has
 * none), GetInfo's algorithms, and whether this CPU has an RNG
 * instruction. */
/* GetInfo's list into *f; a list it names but will not give, or one over
 * RNG_MAX_INFO_BYTES, cannot be read (f->info_unread). GetInfo absent or
 * EFI_UNSUPPORTED: no list at all, as VirtioRngDxe before edk2 2023 had. */
static void rng_info(EFI_RNG_PROTOCOL *rng, struct es_rng_facts *f)
{
	EFI_GUID small[RNG_MAX_ALGOS];
	EFI_GUID *big = NULL;
	const EFI_GUID *algos = small;
	UINTN size = sizeof(small), room = sizeof(small);
	EFI_STATUS status;

	if (rng->GetInfo == NULL)
		return;
	status = uefi_call_wrapper(rng->GetInfo, 3, rng, &size, small);
	if (status == EFI_BUFFER_TOO_SMALL && size > sizeof(small) && size <= RNG_MAX_INFO_BYTES) {
		UINTN asked = size;

		status = uefi_call_wrapper(BS->AllocatePool, 3, EfiBootServicesData, size, (void **)&big);
		if (!EFI_ERROR(status) && big != NULL) {
			status = uefi_call_wrapper(rng->GetInfo, 3, rng, &size, big);
			algos = big;
			room = asked;
		} else if (!EFI_ERROR(status)) {
			status = EFI_OUT_OF_RESOURCES;
		}
	}
	/* A success that names more than the buffer held is no list either. */
	if (!EFI_ERROR(status) && size > room)
		status = EFI_BAD_BUFFER_SIZE;
	if (status == EFI_UNSUPPORTED) {
		/* no list at all */
	} else if (EFI_ERROR(status) || size % sizeof(EFI_GUID) != 0) {
		f->info_unread = true;
		console_log(CONSOLE_INFO, "efi_rng: GetInfo's list could not be read (%r, %lu bytes)", status, (UINT64)size);
	} else {
		f->info = true;
		for (UINTN i = 0; i < size / sizeof(EFI_GUID); i++) {
			f->raw = f->raw || guid_equal(&algos[i], &rng_raw_guid);
			f->ctr256 = f->ctr256 || guid_equal(&algos[i], &rng_ctr256_guid);
			f->arm_rndr = f->arm_rndr || guid_equal(&algos[i], &rng_arm_rndr_guid);
			f->unsafe = f->unsafe || guid_equal(&algos[i], &rng_unsafe_guid);
		}
	}
	if (big != NULL)
		(void)uefi_call_wrapper(BS->FreePool, 1, big);
}

/* One vendor node with no data of its own, then the end: a firmware's root
 * (UEFI 2.10 section 10.3.2.4, Vendor-Defined Hardware; 10.3.5.17
 * Messaging; 10.3.6.4 Media), no hardware path below it. U-Boot's efi_root
 * is VenHw(U_BOOT_GUID), 20 bytes. A vendor node that carries data names
 * hardware: edk2's virtio-mmio devices (ArmVirtPkg) are VenHw(GUID, base
 * address), 28 bytes, and stay a device's. */
static bool rng_root_only(const EFI_DEVICE_PATH *dp)
{
	UINTN len = le_get16(dp->Length);
	const EFI_DEVICE_PATH *next;
	bool vendor = (DevicePathType(dp) == HARDWARE_DEVICE_PATH && DevicePathSubType(dp) == HW_VENDOR_DP) ||
		      (DevicePathType(dp) == MESSAGING_DEVICE_PATH && DevicePathSubType(dp) == MSG_VENDOR_DP) ||
		      (DevicePathType(dp) == MEDIA_DEVICE_PATH && DevicePathSubType(dp) == MEDIA_VENDOR_DP);

	if (!vendor || len != 4 + sizeof(EFI_GUID))
		return false;
	next = (const EFI_DEVICE_PATH *)((const UINT8 *)dp + len);
	return DevicePathType(next) == END_DEVICE_PATH_TYPE;
}

static void rng_facts(const struct pass *p, EFI_HANDLE h, EFI_RNG_PROTOCOL *rng, struct es_rng_facts *f)
{
	EFI_DEVICE_PATH *dp = NULL;

	es_wipe(f, sizeof(*f));
	/* an end node alone (type 0x7f) is no device */
	f->device_path = !EFI_ERROR(uefi_call_wrapper(BS->HandleProtocol, 3, h, &dp_guid, (void **)&dp)) && dp != NULL &&
			 DevicePathType(dp) != END_DEVICE_PATH_TYPE;
	f->root_only = f->device_path && rng_root_only(dp);
	f->cpu_insn = es_cpu_any(&cpurng_arch, &p->cpu);
	rng_info(rng, f);
}

static EFI_STATUS rng_ask(EFI_RNG_PROTOCOL *rng, EFI_GUID *algo, UINT8 *buf, UINT32 *tries)
{
	EFI_STATUS status = EFI_NOT_READY;

	for (*tries = 0; *tries < RNG_NOT_READY_TRIES;) {
		(*tries)++;
		/* A GetRNG that says SUCCESS but writes nothing must show up as a
		 * block of zeros, not as whatever the buffer held before. */
		es_wipe(buf, RNG_REQUEST);
		status = uefi_call_wrapper(rng->GetRNG, 4, rng, algo, (UINTN)RNG_REQUEST, buf);
		if (status != EFI_NOT_READY)
			break;
		uefi_call_wrapper(BS->Stall, 1, (UINTN)RNG_NOT_READY_STALL_US);
	}
	return status;
}

/*
 * Two requests per instance: the second lets the health test catch a
 * firmware RNG that repeats itself (a Surface Go returns the same bytes every boot).
 */
#define RNG_BLOCKS 2u

static void rng_one(EFI_RNG_PROTOCOL *rng, UINT32 idx, enum es_source src, struct pass *p)
{
	UINT8 buf[RNG_BLOCKS][RNG_REQUEST];
	/* RAW first, as the Linux stub asks (libstub/random.c); then the
	 * firmware's default algorithm if RAW failed in any way. */
	EFI_GUID *algo = &rng_raw_guid;
	const CHAR16 *name = L"raw";
	EFI_STATUS status = EFI_SUCCESS;
	UINT32 got = 0, calls = 0, tries = 0;

	for (UINT32 blk = 0; blk < RNG_BLOCKS; blk++) {
		status = rng_ask(rng, algo, buf[blk], &tries);
		calls += tries;
		if (EFI_ERROR(status) && algo != NULL) {
			console_log(CONSOLE_INFO, "efi_rng: instance %u: raw algorithm: %r after %u tries, trying default",
			      idx, status, tries);
			algo = NULL;
			name = L"default";
			status = rng_ask(rng, NULL, buf[blk], &tries);
			calls += tries;
		}
		if (EFI_ERROR(status))
			break;
		got++;
	}
	p->out.calls[src] = (UINT16)(p->out.calls[src] + calls);
	if (got == 0) {
		p->out.rng_failed++;
		console_log(CONSOLE_WARN, "efi_rng: instance %u: %s algorithm: %r after %u tries, skipped", idx, name,
		      status, tries);
	} else {
		/* One block a call: the engine checks each against every
		 * earlier block of every instance. */
		for (UINT32 blk = 0; blk < got; blk++)
			(void)es_session_add(&p->s, src, buf[blk], RNG_REQUEST);
		console_log(CONSOLE_INFO, "efi_rng: instance %u: %u bytes (%s algorithm, %u calls)", idx,
		      got * RNG_REQUEST, name, calls);
		if (got < RNG_BLOCKS)
			console_log(CONSOLE_WARN, "efi_rng: instance %u: request %u failed: %r", idx, got + 1, status);
	}
	/* Also after a failure: firmware may have written part of buf. */
	es_wipe(buf, sizeof(buf));
}

/* An EFI_RNG_PROTOCOL an earlyseed driver installed (its marker is on the
 * same handle): read by a later stage, counted only through the driver's
 * table (ES_SRC_ES_RNG counts nothing); taken away when it rests on what this
 * stage's kernel does not trust, so the Linux stub cannot credit it either.
 * That trust is known once every row is read (the seed file's header may
 * take the CPU's away): src_rng_settle() decides, for each one (two
 * chained drivers leave two). */
#define OWN_MAX 4u
static struct {
	EFI_HANDLE h;
	EFI_RNG_PROTOCOL *rng;
	UINT32 idx;
	struct es_provenance made_of;
} own_rng[OWN_MAX];
static UINT32 own_n;

static void rng_own(EFI_HANDLE h, EFI_RNG_PROTOCOL *rng, UINT32 idx, const struct stage_marker *m, struct pass *p)
{
	if (p->in->driver) {
		console_log(CONSOLE_INFO, "efi_rng: instance %u: this driver's own, skipped", idx);
		return;
	}
	console_log(CONSOLE_INFO, "efi_rng: instance %u: %a", idx,
		      "earlyseed's own (a driver's Hash_DRBG): mixed, counted only through its table");
	rng_one(rng, idx, ES_SRC_ES_RNG, p);
	if (own_n < OWN_MAX) {
		own_rng[own_n].h = h;
		own_rng[own_n].rng = rng;
		own_rng[own_n].idx = idx;
		own_rng[own_n++].made_of = m->made_of;
	} else {
		/* more than any chain makes: taken away unread (es_rng counts nothing) */
		(void)uefi_call_wrapper(BS->UninstallProtocolInterface, 3, h, &rng_protocol_guid, rng);
	}
}

void src_rng_settle(struct pass *p)
{
	static const char excluded[] = "rests on sources this kernel's trust settings exclude";
	EFI_STATUS status;

	for (UINT32 i = 0; i < own_n; i++) {
		if (es_provenance_enough(&own_rng[i].made_of, &p->trust))
			continue;
		status = uefi_call_wrapper(BS->UninstallProtocolInterface, 3, own_rng[i].h, &rng_protocol_guid,
					   own_rng[i].rng);
		if (EFI_ERROR(status))
			console_log(CONSOLE_WARN, "efi_rng: instance %u %a, but uninstalling it failed: %r", own_rng[i].idx,
				      excluded, status);
		else
			console_log(CONSOLE_INFO,
				      "efi_rng: instance %u %a: uninstalled, so the Linux stub does not credit it",
				      own_rng[i].idx, excluded);
	}
	own_n = 0;
}

void src_rng(struct pass *p)
{
	own_n = 0;
	EFI_HANDLE *handles = NULL;
	UINTN count = 0;
	EFI_STATUS status;
	UINT32 read = 0;

	status = uefi_call_wrapper(BS->LocateHandleBuffer, 5, ByProtocol, &rng_protocol_guid, NULL,
				   &count, &handles);
	if (EFI_ERROR(status) || count == 0) {
		console_log(CONSOLE_INFO, "efi_rng: no EFI_RNG_PROTOCOL (%r)", EFI_ERROR(status) ? status : EFI_NOT_FOUND);
		return;
	}
	console_log(CONSOLE_INFO, "efi_rng: %lu instance(s)", (UINT64)count);
	/* The bound is on the instances read; an earlyseed driver's is always
	 * looked at, wherever it is in the list (it may have to be taken away). */
	for (UINTN i = 0; i < count; i++) {
		EFI_RNG_PROTOCOL *rng = NULL;
		const struct stage_marker *m = stage_marker_on(handles[i]);
		bool own = m != NULL && m->driver;

		if (!own && read >= RNG_MAX_INSTANCES) {
			if (read++ == RNG_MAX_INSTANCES)
				console_log(CONSOLE_INFO, "efi_rng: using the first %u instances",
					      (UINT32)RNG_MAX_INSTANCES);
			continue;
		}
		status = uefi_call_wrapper(BS->HandleProtocol, 3, handles[i], &rng_protocol_guid,
					   (void **)&rng);
		if (EFI_ERROR(status) || rng == NULL) {
			console_log(CONSOLE_WARN, "efi_rng: instance %u: cannot open: %r", (UINT32)i, status);
			p->out.rng_failed++;
			continue;
		}
		p->out.rng_instances++;
		if (own) {
			rng_own(handles[i], rng, (UINT32)i, m, p);
			continue;
		}
		read++;
		{
			struct es_rng_facts f;
			const char *why;
			enum es_rng_class c;

			rng_facts(p, handles[i], rng, &f);
			c = es_rng_classify(&f, &why);
			p->out.rng_unknown = p->out.rng_unknown || es_rng_not_known_device(&f);
			console_log(CONSOLE_INFO, "efi_rng: instance %u: %a (%a)", (UINT32)i,
				    c == ES_RNG_CPU ? "the CPU's RNG, counted only as the CPU is"
				    : c == ES_RNG_UNSAFE ? "unsafe, counts nothing"
							 : "a device's RNG",
				    why);
			es_session_present(&p->s, (enum es_source)c);
			rng_one(rng, (UINT32)i, (enum es_source)c, p);
		}
		p->rng_others++;
	}
	fs_free(handles);
}
