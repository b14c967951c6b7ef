/* SPDX-License-Identifier: MIT */
/* The judgement's named rules (core/session.c judge_rules[]), each alone:
 * for every rule a session whose verdict it changes, judged with and
 * without it. A rule added without a case here fails test_every_rule. */
#include <stdlib.h>
#include <string.h>

#include "../../core/earlyseed.h"
#include "../check.h"

static struct es_trust trust;
static struct es_session s;

static void add_random(enum es_source src, size_t n)
{
	uint8_t b[512];

	check_rand_fill(b, n);
	CHECK(es_session_add(&s, src, b, n) == 0);
}

/* the verdict with every rule (with) and without the named one */
static void both(const char *rule, struct es_verdict *with, struct es_verdict *without)
{
	es_session_judge(&s, &trust, with);
	es_session_judge_without(&s, &trust, rule, without);
	es_session_end(&s);
}

static void begin(void)
{
	es_trust_defaults(&trust);
	es_session_begin(&s);
}

static const uint8_t tok[ES_TOKEN_LEN] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
					   17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32 };

/* a seed file resting on 256 bits, bound to tok, written under genid */
static void add_file(const uint8_t *genid, bool commit)
{
	static uint8_t b[ES_SEED_FILE_MIN];
	struct es_seedfile_header h = { .from = { .cpu_bits = 0, .other_bits = 256 } };
	struct es_file_token t = { ES_HAVE_YES, tok, false, false, { 0, 256 }, true, 0, false, false, false };

	check_rand_fill(b, sizeof(b));
	es_seedfile_seal(&h, tok, check_ids(genid, NULL, NULL), b);
	es_session_add_seed_file(&s, b, sizeof(b), &t);
	if (commit)
		es_session_commit(&s, ES_SRC_SEED_FILE);
}

/* Each case: the rule's name, and whether the verdict without it differs
 * where the rule decides. */
static bool cpu_tests(const char *rule)
{
	struct es_verdict w, wo;

	begin();
	add_random(ES_SRC_RDRAND, 64);
	es_session_fail(&s, ES_SRC_RDRAND, "failed");
	add_random(ES_SRC_EFI_RNG_CPU, 64);
	both(rule, &w, &wo);
	return w.state[ES_SRC_EFI_RNG_CPU] == ES_FAIL && wo.state[ES_SRC_EFI_RNG_CPU] == ES_PASS;
}

static bool file_header(const char *rule)
{
	static const uint8_t then[ES_VMGENID_LEN] = { 1 }, now[ES_VMGENID_LEN] = { 2 };
	struct es_verdict w, wo;

	begin();
	(void)es_session_add(&s, ES_SRC_VMGENID, now, sizeof(now));
	add_file(then, true);
	both(rule, &w, &wo);
	return w.file_reason == ES_FILE_VM_CHANGED && w.bits[ES_SRC_SEED_FILE] == 0 && wo.bits[ES_SRC_SEED_FILE] == 256;
}

static bool states(const char *rule)
{
	struct es_verdict w, wo;

	begin();
	add_random(ES_SRC_EFI_RNG, 64);
	both(rule, &w, &wo);
	return w.state[ES_SRC_EFI_RNG] == ES_PASS && w.bits[ES_SRC_EFI_RNG] == 256 && wo.bits[ES_SRC_EFI_RNG] == 0;
}

static bool credits(const char *rule)
{
	struct es_verdict w, wo;

	begin();
	add_random(ES_SRC_EFI_RNG, 64);
	both(rule, &w, &wo);
	return w.counted_bits == 256 && wo.counted_bits == 0 && wo.state[ES_SRC_EFI_RNG] == ES_PASS;
}

static bool one_chip(const char *rule)
{
	struct es_verdict w, wo;

	begin();
	add_random(ES_SRC_EFI_RNG, 64);
	add_random(ES_SRC_TPM, 64);
	both(rule, &w, &wo);
	return w.counted_bits == 256 && w.rng_tpm_once && wo.counted_bits == 512 && !wo.rng_tpm_once;
}

static bool cpu_wrapper_once(const char *rule)
{
	struct es_verdict w, wo;

	begin();
	add_random(ES_SRC_RDRAND, 256); /* 256 bits at 1 a byte */
	add_random(ES_SRC_EFI_RNG_CPU, 64);
	both(rule, &w, &wo);
	return w.counted_bits == 256 && w.made_of.cpu_bits == 256 && wo.counted_bits == 512;
}

static bool file_reason(const char *rule)
{
	struct es_verdict w, wo;

	begin();
	add_file(NULL, false); /* not rewritten yet */
	both(rule, &w, &wo);
	return w.file_reason == ES_FILE_NOT_WRITTEN && wo.file_reason == ES_FILE_COUNTED;
}

static bool gate(const char *rule)
{
	struct es_verdict w, wo;

	begin();
	add_random(ES_SRC_EFI_RNG, 64);
	both(rule, &w, &wo);
	return w.gate_met && w.install && !wo.install;
}

static bool previous_table(const char *rule)
{
	uint8_t t[4 + 32];
	uint32_t size = 32, field;
	struct es_verdict w, wo;

	memcpy(t, &size, 4);
	check_rand_fill(t + 4, 32);
	begin();
	CHECK(es_session_add_table(&s, t, NULL, &field));
	both(rule, &w, &wo);
	return w.prev_found && w.prev_size == 32 && !wo.prev_found;
}

static const struct {
	const char *name;
	bool (*shows)(const char *rule);
} cases[] = {
	{ "cpu-tests", cpu_tests },	       { "file-header", file_header },	  { "states", states },
	{ "credits", credits },		       { "one-chip", one_chip },  { "cpu-wrapper-once", cpu_wrapper_once },
	{ "file-reason", file_reason },	       { "gate", gate },		  { "previous-table", previous_table },
};

static void test_every_rule(void)
{
	const char *names[32];
	size_t n = es_judge_rules(names, 32);

	CHECK(n > 0 && n <= 32);
	for (size_t i = 0; i < n && i < 32; i++) {
		size_t k = 0;

		while (k < sizeof(cases) / sizeof(cases[0]) && strcmp(cases[k].name, names[i]) != 0)
			k++;
		if (k == sizeof(cases) / sizeof(cases[0])) {
			check_fail(__FILE__, __LINE__, names[i]); /* a rule with no case */
			continue;
		}
		if (!cases[k].shows(names[i]))
			check_fail(__FILE__, __LINE__, names[i]); /* the rule changed nothing here */
	}
	/* a name no rule has: the same verdict as es_session_judge */
	{
		struct es_verdict w, wo;

		begin();
		add_random(ES_SRC_EFI_RNG, 64);
		both("no-such-rule", &w, &wo);
		CHECK(w.counted_bits == wo.counted_bits && w.install == wo.install);
	}
}

int main(void)
{
	RUN(test_every_rule);
	return check_done();
}
