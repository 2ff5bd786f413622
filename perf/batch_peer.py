#!/usr/bin/env python3
"""The peer of the batch benchmark: the pipeline a researcher would write in Python from
Debian packages, run over the same files as xrayprep. Per file: pydicom reads the frame
(python3-gdcm decodes the compressed transfer syntaxes), MONOCHROME1 is inverted, the data is
quantised to 8 bits (OpenCV's medianBlur takes only 8-bit data for windows above 5), then
OpenCV medianBlur (the same 2 mm window as xrayprep's default, from the pixel spacing), an
Otsu threshold, a Sobel gradient magnitude, scikit-image's chan_vese (its defaults) on a
working grid of at most 1000 px a side (xrayprep's active contour also works on a reduced
grid; chan_vese on full-size films takes minutes each), the mask brought back to full size and
written as mask.png, with final.png (the input where the mask is set), like `xrayprep-cli run`.

Files run in parallel over --jobs worker processes (default: the CPU count), as xrayprep's run
does. Prints one line per file and a summary line; exit 0 even when some files fail (they are
named and counted).

    batch_peer.py --out DIR [--jobs N] FILE...
"""

import argparse
import math
import multiprocessing
import os
import sys
import time

import cv2
import numpy as np
import pydicom
from skimage.segmentation import chan_vese


def spacing_mm(ds, shape):
    for tag in ("PixelSpacing", "ImagerPixelSpacing"):
        value = getattr(ds, tag, None)
        if value is not None and len(value) >= 1 and float(value[0]) > 0:
            return float(value[0])
    return 300.0 / max(shape)  # as xrayprep assumes without a spacing


def process(path, out_root):
    start = time.perf_counter()
    ds = pydicom.dcmread(path, force=True)  # files without the preamble exist
    if "TransferSyntaxUID" not in ds.file_meta:  # ... and without file meta: the default one
        ds.file_meta.TransferSyntaxUID = pydicom.uid.ImplicitVRLittleEndian
    pixels = ds.pixel_array
    if pixels.ndim == 3:  # a multi-frame file: its first frame, as xrayprep's default
        pixels = pixels[0]
    pixels = pixels.astype(np.uint16)
    bits = int(getattr(ds, "BitsStored", 16))
    if getattr(ds, "PhotometricInterpretation", "") == "MONOCHROME1":
        pixels = (1 << bits) - 1 - np.minimum(pixels, (1 << bits) - 1)
    img8 = (pixels >> max(0, bits - 8)).astype(np.uint8)
    k = int(round(2.0 / spacing_mm(ds, img8.shape)))
    k = min(101, max(3, k | 1))
    median = cv2.medianBlur(img8, k)
    _, otsu = cv2.threshold(median, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    gx = cv2.Sobel(median, cv2.CV_32F, 1, 0)
    gy = cv2.Sobel(median, cv2.CV_32F, 0, 1)
    edges = cv2.magnitude(gx, gy)
    factor = max(1, math.ceil(max(img8.shape) / 1000))
    h, w = img8.shape
    small = cv2.resize(median, (max(1, w // factor), max(1, h // factor)),
                       interpolation=cv2.INTER_AREA).astype(np.float64) / 255.0
    segmented = chan_vese(small)
    mask = cv2.resize(segmented.astype(np.uint8), (w, h), interpolation=cv2.INTER_NEAREST)
    name = os.path.splitext(os.path.basename(path))[0]
    folder = os.path.join(out_root, name)
    os.makedirs(folder, exist_ok=True)
    cv2.imwrite(os.path.join(folder, "mask.png"), mask * 255)
    cv2.imwrite(os.path.join(folder, "final.png"), np.where(mask > 0, pixels, 0).astype(np.uint16))
    del otsu, edges
    return time.perf_counter() - start


def run_one(args):
    path, out_root = args
    cv2.setNumThreads(1)  # one file per process; the processes use the cores
    try:
        return path, process(path, out_root), None
    except Exception as e:  # noqa: BLE001 - a failing file is reported, the batch goes on
        return path, None, f"{type(e).__name__}: {e}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--jobs", type=int, default=os.cpu_count())
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()
    start = time.perf_counter()
    ok = 0
    with multiprocessing.Pool(args.jobs) as pool:
        for path, seconds, error in pool.imap_unordered(run_one, [(f, args.out) for f in args.files]):
            if error is None:
                ok += 1
                print(f"peer ok     {os.path.basename(path)} ({seconds:.2f} s)")
            else:
                print(f"peer failed {os.path.basename(path)}: {error[:150]}")
    wall = time.perf_counter() - start
    print(f"peer: {ok} of {len(args.files)} files in {wall:.1f} s wall with {args.jobs} "
          f"processes: {60.0 * ok / wall:.1f} images/min")


if __name__ == "__main__":
    sys.exit(main())
