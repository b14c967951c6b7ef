/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_ARCH_RISCV64_CPURNG_H
#define EARLYSEED_ARCH_RISCV64_CPURNG_H

#include <stdbool.h>
#include <stdint.h>

#include "../../core/earlyseed.h"

uint64_t cpurng_cycles(void);

/*
 * riscv64's CPU sources: none read yet. Zkr's `seed` CSR (0x015) is the
 * CPU's RNG there (Linux arch/riscv/include/asm/archrandom.h), but S-mode
 * may read it only where M-mode set mseccfg.SSEED (OpenSBI 1.6 does, 1.1
 * does not), and no firmware or SBI call says so: a read without the grant
 * is an illegal-instruction trap that ends the boot. It is read only once
 * the ISA string says Zkr and the trap is caught (issue 45, item 4); until
 * then the table has no rows and the time CSR is the clock.
 */
extern const struct es_cpu_arch cpurng_arch;

#endif
