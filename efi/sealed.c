/* SPDX-License-Identifier: MIT */
/*
 * The owner's choices as this image carries them (efi/sealed.h): one
 * struct es_sealed in the image's data, its flags zero as built; `earlyseed
 * seal` finds it in the file by its magic and writes them before the image
 * is signed. volatile: every read is of what the loaded image holds, never
 * of the initializer the compiler saw.
 */
#include "sealed.h"

volatile struct es_sealed es_sealed_settings = { ES_SEALED_MAGIC, ES_SEALED_VERSION, 0 };

bool sealed_disk_token_count(void)
{
	return es_sealed_settings.version == ES_SEALED_VERSION &&
	       (es_sealed_settings.flags & ES_SEALED_F_DISK_TOKEN_COUNT) != 0;
}
