/* SPDX-License-Identifier: MIT */
/*
 * The kernel's trust settings, read from the command line earlyseed passes
 * on, exactly as Linux 6.1 reads them (drivers/char/random.c early_param
 * "random.trust_cpu" and "random.trust_bootloader").
 */
#include "earlyseed.h"

void es_trust_defaults(struct es_trust *t)
{
	t->cpu = true;
	t->bootloader = true;
	t->cpu_set = false;
	t->bootloader_set = false;
}

/* lib/kstrtox.c kstrtobool() as of Linux 5.19+ (6.1): the first characters
 * only; "t"/"f" were added in 2022, older kernels reject them. */
int es_trust_kstrtobool(const char *s)
{
	if (s == NULL)
		return -1;
	switch (s[0]) {
	case 'y':
	case 'Y':
	case 't':
	case 'T':
	case '1':
		return 1;
	case 'n':
	case 'N':
	case 'f':
	case 'F':
	case '0':
		return 0;
	case 'o':
	case 'O':
		if (s[1] == 'n' || s[1] == 'N')
			return 1;
		if (s[1] == 'f' || s[1] == 'F')
			return 0;
		return -1;
	default:
		return -1;
	}
}

/* lib/ctype.c isspace() as next_arg() uses it: ASCII white space and
 * Latin-1's non-breaking space (0xA0, _S|_SP). */
static bool blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r' || (unsigned char)c == 0xa0u;
}

/* kernel/params.c parameq(): '-' and '_' are the same; [p, p + n) against
 * the NUL-terminated name. */
static bool parameq(const char *p, size_t n, const char *name)
{
	size_t i = 0;

	for (; i < n && name[i] != '\0'; i++) {
		char a = p[i] == '-' ? '_' : p[i];
		char b = name[i] == '-' ? '_' : name[i];

		if (a != b)
			return false;
	}
	return i == n && name[i] == '\0';
}

/* A value copied out of the command line for kstrtobool(), which reads at
 * most two characters: three bytes hold all it can see. */
static int value_bool(const char *v, size_t n)
{
	char buf[3] = { 0, 0, 0 };

	for (size_t i = 0; i < n && i < 2u; i++)
		buf[i] = v[i];
	return es_trust_kstrtobool(buf);
}

/* Values kernels read differently: "t"/"f" are true/false from Linux 5.19
 * (commit 0d6ea3ac94ca, lib/kstrtox.c) and rejected before, which leaves
 * the earlier setting; "enable"/"disable" are read as neither by any
 * kernel, but are what a person means by on/off. Whatever the kernel,
 * earlyseed must never count more than it credits: such a value is taken
 * as distrust for the gate (the CPU not trusted, the table credited). */
static bool disputed(const char *v, size_t n)
{
	return n > 0 && (v[0] == 't' || v[0] == 'T' || v[0] == 'f' || v[0] == 'F' || v[0] == 'e' || v[0] == 'E' ||
			 v[0] == 'd' || v[0] == 'D');
}

/* How a disputed value is read: as distrust (what earlyseed counts by), or
 * as trust (the most any kernel may trust: what a pool may rest on). */
enum lean { LEAN_DISTRUST, LEAN_TRUST };

static void apply(struct es_trust *t, const char *param, size_t plen, const char *val, size_t vlen,
		  bool has_val, enum lean lean)
{
	bool *setting, *set, distrust;
	int b;

	if (parameq(param, plen, "random.trust_cpu")) {
		setting = &t->cpu;
		set = &t->cpu_set;
		distrust = false;
	} else if (parameq(param, plen, "random.trust_bootloader")) {
		setting = &t->bootloader;
		set = &t->bootloader_set;
		distrust = true; /* credited: the gate applies */
	} else {
		return;
	}
	/* No '=': kstrtobool(NULL) is -EINVAL. An empty value: s[0] is NUL. */
	if (has_val && disputed(val, vlen))
		b = (lean == LEAN_DISTRUST) == distrust ? 1 : 0;
	else
		b = has_val ? value_bool(val, vlen) : -1;
	if (b < 0)
		return; /* parse_trust_*() returns -EINVAL: the setting stays */
	*setting = b == 1;
	*set = true;
}

/* kernel/params.c parse_args() with lib/cmdline.c next_arg() over
 * cmd[0..len), calling apply() for each parameter (do_early_param()). */
static void parse_prefix(struct es_trust *t, const char *cmd, size_t len, enum lean lean)
{
	size_t i = 0;

	while (i < len && blank(cmd[i]))
		i++; /* parse_args(): skip_spaces() first */
	while (i < len && cmd[i] != '\0') {
		/* lib/cmdline.c next_arg() */
		size_t start = i, j, eq = 0, end, vstart = 0;
		bool in_quote = false, quoted = false, has_eq = false;

		if (cmd[start] == '"') {
			start++;
			in_quote = quoted = true;
		}
		for (j = start; j < len && cmd[j] != '\0'; j++) {
			if (blank(cmd[j]) && !in_quote)
				break;
			/* "equals == 0" is next_arg()'s "no '=' yet": an '='
			 * as the first character is not a separator. */
			if (!has_eq && cmd[j] == '=' && j > start) {
				has_eq = true;
				eq = j;
			}
			if (cmd[j] == '"')
				in_quote = !in_quote;
		}
		end = j;
		if (has_eq) {
			vstart = eq + 1;
			if (vstart < j && cmd[vstart] == '"') {
				vstart++;
				if (cmd[j - 1] == '"')
					end = j - 1;
			}
		}
		if (quoted && j > start && cmd[j - 1] == '"')
			end = j - 1;
		if (has_eq) {
			size_t vlen = end > vstart ? end - vstart : 0;

			apply(t, cmd + start, eq - start, cmd + vstart, vlen, true, lean);
		} else {
			size_t plen = end > start ? end - start : 0;

			/* parse_args(): "--" ends the kernel's parameters */
			if (plen == 2 && cmd[start] == '-' && cmd[start + 1] == '-')
				return;
			apply(t, cmd + start, plen, NULL, 0, false, lean);
		}
		i = j;
		if (i < len && cmd[i] != '\0')
			i++;
		while (i < len && blank(cmd[i]))
			i++;
	}
}

/* The UEFI LoadOptions a stub reads end at the first NUL or newline
 * (efi_convert_cmdline(), every version). */
static size_t line_end(const char *cmd)
{
	size_t n = 0;

	while (cmd[n] != '\0' && cmd[n] != '\n')
		n++;
	return n;
}

/* What Linux >= 5.8's EFI stub keeps of an ASCII line of len bytes
 * (drivers/firmware/efi/libstub/efi-stub-helper.c efi_convert_cmdline(),
 * commit 80b1bfe1cb2f, the same on x86 and arm64): once COMMAND_LINE_SIZE
 * bytes are counted, the line is cut before the last blank seen outside
 * double quotes; with none, nothing is kept. */
size_t es_trust_stub_cut(const char *cmd, size_t len)
{
	size_t n, safe = 0;
	bool in_quote = false;

	for (n = 0; n < len && n < ES_KERNEL_CMDLINE_SIZE; n++) {
		char c = cmd[n];

		if (c == '"')
			in_quote = !in_quote;
		else if (!in_quote && (c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r'))
			safe = n;
	}
	return n >= ES_KERNEL_CMDLINE_SIZE ? safe : n;
}

/* Every kernel's view of cmd, each from *t; with LEAN_DISTRUST, the cautious
 * settings; with LEAN_TRUST, the most any of them may trust. */
static void parse_views(struct es_trust *t, const char *cmd, enum lean lean)
{
	struct es_trust view[3];
	size_t len, cut[3];

	if (cmd == NULL)
		return;
	len = line_end(cmd);
	/* Each kernel keeps its own part of a long line; earlyseed judges by
	 * every one and takes the cautious settings: the CPU trusted only if
	 * all trust it, the table credited if any credits it.
	 * - Linux >= 5.8: the stub's cut (es_trust_stub_cut);
	 * - before 5.8 the stub passed the whole line and the kernel kept
	 *   COMMAND_LINE_SIZE - 1 bytes (x86 copy_bootdata() then strlcpy();
	 *   arm64 early_init_dt_scan_chosen() strlcpy()), cut mid-word;
	 * - the whole line: what a kernel with a larger COMMAND_LINE_SIZE
	 *   (4096 on some architectures) keeps. */
	cut[0] = es_trust_stub_cut(cmd, len);
	cut[1] = len < ES_KERNEL_CMDLINE_KEPT ? len : ES_KERNEL_CMDLINE_KEPT;
	cut[2] = len;
	for (unsigned int i = 0; i < 3; i++) {
		view[i] = *t;
		/* a view that keeps as much as the one before sees the same
		 * line: parsed once (a short line: once, not three times) */
		if (i > 0 && cut[i] == cut[i - 1])
			view[i] = view[i - 1];
		else
			parse_prefix(&view[i], cmd, cut[i], lean);
	}
	if (lean == LEAN_TRUST) {
		t->cpu = view[0].cpu || view[1].cpu || view[2].cpu;
		t->bootloader = view[0].bootloader || view[1].bootloader || view[2].bootloader;
		t->cpu_set = view[0].cpu_set || view[1].cpu_set || view[2].cpu_set;
		t->bootloader_set = view[0].bootloader_set || view[1].bootloader_set || view[2].bootloader_set;
		return;
	}
	t->cpu = view[0].cpu && view[1].cpu && view[2].cpu;
	t->bootloader = view[0].bootloader || view[1].bootloader || view[2].bootloader;
	t->cpu_set = view[0].cpu_set || view[1].cpu_set || view[2].cpu_set;
	t->bootloader_set = view[0].bootloader_set || view[1].bootloader_set || view[2].bootloader_set;
}

void es_trust_parse(struct es_trust *t, const char *cmd)
{
	parse_views(t, cmd, LEAN_DISTRUST);
}

void es_trust_parse_most(struct es_trust *t, const char *cmd)
{
	parse_views(t, cmd, LEAN_TRUST);
}

void es_trust_var_encode(const struct es_trust *t, uint8_t out[ES_TRUST_VAR_LEN])
{
	uint8_t flags = 0;

	if (!t->cpu)
		flags |= ES_TRUST_VAR_F_NO_CPU;
	if (!t->bootloader)
		flags |= ES_TRUST_VAR_F_NO_BOOTLOADER;
	for (size_t i = 0; i < 4; i++)
		out[i] = (uint8_t)ES_TRUST_VAR_MAGIC[i];
	out[4] = ES_TRUST_VAR_VERSION;
	out[5] = flags;
	out[6] = 0;
	out[7] = 0;
}

enum es_trust_var es_trust_var_apply(struct es_trust *t, const void *p, size_t n)
{
	const uint8_t *b = p;
	bool ok;

	if (p == NULL || n == 0)
		return ES_TRUST_VAR_NONE;
	/* Exactly ours: a newer version may mean "less trust" in a way this
	 * one cannot read, and unknown bits the same. */
	ok = n == ES_TRUST_VAR_LEN && b[4] == ES_TRUST_VAR_VERSION && (b[5] & ~ES_TRUST_VAR_F_ALL) == 0 &&
	     b[6] == 0 && b[7] == 0;
	for (size_t i = 0; ok && i < 4; i++)
		ok = b[i] == (uint8_t)ES_TRUST_VAR_MAGIC[i];
	if (!ok) {
		t->cpu = false;
		t->cpu_set = true;
		return ES_TRUST_VAR_BAD;
	}
	if ((b[5] & ES_TRUST_VAR_F_NO_CPU) != 0) {
		t->cpu = false;
		t->cpu_set = true;
	}
	/* ES_TRUST_VAR_F_NO_BOOTLOADER is not applied: a kernel that credits
	 * no table lets a table be installed below the gate (the verdict's
	 * "uncredited"), and the variable tells of the last kernel, not the
	 * next one, which may credit it: taking that flag would add trust. */
	return ES_TRUST_VAR_OK;
}
