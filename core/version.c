/* SPDX-License-Identifier: MIT */
/*
 * The version this build is (core/version.h) and how two compare: an
 * upgrade reaches the ESP only when the package's image is newer than the
 * ESP's (`earlyseed update`), never older.
 */
#include "earlyseed.h"
#include "version.h"

const char es_version[] = ES_VERSION;

static bool digit(char c)
{
	return c >= '0' && c <= '9';
}

static bool letter(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* dpkg's order of a non-digit character (lib/dpkg/version.c order()):
 * '~' before the end, the end before letters, letters before the rest. */
static int order(char c)
{
	if (digit(c))
		return 0;
	if (letter(c))
		return c;
	if (c == '~')
		return -1;
	if (c != '\0')
		return c + 256;
	return 0;
}

int es_version_cmp(const char *a, const char *b)
{
	/* dpkg's verrevcmp (lib/dpkg/version.c): runs of non-digits by
	 * order(), then runs of digits by value, leading zeros ignored */
	while (*a != '\0' || *b != '\0') {
		int first = 0;

		while ((*a != '\0' && !digit(*a)) || (*b != '\0' && !digit(*b))) {
			int ac = order(*a), bc = order(*b);

			if (ac != bc)
				return ac - bc;
			a++;
			b++;
		}
		while (*a == '0')
			a++;
		while (*b == '0')
			b++;
		while (digit(*a) && digit(*b)) {
			if (first == 0)
				first = *a - *b;
			a++;
			b++;
		}
		if (digit(*a))
			return 1;
		if (digit(*b))
			return -1;
		if (first != 0)
			return first;
	}
	return 0;
}

uint32_t es_version_pack(const char *v)
{
	uint32_t part[3] = { 0, 0, 0 };
	const uint32_t max[3] = { 0xffffu, 0xffu, 0xffu };
	size_t i = 0;

	if (v == NULL || !digit(*v))
		return 0;
	for (;;) {
		if (!digit(*v))
			return 0;
		for (; digit(*v); v++) {
			part[i] = part[i] * 10u + (uint32_t)(*v - '0');
			if (part[i] > max[i])
				return 0;
		}
		if (*v != '.' || i == 2)
			break;
		i++;
		v++;
	}
	/* what follows the numbers (a "~rc1", a Debian revision) is not packed */
	return part[0] << 16 | part[1] << 8 | part[2];
}

void es_version_unpack(uint32_t packed, char *out, size_t cap)
{
	char buf[20];
	size_t n = 0;
	const uint32_t part[3] = { packed >> 16, (packed >> 8) & 0xffu, packed & 0xffu };

	for (size_t i = 0; i < 3; i++) {
		char d[6];
		size_t k = 0;
		uint32_t x = part[i];

		if (i == 2 && x == 0)
			break;
		if (i > 0)
			buf[n++] = '.';
		do {
			d[k++] = (char)('0' + x % 10u);
			x /= 10u;
		} while (x != 0 && k < sizeof(d));
		while (k > 0)
			buf[n++] = d[--k];
	}
	buf[n] = '\0';
	if (cap == 0)
		return;
	for (size_t i = 0; i < cap; i++) {
		out[i] = i < n ? buf[i] : '\0';
		if (i >= n)
			break;
	}
	out[cap - 1] = '\0';
}
