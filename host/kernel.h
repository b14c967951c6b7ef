/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_HOST_KERNEL_H
#define EARLYSEED_HOST_KERNEL_H

#include <stdbool.h>
#include <stdint.h>

#include "../core/earlyseed.h"
#include "machine.h"

/*
 * The running kernel's view, from what it shows: the trust its command
 * line gives, whether the CPU has an RNG it could trust, what its pool may
 * rest on, and the machine's SMBIOS UUID.
 */
/* The SMBIOS structures as Linux exports them (drivers/firmware/dmi-sysfs.c,
 * dmi_scan.c: /sys/firmware/dmi/tables/DMI, root only), the same bytes the
 * app reads from the firmware's SMBIOS table. */
#define KERNEL_DMI "/sys/firmware/dmi/tables/DMI"
/* This machine's SMBIOS system UUID (type 1, raw bytes as the app reads
 * them; core/smbios.c): true and uuid, or false (none, all zeros or all
 * 0xFF, unreadable). */
bool kernel_uuid(const struct machine *m, uint8_t uuid[ES_UUID_LEN]);
/* The running kernel's trust from its command line (path NULL:
 * /proc/cmdline): *t as earlyseed counts by (es_trust_parse), *most (may be
 * NULL) the most any kernel may trust (es_trust_parse_most). */
void kernel_trust(const char *path, struct es_trust *t, struct es_trust *most);
/* What the running kernel's pool may rest on, from evidence: none of it
 * the CPU's when no kernel could trust the CPU under its command line, or
 * when the CPU has no RNG instruction (x86 rdrand/rdseed, arm64 rng in
 * cpuinfo); else all of it may be (paths NULL: /proc/cmdline, /proc/cpuinfo). */
void kernel_pool(const char *cmdline_file, const char *cpuinfo_file, struct es_provenance *from);
/* Does the CPU described by cpuinfo (path NULL: /proc/cpuinfo) have an RNG
 * the kernel's random.trust_cpu governs? x86 rdrand/rdseed; arm64 rng, or
 * the firmware's SMCCC TRNG (KERNEL_SMCCC_TRNG; with a cpuinfo path,
 * "smccc_trng" beside it). true also when it cannot be read (then it may). */
#define KERNEL_SMCCC_TRNG "/sys/bus/platform/devices/smccc_trng"
bool kernel_cpu_rng(const char *cpuinfo_file);

#endif
