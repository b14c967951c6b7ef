/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_ARCH_RISCV64_CPURNG_H
#define EARLYSEED_ARCH_RISCV64_CPURNG_H

#include <stdbool.h>
#include <stdint.h>

#include "../../core/earlyseed.h"

/*
 * riscv64's CPU source: Zkr's `seed` CSR (0x015), the CPU's RNG there,
 * which Linux reads as arch_get_random_seed_longs and credits under
 * random.trust_cpu (arch/riscv/include/asm/archrandom.h csr_seed_long).
 * No register says whether a hart has it: the ISA string does (the device
 * tree's riscv,isa or riscv,isa-extensions, as Linux reads it). And S-mode
 * may read it only where M-mode set mseccfg.SSEED (OpenSBI 1.6 does, 1.1
 * does not), which nothing says either: the probe reads it once with the
 * trap caught (arch/riscv64/insn.h insn_seed), and a read that traps is
 * ES_CPU_REFUSED, never a crash.
 */

/* Linux SEED_RETRY_LOOPS: reads of the CSR for one long at most. */
#define CPURNG_SEED_TRIES 100u
/* The CSR's OPST field, bits 31:30 (Cryptography Extensions Volume I,
 * section 4.1): BIST 00, WAIT 01, ES16 10 (bits 15:0 hold 16 bits of
 * entropy), DEAD 11 (an unrecoverable self-test failure). */
#define CPURNG_OPST_SHIFT 30u
#define CPURNG_OPST_ES16 2u
#define CPURNG_OPST_DEAD 3u

/* One long of 4 ES16 samples, as Linux's csr_seed_long takes it: true and
 * *v, or false (and *v = 0) on DEAD, a trap, or CPURNG_SEED_TRIES reads
 * without four samples. */
bool cpurng_zkr64(uint64_t *v);
/* Zkr, as the probe finds it: listed by every hart in the device tree
 * facts, then read once without a trap. */
enum es_cpu_probe cpurng_zkr_probe(const struct es_cpu_facts *f);
uint64_t cpurng_cycles(void);

/* Zkr (in RDSEED's place; riscv has no DRBG instruction, so no second
 * row) and the time CSR as the clock. */
extern const struct es_cpu_arch cpurng_arch;

#endif
