/* SPDX-License-Identifier: MIT */
/*
 * What an EFI_RNG_PROTOCOL instance is (edk2 SecurityPkg/RandomNumberGenerator/
 * RngDxe, MdePkg/Include/Protocol/Rng.h). edk2
 * 2025.02 (Debian 13's OVMF and AAVMF) installs RngDxe: on x86_64 a handle
 * with no device path whose GetInfo lists SP800-90 CTR-256 (RDRAND) and RAW
 * (seeds conditioned from RDRAND); on AArch64 gEfiRngAlgorithmArmRndr
 * (RNDR). VirtioRngDxe sits on the virtio device's handle (a PCI device
 * path) and lists RAW. A RngLib that is only a timer lists edk2's own
 * gEdkiiRngAlgorithmUnSafe. The Linux stub reads any of them
 * (drivers/firmware/efi/libstub/random.c); earlyseed counts each as what
 * it is: a CPU's RNG only as the CPU is, under random.trust_cpu.
 */
#include "earlyseed.h"

enum es_rng_class es_rng_classify(const struct es_rng_facts *f, const char **why)
{
	if (f->info && f->unsafe) {
		*why = "edk2's UnSafe algorithm (a timer): mixed, counts nothing";
		return ES_RNG_UNSAFE;
	}
	if (f->info && f->arm_rndr) {
		*why = "edk2's ArmRndr algorithm: the CPU's RNDR";
		return ES_RNG_CPU;
	}
	if (f->device_path && !f->root_only && !f->info_unread) {
		*why = "on a device's handle";
		return ES_RNG_DEVICE;
	}
	/* Not known to be a device: U-Boot's root node (one vendor node, no
	 * hardware) serves whatever its board's RNG driver is, RNDR or Zkr
	 * included, and a GetInfo list that could not be read hides what
	 * edk2 would have marked (its UnSafe timer). Where the CPU has an RNG
	 * instruction it is the CPU's (never counted on top of it), else the
	 * platform's (Hardening V, 2 and 3). */
	if (f->root_only || f->info_unread) {
		if (f->root_only)
			*why = f->cpu_insn ? "the firmware's root node: not known to be a device; the CPU has an RNG "
					     "instruction: taken as the CPU's"
					   : "the firmware's root node: not known to be a device; the CPU has no RNG "
					     "instruction: a platform RNG";
		else
			*why = f->cpu_insn ? "GetInfo's list could not be read: not known to be a device; the CPU has "
					     "an RNG instruction: taken as the CPU's"
					   : "GetInfo's list could not be read: not known to be a device; the CPU has "
					     "no RNG instruction: a platform RNG";
		return f->cpu_insn ? ES_RNG_CPU : ES_RNG_DEVICE;
	}
	/* No device behind it: edk2's RngDxe (CTR-256 and RAW from RDRAND),
	 * or an RNG it cannot tell apart from one; where the CPU has an RNG
	 * instruction, it is counted as the CPU's (the reading that credits
	 * less under random.trust_cpu=off). */
	if (f->cpu_insn) {
		*why = f->info && f->ctr256 && f->raw ? "no device path, CTR-256 and RAW, and the CPU has an RNG "
							"instruction: edk2's RngDxe over it"
						      : "no device path, and the CPU has an RNG instruction: taken as "
							"the CPU's";
		return ES_RNG_CPU;
	}
	*why = "no device path, and the CPU has no RNG instruction: a platform RNG";
	return ES_RNG_DEVICE;
}

bool es_rng_not_known_device(const struct es_rng_facts *f)
{
	if (f->info && (f->unsafe || f->arm_rndr))
		return false; /* classed by what it lists */
	return f->root_only || f->info_unread;
}
