/* SPDX-License-Identifier: MIT */
/* Part of core/earlyseed.h: the version (core/version.c). Include core/earlyseed.h, never this. */
#ifndef EARLYSEED_CORE_EARLYSEED_H
#error "include core/earlyseed.h, the engine's one public header"
#endif
#ifndef EARLYSEED_CORE_EARLYSEED_VERSION_H
#define EARLYSEED_CORE_EARLYSEED_VERSION_H

/*
 * The version this build is (core/version.h: ES_VERSION, dotted numbers)
 * and dpkg's order of two versions (negative, 0, positive as a is older,
 * the same, newer than b; lib/dpkg/version.c verrevcmp). es_version_pack
 * gives MAJOR << 16 | MINOR << 8 | PATCH (0 when v is not MAJOR.MINOR[.PATCH]
 * within 65535.255.255), the audit record's image_version;
 * es_version_unpack writes it back as text ("1.1", "1.1.2").
 */
extern const char es_version[];
int es_version_cmp(const char *a, const char *b);
uint32_t es_version_pack(const char *v);
void es_version_unpack(uint32_t packed, char *out, size_t cap);

#endif
