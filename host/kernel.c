/* SPDX-License-Identifier: MIT */
/* The running kernel's view: its command line's trust, the CPU's RNG, its pool, the SMBIOS UUID (kernel.h). */
#define _GNU_SOURCE
#include "kernel.h"

#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "../core/earlyseed.h"
#include "efivars.h"

bool kernel_uuid(const struct machine *o, uint8_t uuid[ES_UUID_LEN])
{
	const char *path = o->dmi_file != NULL ? o->dmi_file : getenv("EARLYSEED_DMI");
	static uint8_t table[1u << 16];
	int fd = open(path != NULL ? path : KERNEL_DMI, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	ssize_t n;

	if (fd < 0)
		return false;
	n = efivars_read_fd(fd, table, sizeof(table));
	close(fd);
	return n > 0 && es_smbios_uuid(table, (size_t)n, uuid);
}

void kernel_trust(const char *path, struct es_trust *t, struct es_trust *most)
{
	static char cmd[ES_CONFIG_CMDLINE_MAX + 1];
	FILE *f = fopen(path != NULL ? path : "/proc/cmdline", "re");
	size_t n = 0;

	if (f != NULL) {
		n = fread(cmd, 1, sizeof(cmd) - 1, f);
		fclose(f);
	}
	cmd[n] = '\0';
	es_trust_defaults(t);
	es_trust_parse(t, cmd);
	if (most != NULL) {
		es_trust_defaults(most);
		es_trust_parse_most(most, cmd);
	}
}

bool kernel_cpu_rng(const char *cpuinfo_file)
{
	FILE *f = fopen(cpuinfo_file != NULL ? cpuinfo_file : "/proc/cpuinfo", "re");
	char line[4096];
	bool listed = false, rng = false, feats = false;

	if (f == NULL)
		return true;
	/* x86: "flags : ... rdrand ... rdseed" (arch/x86/kernel/cpu/proc.c);
	 * arm64: "Features : ... rng" (FEAT_RNG, arch/arm64/kernel/cpuinfo.c). */
	while (!rng && fgets(line, sizeof(line), f) != NULL) {
		bool flags = strncmp(line, "flags", 5) == 0;

		feats = feats || strncmp(line, "Features", 8) == 0;
		if (!flags && strncmp(line, "Features", 8) != 0)
			continue;
		listed = true;
		for (char *w = strtok(strchr(line, ':') != NULL ? strchr(line, ':') + 1 : line, " \t\n"); w != NULL;
		     w = strtok(NULL, " \t\n"))
			rng = rng || (flags && (strcmp(w, "rdrand") == 0 || strcmp(w, "rdseed") == 0)) ||
			      (feats && strcmp(w, "rng") == 0);
	}
	fclose(f);
	if (!rng && listed && feats) {
		/* arm64: the kernel's CPU seed also comes from the firmware's
		 * SMCCC TRNG (arch/arm64/include/asm/archrandom.h), which
		 * random.trust_cpu governs and cpuinfo does not list; its
		 * driver's device says it is there (drivers/char/hw_random/
		 * arm_smccc_trng.c, platform device "smccc_trng") */
		char dev[PATH_MAX];
		const char *slash = cpuinfo_file != NULL ? strrchr(cpuinfo_file, '/') : NULL;

		if (cpuinfo_file == NULL)
			snprintf(dev, sizeof(dev), "%s", KERNEL_SMCCC_TRNG);
		else
			snprintf(dev, sizeof(dev), "%.*s/smccc_trng", slash != NULL ? (int)(slash - cpuinfo_file) : 1,
				 slash != NULL ? cpuinfo_file : ".");
		rng = access(dev, F_OK) == 0;
	}
	return rng || !listed;
}

void kernel_pool(const char *cmdline_file, const char *cpuinfo_file, struct es_provenance *from)
{
	struct es_trust t, most;

	kernel_trust(cmdline_file, &t, &most);
	/* none of it the CPU's only if no kernel could have trusted the CPU
	 * (random.trust_cpu=true is trust from 5.19 on), or the CPU has no
	 * RNG instruction for any kernel to trust */
	from->other_bits = !most.cpu || !kernel_cpu_rng(cpuinfo_file) ? ES_GATE_BITS : 0u;
	from->cpu_bits = ES_GATE_BITS - from->other_bits;
}
