/* SPDX-License-Identifier: MIT */
#ifndef EARLYSEED_TOOLS_PETOOL_H
#define EARLYSEED_TOOLS_PETOOL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * `earlyseed pe`: what a PE image needs to boot on machines as they ship
 * (docs/secure-boot.md "Secure Boot"), added after the link, the same way for x86_64
 * (objcopy's PE32+) and aarch64 (GNU-EFI's hand-made header):
 *   - a .sbat section (shim's SBAT, https://github.com/rhboot/shim/blob/main/
 *     SBAT.md): shim refuses a second stage without one ("Verification
 *     failed: (0x1A) Security Violation"); page-aligned, read-only data;
 *   - IMAGE_DLLCHARACTERISTICS_NX_COMPAT (PE/COFF spec, "DLL
 *     Characteristics", 0x0100), set only where the image allows it: every
 *     section page-aligned and none both writable and executable.
 * Offsets: PE/COFF specification (Microsoft, "PE Format"), sections "MS-DOS
 * Stub", "COFF File Header", "Optional Header", "Section Table".
 */
#define PE_MACHINE_X64 0x8664u
#define PE_MACHINE_AARCH64 0xaa64u
#define PE_MACHINE_RISCV64 0x5064u /* PE/COFF: IMAGE_FILE_MACHINE_RISCV64 */
#define PE_OPT_MAGIC_PE32PLUS 0x20bu
#define PE_DLL_NX_COMPAT 0x0100u
#define PE_SCN_CNT_CODE 0x00000020u
#define PE_SCN_CNT_INITIALIZED_DATA 0x00000040u
#define PE_SCN_MEM_EXECUTE 0x20000000u
#define PE_SCN_MEM_READ 0x40000000u
#define PE_SCN_MEM_WRITE 0x80000000u
#define PE_SECTION_HEADER 40u
#define PE_PAGE 4096u

struct pe_info {
	uint16_t machine, subsystem, nsections, dll_characteristics;
	uint32_t section_align, file_align, size_of_image, size_of_headers;
	bool has_sbat;
	uint32_t sbat_off, sbat_size; /* the .sbat section's bytes in the file (when has_sbat) */
	bool nx_allowed; /* every section page-aligned, none W and X */
	bool is_signed;  /* a certificate table (DataDirectory[4]): Authenticode */
};

/* Read the headers of img[0..n); 0, or -1 with why. */
int petool_inspect(const uint8_t *img, size_t n, struct pe_info *info, const char **why);
/*
 * A new image in a malloc'd *out (*outn bytes): img with a .sbat section
 * holding sbat[0..sbat_n) appended, and NX_COMPAT set when nx and the image
 * allows it (*nx_set says whether). Returns 0, or -1 with why (not a PE32+
 * image, already has .sbat, no room for another section header, bad CSV).
 */
int petool_seal(const uint8_t *img, size_t n, const uint8_t *sbat, size_t sbat_n, bool nx, uint8_t **out,
		size_t *outn, bool *nx_set, const char **why);
/* The version the image's .sbat gives earlyseed (the 5th field of its line
 * "earlyseed,GEN,...": core/version.h, linker/sbat.csv) into out (cap
 * bytes): 0, or -1 when it has none (not earlyseed's, or built before its
 * line carried one: then out is ""). */
int petool_version(const uint8_t *img, size_t n, char *out, size_t cap);
/* Is csv an SBAT table shim accepts: lines of 6 comma-separated fields, the
 * first "sbat,1,..."? (SBAT.md) */
bool petool_sbat_ok(const uint8_t *csv, size_t n);

#endif
