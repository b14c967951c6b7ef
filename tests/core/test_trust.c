/* SPDX-License-Identifier: MIT */
/* The kernel's trust settings as Linux 6.1 parses its command line
 * (lib/kstrtox.c kstrtobool, lib/cmdline.c next_arg, kernel/params.c). */
#include <stdio.h>
#include <string.h>

#include "../../core/earlyseed.h"
#include "../check.h"

static struct es_trust parse(const char *cmdline)
{
	struct es_trust t;

	es_trust_defaults(&t);
	es_trust_parse(&t, cmdline);
	return t;
}

static void test_kstrtobool(void)
{
	static const char *const yes[] = { "y", "Y", "yes", "t", "T", "true", "1", "on", "ON", "oN", "1x", "yfoo" };
	static const char *const no[] = { "n", "N", "no", "f", "F", "false", "0", "off", "OFF", "oF", "0x", "nope" };
	static const char *const bad[] = { "", "o", "ox", "2", "x", " on", "-1", "enable", "disable", "\"off\"" };

	for (size_t i = 0; i < sizeof(yes) / sizeof(yes[0]); i++)
		CHECK(es_trust_kstrtobool(yes[i]) == 1);
	for (size_t i = 0; i < sizeof(no) / sizeof(no[0]); i++)
		CHECK(es_trust_kstrtobool(no[i]) == 0);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		CHECK(es_trust_kstrtobool(bad[i]) == -1);
	CHECK(es_trust_kstrtobool(NULL) == -1);
}

static void test_defaults(void)
{
	struct es_trust t = parse("");

	CHECK(t.cpu && t.bootloader && !t.cpu_set && !t.bootloader_set);
	t = parse("console=ttyS0 root=/dev/vda2 quiet");
	CHECK(t.cpu && t.bootloader && !t.cpu_set);
	es_trust_parse(&t, NULL);
	CHECK(t.cpu && t.bootloader);
}

static void test_settings(void)
{
	struct es_trust t = parse("initrd=\\initrd.img random.trust_cpu=off console=ttyS0");

	CHECK(!t.cpu && t.cpu_set && t.bootloader && !t.bootloader_set);
	t = parse("random.trust_bootloader=0");
	CHECK(t.cpu && !t.bootloader && t.bootloader_set);
	/* the last occurrence wins */
	t = parse("random.trust_cpu=off random.trust_cpu=on");
	CHECK(t.cpu);
	t = parse("random.trust_cpu=on random.trust_cpu=n");
	CHECK(!t.cpu);
	/* a rejected value leaves the earlier one in force */
	t = parse("random.trust_cpu=off random.trust_cpu=maybe");
	CHECK(!t.cpu);
	t = parse("random.trust_cpu=off random.trust_cpu= random.trust_cpu");
	CHECK(!t.cpu);
	t = parse("random.trust_cpu random.trust_cpu=");
	CHECK(t.cpu && !t.cpu_set);
	/* '-' and '_' are the same in parameter names (parameq) */
	t = parse("random.trust-cpu=off random-trust_bootloader=off");
	CHECK(!t.cpu);
	CHECK(t.bootloader); /* "random-trust": the dot is not a dash */
	t = parse("random.trust-bootloader=off");
	CHECK(!t.bootloader);
	/* case matters in names, not in values */
	t = parse("Random.trust_cpu=off random.trust_cpu=OFF");
	CHECK(!t.cpu);
	t = parse("Random.trust_cpu=off");
	CHECK(t.cpu);
	/* a longer or shorter name is another parameter */
	t = parse("random.trust_cpux=off random.trust_cp=off xrandom.trust_cpu=off");
	CHECK(t.cpu && !t.cpu_set);
}

static void test_quotes_and_blanks(void)
{
	struct es_trust t = parse("random.trust_cpu=\"off\"");

	CHECK(!t.cpu);
	t = parse("\"random.trust_cpu=off\"");
	CHECK(!t.cpu);
	/* a quoted value with blanks is one argument */
	t = parse("foo=\"a random.trust_cpu=off b\" x");
	CHECK(t.cpu);
	t = parse("dyndbg=\"file x +p\" random.trust_cpu=off");
	CHECK(!t.cpu);
	t = parse("  \t random.trust_cpu=off\t\tquiet  ");
	CHECK(!t.cpu);
	t = parse("random.trust_cpu=\"");
	CHECK(t.cpu);
	t = parse("=random.trust_cpu=off");
	CHECK(t.cpu); /* the parameter is "=random.trust_cpu" */
}

static void test_double_dash(void)
{
	/* parse_args() stops at "--": what follows goes to init */
	struct es_trust t = parse("quiet -- random.trust_cpu=off");

	CHECK(t.cpu);
	t = parse("random.trust_cpu=off -- random.trust_cpu=on");
	CHECK(!t.cpu);
	t = parse("--x random.trust_cpu=off");
	CHECK(!t.cpu);
}

/* A line longer than a kernel keeps: settings past the cut count only the
 * cautious way (issue: a kernel cuts at 2047 bytes). */
static void test_past_the_kernels_cut(void)
{
	static char line[4096];
	struct es_trust t;
	size_t n = 0;

	while (n < 2040) {
		memcpy(line + n, "quiet ", 6);
		n += 6;
	}
	strcpy(line + n, "random.trust_bootloader=off");
	t = parse(line);
	CHECK(t.bootloader); /* the kernel never sees the off: it credits */
	n = (size_t)snprintf(line, sizeof(line), "random.trust_cpu=off ");
	while (n < 2060) {
		memcpy(line + n, "quiet ", 6);
		n += 6;
	}
	strcpy(line + n, "random.trust_cpu=on");
	t = parse(line);
	CHECK(!t.cpu); /* the kernel never sees the on: it distrusts */
	/* within the kept part, the usual rules */
	strcpy(line + 100, " random.trust_cpu=on");
	t = parse(line);
	CHECK(t.cpu);
	/* a setting straddling the cut */
	memset(line, 0, sizeof(line));
	memset(line, 'x', 2030);
	line[2030] = ' ';
	strcpy(line + 2031, "random.trust_cpu=off");
	t = parse(line);
	CHECK(!t.cpu);
}

/* "disable"/"enable" (no kernel takes them) and "t"/"f" (5.19+ only): distrust. */
static void test_newer_spellings(void)
{
	CHECK(!parse("random.trust_cpu=disable").cpu);
	CHECK(!parse("random.trust_cpu=D").cpu);
	CHECK(!parse("random.trust_cpu=enable").cpu); /* no kernel takes it: read as distrust */
	CHECK(parse("random.trust_bootloader=disable").bootloader); /* 6.1 rejects it: the gate stays */
}

/* EarlyseedKernelTrust: what the OS writes from its command line and how a
 * driver reads it back; nothing it can hold ever adds trust. */
static void test_trust_var(void)
{
	static const char *lines[] = { "", "random.trust_cpu=off", "random.trust_bootloader=0",
				       "random.trust_cpu=n random.trust_bootloader=off", "random.trust_cpu=on" };
	uint8_t v[ES_TRUST_VAR_LEN];
	struct es_trust t, back;

	for (size_t i = 0; i < sizeof(lines) / sizeof(lines[0]); i++) {
		t = parse(lines[i]);
		es_trust_var_encode(&t, v);
		CHECK(memcmp(v, ES_TRUST_VAR_MAGIC, 4) == 0 && v[4] == ES_TRUST_VAR_VERSION);
		es_trust_defaults(&back);
		CHECK(es_trust_var_apply(&back, v, sizeof(v)) == ES_TRUST_VAR_OK);
		CHECK(v[5] == ((t.cpu ? 0 : ES_TRUST_VAR_F_NO_CPU) | (t.bootloader ? 0 : ES_TRUST_VAR_F_NO_BOOTLOADER)));
		/* the CPU's distrust is taken; the boot loader's never (it would
		 * lift the gate for a next kernel that may credit the table) */
		CHECK(back.cpu == t.cpu && back.bootloader);
		/* a driver built to distrust the CPU stays so, whatever it says */
		es_trust_defaults(&back);
		back.cpu = false;
		(void)es_trust_var_apply(&back, v, sizeof(v));
		CHECK(!back.cpu);
	}
	/* none: nothing changes */
	es_trust_defaults(&back);
	CHECK(es_trust_var_apply(&back, NULL, 0) == ES_TRUST_VAR_NONE && back.cpu && back.bootloader);
	/* every single-byte change, and every length, of a trusting variable:
	 * never more trust, and anything but the exact encoding costs the CPU */
	t = parse("");
	es_trust_var_encode(&t, v);
	for (size_t i = 0; i < sizeof(v); i++) {
		for (unsigned int x = 1; x < 256; x++) {
			uint8_t w[ES_TRUST_VAR_LEN];
			enum es_trust_var r;

			memcpy(w, v, sizeof(w));
			w[i] = (uint8_t)(w[i] ^ x);
			es_trust_defaults(&back);
			r = es_trust_var_apply(&back, w, sizeof(w));
			if (i == 5 && (w[5] & ~ES_TRUST_VAR_F_ALL) == 0)
				CHECK(r == ES_TRUST_VAR_OK && back.cpu == ((w[5] & ES_TRUST_VAR_F_NO_CPU) == 0));
			else
				CHECK(r == ES_TRUST_VAR_BAD && !back.cpu && back.bootloader);
		}
	}
	for (size_t n = 1; n < sizeof(v); n++) {
		es_trust_defaults(&back);
		CHECK(es_trust_var_apply(&back, v, n) == ES_TRUST_VAR_BAD && !back.cpu);
	}
}

int main(void)
{
	RUN(test_trust_var);
	RUN(test_past_the_kernels_cut);
	RUN(test_newer_spellings);
	RUN(test_kstrtobool);
	RUN(test_defaults);
	RUN(test_settings);
	RUN(test_quotes_and_blanks);
	RUN(test_double_dash);
	return check_done();
}
