"""HEIF containers (ISO/IEC 23008-12) in Python: read the one coded image a single-image file holds
(what libheif's heif-enc writes), and write files of several items: a grid derived image of tiles,
a thumbnail, an alpha image, EXIF, with the properties phones give them.

Used by phone-heic.py (the benchmark's phone-like photos) and make-heif-grid-set.py (the small
files of every kind under Tests/HEIFGridSet). Standard library only.
"""
import struct

HIDDEN = 1   # infe flag: the item is not a picture of its own (a tile, an alpha plane)


def box(kind, payload):
    return struct.pack(">I", 8 + len(payload)) + kind + payload


def full_box(kind, version, flags, payload):
    return box(kind, bytes([version]) + flags.to_bytes(3, "big") + payload)


def walk(data, start=0, end=None):
    """(type, payload start, payload end) of each box in data[start:end]."""
    end = len(data) if end is None else end
    at = start
    while at + 8 <= end:
        size, kind = struct.unpack(">I4s", data[at:at + 8])
        header = 8
        if size == 1:
            size = struct.unpack(">Q", data[at + 8:at + 16])[0]
            header = 16
        elif size == 0:
            size = end - at
        if size < header or at + size > end:
            raise ValueError(f"box {kind!r} at {at} runs past its parent")
        yield kind, at + header, at + size
        at += size


def child(data, start, end, kind):
    for k, s, e in walk(data, start, end):
        if k == kind:
            return s, e
    raise ValueError(f"no {kind!r} box")


def number(data, at, size):
    return int.from_bytes(data[at:at + size], "big") if size else 0


class CodedImage:
    """One coded picture: its codec ('hvc1', 'av01'), its configuration property (the whole hvcC or
    av1C box), its size and its coded bytes; `alpha` is the auxiliary alpha picture, if any."""

    def __init__(self, codec, config, width, height, data, pixi=None, alpha=None):
        self.codec, self.config, self.width, self.height = codec, config, width, height
        self.data, self.pixi, self.alpha = data, pixi, alpha


def read_single_image(data):
    """The primary picture (and its alpha) of a file with one coded image, as heif-enc writes it."""
    meta_s, meta_e = child(data, 0, len(data), b"meta")
    meta_s += 4
    pitm_s, _ = child(data, meta_s, meta_e, b"pitm")
    primary = number(data, pitm_s + 4, 2 if data[pitm_s] == 0 else 4)
    types = {}
    iinf_s, iinf_e = child(data, meta_s, meta_e, b"iinf")
    skip = 4 + (2 if data[iinf_s] == 0 else 4)
    for kind, s, _ in walk(data, iinf_s + skip, iinf_e):
        if kind == b"infe" and data[s] in (2, 3):
            id_size = 2 if data[s] == 2 else 4
            item = number(data, s + 4, id_size)
            types[item] = data[s + 4 + id_size + 2:s + 4 + id_size + 6]
    extents = read_iloc(data, *child(data, meta_s, meta_e, b"iloc"))
    props = read_properties(data, meta_s, meta_e)
    aux_of = {}
    try:
        iref_s, iref_e = child(data, meta_s, meta_e, b"iref")
        id_size = 2 if data[iref_s] == 0 else 4
        for kind, s, e in walk(data, iref_s + 4, iref_e):
            if kind == b"auxl":
                aux_of[number(data, s, id_size)] = number(data, s + id_size + 2, id_size)
    except ValueError:
        pass

    def image(item):
        found = {kind: raw for kind, raw in props.get(item, [])}
        config = found.get(b"hvcC") or found.get(b"av1C")
        ispe = found[b"ispe"]
        width, height = struct.unpack(">II", ispe[12:20])
        coded = b"".join(data[o:o + n] for o, n in extents[item])
        return CodedImage(types[item].decode(), config, width, height, coded, found.get(b"pixi"))

    picture = image(primary)
    for aux, master in aux_of.items():
        if master == primary and any(k == b"auxC" and b"auxid:1" in raw for k, raw in props.get(aux, [])):
            picture.alpha = image(aux)
    return picture


def read_iloc(data, s, e):
    """Item ID -> [(file offset, length)] for items stored in the file (construction method 0)."""
    version = data[s]
    at = s + 4
    offset_size, length_size = data[at] >> 4, data[at] & 15
    base_size, index_size = data[at + 1] >> 4, (data[at + 1] & 15) if version in (1, 2) else 0
    at += 2
    count_size = 4 if version == 2 else 2
    count = number(data, at, count_size)
    at += count_size
    out = {}
    for _ in range(count):
        item = number(data, at, 4 if version == 2 else 2)
        at += 4 if version == 2 else 2
        if version in (1, 2):
            if number(data, at, 2) & 15:
                raise ValueError("an item in idat: heif-enc wraps a picture under 64 px in a 1x1 grid; code larger tiles")
            at += 2
        at += 2   # data reference index
        base = number(data, at, base_size)
        at += base_size
        n = number(data, at, 2)
        at += 2
        spans = []
        for _ in range(n):
            at += index_size
            offset = number(data, at, offset_size)
            at += offset_size
            length = number(data, at, length_size)
            at += length_size
            spans.append((base + offset, length))
        out[item] = spans
    return out


def read_properties(data, meta_s, meta_e):
    """Item ID -> [(property type, the whole property box)] in ipma order."""
    iprp_s, iprp_e = child(data, meta_s, meta_e, b"iprp")
    ipco_s, ipco_e = child(data, iprp_s, iprp_e, b"ipco")
    boxes = [(kind, data[s - 8:e]) for kind, s, e in walk(data, ipco_s, ipco_e)]
    out = {}
    for kind, s, e in walk(data, iprp_s, iprp_e):
        if kind != b"ipma":
            continue
        version, flags = data[s], number(data, s + 1, 3)
        at = s + 4
        count = number(data, at, 4)
        at += 4
        for _ in range(count):
            id_size = 2 if version < 1 else 4
            item = number(data, at, id_size)
            at += id_size
            n = data[at]
            at += 1
            for _ in range(n):
                if flags & 1:
                    index = number(data, at, 2) & 0x7FFF
                    at += 2
                else:
                    index = data[at] & 0x7F
                    at += 1
                if index:
                    out.setdefault(item, []).append(boxes[index - 1])
    return out


# ---- properties

def ispe(width, height):
    return full_box(b"ispe", 0, 0, struct.pack(">II", width, height))


def irot(quarter_turns_anticlockwise):
    return box(b"irot", bytes([quarter_turns_anticlockwise & 3]))


def imir(axis):
    """axis 0: top and bottom exchange (a vertical mirror); 1: left and right."""
    return box(b"imir", bytes([axis & 1]))


def clap(width, height, left, top, image_width, image_height, half=0):
    """A clean aperture of width x height whose top left corner is (left, top) in an image of
    image_width x image_height: its centre's offset from the image's, in halves of a pixel; `half`
    moves it half a pixel right and down (its edges then fall between pixels, and decoders round)."""
    def signed(v):
        return v & 0xFFFFFFFF
    horizontal = 2 * left + width - image_width + half
    vertical = 2 * top + height - image_height + half
    return box(b"clap", struct.pack(">8I", width, 1, height, 1, signed(horizontal), 2, signed(vertical), 2))


def colr_nclx(primaries, transfer, matrix, full_range=True):
    return box(b"colr", b"nclx" + struct.pack(">HHHB", primaries, transfer, matrix, 0x80 if full_range else 0))


def colr_icc(profile):
    return box(b"colr", b"prof" + profile)


def pixi(bits, channels=3):
    return full_box(b"pixi", 0, 0, bytes([channels]) + bytes([bits] * channels))


def auxc_alpha():
    return full_box(b"auxC", 0, 0, b"urn:mpeg:hevc:2015:auxid:1\0")


def grid_descriptor(rows, columns, width, height):
    large = width > 0xFFFF or height > 0xFFFF
    size = ">II" if large else ">HH"
    return bytes([0, 1 if large else 0, rows - 1, columns - 1]) + struct.pack(size, width, height)


def exif_payload(tiff):
    """An Exif item as iPhones write it: the offset to the TIFF header, then 'Exif\\0\\0' and the TIFF block."""
    return struct.pack(">I", 6) + b"Exif\0\0" + tiff


# ---- writing

class Item:
    """An item to write: `properties` is a list of (property box, essential)."""

    def __init__(self, item_id, kind, data=b"", hidden=False, properties=(), in_idat=False, content_type=None):
        self.id, self.kind, self.data, self.hidden = item_id, kind, data, hidden
        self.properties, self.in_idat, self.content_type = list(properties), in_idat, content_type


def write(items, primary, references, brands=(b"heic", b"mif1", b"MiHE", b"miaf", b"MiHB", b"heic")):
    """The file: ftyp (first brand major, the rest compatible), meta, then one mdat with every coded item.
    `references` is a list of (type, from item, [to items])."""
    ftyp = box(b"ftyp", brands[0] + struct.pack(">I", 0) + b"".join(brands[1:]))
    ipco, index = [], {}
    for item in items:
        for prop, _ in item.properties:
            if prop not in index:
                ipco.append(prop)
                index[prop] = len(ipco)
    wide = len(ipco) > 127
    ipma_entries = b""
    for item in items:
        if not item.properties:
            continue
        ipma_entries += struct.pack(">HB", item.id, len(item.properties))
        for prop, essential in item.properties:
            value = index[prop] | ((0x8000 if wide else 0x80) if essential else 0)
            ipma_entries += struct.pack(">H" if wide else ">B", value)
    ipma = full_box(b"ipma", 0, 1 if wide else 0, struct.pack(">I", sum(1 for i in items if i.properties)) + ipma_entries)
    iprp = box(b"iprp", box(b"ipco", b"".join(ipco)) + ipma)

    infes = b""
    for item in items:
        name = b"\0"
        extra = (item.content_type.encode() + b"\0") if item.content_type else b""
        infes += full_box(b"infe", 2, HIDDEN if item.hidden else 0, struct.pack(">HH", item.id, 0) + item.kind + name + extra)
    iinf = full_box(b"iinf", 0, 0, struct.pack(">H", len(items)) + infes)
    iref = b"" if not references else full_box(b"iref", 0, 0, b"".join(
        box(kind, struct.pack(">HH", source, len(targets)) + b"".join(struct.pack(">H", t) for t in targets))
        for kind, source, targets in references))
    idat_items = [i for i in items if i.in_idat]
    idat = box(b"idat", b"".join(i.data for i in idat_items)) if idat_items else b""
    hdlr = full_box(b"hdlr", 0, 0, struct.pack(">I", 0) + b"pict" + bytes(12) + b"\0")
    pitm = full_box(b"pitm", 0, 0, struct.pack(">H", primary))

    def meta(mdat_payload):
        entries = b""
        file_at, idat_at = mdat_payload, 0
        for item in items:
            if item.in_idat:
                entries += struct.pack(">HHHHII", item.id, 1, 0, 1, idat_at, len(item.data))
                idat_at += len(item.data)
            elif item.data:
                entries += struct.pack(">HHHHII", item.id, 0, 0, 1, file_at, len(item.data))
                file_at += len(item.data)
        iloc = full_box(b"iloc", 1, 0, bytes([0x44, 0x00]) + struct.pack(">H", sum(1 for i in items if i.data)) + entries)
        return full_box(b"meta", 0, 0, hdlr + pitm + iloc + iinf + iref + iprp + idat)

    probe = meta(0)
    mdat_payload = len(ftyp) + len(probe) + 8
    body = b"".join(i.data for i in items if i.data and not i.in_idat)
    return ftyp + meta(mdat_payload) + box(b"mdat", body)
