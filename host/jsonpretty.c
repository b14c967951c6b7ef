/* SPDX-License-Identifier: MIT */
/* JSON, indented (host/jsonpretty.h). */
#include "jsonpretty.h"

#include <stdbool.h>

static void indent(FILE *out, int depth)
{
	fputc('\n', out);
	for (int i = 0; i < depth; i++)
		fputs("  ", out);
}

void jsonpretty_write(const char *json, FILE *out)
{
	int depth = 0;
	bool in_str = false, esc = false;

	for (const char *c = json; *c != '\0'; c++) {
		if (in_str) {
			fputc(*c, out);
			if (esc)
				esc = false;
			else if (*c == '\\')
				esc = true;
			else if (*c == '"')
				in_str = false;
			continue;
		}
		switch (*c) {
		case '"':
			in_str = true;
			fputc(*c, out);
			break;
		case '{':
		case '[':
			fputc(*c, out);
			/* an empty object or list stays on its line */
			if (c[1] == '}' || c[1] == ']') {
				fputc(*++c, out);
				break;
			}
			indent(out, ++depth);
			break;
		case '}':
		case ']':
			indent(out, --depth > 0 ? depth : 0);
			fputc(*c, out);
			break;
		case ',':
			fputc(',', out);
			indent(out, depth);
			break;
		case ':':
			fputs(": ", out);
			break;
		case ' ':
		case '\n':
		case '\t':
		case '\r':
			break;
		default:
			fputc(*c, out);
		}
	}
	fputc('\n', out);
}
