/* SPDX-License-Identifier: MIT */
/*
 * The fault matrix (tests/efi/matrix.h) for efi/kerneltrust.c: the kernel's
 * trust, from the command line passed on and from EarlyseedKernelTrust.
 */
#include <stdio.h>
#include <string.h>

#include "matrix.h"

/* ---- the kernel's trust settings, from the command line passed on ---- */
static char trust_conf[512];

/* RDRAND only, no EFI RNG (QEMU -cpu max under TCG), this command line. */
static void run_trust(const char *cmdline, bool expect_table)
{
	base();
	fake_insn.leaf7_ebx = 0;
	fake.no_rng_protocol = true;
	snprintf(trust_conf, sizeof(trust_conf), "next = \\vmlinuz\ncmdline = %s\n", cmdline);
	fake.files[0].data = (const uint8_t *)trust_conf;
	fake.files[0].len = strlen(trust_conf);
	finish(expect_table, true);
	CHECK(strcmp(fake.options, cmdline) == 0); /* passed on as written */
}

static void test_trust_cpu(void)
{
	static const char *const off[] = {
		"random.trust_cpu=off", "random.trust_cpu=0", "random.trust_cpu=n", "random.trust_cpu=N",
		"random.trust_cpu=no", "random.trust_cpu=f", "random.trust_cpu=false", "random.trust_cpu=OFF",
		"random.trust_cpu=t", "random.trust_cpu=enable", /* kernels disagree: distrust */
		"random.trust-cpu=off", "random.trust_cpu=\"off\"", "\"random.trust_cpu=off\"",
		"console=ttyS0 random.trust_cpu=on random.trust_cpu=off",
		"random.trust_cpu=off random.trust_cpu=bogus", "random.trust_cpu=off random.trust_cpu=",
	};
	static const char *const on[] = {
		"random.trust_cpu=on", "random.trust_cpu=1", "random.trust_cpu=y", "random.trust_cpu=Yes",
		"random.trust_cpu=off random.trust_cpu=on", "random.trust_cpu=bogus",
		"random.trust_cpu=", "random.trust_cpu", "quiet -- random.trust_cpu=off",
		"foo=\"random.trust_cpu=off\"", "console=ttyS0",
	};

	for (size_t i = 0; i < sizeof(off) / sizeof(off[0]); i++) {
		run_trust(off[i], false);
		CHECK(logged("trust: random.trust_cpu=off: the kernel will not credit the CPU's RNG, so its 512 bits"));
		CHECK(logged("table: none installed: counted sources hold an assumed 0 of the 256 bits"));
		CHECK(logged("health=rdseed:absent,rdrand:pass,efi_rng:absent"));
	}
	for (size_t i = 0; i < sizeof(on) / sizeof(on[0]); i++) {
		run_trust(on[i], true);
		CHECK(!logged("trust: random.trust_cpu=off"));
	}
	/* with a healthy firmware RNG the table is made without the CPU */
	base();
	fake_insn.leaf7_ebx = 0;
	snprintf(trust_conf, sizeof(trust_conf), "next = \\vmlinuz\ncmdline = random.trust_cpu=off\n");
	fake.files[0].data = (const uint8_t *)trust_conf;
	fake.files[0].len = strlen(trust_conf);
	finish(true, true);
	CHECK(logged("counted sources: an assumed 256 bits"));
}

static void test_trust_bootloader(void)
{
	/* the kernel will not credit the table: it is installed all the same */
	run_trust("random.trust_cpu=off random.trust_bootloader=off", true);
	CHECK(logged("trust: random.trust_bootloader=off: the kernel will mix the table but not credit it"));
	run_trust("random.trust_bootloader=0 random.trust_bootloader=1 random.trust_cpu=0", false);
}

/* The kernel's trust with a boot loader next comes from NVRAM, not the ESP
 * (Hardening IV, 1): measured on an RDRAND-only machine, an ESP writer who
 * cleared the header bit (or deleted the file) got a table resting on
 * RDRAND for a kernel with random.trust_cpu=off. EarlyseedKernelTrust, as
 * the OS tool writes it, takes the CPU's trust away; it never gives it. */
static void kernel_trust_case(const char *conf, const char *kernel, bool junk, bool want_table)
{
	static const EFI_GUID vendor = ES_AUDIT_VARIABLE_GUID; /* earlyseed's vendor GUID */
	struct es_audit_record a;

	rdrand_machine(conf);
	if (junk) {
		static const uint8_t bad[8] = { 'E', 'S', 'K', 'T', 9 };

		fake_set_var(L"EarlyseedKernelTrust", &vendor, bad, sizeof(bad), EFI_VARIABLE_NON_VOLATILE |
			     EFI_VARIABLE_BOOTSERVICE_ACCESS | EFI_VARIABLE_RUNTIME_ACCESS);
	} else if (kernel != NULL) {
		struct es_trust t;
		uint8_t v[ES_TRUST_VAR_LEN];

		es_trust_defaults(&t);
		es_trust_parse(&t, kernel);
		es_trust_var_encode(&t, v);
		fake_set_var(L"EarlyseedKernelTrust", &vendor, v, sizeof(v), EFI_VARIABLE_NON_VOLATILE |
			     EFI_VARIABLE_BOOTSERVICE_ACCESS | EFI_VARIABLE_RUNTIME_ACCESS);
	}
	finish(want_table, true);
	CHECK(audit_decode_ok(&a) && ((a.flags & ES_AUDIT_F_TABLE) != 0) == want_table);
}

static void test_kernel_trust_variable(void)
{
	static const char grub[] = "next = \\EFI\\debian\\grubx64.efi\nseed_file = none\n";
	static const char kernel[] = "next = \\EFI\\debian\\grubx64.efi\ncmdline = quiet\nseed_file = none\n";

	/* no file, no header bit: the variable alone keeps RDRAND out */
	kernel_trust_case(grub, "quiet random.trust_cpu=off", false, false);
	CHECK(logged("trust: no command line; the OS's kernel last ran with random.trust_cpu=off (EarlyseedKernelTrust)"));
	/* none (the kernel's defaults), or one that trusts the CPU: counted */
	kernel_trust_case(grub, NULL, false, true);
	kernel_trust_case(grub, "quiet random.trust_cpu=on", false, true);
	CHECK(!logged("(EarlyseedKernelTrust)"));
	/* one it cannot read costs the CPU */
	kernel_trust_case(grub, NULL, true, false);
	CHECK(logged("EarlyseedKernelTrust unreadable"));
	/* trust_bootloader=off is never applied (a table below the gate) */
	kernel_trust_case(grub, "random.trust_bootloader=off", false, true);
	/* a command line in the config (an ESP writer's `cmdline = quiet` in
	 * front of GRUB, which ignores it) does not lift what NVRAM recorded
	 * (Hardening V, 1): the variable still keeps RDRAND out */
	kernel_trust_case(kernel, "random.trust_cpu=off", false, false);
	CHECK(logged("trust: the OS's kernel last ran with random.trust_cpu=off (EarlyseedKernelTrust)"));
	/* ... and it never gives: a variable that trusts the CPU leaves the
	 * config's own line in charge */
	kernel_trust_case("next = \\EFI\\debian\\grubx64.efi\ncmdline = random.trust_cpu=off\nseed_file = none\n",
			  "quiet random.trust_cpu=on", false, false);
	kernel_trust_case(kernel, "quiet random.trust_cpu=on", false, true);
}

int main(void)
{
	matrix_start();
	RUN(test_trust_cpu);
	RUN(test_trust_bootloader);
	RUN(test_kernel_trust_variable);
	return matrix_done();
}
