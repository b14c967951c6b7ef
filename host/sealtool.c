/* SPDX-License-Identifier: MIT */
/* The owner's choices in an image of the app (sealtool.h). */
#include "sealtool.h"

#include <string.h>

#include "../core/earlyseed.h"
#include "../core/le.h"
#include "petool.h"

static const uint8_t magic[ES_SEALED_MAGIC_LEN] = ES_SEALED_MAGIC;

/* Where the one sealed block is: its offset and the image's headers in
 * *info, or -1 with why. */
static long find(const uint8_t *img, size_t n, struct pe_info *info, const char **why)
{
	long at = -1;

	if (petool_inspect(img, n, info, why) != 0)
		return -1;
	for (size_t i = 0; n >= sizeof(struct es_sealed) && i <= n - sizeof(struct es_sealed); i++) {
		if (img[i] != magic[0] || memcmp(img + i, magic, sizeof(magic)) != 0)
			continue;
		if (at >= 0) {
			*why = "the sealed settings' magic is there more than once";
			return -1;
		}
		at = (long)i;
	}
	if (at < 0) {
		*why = "no sealed settings: not earlyseed's app (the driver and older apps have none)";
		return -1;
	}
	if (es_le_get32(img + at + offsetof(struct es_sealed, version)) != ES_SEALED_VERSION) {
		*why = "sealed settings of a version this tool does not know";
		return -1;
	}
	return at;
}

int sealtool_get(const uint8_t *img, size_t n, uint32_t *flags, const char **why)
{
	struct pe_info info;
	long at = find(img, n, &info, why);

	if (at < 0)
		return -1;
	*flags = es_le_get32(img + at + offsetof(struct es_sealed, flags));
	return 0;
}

int sealtool_set(uint8_t *img, size_t n, uint32_t flags, const char **why)
{
	struct pe_info info;
	long at;

	if ((flags & ~(uint32_t)ES_SEALED_F_ALL) != 0) {
		*why = "unknown settings";
		return -1;
	}
	at = find(img, n, &info, why);
	if (at < 0)
		return -1;
	if (info.is_signed) {
		*why = "the image is signed already (seal first, then sign)";
		return -1;
	}
	es_le_put32(img + at + offsetof(struct es_sealed, flags), flags);
	return 0;
}
