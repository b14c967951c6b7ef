/* SPDX-License-Identifier: MIT */
#include "console.h"

/* A chunk of output: Print()'s own buffer is of this order. */
#define CONSOLE_CHUNK 128u

struct out {
	CHAR16 buf[CONSOLE_CHUNK + 1];
	UINTN n;
	BOOLEAN keep; /* into pending[] (console_log while CONSOLE_SHOW_PENDING) */
};

/* Lines logged before the app read its config ("start", "config: reading
 * ..."): kept until it says whether they show. A few lines' worth; what
 * does not fit is lost. */
#define CONSOLE_PENDING 384u
static CHAR16 pending[CONSOLE_PENDING + 1];
static UINTN npending;

static void flush(struct out *o)
{
	if (o->n == 0)
		return;
	o->buf[o->n] = 0;
	if (o->keep) {
		for (UINTN i = 0; i < o->n && npending < CONSOLE_PENDING; i++)
			pending[npending++] = o->buf[i];
	} else if (ST != NULL && ST->ConOut != NULL) {
		(void)uefi_call_wrapper(ST->ConOut->OutputString, 2, ST->ConOut, o->buf);
	}
	o->n = 0;
}

static void put_raw(struct out *o, CHAR16 c)
{
	if (o->n == CONSOLE_CHUNK)
		flush(o);
	o->buf[o->n++] = c;
}

static void put(struct out *o, CHAR16 c)
{
	if (c == L'\n')
		put_raw(o, L'\r');
	put_raw(o, c);
}

static void put_ascii(struct out *o, const char *s)
{
	if (s == NULL)
		s = "(null)";
	for (; *s != '\0'; s++)
		put(o, (CHAR16)(unsigned char)*s);
}

static void put_ucs2(struct out *o, const CHAR16 *s)
{
	if (s == NULL)
		s = L"(null)";
	for (; *s != 0; s++)
		put(o, *s);
}

static void put_num(struct out *o, UINT64 v, unsigned int base, unsigned int width)
{
	CHAR16 d[20];
	unsigned int n = 0;

	do {
		unsigned int x = (unsigned int)(v % base);

		d[n++] = (CHAR16)(x < 10u ? L'0' + x : L'A' + x - 10u);
		v /= base;
	} while (v != 0 && n < 20u);
	while (n < width)
		d[n++] = L'0';
	while (n > 0)
		put(o, d[--n]);
}

static void put_guid(struct out *o, const EFI_GUID *g)
{
	if (g == NULL) {
		put_ascii(o, "(null)");
		return;
	}
	put_num(o, g->Data1, 16, 8);
	put(o, L'-');
	put_num(o, g->Data2, 16, 4);
	put(o, L'-');
	put_num(o, g->Data3, 16, 4);
	put(o, L'-');
	for (unsigned int i = 0; i < 8u; i++) {
		if (i == 2)
			put(o, L'-');
		put_num(o, g->Data4[i], 16, 2);
	}
}

const CHAR16 *console_status(EFI_STATUS s)
{
	switch (s) {
	case EFI_SUCCESS: return L"Success";
	case EFI_LOAD_ERROR: return L"Load Error";
	case EFI_INVALID_PARAMETER: return L"Invalid Parameter";
	case EFI_UNSUPPORTED: return L"Unsupported";
	case EFI_BAD_BUFFER_SIZE: return L"Bad Buffer Size";
	case EFI_BUFFER_TOO_SMALL: return L"Buffer Too Small";
	case EFI_NOT_READY: return L"Not Ready";
	case EFI_DEVICE_ERROR: return L"Device Error";
	case EFI_WRITE_PROTECTED: return L"Write Protected";
	case EFI_OUT_OF_RESOURCES: return L"Out of Resources";
	case EFI_VOLUME_CORRUPTED: return L"Volume Corrupt";
	case EFI_VOLUME_FULL: return L"Volume Full";
	case EFI_NO_MEDIA: return L"No Media";
	case EFI_MEDIA_CHANGED: return L"Media changed";
	case EFI_NOT_FOUND: return L"Not Found";
	case EFI_ACCESS_DENIED: return L"Access Denied";
	case EFI_TIMEOUT: return L"Time out";
	case EFI_ABORTED: return L"Aborted";
	case EFI_SECURITY_VIOLATION: return L"Security Violation";
	default: return NULL;
	}
}

/* clang-tidy 14's analyzer, run over all of efi/ at once, takes this ap for
 * uninitialized though every caller va_start()s it: a false positive. */
// NOLINTBEGIN(clang-analyzer-valist.Uninitialized)
static void format(struct out *o, const char *fmt, va_list ap)
{
	for (const char *p = fmt; *p != 0; p++) {
		int lng = 0;

		if (*p != '%') {
			put(o, (CHAR16)(unsigned char)*p);
			continue;
		}
		if (p[1] == 'l') {
			lng = 1;
			p++;
		}
		switch (*++p) {
		case 'a':
			put_ascii(o, va_arg(ap, const char *));
			break;
		case 's':
			put_ucs2(o, va_arg(ap, const CHAR16 *));
			break;
		case 'u':
		case 'd':
			put_num(o, lng ? va_arg(ap, UINT64) : va_arg(ap, UINT32), 10, 0);
			break;
		case 'x':
		case 'X':
			put_num(o, lng ? va_arg(ap, UINT64) : va_arg(ap, UINT32), 16, 0);
			break;
		case 'r': {
			EFI_STATUS s = va_arg(ap, EFI_STATUS);
			const CHAR16 *t = console_status(s);

			if (t != NULL) {
				put_ucs2(o, t);
			} else {
				put_ascii(o, "status 0x");
				put_num(o, (UINT64)s, 16, 0);
			}
			break;
		}
		case 'g':
			put_guid(o, va_arg(ap, const EFI_GUID *));
			break;
		case '%':
			put(o, L'%');
			break;
		case 0:
			p--; /* a lone '%' ends the format */
			break;
		default:
			put(o, L'%');
			put(o, (CHAR16)(unsigned char)*p);
			break;
		}
	}
}

// NOLINTEND(clang-analyzer-valist.Uninitialized)

/* make VERBOSE=1: every line by default (the driver has no config). */
#if defined(ES_VERBOSE) && ES_VERBOSE
#define CONSOLE_DEFAULT CONSOLE_SHOW_ALL
#else
#define CONSOLE_DEFAULT CONSOLE_SHOW_SUMMARY
#endif
enum console_show console_default = CONSOLE_DEFAULT;
enum console_show console_show = CONSOLE_DEFAULT;
static UINT32 warnings;

/* One line: the prefix every line has, the text, the line's end. The prefix
 * is added here, not in every format. Formats are ASCII: a UCS-2 literal
 * costs two bytes a character in the image. */
static void line(struct out *o, BOOLEAN error, const char *fmt, va_list ap)
{
	put_ascii(o, error ? "earlyseed: error: " : "earlyseed: ");
	format(o, fmt, ap);
	put(o, L'\n');
	flush(o);
}

void console_begin(void)
{
	warnings = 0;
	npending = 0;
}

void console_set_show(enum console_show s)
{
	console_show = s;
	if (s == CONSOLE_SHOW_ALL && npending > 0) {
		pending[npending] = 0;
		if (ST != NULL && ST->ConOut != NULL)
			(void)uefi_call_wrapper(ST->ConOut->OutputString, 2, ST->ConOut, pending);
	}
	npending = 0;
}

void console_log(enum console_kind k, const char *fmt, ...)
{
	struct out o;
	va_list ap;

	o.keep = k == CONSOLE_INFO && console_show == CONSOLE_SHOW_PENDING;
	if (k == CONSOLE_INFO && console_show != CONSOLE_SHOW_ALL && !o.keep)
		return;
	if (k == CONSOLE_SUMMARY && console_show == CONSOLE_SHOW_WARNINGS)
		return;
	if (k == CONSOLE_WARN && console_show != CONSOLE_SHOW_ALL && warnings++ >= CONSOLE_WARN_MAX) {
		if (warnings == CONSOLE_WARN_MAX + 1u)
			console_print("more warnings not shown (verbose = yes in the config shows them)");
		return;
	}
	o.n = 0;
	va_start(ap, fmt);
	line(&o, k == CONSOLE_ERROR, fmt, ap);
	va_end(ap);
}

void console_print(const char *fmt, ...)
{
	struct out o;
	va_list ap;

	o.n = 0;
	o.keep = FALSE;
	va_start(ap, fmt);
	line(&o, FALSE, fmt, ap);
	va_end(ap);
}
