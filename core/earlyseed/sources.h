/* SPDX-License-Identifier: MIT */
/* Part of core/earlyseed.h: the sources: their tags and rows. Include core/earlyseed.h, never this. */
#ifndef EARLYSEED_CORE_EARLYSEED_H
#error "include core/earlyseed.h, the engine's one public header"
#endif
#ifndef EARLYSEED_CORE_EARLYSEED_SOURCES_H
#define EARLYSEED_CORE_EARLYSEED_SOURCES_H

/* ---- sources ------------------------------------------------------------ */

/* Everything earlyseed mixes. The values are on-the-wire tags of the mixed
 * records ("es", tag, 0, length): never renumber them. */
enum es_source {
	ES_SRC_CLOCK = 0,      /* firmware time and cycle counter */
	ES_SRC_PREV_TABLE = 1, /* a LINUX_EFI_RANDOM_SEED_TABLE left by an earlier stage */
	ES_SRC_EFI_RNG = 2,    /* EFI_RNG_PROTOCOL.GetRNG() */
	ES_SRC_RDSEED = 3,     /* the CPU's seed instruction (x86 RDSEED, arm64 RNDRRS) */
	ES_SRC_RDRAND = 4,     /* the CPU's DRBG instruction (x86 RDRAND, arm64 RNDR) */
	ES_SRC_SEED_FILE = 5,  /* the seed file kept on the ESP across reboots */
	ES_SRC_TOKEN = 6,      /* the per-machine token (NV variable EarlyseedToken) */
	ES_SRC_ES_RNG = 7,     /* an EFI_RNG_PROTOCOL an earlyseed driver installed */
	ES_SRC_TPM = 8,        /* TPM2_GetRandom through EFI_TCG2_PROTOCOL */
	ES_SRC_VMGENID = 9,    /* the VM generation ID (ACPI VGIA) */
	ES_SRC_SMBIOS = 10,    /* the SMBIOS system UUID (type 1) */
	ES_SRC_EFI_RNG_CPU = 11, /* an EFI_RNG_PROTOCOL that is the CPU's RNG (es_rng_classify) */
	ES_SRC_EFI_RNG_UNSAFE = 12, /* ... that edk2 marks unsafe (a timer): mixed, counts nothing */
	ES_SRC_OEM0 = 13,      /* Hyper-V's ACPI OEM0 table: the host's entropy for this boot */
	ES_SRC_RNG_SEED = 14,  /* the device tree's /chosen/rng-seed: a firmware's or hypervisor's seed */
	ES_SRC_COUNT
};

/* How a source's bytes reach the health tests. */
enum es_feed {
	ES_FEED_NONE,   /* not tested: assumed to hold nothing (clocks) */
	ES_FEED_WORDS,  /* 64-bit results of a CPU instruction */
	ES_FEED_BLOCKS, /* each es_session_add() is one block; no block may be
			 * zero or repeat an earlier one */
	ES_FEED_TABLE,  /* one buffer handed over whole (a previous table) */
};

/* One row per source: adding a source is one row plus the code reading it. */
struct es_source_info {
	const char *name;        /* summary, inspect, log lines */
	unsigned int h_bits;     /* assumed min-entropy per byte, with the reason in source.c */
	enum es_feed feed;
	bool cpu;                /* counted only when the kernel trusts the CPU */
	bool must_deliver;       /* present but no bytes: fails */
	bool in_health_summary;  /* listed in the summary line's health= */
	bool hardware;           /* a hardware RNG: may create the token and file */
	bool conditional;        /* counts only once es_session_commit() says so */
	uint32_t max_bits;       /* counted at most this many bits (0: no cap) */
	int8_t distrusted_by;    /* fails when this source fails its start-up
				  * test (-1: none); Linux's RDRAND rule */
	/* Facts the judgement's rules join on (core/session.c judge_rules[]): */
	bool wraps_cpu;    /* a firmware's wrapper of the CPU's RNG: falls with the
			    * CPU's own sources, counts the larger of it and them */
	bool whole_table;  /* a table a kernel credits whole: one that rests on less
			    * overclaims */
	bool token_bound;  /* counts no more than its token holds (the seed file) */
	bool one_chip;     /* may be the same chip as another such source (the
			    * firmware's RNG and the TPM): counted once, the largest */
};

/* The row of src; NULL for a value out of range. */
const struct es_source_info *es_source(enum es_source src);
/* src's name on an architecture (ES_AUDIT_ARCH_*, core/audit.h): the CPU
 * sources are "rdseed"/"rdrand" on x86_64, "rndrrs"/"rndr" on aarch64. */
const char *es_source_name(enum es_source src, unsigned int arch);
/* The order the summary line lists byte counts in (docs/app.md "summary");
 * records before version 5 knew the first ES_SUMMARY_SOURCES_V4 (before
 * version 3 the first four). A new source is listed by adding it here. */
#define ES_SUMMARY_SOURCES 8u
#define ES_SUMMARY_SOURCES_V4 5u
extern const enum es_source es_source_summary_order[ES_SUMMARY_SOURCES];

#endif
