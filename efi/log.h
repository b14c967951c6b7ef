/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_EFI_LOG_H
#define EARLYSEED_EFI_LOG_H

#include <efi.h>
#include <efilib.h>

#include "console.h"

/*
 * Every console line starts with "earlyseed: ". log_error_status() prints an
 * error line and evaluates to the status, so a failure path is one statement
 * (systemd-boot's `return log_error_status(err, ...)`). fmt must be a literal.
 */
#define log_line(fmt, ...) console_log(CONSOLE_INFO, fmt, ##__VA_ARGS__)
#define log_warn(fmt, ...) console_log(CONSOLE_WARN, fmt, ##__VA_ARGS__)
#define log_summary(fmt, ...) console_log(CONSOLE_SUMMARY, fmt, ##__VA_ARGS__)
#define log_error_status(status, fmt, ...)                                                 \
	(console_log(CONSOLE_ERROR, fmt ": %r", ##__VA_ARGS__, (EFI_STATUS)(status)), \
	 (EFI_STATUS)(status))

#endif
