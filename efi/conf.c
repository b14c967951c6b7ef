/* SPDX-License-Identifier: MIT */
#include "console.h"
#include "conf.h"

#include <efilib.h>

#include "fs.h"
#include "text.h"

#include <stdbool.h>

/*
 * A console line costs about 1 ms under OVMF and far more on a 9600-baud
 * serial console: a file of thousands of bad lines must not delay the boot
 * past the boot manager's watchdog. The first CONF_SHOWN problems are
 * printed, the rest counted (all of them are in the audit record).
 */
#define CONF_SHOWN 8u

struct conf_warnings {
	UINT32 seen;
};

static void conf_warn(void *ctx, unsigned int line, const char *why)
{
	struct conf_warnings *w = ctx;

	if (w->seen++ >= CONF_SHOWN)
		return;
	if (line == 0)
		console_print("config: %a", why);
	else
		console_print("config: line %u: %a", line, why);
}

static UINT32 conf_read(EFI_FILE_HANDLE f, const CHAR16 *path, struct es_config *c)
{
	UINT64 size = 0;
	UINT8 *buf;
	UINTN n;
	EFI_STATUS status = fs_file_info(f, &size, NULL);
	UINT32 problems = 1;

	if (EFI_ERROR(status)) {
		console_print("config: cannot stat %s: %r, using defaults", path, status);
		return problems;
	}
	if (size > ES_CONFIG_MAX_FILE) {
		/* Not read at all: a huge file is not a config file. */
		console_print("config: %s is %lu bytes, over the %u-byte limit, not read; using defaults",
		      path, size, (UINT32)ES_CONFIG_MAX_FILE);
		return problems;
	}
	n = (UINTN)size;
	buf = fs_alloc(n + 1);
	if (buf == NULL) {
		console_print("config: out of memory, using defaults");
		return problems;
	}
	status = uefi_call_wrapper(f->Read, 3, f, &n, buf);
	if (EFI_ERROR(status))
		console_print("config: cannot read %s: %r, using defaults", path, status);
	else {
		struct conf_warnings w = { 0 };

		problems = es_config_parse(c, buf, n, conf_warn, &w);
		if (w.seen > CONF_SHOWN)
			console_print("config: %u more problems not shown (%u in all, in the audit record)",
			      w.seen - CONF_SHOWN, w.seen);
	}
	fs_free(buf);
	return problems;
}

UINT32 conf_load(EFI_HANDLE device, const char *self, struct es_config *c, bool *no_fs)
{
	char paths[ES_CONFIG_PLACES][ES_CONFIG_NEXT_MAX];
	unsigned int npaths = es_config_places(self, paths);
	CHAR16 path[ES_CONFIG_NEXT_MAX];
	EFI_FILE_HANDLE root = fs_open_root(device);
	EFI_STATUS status = EFI_NOT_FOUND;
	UINT32 problems = 0;
	bool opened_error = false;

	*no_fs = root == NULL;
	if (root == NULL) {
		console_log(CONSOLE_INFO, "config: no file system on the device earlyseed was loaded from, using defaults");
		return 1;
	}
	/* Any failure to open one place (not only Not Found: a device error, a
	 * firmware quirk) moves on to the next; each is said once. */
	for (unsigned int i = 0; i < npaths && status != EFI_SUCCESS; i++) {
		EFI_FILE_HANDLE f;

		text_to_ucs2(path, ES_CONFIG_NEXT_MAX, paths[i]);
		status = uefi_call_wrapper(root->Open, 5, root, &f, path, EFI_FILE_MODE_READ, 0ULL);
		if (status == EFI_SUCCESS) {
			console_log(CONSOLE_INFO, "config: reading %s", path);
			problems += conf_read(f, path, c);
			uefi_call_wrapper(f->Close, 1, f);
		} else if (status != EFI_NOT_FOUND) {
			console_print("config: cannot open %s: %r%s", path, status,
			      i + 1 < npaths ? L", trying the next place" : L"");
			problems++;
			opened_error = true;
		}
	}
	if (status != EFI_SUCCESS && !opened_error)
		console_log(CONSOLE_INFO, "config: %a%a%a not found, using defaults", npaths > 1 ? paths[0] : "",
		      npaths > 1 ? " and " : "", ES_CONFIG_PATH);
	else if (status != EFI_SUCCESS)
		console_print("config: no config could be read, using defaults");
	uefi_call_wrapper(root->Close, 1, root);
	return problems;
}
