/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_CORE_VERSION_H
#define EARLYSEED_CORE_VERSION_H

/*
 * earlyseed's version: written here once. The Makefile reads it for the
 * images' .sbat line (shim's SBAT.md: the component's version, the 5th
 * field), core/version.c gives it to the app, the driver (their audit
 * record) and the host tool (`earlyseed --version`, `update`, `status`),
 * and tests/deb.sh holds debian/changelog to it. Dotted numbers,
 * MAJOR.MINOR[.PATCH], each at most 255 but MAJOR (es_version_pack).
 */
#define ES_VERSION "1.1"

#endif
