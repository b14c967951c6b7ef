/* SPDX-License-Identifier: MIT */
/*
 * The fault matrix (tests/efi/matrix.h) for efi/src_rng.c: the firmware's
 * EFI_RNG_PROTOCOL instances and their faults, one that is the CPU's, and an
 * earlyseed driver's own.
 */
#include <stdio.h>
#include <string.h>

#include "matrix.h"

static void test_no_rng_protocol(void)
{
	base();
	fake.no_rng_protocol = true;
	finish(true, true);
	CHECK(logged("earlyseed: efi_rng: no EFI_RNG_PROTOCOL (Not Found)"));
	CHECK(logged("efi_rng=0 ") && logged("efi_rng:absent"));
}

static void test_rng_not_ready_then_data(void)
{
	static const EFI_STATUS six[] = { EFI_NOT_READY, EFI_NOT_READY, EFI_NOT_READY,
					  EFI_NOT_READY, EFI_NOT_READY, EFI_NOT_READY };

	base();
	fake.rngs[0].script = six;
	fake.rngs[0].script_len = 6;
	finish(true, true);
	CHECK(logged("instance 0: 64 bytes (raw algorithm, 8 calls)"));
	CHECK(logged("efi_rng:pass"));
}

static void test_rng_never_ready(void)
{
	base();
	fake.rngs[0].then = EFI_NOT_READY;
	finish(true, true);
	CHECK(fake.rngs[0].calls == 20); /* 10 RAW + 10 default, bounded */
	CHECK(logged("default algorithm: Not Ready after 10 tries, skipped"));
	CHECK(logged("efi_rng=0 ") && logged("health: efi_rng: fail: delivered no bytes"));
}

static void test_rng_device_error(void)
{
	base();
	fake.rngs[0].then = EFI_DEVICE_ERROR;
	finish(true, true);
	CHECK(fake.rngs[0].calls == 2);
	CHECK(logged("Device Error"));
	CHECK(logged("efi_rng=0 "));
}

static void test_rng_raw_unsupported(void)
{
	base();
	fake.rngs[0].raw_unsupported = true;
	finish(true, true);
	CHECK(logged("raw algorithm: Unsupported after 1 tries, trying default"));
	CHECK(logged("instance 0: 64 bytes (default algorithm"));
}

/* U-Boot with a TPM and no other RNG device (its tpm-rng behind
 * EFI_RNG_PROTOCOL): the first GetRNG(RAW) answered EFI_DEVICE_ERROR in
 * 3 of 3 runs of Debian 12's u-boot-qemu 2023.01; the default algorithm
 * then works. */
static void test_rng_raw_device_error_then_default(void)
{
	static const EFI_STATUS first[] = { EFI_DEVICE_ERROR };

	base();
	no_cpu_rng();
	fake.rngs[0].script = first;
	fake.rngs[0].script_len = 1;
	fake.rngs[0].then = EFI_SUCCESS;
	finish(true, true);
	CHECK(logged("raw algorithm: Device Error after 1 tries, trying default"));
	CHECK(logged("instance 0: 64 bytes (default algorithm") && logged("efi_rng=64 "));
}

static void test_rng_refuses_short_requests(void)
{
	base();
	no_cpu_rng();
	fake.rngs[0].min32 = true;
	finish(true, true); /* 64 bytes at 4 bits: 256 */
	CHECK(fake.rngs[0].short_requests == 0);
	CHECK(logged("efi_rng=64 "));
}

static void test_rng_repeats_itself(void)
{
	base();
	fake.rngs[0].constant = true;
	finish(true, true); /* the CPU still carries the table */
	CHECK(logged("earlyseed: health: efi_rng: fail: returned the same block twice"));
	CHECK(logged("efi_rng=64 ") && logged("efi_rng:fail"));
	/* alone, a repeating RNG makes no table */
	base();
	no_cpu_rng();
	fake.rngs[0].constant = true;
	finish(false, true);
	CHECK(logged("table: none installed: counted sources hold an assumed 0 of the 256 bits"));
}

/* GetRNG says EFI_SUCCESS and writes nothing: zeros, not old bytes. */
static void test_rng_writes_nothing(void)
{
	base();
	no_cpu_rng();
	fake.rngs[0].writes_nothing = true;
	finish(false, true);
	CHECK(logged("earlyseed: health: efi_rng: fail: returned a block of zeros"));
	/* two instances that return the same bytes: any earlier block counts */
	base();
	no_cpu_rng();
	fake.nrngs = 2;
	fake.rngs[0].constant = true;
	fake.rngs[1].constant = true;
	fake.rngs[1].then = EFI_SUCCESS;
	finish(false, true);
	CHECK(logged("efi_rng: fail: returned the same block twice"));
}

/* Debian 13's OVMF (edk2 2025.02): an EFI_RNG_PROTOCOL of its own on a
 * handle with no device path, listing CTR-256 and RAW, over RDRAND
 * (edk2 SecurityPkg/RandomNumberGenerator/RngDxe; issue: the firmware's RNG is often the
 * CPU's). Measured before: under random.trust_cpu=off a table from it, a
 * token that said "256 bits not from the CPU", and a later boot with no
 * CPU RNG counting the file made from it. */
/* rng_machine CONF ALGOS N: -cpu max under TCG (RDRAND, no RDSEED: one CPU
 * source, 512 bits when trusted), one firmware RNG whose GetInfo lists
 * ALGOS, and CONF (NULL: the default) as the config. */
static void rng_machine(const char *conf, const EFI_GUID *algos, size_t n)
{
	base();
	fake_insn.leaf7_ebx = 0;
	fake.rngs[0].algos = algos;
	fake.rngs[0].nalgos = n;
	if (conf != NULL) {
		fake.files[0].data = (const uint8_t *)conf;
		fake.files[0].len = strlen(conf);
	}
}

static void rngdxe_machine(const char *conf)
{
	static const EFI_GUID algos[] = { ES_EFI_RNG_ALGORITHM_SP800_90_CTR_256_GUID, ES_EFI_RNG_ALGORITHM_RAW_GUID };

	rng_machine(conf, algos, 2);
	fake.rngs[0].no_device_path = true;
}

static void test_firmware_rng_is_the_cpu(void)
{
	static const char distrust[] = "next = \\vmlinuz\ncmdline = console=ttyS0 random.trust_cpu=off\n";
	struct es_audit_record a;
	struct es_provenance from;
	static uint8_t tok[ES_TOKEN_LEN];

	/* trust_cpu=off: nothing counted, no table, the class said */
	rngdxe_machine(distrust);
	finish(false, true);
	CHECK(logged("efi_rng: instance 0: the CPU's RNG, counted only as the CPU is (no device path, CTR-256 and RAW"));
	CHECK(audit_decode_ok(&a) && es_audit_present(&a, ES_SRC_EFI_RNG_CPU) && !es_audit_present(&a, ES_SRC_EFI_RNG));
	CHECK((a.flags & ES_AUDIT_F_TABLE) == 0 && a.entropy_bits == 0 && fake_token() == NULL);
	/* the kernel's defaults: one CPU, counted once (512, not 768); the
	 * token and the file made from it say they are the CPU's */
	rngdxe_machine(NULL);
	finish(true, true);
	CHECK(logged("counted sources: an assumed 512 bits") && !logged("an assumed 768 bits"));
	if (!keep_boot())
		return;
	CHECK(es_token_decode(boot_token, ES_TOKEN_VAR_LEN, tok, &from));
	es_wipe(tok, sizeof(tok));
	CHECK(from.other_bits == 0 && from.cpu_bits == ES_GATE_BITS);
	CHECK(logged("rests on 0 bits not from the CPU, 256 from it"));
	/* the same machine on a CPU with no RDRAND, trust_cpu=off: the file
	 * that rests on the CPU does not count */
	boot_with(boot_file[0], true, false);
	fake.files[0].data = (const uint8_t *)distrust;
	fake.files[0].len = sizeof(distrust) - 1;
	finish(false, true);
	CHECK(audit_decode_ok(&a) && a.seed_file_reason != ES_FILE_COUNTED && (a.flags & ES_AUDIT_F_TABLE) == 0);
	/* Debian 12's OVMF with virtio-rng: a device, counted under any CPU trust */
	base();
	fake_insn.leaf7_ebx = 0;
	fake.files[0].data = (const uint8_t *)distrust;
	fake.files[0].len = sizeof(distrust) - 1;
	finish(true, true);
	CHECK(logged("efi_rng: instance 0: a device's RNG (on a device's handle)"));
}

/* U-Boot installs EFI_RNG_PROTOCOL on its root node whatever backs it
 * (lib/efi_loader/efi_rng.c: efi_add_protocol(efi_root, ...)), listing
 * RAW only: a board built with CONFIG_RNG_ARM_RNDR serves the CPU's RNDR
 * there. Measured before (Hardening V, 2): classed "on a device's handle",
 * so RNDR was credited under random.trust_cpu=off and counted twice under
 * the kernel's defaults. Not known to be a device: the CPU's where the CPU
 * has an RNG instruction, the platform's where it has none. */
static void uboot_machine(const char *conf, bool cpu_rng)
{
	static const EFI_GUID raw[] = { ES_EFI_RNG_ALGORITHM_RAW_GUID };

	rng_machine(conf, raw, 1);
	if (!cpu_rng)
		no_cpu_rng();
	fake.rngs[0].uboot_root = true;
}

static void test_firmware_root_node(void)
{
	static const char distrust[] = "next = \\vmlinuz\ncmdline = console=ttyS0 random.trust_cpu=off\n";
	struct es_audit_record a;

	/* a CPU with an RNG, trust_cpu=off: the root node's RNG is the CPU's */
	uboot_machine(distrust, true);
	finish(false, true);
	CHECK(logged("efi_rng: instance 0: the CPU's RNG, counted only as the CPU is (the firmware's root node: not "
		     "known to be a device"));
	CHECK(audit_decode_ok(&a) && es_audit_present(&a, ES_SRC_EFI_RNG_CPU) && !es_audit_present(&a, ES_SRC_EFI_RNG));
	CHECK((a.flags & ES_AUDIT_F_RNG_UNKNOWN) != 0 && (a.flags & ES_AUDIT_F_TABLE) == 0 && a.entropy_bits == 0);
	/* the kernel's defaults: one CPU, counted once, not on top of it */
	uboot_machine(NULL, true);
	finish(true, true);
	CHECK(audit_decode_ok(&a) && a.entropy_bits == 512);
	CHECK(logged("counted sources: an assumed 512 bits") && !logged("an assumed 768 bits"));
	/* no RNG instruction: the platform's, counted under any CPU trust */
	uboot_machine(distrust, false);
	finish(true, true);
	CHECK(logged("efi_rng: instance 0: a device's RNG (the firmware's root node: not known to be a device; the CPU "
		     "has no RNG instruction: a platform RNG)"));
	CHECK(audit_decode_ok(&a) && es_audit_present(&a, ES_SRC_EFI_RNG) && (a.flags & ES_AUDIT_F_RNG_UNKNOWN) != 0);
	/* a device's handle (a PCI path) is still a device's */
	base();
	fake_insn.leaf7_ebx = 0;
	fake.files[0].data = (const uint8_t *)distrust;
	fake.files[0].len = sizeof(distrust) - 1;
	finish(true, true);
	CHECK(audit_decode_ok(&a) && (a.flags & ES_AUDIT_F_RNG_UNKNOWN) == 0);
}

/* GetInfo's whole list (Hardening V, 3): asked once with room for 8 GUIDs,
 * a list of 9 answered EFI_BUFFER_TOO_SMALL and was never read, so edk2's
 * UnSafe (a timer) went unseen and counted 256 bits. Now asked again at the
 * size named (bounded); a list that cannot be read is not known to be a
 * device. */
static void test_getinfo_whole_list(void)
{
	static EFI_GUID nine[9], many[65];
	static const EFI_GUID unsafe = ES_EDKII_RNG_ALGORITHM_UNSAFE_GUID;
	static const EFI_GUID raw = ES_EFI_RNG_ALGORITHM_RAW_GUID;
	struct es_audit_record a;

	for (size_t i = 0; i < 9; i++)
		nine[i] = raw;
	nine[8] = unsafe;
	/* a timer listed ninth, on a device path, no CPU RNG: counts nothing */
	base();
	no_cpu_rng();
	fake.rngs[0].algos = nine;
	fake.rngs[0].nalgos = 9;
	finish(false, true);
	CHECK(logged("efi_rng: instance 0: unsafe, counts nothing"));
	CHECK(audit_decode_ok(&a) && es_audit_present(&a, ES_SRC_EFI_RNG_UNSAFE) && a.entropy_bits == 0);
	/* a list longer than any firmware's (65 GUIDs): unread, not known to
	 * be a device; with RDRAND distrusted it counts as the CPU's: nothing */
	for (size_t i = 0; i < 65; i++)
		many[i] = raw;
	base();
	fake_insn.leaf7_ebx = 0;
	fake.rngs[0].algos = many;
	fake.rngs[0].nalgos = 65;
	fake.files[0].data = (const uint8_t *)"next = \\vmlinuz\ncmdline = random.trust_cpu=off\n";
	fake.files[0].len = strlen((const char *)fake.files[0].data);
	finish(false, true);
	CHECK(logged("efi_rng: GetInfo's list could not be read"));
	CHECK(logged("(GetInfo's list could not be read: not known to be a device; the CPU has an RNG instruction"));
	CHECK(audit_decode_ok(&a) && (a.flags & ES_AUDIT_F_RNG_UNKNOWN) != 0 && a.entropy_bits == 0);
}

/* ---- an earlyseed driver loaded before the app (efi/driver.c) ---- */
static EFI_STATUS EFIAPI drv_get_rng(EFI_RNG_PROTOCOL *This, EFI_RNG_ALGORITHM *algo, UINTN len, UINT8 *out)
{
	(void)This;
	if (algo != NULL)
		return EFI_UNSUPPORTED; /* its Hash_DRBG is not RAW */
	check_rand_fill(out, len);
	return EFI_SUCCESS;
}

static struct stage_marker drv_marker;

static EFI_RNG_PROTOCOL drv_rng = { NULL, drv_get_rng };

/* The driver (trusting RDRAND) left a table and its RNG; the app's kernel
 * gets random.trust_cpu=off, or not. */
static void driver_then_app(bool trust_cpu)
{
	static char conf[128];
	EFI_HANDLE h;
	struct es_table_seed *t;
	EFI_GUID rng_guid = ES_EFI_RNG_PROTOCOL_GUID, stage_guid = ES_STAGE_PROTOCOL_GUID;

	base();
	fake_insn.leaf7_ebx = 0;
	fake.no_rng_protocol = true; /* no firmware RNG: the driver's is the one */
	snprintf(conf, sizeof(conf), "next = \\vmlinuz\nseed_file = none\ncmdline = %s\n",
		 trust_cpu ? "quiet" : "random.trust_cpu=off");
	fake.files[0].data = (const uint8_t *)conf;
	fake.files[0].len = strlen(conf);
	h = fake_add_image();
	t = install_prev(32, 32);
	memset(&drv_marker, 0, sizeof(drv_marker));
	drv_marker.magic = STAGE_MAGIC;
	drv_marker.driver = true;
	drv_marker.table = t;
	es_table_tag(t, drv_marker.tag); /* what the driver records of its table */
	drv_marker.made_of.cpu_bits = 512;
	CHECK(ST->BootServices->InstallProtocolInterface(&h, &stage_guid, EFI_NATIVE_INTERFACE, &drv_marker) == 0);
	CHECK(ST->BootServices->InstallProtocolInterface(&h, &rng_guid, EFI_NATIVE_INTERFACE, &drv_rng) == 0);
	fake.markers_installed--; /* the driver's stays: not the app's to remove */
	finish(trust_cpu, true);
	CHECK(logged("efi_rng: instance 0: earlyseed's own (a driver's Hash_DRBG): mixed, counted only through its table"));
	CHECK(logged("prev_table: 32 bytes mixed (installed by an earlier earlyseed stage)"));
	CHECK(logged(" efi_rng=0 prev_table=32 seed_file=0 table="));
}

static void test_driver_then_app(void)
{
	/* its kernel distrusts the CPU: neither counts; both are taken away */
	driver_then_app(false);
	CHECK(logged(" table=0 ") && fake.remove_seen && fake.rng_uninstalls == 1);
	CHECK(logged("efi_rng: instance 0 rests on sources this kernel's trust settings exclude: uninstalled"));
	/* it trusts it: the driver's table counts (512 CPU bits), ours replaces
	 * it, and its RNG stays for the Linux stub */
	driver_then_app(true);
	CHECK(logged(" table=32 ") && fake.rng_uninstalls == 0);
	CHECK(logged("prev_table: replaced by ours, wiped and freed"));
	CHECK(fake.prev_wiped_at_free);
}

int main(void)
{
	matrix_start();
	RUN(test_no_rng_protocol);
	RUN(test_firmware_rng_is_the_cpu);
	RUN(test_firmware_root_node);
	RUN(test_getinfo_whole_list);
	RUN(test_rng_not_ready_then_data);
	RUN(test_rng_never_ready);
	RUN(test_rng_device_error);
	RUN(test_rng_raw_unsupported);
	RUN(test_rng_raw_device_error_then_default);
	RUN(test_rng_refuses_short_requests);
	RUN(test_rng_repeats_itself);
	RUN(test_rng_writes_nothing);
	RUN(test_driver_then_app);
	return matrix_done();
}
