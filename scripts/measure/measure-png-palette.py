#!/usr/bin/env python3
"""--png-palette beside pngquant and libvips' palette PNG: ~20 corpus images fitted by aspectfit to
4:3 at 400x300 as truecolour PNG (the reference), then each tool makes an indexed PNG of that file:
aspectfit (--png-palette 256 and 64, the fit a no-op resize of the 400x300 file), pngquant 256 and
64 (its defaults: speed 4, dithered), vips copy ...[palette] (256 colours; its bitdepth option only
takes powers of two, so no 64). Prints markdown tables: per tool the total bytes, the mean and worst
PSNR of premultiplied RGBA against the reference, and the summed wall time (fastest of three runs of
each command, process start and PNG decode included; an exact copy's PSNR counts as 60 dB in the mean);
then per image at 256 colours.

    python3 scripts/measure/measure-png-palette.py [BINARY]   (default .build/release/aspectfit)

Needs numpy and Pillow, pngquant and vips (apt-get install pngquant libvips-tools)."""
import os, subprocess, sys, tempfile, time
import numpy as np
from PIL import Image

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..')
corpus = os.path.join(root, '..', 'shared', 'corpus')
binary = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, '.build', 'release', 'aspectfit')
images = [os.path.join('photos', n) for n in sorted(os.listdir(os.path.join(corpus, 'photos')))] + [
    os.path.join('png-extra', n) for n in (
        'bricks-gray-gama-bkgd.png', 'gama-kodim23.png', 'gray-alpha-flower.png', 'interlaced-hippopotamus.png',
        'interlaced-palette-trns-toucan.png', 'palette-trns-thumbor.png', 'rgb-trns-circle.png', 'rgb16-monkey-iccp.png',
        'rgba16-kingfisher-gradient.png', 'iccp-exif-xmp-paris.png')]


def fastest(command):
    best = None
    for _ in range(3):
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    return best


def premultiplied(path):
    a = np.asarray(Image.open(path).convert('RGBA'), dtype=np.float64)
    return np.concatenate([a[..., :3] * a[..., 3:4] / 255, a[..., 3:4]], axis=2)


def psnr(path, reference):
    mse = ((premultiplied(path) - premultiplied(reference)) ** 2).mean()
    return 99.0 if mse == 0 else 10 * np.log10(255 ** 2 / mse)


tools = {
    'aspectfit truecolour': lambda src, out: [binary, '-r', '4:3', '-w', '400', '--png-depth', '8', '--overwrite', '-o', out, src],
    'aspectfit 256': lambda src, out: [binary, '-r', '4:3', '-w', '400', '--png-palette', '256', '--overwrite', '-o', out, src],
    'aspectfit 64': lambda src, out: [binary, '-r', '4:3', '-w', '400', '--png-palette', '64', '--overwrite', '-o', out, src],
    'pngquant 256': lambda src, out: ['pngquant', '--force', '256', '--output', out, src],
    'pngquant 64': lambda src, out: ['pngquant', '--force', '64', '--output', out, src],
    'vips 256': lambda src, out: ['vips', 'copy', src, out + '[palette]'],
}

with tempfile.TemporaryDirectory() as work:
    rows, per_image = {t: [] for t in tools}, []
    for i, name in enumerate(images):
        reference = os.path.join(work, f'{i}-reference.png')
        subprocess.run([binary, '-r', '4:3', '-w', '400', '--png-depth', '8', '-o', reference, os.path.join(corpus, name)],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        line = {}
        for tool, command in tools.items():
            out = os.path.join(work, f'{i}-{tool.replace(" ", "-")}.png')
            seconds = fastest(command(reference, out))
            mode = Image.open(out).mode
            rows[tool].append((os.path.getsize(out), psnr(out, reference), seconds, mode))
            line[tool] = rows[tool][-1]
        per_image.append((name, line))
    print('| tool | bytes (20 images) | mean PSNR dB | worst PSNR dB | seconds (sum) | modes |')
    print('|---|---|---|---|---|---|')
    for tool, r in rows.items():
        psnrs = [p for _, p, _, _ in r]
        quality = ('exact | exact' if min(psnrs) == 99 else f'{np.mean([min(p, 60) for p in psnrs]):.2f} | {min(psnrs):.2f}')
        print(f'| {tool} | {sum(b for b, _, _, _ in r)} | {quality} | {sum(s for _, _, s, _ in r):.2f} | '
              f'{"/".join(sorted(set(m for *_, m in r)))} |')
    print()
    print('| image | truecolour bytes | aspectfit 256 bytes, dB | pngquant 256 bytes, dB | vips 256 bytes, dB |')
    print('|---|---|---|---|---|')
    for name, line in per_image:
        cells = [f'{line[t][0]}, {line[t][1]:.1f}' for t in ('aspectfit 256', 'pngquant 256', 'vips 256')]
        print(f'| {name} | {line["aspectfit truecolour"][0]} | ' + ' | '.join(cells) + ' |')
