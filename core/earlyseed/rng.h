/* SPDX-License-Identifier: MIT */
/* Part of core/earlyseed.h: what an EFI_RNG_PROTOCOL instance is (core/rng.c). Include core/earlyseed.h, never this. */
#ifndef EARLYSEED_CORE_EARLYSEED_H
#error "include core/earlyseed.h, the engine's one public header"
#endif
#ifndef EARLYSEED_CORE_EARLYSEED_RNG_H
#define EARLYSEED_CORE_EARLYSEED_RNG_H

/* ---- what an EFI_RNG_PROTOCOL instance is (core/rng.c) ------------------ */

/* edk2 from 2024 on installs an EFI_RNG_PROTOCOL of its own that is the
 * CPU's RNG (SecurityPkg/RandomNumberGenerator/RngDxe over RDRAND or RNDR,
 * in OvmfPkg X64 from edk2-stable202408, ArmVirtQemu from
 * edk2-stable202405). What earlyseed learns of an instance: */
struct es_rng_facts {
	bool device_path;  /* its handle has a device path (virtio-rng: PCI) */
	bool cpu_insn;     /* the CPU has an RNG instruction (RDRAND/RDSEED, RNDR) */
	bool info;         /* GetInfo answered */
	bool arm_rndr;     /* ... listing edk2's gEfiRngAlgorithmArmRndr */
	bool unsafe;       /* ... listing edk2's gEdkiiRngAlgorithmUnSafe */
	bool ctr256, raw;  /* ... listing SP800-90 CTR-256, RAW */
	/* Its device path is one vendor node and its end: a firmware's root,
	 * no hardware (U-Boot installs EFI_RNG_PROTOCOL on efi_root whatever
	 * backs it: a device, a TPM, the CPU's RNDR or Zkr; U-Boot
	 * lib/efi_loader/efi_rng.c, efi_root_node.c). */
	bool root_only;
	/* GetInfo named a list it then would not give, or one longer than
	 * anyone lists: what it is cannot be read. */
	bool info_unread;
};
/* Its class: the source tag its bytes are mixed and counted under. */
enum es_rng_class {
	ES_RNG_DEVICE = ES_SRC_EFI_RNG,        /* a device's RNG: counted as the firmware's */
	ES_RNG_CPU = ES_SRC_EFI_RNG_CPU,       /* the CPU's: counted only as the CPU is */
	ES_RNG_UNSAFE = ES_SRC_EFI_RNG_UNSAFE, /* a timer: counts nothing */
};
/* The class of an instance, and why (a static string). Where the evidence
 * cannot tell, the reading that credits less wins. */
enum es_rng_class es_rng_classify(const struct es_rng_facts *f, const char **why);
/* The instance is not known to be a device (the firmware's root node, or a
 * list that could not be read), so it was classed as the CPU's or the
 * platform's by the CPU alone: the record says so (ES_AUDIT_F_RNG_UNKNOWN). */
bool es_rng_not_known_device(const struct es_rng_facts *f);

#endif
