/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_EFI_RNG_H
#define EARLYSEED_EFI_RNG_H

#include "../core/audit.h"
#include "../core/health.h"
#include "../core/pool.h"
#include "../core/seed.h"

/*
 * Take two blocks of RNG_REQUEST bytes from every EFI_RNG_PROTOCOL instance
 * (at most RNG_MAX_INSTANCES), as Linux's hw_random core takes early bytes
 * from each newly registered RNG, run them through the health test *h and
 * absorb them as ES_SEED_SRC_EFI_RNG. Logs one line per instance; every failure
 * is logged and skipped. Counts instances, failures and GetRNG calls in *a.
 */
void rng_gather(struct es_pool *p, struct es_seed_stats *st, struct es_audit_record *a, struct es_health_test *h);

#endif
