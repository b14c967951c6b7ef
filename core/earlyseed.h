/* SPDX-License-Identifier: MIT */
/*
 * earlyseed's engine: the one header a front end (the UEFI app, a firmware
 * driver, the host tool, the tests) needs. Freestanding C, no firmware calls,
 * no floating point; every name starts with es_ / ES_.
 *
 * A front end gathers bytes and hands them to a session:
 *
 *   struct es_session s;                     // secrets: keep it local
 *   es_session_begin(&s);
 *   es_session_present(&s, ES_SRC_RDRAND);    // the source exists here
 *   es_session_add(&s, ES_SRC_RDRAND, buf, n);// mixed (never credited) and
 *                                             // health-tested as its row says
 *   es_session_fail(&s, ES_SRC_EFI_RNG, "why");
 *   es_session_finish(&s, &trust, seed, 32, &verdict); // judge, gate,
 *                                             // extract, wipe the session
 *
 * The verdict says which sources passed, how many bits the counted ones are
 * assumed to hold, whether a table may be installed and what to do with a
 * table an earlier stage left. Policy lives here; firmware I/O does not.
 */
#ifndef EARLYSEED_CORE_EARLYSEED_H
#define EARLYSEED_CORE_EARLYSEED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A constant as text, for messages that state it (never a typed copy). */
#define ES_STR_(x) #x
#define ES_STR(x) ES_STR_(x)

/* The parts, in this order: each builds on those before it. */
#include "earlyseed/sources.h"
#include "earlyseed/rng.h"
#include "earlyseed/trust.h"
#include "earlyseed/session.h"
#include "earlyseed/seedfile.h"
#include "earlyseed/version.h"
#include "earlyseed/varstore.h"
#include "earlyseed/verdict.h"
#include "earlyseed/tpm.h"
#include "earlyseed/machine.h"
#include "earlyseed/cpu.h"
#include "earlyseed/wipe.h"
#include "earlyseed/table.h"
#include "earlyseed/config.h"
#include "earlyseed/drbg.h"
#include "earlyseed/audit.h"

#endif
