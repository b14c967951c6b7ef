/* SPDX-License-Identifier: MIT */
/*
 * The source table: one row per source earlyseed mixes. Names, assumed
 * entropy, health feed and trust class all come from here (the
 * summary line, `earlyseed inspect`, the gate).
 */
#include "earlyseed.h"

/*
 * Assumed min-entropy per output byte, in bits, and why:
 * RDSEED    4  Intel specifies full entropy (an SP 800-90B/C ENRNG); halved,
 *              (arm64 RNDRRS, its row on aarch64: a DRBG reseeded from the
 *              TRNG before each read, Arm ARM; counted the same)
 *              as Linux 3.15 counted RDSEED "50% entropic"
 *              (drivers/char/random.c, add_interrupt_randomness()).
 * RDRAND    1  (arm64 RNDR on aarch64: a DRBG output between reseeds, the
 *              same bound) a CTR_DRBG output: its unknownness is bounded by how often the
 *              DRNG reseeds (Intel DRNG guide: at least every 511 calls), so
 *              it is counted at an eighth of its size.
 * EFI_RNG   4  the firmware's algorithm is unknown (raw noise or a DRBG);
 *              halved, as for RDSEED. The Linux stub trusts it in full
 *              (drivers/firmware/efi/libstub/random.c).
 * PREV      8  a table an earlier stage left: a kernel credits it in full
 *              whether or not earlyseed runs (drivers/firmware/efi/efi.c), so
 *              counting it changes nothing; it must pass its tests first.
 * CLOCK     0  firmware time and the cycle counter are predictable to anyone
 *              who knows the boot.
 * SEED_FILE 8  a pool output an earlier boot wrote (systemd-boot credits its
 *              file the same way, src/boot/random-seed.c), capped at the gate:
 *              it holds no more than the pool it came from. It counts only
 *              after it was rewritten and flushed (write before use), and
 *              only on a machine with its token (a clone has none).
 * TOKEN     0  constant across boots: it makes clones diverge, it is no
 *              entropy.
 * ES_RNG    0  an earlyseed driver's Hash_DRBG: its output rests on the
 *              driver's pool, which its table carries too; that table counts
 *              for what it rests on (provenance), so this would count twice.
 * VMGENID   0  the VM generation ID: the hypervisor knows it, and an attacker
 *              who can read ACPI memory; it makes clones' pools differ and
 *              stops a cloned seed file from counting (core/session.c).
 * SMBIOS    0  the system UUID: readable by root in the OS
 *              (/sys/class/dmi/id/product_uuid); it tells machines apart.
 * EFI_RNG_CPU 4  an EFI_RNG_PROTOCOL that is the CPU's RNG (edk2's RngDxe
 *              over RDRAND or RNDR, core/rng.c): as the firmware's RNG, but
 *              the CPU's: counted only under random.trust_cpu, only while the
 *              CPU's own sources pass, and never added to them (the larger).
 * EFI_RNG_UNSAFE 0  one edk2 marks unsafe (a timer): mixed, never counted.
 * OEM0      4  Hyper-V's ACPI OEM0 table: 64 bytes from the host, new at every
 *              boot (drivers/hv/hv_common.c ms_hyperv_late_init). The kernel
 *              credits them as a boot loader's seed (add_bootloader_randomness,
 *              random.trust_bootloader), as it credits earlyseed's table; their
 *              source is unknown here, so the firmware RNG's 4 bits a byte:
 *              64 bytes alone meet the gate, and a Hyper-V guest is seeded.
 * RNG_SEED  8  the device tree's /chosen/rng-seed (QEMU's virt boards, 32
 *              bytes a boot; U-Boot on boards with an RNG): Linux credits it
 *              whole, 8 bits a byte, whatever earlyseed does
 *              (drivers/of/fdt.c), so it is counted as the kernel counts it;
 *              once our table holds it, it is removed, never credited twice.
 * TPM       4  TPM2_GetRandom: the TPM's DRBG, seeded from its own entropy
 *              source (TPM 2.0 Library Part 1, section 11.4.10); whether it is
 *              a discrete chip, a firmware TPM or an emulator is unknown
 *              here, so halved, as for RDSEED and the EFI RNG. Not the CPU's
 *              RNG: random.trust_cpu does not touch it. Each answer is one
 *              block (no zeros, no repeats); a TPM that errs, answers short
 *              within its bounds or repeats itself counts nothing.
 */
static const struct es_source_info rows[ES_SRC_COUNT] = {
	[ES_SRC_CLOCK] = { .name = "clock", .h_bits = 0, .feed = ES_FEED_NONE, .distrusted_by = -1 },
	[ES_SRC_PREV_TABLE] = { .name = "prev_table", .h_bits = 8, .feed = ES_FEED_TABLE, .distrusted_by = -1,
				.whole_table = true },
	[ES_SRC_EFI_RNG] = { .name = "efi_rng", .h_bits = 4, .feed = ES_FEED_BLOCKS, .must_deliver = true,
			     .in_health_summary = true, .hardware = true, .distrusted_by = -1, .one_chip = true },
	/* RDRAND is asked only for the longs RDSEED did not give, so it need
	 * not deliver; its start-up test already demands nine results. */
	[ES_SRC_RDSEED] = { .name = "rdseed", .h_bits = 4, .feed = ES_FEED_WORDS, .cpu = true, .must_deliver = true,
			    .in_health_summary = true, .hardware = true, .distrusted_by = ES_SRC_RDRAND },
	[ES_SRC_RDRAND] = { .name = "rdrand", .h_bits = 1, .feed = ES_FEED_WORDS, .cpu = true,
			    .in_health_summary = true, .hardware = true, .distrusted_by = -1 },
	[ES_SRC_SEED_FILE] = { .name = "seed_file", .h_bits = 8, .feed = ES_FEED_TABLE, .must_deliver = true,
			       .in_health_summary = true, .conditional = true, .max_bits = ES_GATE_BITS,
			       .distrusted_by = -1, .token_bound = true },
	[ES_SRC_TOKEN] = { .name = "token", .h_bits = 0, .feed = ES_FEED_NONE, .distrusted_by = -1 },
	[ES_SRC_ES_RNG] = { .name = "es_rng", .h_bits = 0, .feed = ES_FEED_NONE, .distrusted_by = -1 },
	[ES_SRC_TPM] = { .name = "tpm", .h_bits = 4, .feed = ES_FEED_BLOCKS, .must_deliver = true,
			 .in_health_summary = true, .hardware = true, .distrusted_by = -1,
			 .one_chip = true },
	[ES_SRC_VMGENID] = { .name = "vmgenid", .h_bits = 0, .feed = ES_FEED_NONE, .distrusted_by = -1 },
	[ES_SRC_SMBIOS] = { .name = "smbios_uuid", .h_bits = 0, .feed = ES_FEED_NONE, .distrusted_by = -1 },
	/* The firmware's RNG that is the CPU's (core/rng.c): counted only as
	 * the CPU is, never beside it (core/session.c). */
	[ES_SRC_EFI_RNG_CPU] = { .name = "efi_rng_cpu", .h_bits = 4, .feed = ES_FEED_BLOCKS, .cpu = true,
				 .must_deliver = true, .hardware = true, .distrusted_by = -1, .wraps_cpu = true },
	[ES_SRC_EFI_RNG_UNSAFE] = { .name = "efi_rng_unsafe", .h_bits = 0, .feed = ES_FEED_NONE,
				    .distrusted_by = -1 },
	[ES_SRC_OEM0] = { .name = "oem0", .h_bits = 4, .feed = ES_FEED_BLOCKS, .must_deliver = true,
			  .in_health_summary = true, .hardware = true, .distrusted_by = -1 },
	/* The device tree's /chosen/rng-seed: Linux credits it whole, 8 bits
	 * a byte, as a boot loader's seed (drivers/of/fdt.c,
	 * add_bootloader_randomness under random.trust_bootloader, the trust
	 * our table is credited under too): counted as the kernel would count
	 * it, and never twice (efi/src_rng_seed.c removes it once our table
	 * holds it). */
	[ES_SRC_RNG_SEED] = { .name = "rng_seed", .h_bits = 8, .feed = ES_FEED_TABLE, .must_deliver = true,
			      .in_health_summary = true, .hardware = true, .distrusted_by = -1 },
};

const enum es_source es_source_summary_order[ES_SUMMARY_SOURCES] = {
	ES_SRC_RDSEED, ES_SRC_RDRAND, ES_SRC_EFI_RNG, ES_SRC_PREV_TABLE, ES_SRC_SEED_FILE, ES_SRC_TPM, ES_SRC_OEM0,
	ES_SRC_RNG_SEED,
};

/* The CPU sources' names on another architecture than x86_64, whose names
 * the rows carry: a new architecture adds its lines here (and its folder
 * under arch/), no code. */
static const struct {
	uint16_t arch;
	enum es_source src;
	const char *name;
} arch_names[] = {
	/* Arm ARM: RNDRRS is reseeded from the TRNG before each read (RDSEED's
	 * place in the gathering), RNDR is the DRBG's output (RDRAND's). */
	{ ES_AUDIT_ARCH_AARCH64, ES_SRC_RDSEED, "rndrrs" },
	{ ES_AUDIT_ARCH_AARCH64, ES_SRC_RDRAND, "rndr" },
	/* RISC-V: Zkr's seed CSR in RDSEED's place; no DRBG instruction in
	 * RDRAND's (arch/riscv64/cpurng.h: neither is read yet) */
	{ ES_AUDIT_ARCH_RISCV64, ES_SRC_RDSEED, "zkr" },
	{ ES_AUDIT_ARCH_RISCV64, ES_SRC_RDRAND, "cpu_drbg" },
};

const char *es_source_name(enum es_source src, unsigned int arch)
{
	for (size_t i = 0; i < sizeof(arch_names) / sizeof(arch_names[0]); i++)
		if (arch_names[i].arch == arch && arch_names[i].src == src)
			return arch_names[i].name;
	return (unsigned int)src < ES_SRC_COUNT ? rows[src].name : "unknown";
}

const struct es_source_info *es_source(enum es_source src)
{
	return (unsigned int)src < ES_SRC_COUNT ? &rows[src] : NULL;
}

const char *es_file_reason_text(enum es_file_reason r)
{
	switch (r) {
	case ES_FILE_COUNTED: return "counted";
	case ES_FILE_OFF: return "turned off (seed_file = none)";
	case ES_FILE_MISSING: return "no seed file";
	case ES_FILE_NO_TOKEN: return "no EarlyseedToken on this machine (a cloned disk, or not created yet)";
	case ES_FILE_SHORT: return "shorter than " ES_STR(ES_SEED_FILE_MIN) " bytes";
	case ES_FILE_HEALTH: return "failed its health tests";
	case ES_FILE_RO_VOLUME: return "the volume is read-only, so it cannot be rewritten before use";
	case ES_FILE_RO_ATTR: return "it has the read-only attribute, so it cannot be rewritten before use";
	case ES_FILE_READ_FAILED: return "it could not be read";
	case ES_FILE_WRITE_FAILED: return "rewriting it failed";
	case ES_FILE_FLUSH_FAILED: return "flushing the rewrite failed";
	case ES_FILE_NOT_WRITTEN: return "it was not rewritten before use";
	case ES_FILE_TOKEN_BAD: return "EarlyseedToken is malformed (it is never rewritten: delete it, and earlyseed makes a new one)";
	case ES_FILE_NO_VOLUME: return "earlyseed's own device has no file system (a network boot?)";
	case ES_FILE_EARLIER_STAGE: return "an earlier earlyseed stage of this boot used it; what it held is in that stage's table";
	case ES_FILE_NO_HEADER: return "not in earlyseed's format";
	case ES_FILE_OTHER_MACHINE: return "bound to another machine's token (copied?)";
	case ES_FILE_UNSEEDED: return "written by a boot whose sources held no counted bits";
	case ES_FILE_CPU_UNTRUSTED: return "it rests on the CPU's RNG alone (random.trust_cpu=off)";
	case ES_FILE_TOKEN_EXPOSED: return "Secure Boot is on and the OS can read the token";
	case ES_FILE_TOKEN_UNTRUSTED: return "its token rests on the CPU's RNG alone (random.trust_cpu=off)";
	case ES_FILE_NO_COUNTER: return "the monotonic count failed, or starts again at every boot: this pool could repeat an earlier boot's";
	case ES_FILE_VM_CHANGED: return "the VM generation ID changed since it was written (a clone, or a reverted snapshot)";
	case ES_FILE_BAD_MAC: return "its header fails the token's MAC (edited on the disk)";
	case ES_FILE_ID_CHANGED: return "written under another SMBIOS system UUID (a copied disk and variable store)";
	case ES_FILE_OLD_FORMAT: return "a file of an earlier format (ESSEEDv1: no authenticated header)";
	case ES_FILE_NOT_OURS: return "not earlyseed's (not empty, not zeros, no ESSEED magic): left as it is";
	case ES_FILE_TOKEN_ON_DISK: return "its token is in a variable store the firmware keeps in a file on a disk (U-Boot's \\ubootefi.var, an edk2 image such as the Pi's RPI_EFI.fd): a copy of the disk carries it (an image sealed with earlyseed seal --disk-token count counts it anyway)";
	case ES_FILE_TOKEN_LOST: return "the firmware lost the token it said it stored (U-Boot keeps variables only on a partition typed as an ESP)";
	case ES_FILE_REASONS: break;
	}
	return "unknown reason";
}
