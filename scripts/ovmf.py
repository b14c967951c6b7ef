#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""scripts/ovmf.py IN.fd FILE.ffs OUT.fd: a copy of a firmware image (edk2's
OVMF or ArmVirtQemu, as Debian ships them) with FILE.ffs added to its DXE
firmware volume, so the DXE dispatcher starts earlyseed's driver at every
boot.

The layout it edits (UEFI PI 1.8 volume 3: firmware volumes, FFS files and
sections; edk2 OvmfPkg/OvmfPkgX64.fdf, ArmVirtPkg/ArmVirtQemu.fdf):
FVMAIN_COMPACT holds one FV-image file whose GUID-defined section is LZMA
(EE4E5898-3914-4259-9D6E-DC7BD79403CF, edk2's LzmaCustomDecompressLib:
the "alone" format, 5 bytes of properties then the 64-bit decoded size)
over the DXE volume (OVMF: the PEI volume too). The file goes into the DXE
volume's free space; where there is none and the DXE volume is the only one
in the section (ArmVirtQemu), the volume grows in whole blocks. OVMF's SEC
copies its volumes by fixed sizes (PcdOvmfDxeMemFvSize), so there a full
volume is refused, never grown. The LZMA stream is made again with the
decoded size in its header (edk2's decoder sizes its buffer from it); the
section, the file's size and its header checksum follow. The FFS file is
checked first (checksums, state, size, a DXE driver for the DXE core's
machine). The same input gives the same output; anything unexpected stops
the script with a message and no output.
"""
import lzma
import os
import struct
import sys

FVH = b"_FVH"
FV_FILETYPE_FV_IMAGE = 0x0B
FV_FILETYPE_DXE_CORE = 0x05
SECTION_GUID_DEFINED = 0x02
SECTION_FV_IMAGE = 0x17
ERASE_POLARITY = 0x800  # EFI_FVB2_ERASE_POLARITY
FFS_ATTRIB_LARGE_FILE = 0x01
FFS_ATTRIB_CHECKSUM = 0x40


def die(why):
    sys.exit("scripts/ovmf.py: " + why)


def guid_bytes(text):
    """"8acd5d9f-d932-..." as EFI_GUID bytes (the first three fields little-endian)."""
    h = bytes.fromhex(text.replace("-", ""))
    return h[3::-1] + h[5:3:-1] + h[7:5:-1] + h[8:]


# edk2's LZMA custom decompress GUID (MdeModulePkg LzmaCustomDecompressLib)
LZMA_GUID = guid_bytes("EE4E5898-3914-4259-9D6E-DC7BD79403CF")


def align8(n):
    return (n + 7) & ~7


def align4(n):
    return (n + 3) & ~3


def bounded(at, size, hsize, end, what):
    """A file or section must hold its header and end within its container."""
    if size < hsize or at + size > end:
        die("%s at 0x%x runs past its container" % (what, at))


def fv_files(fv):
    """(offset, header size, size, type) of each file of the volume fv."""
    if fv[40:44] != FVH:
        die("not a firmware volume (no _FVH)")
    length, = struct.unpack_from("<Q", fv, 32)
    hlen, = struct.unpack_from("<H", fv, 48)
    ext, = struct.unpack_from("<H", fv, 52)
    if length > len(fv) or hlen < 72 or hlen > length:
        die("a firmware volume's length or header length runs past the image (truncated?)")
    at = hlen
    if ext:
        if ext + 20 > length:
            die("a firmware volume's extended header lies past it")
        ext_size, = struct.unpack_from("<I", fv, ext + 16)
        at = ext + ext_size
    at = align8(at)
    files = []
    while at + 24 <= length:
        if fv[at:at + 24] == b"\xff" * 24:
            break
        size, hsize = int.from_bytes(fv[at + 20:at + 23], "little"), 24
        if fv[at + 19] & FFS_ATTRIB_LARGE_FILE:
            size, hsize = struct.unpack_from("<Q", fv, at + 24)[0], 32
        bounded(at, size, hsize, length, "a file")
        files.append((at, hsize, size, fv[at + 18]))
        at = align8(at + size)
    return files, length


def sections(data, at, end):
    """(offset, header size, size, type) of each section in data[at:end]."""
    out = []
    while at + 4 <= end:
        size, hsize = int.from_bytes(data[at:at + 3], "little"), 4
        if size == 0xFFFFFF:
            size, hsize = struct.unpack_from("<I", data, at + 4)[0], 8
        bounded(at, size, hsize, end, "a section")
        out.append((at, hsize, size, data[at + 3]))
        at = align4(at + size)
    return out


def header_checksum(hdr):
    """The file header's checksum: the header sums to zero with its file
    checksum byte and State taken as zero (PI 1.8 volume 3, 2.2.3)."""
    b = bytearray(hdr)
    b[16] = 0
    b[17] = 0
    b[23] = 0
    return (0x100 - sum(b)) & 0xFF


def grow(fv, need):
    """fv grown to hold need bytes: its length and block map in whole blocks,
    erased bytes added, the header checksum made again (PI 1.8 volume 3,
    3.2.1: the header's 16-bit words sum to zero)."""
    fv = bytearray(fv)
    hlen, = struct.unpack_from("<H", fv, 48)
    blocks, blen = struct.unpack_from("<II", fv, 56)
    if blen == 0 or struct.unpack_from("<II", fv, 64) != (0, 0):
        die("the DXE volume's block map is not one run of blocks")
    n = (need + blen - 1) // blen
    attrs, = struct.unpack_from("<I", fv, 44)
    fv += (b"\xff" if attrs & ERASE_POLARITY else b"\x00") * (n * blen - len(fv))
    struct.pack_into("<Q", fv, 32, n * blen)
    struct.pack_into("<I", fv, 56, n)
    struct.pack_into("<H", fv, 50, 0)
    total = sum(struct.unpack_from("<%dH" % (hlen // 2), fv, 0)) & 0xFFFF
    struct.pack_into("<H", fv, 50, (0x10000 - total) & 0xFFFF)
    return fv


def add_to_dxe(decoded, ffs, name, machine):
    """decoded: the LZMA payload (sections); returns it with ffs in the DXE volume."""
    out = bytearray(decoded)
    secs = sections(out, 0, len(out))
    volumes = sum(1 for sec in secs if sec[3] == SECTION_FV_IMAGE)
    for at, hsize, size, stype in secs:
        if stype != SECTION_FV_IMAGE:
            continue
        fv_at = at + hsize
        fv = out[fv_at:at + size]
        files, length = fv_files(fv)
        if not any(t == FV_FILETYPE_DXE_CORE for _, _, _, t in files):
            continue
        if any(fv[f:f + 16] == name for f, _, _, _ in files):
            die("the DXE volume already holds a file with earlyseed's FILE_GUID")
        core = [f for f in files if f[3] == FV_FILETYPE_DXE_CORE][0]
        if file_machine(fv, core) != machine:
            die("FILE.ffs is for machine 0x%x, this firmware's DXE core for 0x%s" %
                (machine, "%x" % file_machine(fv, core) if file_machine(fv, core) else "?"))
        attrs, = struct.unpack_from("<I", fv, 44)
        erased = b"\xff" if attrs & ERASE_POLARITY else b"\x00"
        place = align8(files[-1][0] + files[-1][2]) if files else 0
        f = bytearray(ffs)
        if attrs & ERASE_POLARITY:
            f[23] = (~f[23]) & 0xFF  # the state bits are set by clearing them
        if place + len(f) > length:
            # no room (ArmVirtQemu's DXE volume is sized to its files):
            # the volume grows, in whole blocks; OVMF's SEC copies its
            # volumes by fixed sizes, so a layout of several must not
            if volumes != 1:
                die("no room in the DXE volume (%d bytes free, %d needed), and this layout's volumes "
                    "have fixed sizes" % (length - place, len(f)))
            fv = grow(fv, place + len(f))
            length = len(fv)
        if fv[place:place + len(f)] != erased * len(f):
            die("the DXE volume's free space is not erased")
        fv[place:place + len(f)] = f
        sec = bytearray(out[at:at + hsize]) + fv
        if hsize != 4 or len(sec) >= 0xFFFFFF:
            die("the DXE volume's section needs an extended size")
        sec[0:3] = len(sec).to_bytes(3, "little")
        rest = out[align4(at + size):]
        pad = b"\x00" * (align4(len(sec)) - len(sec)) if rest else b""
        return bytes(out[:at]) + bytes(sec) + pad + bytes(rest)
    die("no DXE volume (a volume with the DXE core) in the compressed section")


def pe_machine(sec):
    """The machine of a PE32 (0x10) or TE (0x12) section's image, or None."""
    data = sec[4:]
    if sec[3] == 0x10 and data[:2] == b"MZ" and len(data) >= 0x40:
        lfanew, = struct.unpack_from("<I", data, 0x3C)
        if data[lfanew:lfanew + 4] == b"PE\0\0":
            return struct.unpack_from("<H", data, lfanew + 4)[0]
    if sec[3] == 0x12 and data[:2] == b"VZ":
        return struct.unpack_from("<H", data, 2)[0]
    return None


def file_machine(fv, f):
    """The machine of the first PE32 or TE image in file f of volume fv."""
    at, hsize, size, _ = f
    for s_at, _, s_size, _ in sections(fv, at + hsize, at + size):
        m = pe_machine(bytes(fv[s_at:s_at + s_size]))
        if m is not None:
            return m
    return None


# Depex opcodes (PI 1.8 volume 2, section 10.7): what a DXE driver's may hold.
DEPEX_BEFORE, DEPEX_AFTER, DEPEX_PUSH, DEPEX_AND, DEPEX_OR, DEPEX_NOT = 0x00, 0x01, 0x02, 0x03, 0x04, 0x05
DEPEX_TRUE, DEPEX_FALSE, DEPEX_END, DEPEX_SOR = 0x06, 0x07, 0x08, 0x09
SECTION_PE32, SECTION_DXE_DEPEX, SECTION_VERSION, SECTION_UI = 0x10, 0x13, 0x14, 0x15
EFI_BOOT_SERVICE_DRIVER = 11  # PE subsystem


def check_depex(d):
    """A dependency expression that a DXE dispatcher evaluates to an answer:
    every opcode known, every PUSH whole, one value left at END, END last."""
    at, depth = 0, 0
    while at < len(d):
        op = d[at]
        if op in (DEPEX_PUSH, DEPEX_BEFORE, DEPEX_AFTER):
            if at + 17 > len(d):
                die("FILE.ffs: its dependency expression ends inside a GUID")
            depth, at = depth + 1, at + 17
        elif op in (DEPEX_TRUE, DEPEX_FALSE):
            depth, at = depth + 1, at + 1
        elif op in (DEPEX_AND, DEPEX_OR):
            if depth < 2:
                die("FILE.ffs: its dependency expression pops more than it pushed")
            depth, at = depth - 1, at + 1
        elif op in (DEPEX_NOT, DEPEX_SOR):
            if op == DEPEX_NOT and depth < 1:
                die("FILE.ffs: its dependency expression pops more than it pushed")
            at += 1
        elif op == DEPEX_END:
            if at != len(d) - 1 or depth != 1:
                die("FILE.ffs: its dependency expression does not end in END with one value")
            return
        else:
            die("FILE.ffs: its dependency expression holds an unknown opcode 0x%02x" % op)
    die("FILE.ffs: its dependency expression has no END")


def check_pe(pe):
    """The driver's image as `earlyseed ffs` takes it (host/petool.c): a
    PE32+ boot-service driver whose headers and sections lie in the image.
    Returns its machine."""
    if len(pe) < 0x40 or pe[:2] != b"MZ":
        die("FILE.ffs: its PE32 section is not a PE image")
    lfanew, = struct.unpack_from("<I", pe, 0x3C)
    # the optional header's fixed PE32+ part is 112 bytes (PE/COFF spec
    # 3.4); its data directories may be fewer than 16 (AAVMF's builds: 6)
    if lfanew + 24 + 112 > len(pe) or pe[lfanew:lfanew + 4] != b"PE\0\0":
        die("FILE.ffs: its PE32 section's PE header lies past the image")
    machine, nsec = struct.unpack_from("<HH", pe, lfanew + 4)
    optsize, = struct.unpack_from("<H", pe, lfanew + 20)
    opt = lfanew + 24
    if machine not in (0x8664, 0xAA64) or struct.unpack_from("<H", pe, opt)[0] != 0x20B or optsize < 112:
        die("FILE.ffs: its image is not a PE32+ image for x64 or AArch64")
    if struct.unpack_from("<H", pe, opt + 68)[0] != EFI_BOOT_SERVICE_DRIVER:
        die("FILE.ffs: its image is not a boot-service driver")
    table = opt + optsize
    if nsec == 0 or table + 40 * nsec > len(pe):
        die("FILE.ffs: its image's section table lies past the image")
    for i in range(nsec):
        raw_size, raw_at = struct.unpack_from("<II", pe, table + 40 * i + 16)
        if raw_at + raw_size > len(pe):
            die("FILE.ffs: its image's section %d lies past the image" % i)
    return machine


def check_ffs(ffs):
    """The file earlyseed ffs wrote, checked as its own parser reads it
    (host/ffstool.c ffstool_parse): a DXE driver, its header checksum, the
    fixed file checksum, state 0x07 (GenFfs's, before a volume's erase
    polarity), its size; then its body: sections that tile the file, one
    PE32 image that is a boot-service driver, one dependency expression a
    dispatcher can evaluate. Returns the machine of its image."""
    if len(ffs) < 24 or ffs[18] != 0x07 or ffs[19] & (FFS_ATTRIB_LARGE_FILE | FFS_ATTRIB_CHECKSUM):
        die("FILE.ffs is not a DXE driver file as earlyseed ffs writes it")
    if int.from_bytes(ffs[20:23], "little") != len(ffs) or ffs[17] != 0xAA or ffs[23] != 0x07:
        die("FILE.ffs: its size, file checksum or state is not a fresh file's")
    if header_checksum(ffs[:24]) != ffs[16]:
        die("FILE.ffs: bad header checksum")
    found = {}
    at = 24
    while at < len(ffs):
        if at + 4 > len(ffs):
            die("FILE.ffs: a section header runs past the file")
        size, stype = int.from_bytes(ffs[at:at + 3], "little"), ffs[at + 3]
        if size < 4 or at + size > len(ffs):
            die("FILE.ffs: a section runs past the file")
        if stype not in (SECTION_PE32, SECTION_DXE_DEPEX, SECTION_VERSION, SECTION_UI):
            die("FILE.ffs: a section of unexpected type 0x%02x" % stype)
        if stype in found:
            die("FILE.ffs: two sections of type 0x%02x" % stype)
        found[stype] = ffs[at + 4:at + size]
        at = align4(at + size)
    if SECTION_PE32 not in found or SECTION_DXE_DEPEX not in found:
        die("FILE.ffs: no PE32 section, or no dependency expression")
    check_depex(found[SECTION_DXE_DEPEX])
    return check_pe(found[SECTION_PE32])


def compact_volume(image):
    """The offset of FVMAIN_COMPACT: the first volume (on a 4 KiB boundary)
    whose files include an FV image. OVMF's starts the image; ArmVirtQemu's
    follows a 4 KiB jump to SEC."""
    for base in range(0, len(image) - 0x1000, 0x1000):
        if image[base + 40:base + 44] != FVH:
            continue
        files, _ = fv_files(image[base:])
        if any(f[3] == FV_FILETYPE_FV_IMAGE for f in files):
            return base
    die("no firmware volume holding an FV image (not an edk2 OVMF or ArmVirtQemu image?)")


def main():
    if len(sys.argv) != 4:
        die("usage: scripts/ovmf.py IN.fd FILE.ffs OUT.fd")
    ffs = open(sys.argv[2], "rb").read()
    machine = check_ffs(ffs)  # first: it is small
    whole = bytearray(open(sys.argv[1], "rb").read())
    name = ffs[:16]
    base = compact_volume(whole)
    files, length = fv_files(whole[base:])
    image = whole[base:base + length]
    if len(image) != length:
        die("FVMAIN_COMPACT runs past the end of IN.fd (truncated?)")
    fvimg = [f for f in files if f[3] == FV_FILETYPE_FV_IMAGE]
    if len(fvimg) != 1 or fvimg[0] != files[-1]:
        die("FVMAIN_COMPACT does not end with its one FV-image file")
    at, hsize, size, _ = fvimg[0]
    secs = sections(image, at + hsize, at + size)
    if len(secs) != 1 or secs[0][3] != SECTION_GUID_DEFINED:
        die("the FV-image file is not one GUID-defined section")
    s_at, s_h, s_size, _ = secs[0]
    if image[s_at + s_h:s_at + s_h + 16] != LZMA_GUID:
        die("its section is not LZMA (EE4E5898-3914-4259-9D6E-DC7BD79403CF)")
    data_off, _ = struct.unpack_from("<HH", image, s_at + s_h + 16)
    blob = bytes(image[s_at + data_off:s_at + s_size])
    decoded = lzma.decompress(blob, format=lzma.FORMAT_ALONE)
    props = blob[:5]
    dict_size, = struct.unpack_from("<I", props, 1)
    lc, lp, pb = props[0] % 9, (props[0] // 9) % 5, props[0] // 45
    new = add_to_dxe(decoded, ffs, name, machine)
    filt = [{"id": lzma.FILTER_LZMA1, "dict_size": dict_size, "lc": lc, "lp": lp, "pb": pb,
             "preset": 9 | lzma.PRESET_EXTREME}]
    comp = bytearray(lzma.compress(new, format=lzma.FORMAT_ALONE, filters=filt))
    struct.pack_into("<Q", comp, 5, len(new))
    if lzma.decompress(bytes(comp), format=lzma.FORMAT_ALONE) != new:
        die("the new LZMA stream does not decode to what was put in")
    # the section and the file, again, in place
    sec = bytearray(image[s_at:s_at + data_off]) + comp
    if len(sec) >= 0xFFFFFF or s_h != 4:
        die("the new section needs an extended size")
    sec[0:3] = len(sec).to_bytes(3, "little")
    hdr = bytearray(image[at:at + hsize])
    if hsize != 24:
        die("a large FV-image file is not handled")
    fsize = hsize + (s_at - at - hsize) + len(sec)
    if at + fsize > length:
        die("FVMAIN_COMPACT has no room for the new section")
    hdr[20:23] = fsize.to_bytes(3, "little")
    body = bytes(image[at + hsize:s_at]) + bytes(sec)
    if hdr[19] & FFS_ATTRIB_CHECKSUM:
        hdr[17] = (0x100 - sum(body)) & 0xFF
    hdr[16] = header_checksum(hdr)
    erased = 0xFF if struct.unpack_from("<I", image, 44)[0] & ERASE_POLARITY else 0x00
    image[at:length] = bytes([erased]) * (length - at)
    image[at:at + fsize] = bytes(hdr) + body
    whole[base:base + length] = image
    tmp = sys.argv[3] + ".tmp"
    with open(tmp, "wb") as out:
        out.write(whole)
    os.replace(tmp, sys.argv[3])


if __name__ == "__main__":
    try:
        main()
    except (struct.error, IndexError, ValueError, OverflowError, EOFError, lzma.LZMAError, MemoryError) as e:
        # whatever the input: one line, no traceback, no output
        try:
            os.unlink(sys.argv[3] + ".tmp")
        except (OSError, IndexError):
            pass
        die("malformed input (%s: %s)" % (type(e).__name__, e))
    except OSError as e:
        die("%s: %s" % (e.filename or "I/O", e.strerror or e))
