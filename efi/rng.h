/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_EFI_RNG_H
#define EARLYSEED_EFI_RNG_H

#include <efi.h>

#include "../core/earlyseed.h"

/*
 * Take two blocks of RNG_REQUEST bytes from every EFI_RNG_PROTOCOL instance
 * (at most RNG_MAX_INSTANCES), as Linux's hw_random core takes early bytes
 * from each newly registered RNG, and add each block to the session as
 * ES_SRC_EFI_RNG (mixed, health-tested). Logs one line per instance; every
 * failure is logged and skipped. Counts instances, failures and GetRNG calls
 * in *a. An instance an earlyseed driver installed is earlyseed's own: with
 * trust (the app) it is read as ES_SRC_ES_RNG, and uninstalled when it rests
 * on what trust excludes; with trust NULL (the driver itself) it is skipped.
 */
/* Returns the instances that are not earlyseed's own. */
UINT32 rng_gather(struct es_session *s, struct es_audit_record *a, const struct es_trust *trust);

#endif
