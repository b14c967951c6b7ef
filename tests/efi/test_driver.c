/* SPDX-License-Identifier: MIT */
/*
 * The firmware driver (efi/driver.c, efi/rngsrv.c) against the fake UEFI:
 * load, repeated ReadyToBoot, a firmware RNG present or absent, the gate
 * unmet, every allocation, install and event failing; its EFI_RNG_PROTOCOL
 * as a caller sees it. Built as the driver ships (-Os, general registers).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "matrix.h"

static EFI_GUID hash256 = ES_EFI_RNG_ALGORITHM_SP800_90_HASH_256_GUID;
static EFI_GUID raw = ES_EFI_RNG_ALGORITHM_RAW_GUID;
static EFI_GUID seed_guid = ES_LINUX_EFI_RANDOM_SEED_TABLE_GUID;

/* -cpu max under TCG: RDRAND only; no firmware RNG, no file system. */
static void machine(bool rdrand, bool firmware_rng)
{
	fake_efi_reset();
	memset(&fake_insn, 0, sizeof(fake_insn));
	fake_insn.max_leaf = 0x16;
	fake_insn.leaf1_ecx = rdrand ? RDRAND_BIT : 0;
	fake_insn.rdrand_fn = good_cpu;
	fake.nrngs = firmware_rng ? 1 : 0;
	fake.rngs[0].then = EFI_SUCCESS;
	fake.no_file_system = true;
}

static size_t seed_tables(void)
{
	size_t n = 0;

	for (UINTN i = 0; i < ST->NumberOfTableEntries; i++)
		n += memcmp(&ST->ConfigurationTable[i].VendorGuid, &seed_guid, sizeof(seed_guid)) == 0;
	return n;
}

static bool driver_audit(struct es_audit_record *a)
{
	return fake.driver_variable_set &&
	       es_audit_decode(fake.driver_variable, fake.driver_variable_len, a) == ES_AUDIT_OK;
}

/* Byte by byte: an inlined memcpy would leave table words in registers that
 * a later function spills onto the stack the scan looks at. */
static void copy_table(uint8_t out[ES_SEED_LEN], const struct es_table_seed *t)
{
	for (size_t i = 0; i < ES_SEED_LEN; i++)
		out[i] = ((const volatile uint8_t *)t->bits)[i];
}

static void load(void)
{
	CHECK(efi_main(fake_image_handle(), ST) == EFI_SUCCESS);
}

static void test_load_and_ready_to_boot(void)
{
	struct es_audit_record a;
	static uint8_t last[ES_SEED_LEN]; /* not on the stack: the scan looks there */
	struct es_table_seed *t;
	EFI_RNG_PROTOCOL *rng;
	const struct stage_marker *m;

	machine(true, false);
	load();
	t = fake_seed_table();
	CHECK(t != NULL && t->size == ES_SEED_LEN && seed_tables() == 1);
	CHECK(fake.rng_installs == 1 && fake_driver_rng() != NULL);
	CHECK(driver_audit(&a));
	CHECK((a.flags & (ES_AUDIT_F_DRIVER | ES_AUDIT_F_RNG_PROTOCOL | ES_AUDIT_F_TABLE)) ==
	      (ES_AUDIT_F_DRIVER | ES_AUDIT_F_RNG_PROTOCOL | ES_AUDIT_F_TABLE));
	CHECK(a.stage == 0 && a.bytes[ES_SRC_RDRAND] == 512);
	/* what a later earlyseed learns: the table rests on the CPU */
	m = stage_marker_on(fake_image_handle());
	CHECK(m != NULL && m->driver && m->table == t && m->made_of.cpu_bits == 512 && m->made_of.other_bits == 0);
	CHECK(fake.events == 2);
	CHECK(fake_stack_clean());
	if (t == NULL)
		return;
	copy_table(last, t);
	/* ReadyToBoot, three times (one per boot option): one table, ours,
	 * fresh each time; the one before wiped and freed */
	for (int i = 0; i < 3; i++) {
		size_t live = fake.live_allocations;

		fake.loglen = 0;
		fake.log[0] = '\0';
		CHECK(fake_ready_to_boot() == 1);
		t = fake_seed_table();
		CHECK(t != NULL && seed_tables() == 1 && t->size == ES_SEED_LEN);
		if (t == NULL)
			return;
		CHECK(memcmp(t->bits, last, sizeof(last)) != 0);
		copy_table(last, t);
		CHECK(fake.live_allocations == live); /* one table in, one out */
		CHECK(logged("driver: table: our previous one wiped and freed"));
		CHECK(logged("earlyseed: driver: ReadyToBoot: pass "));
		CHECK(fake.rng_installs == 1); /* installed once, reseeded each time */
		CHECK(logged("driver: rng: Hash_DRBG reseeded from the pool"));
		CHECK(fake_stack_clean());
	}
	CHECK(fake_tpl_balanced() && fake.tpl_raises > 0); /* the DRBG is updated at TPL_NOTIFY */
	/* its RNG protocol, as the Linux stub calls it */
	rng = fake_driver_rng();
	if (rng != NULL) {
		uint8_t x[64], y[64];
		EFI_RNG_ALGORITHM list[2];
		UINTN size = sizeof(list);

		CHECK(rng->GetInfo(rng, &size, list) == EFI_SUCCESS && size == sizeof(EFI_GUID));
		CHECK(memcmp(&list[0], &hash256, sizeof(hash256)) == 0);
		size = 1;
		CHECK(rng->GetInfo(rng, &size, list) == EFI_BUFFER_TOO_SMALL && size == sizeof(EFI_GUID));
		CHECK(rng->GetRNG(rng, &raw, 32, x) == EFI_UNSUPPORTED); /* it is not raw noise */
		CHECK(rng->GetRNG(rng, NULL, 0, x) == EFI_INVALID_PARAMETER);
		CHECK(rng->GetRNG(rng, NULL, 32, NULL) == EFI_INVALID_PARAMETER);
		CHECK(rng->GetRNG(rng, NULL, sizeof(x), x) == EFI_SUCCESS);
		CHECK(rng->GetRNG(rng, &hash256, sizeof(y), y) == EFI_SUCCESS);
		CHECK(memcmp(x, y, sizeof(x)) != 0);
		CHECK(memmem(x, sizeof(x), last, 8) == NULL); /* never the table's bytes */
		CHECK(logged("driver: GetRNG: 64 bytes from its Hash_DRBG"));
		CHECK(fake_tpl_balanced());
		/* after ExitBootServices nothing is left to serve */
		CHECK(fake_exit_boot_services() == 1);
		CHECK(rng->GetRNG(rng, NULL, 32, x) == EFI_NOT_READY);
	}
}

/* No CPU RNG, no firmware RNG, a TPM: the driver seeds from the TPM alone
 * and its EFI_RNG_PROTOCOL serves TPM-seeded bytes. */
static void test_tpm_alone(void)
{
	struct es_audit_record a;
	const struct stage_marker *m;

	machine(false, false);
	fake.tpm = FAKE_TPM_OK;
	load();
	CHECK(fake_seed_table() != NULL && fake.rng_installs == 1 && fake_driver_rng() != NULL);
	CHECK(driver_audit(&a) && es_audit_present(&a, ES_SRC_TPM) && a.bytes[ES_SRC_TPM] == 64);
	CHECK((a.flags & (ES_AUDIT_F_RNG_PROTOCOL | ES_AUDIT_F_TABLE)) == (ES_AUDIT_F_RNG_PROTOCOL | ES_AUDIT_F_TABLE));
	/* it rests on no CPU: every kernel's trust counts it */
	m = stage_marker_on(fake_image_handle());
	CHECK(m != NULL && m->made_of.cpu_bits == 0 && m->made_of.other_bits == 256);
	CHECK(fake_ready_to_boot() == 1 && fake.tpm_calls == 4);
	CHECK(logged("driver: summary ") && logged(" tpm=64 ") && logged(",tpm:pass"));
	CHECK(fake.events == 2 && fake_stack_clean());
	/* a TPM that repeats itself: nothing handed over */
	machine(false, false);
	fake.tpm = FAKE_TPM_REPEATS;
	load();
	CHECK(fake_seed_table() == NULL && fake.rng_installs == 0 && logged(",tpm:fail"));
}

static void test_first_ready_to_boot_tells_load(void)
{
	machine(true, false);
	load();
	fake.loglen = 0;
	fake.log[0] = '\0';
	fake_ready_to_boot();
	CHECK(logged("earlyseed: driver: at load: summary rdseed=0 rdrand=512 efi_rng=0 prev_table=0 seed_file=0 "
		     "table=32 "));
	if (!logged("at load: summary rdseed=0 rdrand=512"))
		printf("%s", fake.log);
	fake.loglen = 0;
	fake.log[0] = '\0';
	fake_ready_to_boot();
	CHECK(!logged("at load"));
}

/* A firmware RNG exists: the driver reads it and installs no protocol. */
static void test_firmware_rng_present(void)
{
	struct es_audit_record a;

	machine(false, true);
	load();
	CHECK(fake_seed_table() != NULL);
	CHECK(fake.rng_installs == 0 && fake_driver_rng() == NULL);
	CHECK(logged("driver: rng: the firmware has an EFI_RNG_PROTOCOL; none installed"));
	CHECK(driver_audit(&a) && (a.flags & ES_AUDIT_F_RNG_PROTOCOL) == 0 && a.bytes[ES_SRC_EFI_RNG] == 64);
	/* the firmware RNG made it: a later stage may count it under any trust */
	CHECK(stage_marker_on(fake_image_handle())->made_of.other_bits == 256);
}

/* Nothing to count (qemu64, no virtio-rng): no table, no RNG protocol,
 * however often ReadyToBoot comes. */
static void test_gate_unmet(void)
{
	struct es_audit_record a;

	machine(false, false);
	load();
	for (int i = 0; i < 2; i++)
		fake_ready_to_boot();
	CHECK(fake_seed_table() == NULL && fake.rng_installs == 0);
	if (fake_seed_table() != NULL)
		printf("%s", fake.log);
	CHECK(driver_audit(&a) && (a.flags & ES_AUDIT_F_BELOW_GATE) != 0 && (a.flags & ES_AUDIT_F_TABLE) == 0);
	CHECK(logged("table: none installed"));
}

/* Every firmware call that can fail fails: the driver stays loaded, says
 * why, and never leaves two tables or a half-installed protocol. */
static void test_failures(void)
{
	machine(true, false);
	fake.fail_table_alloc = true;
	load();
	CHECK(fake_seed_table() == NULL && logged("table: install failed: Out of Resources"));
	CHECK(fake_driver_rng() != NULL); /* the DRBG does not need the table */
	fake.fail_table_alloc = false;
	fake_ready_to_boot();
	CHECK(fake_seed_table() != NULL && seed_tables() == 1);

	machine(true, false);
	fake.fail_install = true;
	load();
	CHECK(fake_seed_table() == NULL && logged("table: install failed"));

	/* no marker: a later stage could not tell what a table or RNG of ours
	 * rests on, so none is handed over; the next pass marks and installs */
	machine(true, false);
	fake.fail_protocol_install = true;
	load();
	CHECK(fake_seed_table() == NULL && fake_driver_rng() == NULL);
	CHECK(logged("driver: cannot mark this image, so a later stage could not tell what a table or RNG of ours "
		     "rests on: none handed over"));
	fake.fail_protocol_install = false;
	fake_ready_to_boot();
	CHECK(fake_seed_table() != NULL && fake_driver_rng() != NULL);
	CHECK(stage_marker_on(fake_image_handle()) != NULL);

	machine(true, false);
	fake.fail_rng_install = true;
	load();
	CHECK(fake_seed_table() != NULL); /* the table does not need the RNG */
	CHECK(logged("driver: rng: installing EFI_RNG_PROTOCOL failed: Out of Resources"));
	fake.fail_rng_install = false;
	fake_ready_to_boot();
	CHECK(fake_driver_rng() != NULL && fake.rng_installs == 1);

	machine(true, false);
	fake.fail_event = true;
	load();
	CHECK(fake_seed_table() != NULL && logged("driver: no ReadyToBoot event (Out of Resources)"));
	CHECK(fake_ready_to_boot() == 0);

	machine(true, false);
	fake.fail_locate = true; /* no handle list: no firmware RNG seen */
	load();
	CHECK(fake_seed_table() != NULL);
}

/* A bad table an earlier stage left is replaced at load. */
static void test_bad_prev_table(void)
{
	struct es_table_seed *t;

	machine(true, false);
	t = fake_alloc(sizeof(*t) + 512);
	memset(t, 0, sizeof(*t) + 512);
	t->size = 512;
	fake.prev_table = t;
	(void)ST->BootServices->InstallConfigurationTable(&seed_guid, t);
	load();
	CHECK(fake_seed_table() != NULL && fake_seed_table() != t && seed_tables() == 1);
	CHECK(logged("health: prev_table: fail"));
	CHECK(!fake_is_live(t) && fake.prev_wiped_at_free);
}

static void test_no_secrets_printed(void)
{
	machine(true, false);
	load();
	fake_ready_to_boot();
	CHECK(!fake_source_bytes_logged());
	CHECK(!fake.secret_freed);
}

static EFI_GUID vendor = ES_AUDIT_VARIABLE_GUID;

/* EarlyseedKernelTrust, as `earlyseed seed refresh` writes it from the
 * kernel's command line: RDRAND alone meets the gate only while the kernel
 * trusts the CPU; the variable can take that away, never give it. */
static void kernel_trust(const char *cmdline)
{
	struct es_trust t;
	uint8_t v[ES_TRUST_VAR_LEN];

	es_trust_defaults(&t);
	es_trust_parse(&t, cmdline);
	es_trust_var_encode(&t, v);
	fake_set_var(L"EarlyseedKernelTrust", &vendor, v, sizeof(v),
		     EFI_VARIABLE_NON_VOLATILE | EFI_VARIABLE_BOOTSERVICE_ACCESS | EFI_VARIABLE_RUNTIME_ACCESS);
}

static void test_kernel_trust(void)
{
	struct es_audit_record a;
	static const uint8_t junk[][9] = { { 'E', 'S', 'K', 'T', 2, 0, 0, 0 }, { 'E', 'S', 'K', 'T', 1, 0x80, 0, 0 },
					   { 0 } };
	static const size_t junk_len[] = { 8, 8, 9 };

	/* trust_cpu=off at the last boot: no table, at load and at ReadyToBoot */
	machine(true, false);
	kernel_trust("quiet random.trust_cpu=off");
	load();
	fake_ready_to_boot();
	CHECK(fake_seed_table() == NULL && fake.rng_installs == 0);
	CHECK(driver_audit(&a) && (a.flags & ES_AUDIT_F_BELOW_GATE) != 0 && (a.flags & ES_AUDIT_F_TABLE) == 0);
	CHECK(logged("the OS's kernel last ran with random.trust_cpu=off (EarlyseedKernelTrust)"));
	/* the kernel trusts the CPU: the table as without the variable */
	machine(true, false);
	kernel_trust("quiet random.trust_cpu=on");
	load();
	CHECK(fake_seed_table() != NULL && driver_audit(&a) && (a.flags & ES_AUDIT_F_TABLE) != 0);
	CHECK(!logged("(EarlyseedKernelTrust)")); /* nothing taken away: nothing said */
	/* trust_bootloader=off is not believed: it would install a table below
	 * the gate for a next kernel that may credit it. Nothing counted (no
	 * RDRAND, no firmware RNG): no table, whatever the variable says. */
	machine(false, false);
	kernel_trust("random.trust_bootloader=off random.trust_cpu=off");
	load();
	fake_ready_to_boot();
	CHECK(fake_seed_table() == NULL && fake.rng_installs == 0);
	CHECK(!logged("the kernel will mix the table but not credit it"));
	machine(true, false);
	kernel_trust("random.trust_bootloader=off");
	load();
	CHECK(fake_seed_table() != NULL); /* RDRAND, trusted: the gate is met */
	CHECK(!logged("(EarlyseedKernelTrust)"));
	/* a variable it cannot read (another version, unknown bits, too long)
	 * costs the CPU: no table */
	for (size_t i = 0; i < sizeof(junk_len) / sizeof(junk_len[0]); i++) {
		machine(true, false);
		fake_set_var(L"EarlyseedKernelTrust", &vendor, junk[i], junk_len[i], EFI_VARIABLE_BOOTSERVICE_ACCESS);
		load();
		CHECK(fake_seed_table() == NULL);
		CHECK(logged("EarlyseedKernelTrust unreadable"));
	}
	/* a firmware RNG counts whatever the variable says of the CPU */
	machine(false, true);
	kernel_trust("random.trust_cpu=off");
	load();
	CHECK(fake_seed_table() != NULL);
}

int main(void)
{
	matrix_start();
	RUN(test_kernel_trust);
	RUN(test_load_and_ready_to_boot);
	RUN(test_first_ready_to_boot_tells_load);
	RUN(test_tpm_alone);
	RUN(test_firmware_rng_present);
	RUN(test_gate_unmet);
	RUN(test_failures);
	RUN(test_bad_prev_table);
	RUN(test_no_secrets_printed);
	return matrix_done();
}
