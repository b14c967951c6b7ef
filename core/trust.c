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

/* include/linux/ctype.h isspace() for the ASCII earlyseed passes on. */
static bool blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
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

static void apply(struct es_trust *t, const char *param, size_t plen, const char *val, size_t vlen,
		  bool has_val)
{
	bool *setting, *set;
	int b;

	if (parameq(param, plen, "random.trust_cpu")) {
		setting = &t->cpu;
		set = &t->cpu_set;
	} else if (parameq(param, plen, "random.trust_bootloader")) {
		setting = &t->bootloader;
		set = &t->bootloader_set;
	} else {
		return;
	}
	/* No '=': kstrtobool(NULL) is -EINVAL. An empty value: s[0] is NUL. */
	b = has_val ? value_bool(val, vlen) : -1;
	/* Newer kernels' kstrtobool also takes "disable"/"enable" (d, e): for
	 * the CPU, "d" is taken as off, which can only count less. */
	if (b < 0 && has_val && setting == &t->cpu && vlen > 0 && (val[0] == 'd' || val[0] == 'D'))
		b = 0;
	if (b < 0)
		return; /* parse_trust_*() returns -EINVAL: the setting stays */
	*setting = b == 1;
	*set = true;
}

/* Parse cmd[0..len) (NUL-terminated or not) into *t. */
static void parse_prefix(struct es_trust *t, const char *cmd, size_t len)
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

			apply(t, cmd + start, eq - start, cmd + vstart, vlen, true);
		} else {
			size_t plen = end > start ? end - start : 0;

			/* parse_args(): "--" ends the kernel's parameters */
			if (plen == 2 && cmd[start] == '-' && cmd[start + 1] == '-')
				return;
			apply(t, cmd + start, plen, NULL, 0, false);
		}
		i = j;
		if (i < len && cmd[i] != '\0')
			i++;
		while (i < len && blank(cmd[i]))
			i++;
	}
}

void es_trust_parse(struct es_trust *t, const char *cmd)
{
	struct es_trust whole = *t, kept = *t, raw = *t;
	size_t len = 0, cut;

	if (cmd == NULL)
		return;
	while (cmd[len] != '\0')
		len++;
	parse_prefix(&whole, cmd, len);
	/* The kernel keeps less than a long line: the x86 stub converts at
	 * most COMMAND_LINE_SIZE - 1 bytes, cut at a blank
	 * (drivers/firmware/efi/libstub/efi-stub-helper.c efi_convert_cmdline),
	 * arm64 takes 2048 too. A setting past the cut changes earlyseed's
	 * view, not the kernel's: judge by both and keep the cautious one. */
	cut = len < ES_KERNEL_CMDLINE_KEPT ? len : ES_KERNEL_CMDLINE_KEPT;
	parse_prefix(&raw, cmd, cut);
	while (cut > 0 && cut < len && !blank(cmd[cut]))
		cut--;
	parse_prefix(&kept, cmd, cut);
	t->cpu = whole.cpu && kept.cpu && raw.cpu;
	t->bootloader = whole.bootloader || kept.bootloader || raw.bootloader;
	t->cpu_set = whole.cpu_set || kept.cpu_set || raw.cpu_set;
	t->bootloader_set = whole.bootloader_set || kept.bootloader_set || raw.bootloader_set;
}
