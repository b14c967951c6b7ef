/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_EFI_RNG_H
#define EARLYSEED_EFI_RNG_H

#include "../core/audit.h"
#include "../core/earlyseed.h"

/*
 * Take two blocks of RNG_REQUEST bytes from every EFI_RNG_PROTOCOL instance
 * (at most RNG_MAX_INSTANCES), as Linux's hw_random core takes early bytes
 * from each newly registered RNG, and add each block to the session as
 * ES_SRC_EFI_RNG (mixed, health-tested). Logs one line per instance; every
 * failure is logged and skipped. Counts instances, failures and GetRNG calls
 * in *a.
 */
void rng_gather(struct es_session *s, struct es_audit_record *a);

#endif
