/* SPDX-License-Identifier: MIT */
/*
 * The seed file's header (core/earlyseed.h "The seed file's format"): what
 * the pool that wrote the file held, and which machine it belongs to.
 */
#include <string.h>

#include "blake2s.h"
#include "earlyseed.h"
#include "le.h"

/* The magic as bytes (no terminator: it is not a string on disk). */
static const uint8_t magic[8] = { 'E', 'S', 'S', 'E', 'E', 'D', 'v', '2' };
static const uint8_t magic_v1[8] = { 'E', 'S', 'S', 'E', 'E', 'D', 'v', '1' };
_Static_assert(sizeof(ES_SEEDFILE_MAGIC) - 1 == sizeof(magic), "magic is 8 bytes");
_Static_assert(sizeof(ES_SEEDFILE_MAGIC_V1) - 1 == sizeof(magic_v1), "magic is 8 bytes");
/* The layout (core/earlyseed.h "The seed file's format"). */
#define AT_BIND 16u
#define AT_GENID (AT_BIND + ES_SEEDFILE_BIND_LEN)
#define AT_UUID (AT_GENID + ES_SEEDFILE_TAG_LEN)
#define AT_TPM (AT_UUID + ES_SEEDFILE_TAG_LEN)
#define AT_MAC (AT_TPM + ES_SEEDFILE_TAG_LEN)
_Static_assert(AT_GENID == 24 && AT_UUID == 32 && AT_TPM == 40 && AT_MAC == ES_SEEDFILE_MACED, "header offsets");
_Static_assert(AT_MAC + ES_SEEDFILE_MAC_LEN == ES_SEEDFILE_HEADER, "the MAC ends the header");
/* The tags' labels plus the ID fit one buffer. */
#define TAG_IN_MAX 64u
_Static_assert(sizeof(ES_LABEL_GENID) - 1 + 16 <= TAG_IN_MAX && sizeof(ES_LABEL_UUID) - 1 + 16 <= TAG_IN_MAX &&
		       sizeof(ES_LABEL_TPM) - 1 + 16 <= TAG_IN_MAX,
	       "tag input");
_Static_assert(ES_BLOCK_DIGEST == 16, "a TPM block's digest is tagged like an ID");

static uint16_t cap(uint32_t bits)
{
	return (uint16_t)(bits > ES_GATE_BITS ? ES_GATE_BITS : bits);
}

bool es_seedfile_parse(const void *p, size_t n, struct es_seedfile_header *h)
{
	const uint8_t *b = p;

	memset(h, 0, sizeof(*h));
	if (p == NULL || n < ES_SEEDFILE_HEADER || memcmp(b, magic, sizeof(magic)) != 0)
		return false;
	h->from.other_bits = cap(es_le_get16(b + 8));
	h->from.cpu_bits = cap(es_le_get16(b + 10));
	h->flags = es_le_get32(b + 12);
	memcpy(h->bind, b + AT_BIND, ES_SEEDFILE_BIND_LEN);
	memcpy(h->genid_tag, b + AT_GENID, ES_SEEDFILE_TAG_LEN);
	memcpy(h->uuid_tag, b + AT_UUID, ES_SEEDFILE_TAG_LEN);
	memcpy(h->tpm_tag, b + AT_TPM, ES_SEEDFILE_TAG_LEN);
	memcpy(h->mac, b + AT_MAC, ES_SEEDFILE_MAC_LEN);
	return true;
}

bool es_seedfile_old(const void *p, size_t n)
{
	return p != NULL && n >= sizeof(magic_v1) && memcmp(p, magic_v1, sizeof(magic_v1)) == 0;
}

void es_seedfile_encode(const struct es_seedfile_header *h, uint8_t out[ES_SEEDFILE_HEADER])
{
	memcpy(out, magic, sizeof(magic));
	es_le_put16(out + 8, cap(h->from.other_bits));
	es_le_put16(out + 10, cap(h->from.cpu_bits));
	es_le_put32(out + 12, h->flags);
	memcpy(out + AT_BIND, h->bind, ES_SEEDFILE_BIND_LEN);
	memcpy(out + AT_GENID, h->genid_tag, ES_SEEDFILE_TAG_LEN);
	memcpy(out + AT_UUID, h->uuid_tag, ES_SEEDFILE_TAG_LEN);
	memcpy(out + AT_TPM, h->tpm_tag, ES_SEEDFILE_TAG_LEN);
	memcpy(out + AT_MAC, h->mac, ES_SEEDFILE_MAC_LEN);
}

void es_seedfile_mac(const uint8_t token[ES_TOKEN_LEN], const uint8_t hdr[ES_SEEDFILE_HEADER],
		     uint8_t mac[ES_SEEDFILE_MAC_LEN])
{
	uint8_t in[sizeof(ES_LABEL_MAC) - 1 + ES_SEEDFILE_MACED];

	/* its own label: no other keyed hash of the token says the same */
	memcpy(in, ES_LABEL_MAC, sizeof(ES_LABEL_MAC) - 1);
	memcpy(in + sizeof(ES_LABEL_MAC) - 1, hdr, ES_SEEDFILE_MACED);
	/* the one bit anyone may set (it only removes trust) */
	in[sizeof(ES_LABEL_MAC) - 1 + 12] &= (uint8_t)~ES_SEEDFILE_F_NO_CPU_TRUST;
	(void)es_blake2s(mac, ES_SEEDFILE_MAC_LEN, token, ES_TOKEN_LEN, in, sizeof(in));
	es_wipe(in, sizeof(in));
}

void es_seedfile_tag(const uint8_t token[ES_TOKEN_LEN], enum es_seedfile_id what, const uint8_t id[16],
		     uint8_t tag[ES_SEEDFILE_TAG_LEN])
{
	static const struct {
		const char *label;
		size_t len;
	} labels[] = {
		[ES_ID_GENID] = { ES_LABEL_GENID, sizeof(ES_LABEL_GENID) - 1 },
		[ES_ID_UUID] = { ES_LABEL_UUID, sizeof(ES_LABEL_UUID) - 1 },
		[ES_ID_TPM] = { ES_LABEL_TPM, sizeof(ES_LABEL_TPM) - 1 },
	};
	uint8_t in[TAG_IN_MAX];
	size_t l = labels[what <= ES_ID_TPM ? what : ES_ID_TPM].len;

	memcpy(in, labels[what <= ES_ID_TPM ? what : ES_ID_TPM].label, l);
	memcpy(in + l, id, 16);
	(void)es_blake2s(tag, ES_SEEDFILE_TAG_LEN, token, ES_TOKEN_LEN, in, l + 16u);
	es_wipe(in, sizeof(in));
}

void es_seedfile_sign(struct es_seedfile_header *h, const uint8_t token[ES_TOKEN_LEN], uint8_t out[ES_SEEDFILE_HEADER])
{
	es_seedfile_bind(token, h->bind);
	es_seedfile_encode(h, out);
	es_seedfile_mac(token, out, h->mac);
	memcpy(out + AT_MAC, h->mac, ES_SEEDFILE_MAC_LEN);
}

void es_seedfile_seal(struct es_seedfile_header *h, const uint8_t token[ES_TOKEN_LEN], const uint8_t *genid,
		      const uint8_t *uuid, const uint8_t *tpm, uint8_t out[ES_SEEDFILE_HEADER])
{
	h->flags &= ES_SEEDFILE_F_NO_CPU_TRUST;
	memset(h->genid_tag, 0, sizeof(h->genid_tag));
	memset(h->uuid_tag, 0, sizeof(h->uuid_tag));
	memset(h->tpm_tag, 0, sizeof(h->tpm_tag));
	if (tpm != NULL) {
		h->flags |= ES_SEEDFILE_F_TPM;
		es_seedfile_tag(token, ES_ID_TPM, tpm, h->tpm_tag);
	}
	if (genid != NULL) {
		h->flags |= ES_SEEDFILE_F_VMGENID;
		es_seedfile_tag(token, ES_ID_GENID, genid, h->genid_tag);
	}
	if (uuid != NULL) {
		h->flags |= ES_SEEDFILE_F_SMBIOS;
		es_seedfile_tag(token, ES_ID_UUID, uuid, h->uuid_tag);
	}
	es_seedfile_sign(h, token, out);
}

/* Compare without an early exit: the MAC is checked against an attacker's
 * guesses. */
static bool same(const uint8_t *a, const uint8_t *b, size_t n)
{
	uint8_t d = 0;

	for (size_t i = 0; i < n; i++)
		d |= (uint8_t)(a[i] ^ b[i]);
	return d == 0;
}

/* An identity rule: a tagged file needs the same ID now; an untagged one,
 * none now. */
static bool id_holds(const uint8_t token[ES_TOKEN_LEN], bool tagged, const uint8_t tag[ES_SEEDFILE_TAG_LEN],
		     enum es_seedfile_id what, const uint8_t *id)
{
	uint8_t now[ES_SEEDFILE_TAG_LEN];
	bool ok;

	if (!tagged || id == NULL)
		return !tagged && id == NULL;
	es_seedfile_tag(token, what, id, now);
	ok = same(now, tag, sizeof(now));
	es_wipe(now, sizeof(now));
	return ok;
}

enum es_file_reason es_seedfile_check(const void *p, size_t n, const uint8_t token[ES_TOKEN_LEN],
				      const uint8_t *genid, const uint8_t *uuid, bool genid_check)
{
	struct es_seedfile_header h;
	uint8_t want[ES_SEEDFILE_MAC_LEN];
	enum es_file_reason r = ES_FILE_COUNTED;

	if (!es_seedfile_parse(p, n, &h))
		return es_seedfile_old(p, n) ? ES_FILE_OLD_FORMAT : ES_FILE_NO_HEADER;
	es_seedfile_bind(token, want);
	if (!same(want, h.bind, ES_SEEDFILE_BIND_LEN))
		r = ES_FILE_OTHER_MACHINE;
	es_seedfile_mac(token, p, want);
	if (r == ES_FILE_COUNTED && !same(want, h.mac, sizeof(want)))
		r = ES_FILE_BAD_MAC;
	es_wipe(want, sizeof(want));
	if (r == ES_FILE_COUNTED && genid_check &&
	    !id_holds(token, (h.flags & ES_SEEDFILE_F_VMGENID) != 0, h.genid_tag, ES_ID_GENID, genid))
		r = ES_FILE_VM_CHANGED;
	if (r == ES_FILE_COUNTED &&
	    !id_holds(token, (h.flags & ES_SEEDFILE_F_SMBIOS) != 0, h.uuid_tag, ES_ID_UUID, uuid))
		r = ES_FILE_ID_CHANGED;
	return r;
}

bool es_seedfile_tpm_repeats(const void *p, size_t n, const uint8_t token[ES_TOKEN_LEN], const uint8_t tpm[16])
{
	struct es_seedfile_header h;
	uint8_t now[ES_SEEDFILE_TAG_LEN];
	bool same_block;

	if (!es_seedfile_parse(p, n, &h) || (h.flags & ES_SEEDFILE_F_TPM) == 0)
		return false;
	es_seedfile_tag(token, ES_ID_TPM, tpm, now);
	same_block = same(now, h.tpm_tag, sizeof(now));
	es_wipe(now, sizeof(now));
	return same_block;
}

bool es_seedfile_ours(const void *p, size_t n, uint64_t size)
{
	const uint8_t *b = p;
	bool zeros = true;

	if (size == 0)
		return true;
	if (p == NULL)
		return false;
	/* either version's magic: "ESSEEDv" */
	if (n >= sizeof(magic) && memcmp(b, magic, sizeof(magic) - 1) == 0)
		return true;
	for (size_t i = 0; i < n; i++)
		zeros = zeros && b[i] == 0;
	/* all zeros, and all of it seen */
	return zeros && size <= n;
}

uint32_t es_seedfile_flags(const struct es_trust *t)
{
	return t->cpu ? 0u : ES_SEEDFILE_F_NO_CPU_TRUST;
}

void es_trust_from_seedfile(struct es_trust *t, uint32_t flags)
{
	if ((flags & ES_SEEDFILE_F_NO_CPU_TRUST) != 0) {
		t->cpu = false;
		t->cpu_set = true;
	}
}

void es_seedfile_bind(const uint8_t token[ES_TOKEN_LEN], uint8_t out[ES_SEEDFILE_BIND_LEN])
{
	(void)es_blake2s(out, ES_SEEDFILE_BIND_LEN, token, ES_TOKEN_LEN, ES_LABEL_BIND, sizeof(ES_LABEL_BIND) - 1);
}
