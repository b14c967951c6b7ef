/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_TESTS_MKPE_H
#define EARLYSEED_TESTS_MKPE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A PE32+ image as objcopy lays out the app (tests/host/test_sealtool.c):
 * machine and subsystem given, the sealed block in its data when
 * sealed_block (the app's; the driver has none), a certificate table when
 * signed_, and the .sbat the build gives it: version v in earlyseed's
 * line, or no .sbat (v NULL). A malloc'd buffer, *n its size. */
uint8_t *mkpe_app(const char *v, uint16_t machine, uint16_t subsystem, bool sealed_block, bool signed_, size_t *n);

#endif
