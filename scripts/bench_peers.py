#!/usr/bin/env python3
"""Times the median peers on the same image xrayprep benchmarks: SciPy's
ndimage.median_filter (uint16, exact) and OpenCV's medianBlur (8-bit: the only depth it
supports for windows above 5). Usage: bench_peers.py IMAGE16.png [--size 19] [--repeat 3]
[--no-scipy]. Prints one line per measurement (minimum and median of the runs)."""
import argparse
import statistics
import time

import cv2
import numpy as np
from scipy import ndimage


def timed(fn, repeat):
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times), statistics.median(times)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("image")
    ap.add_argument("--size", type=int, default=19)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--no-scipy", action="store_true")
    args = ap.parse_args()
    img16 = cv2.imread(args.image, cv2.IMREAD_UNCHANGED)
    assert img16 is not None and img16.dtype == np.uint16, "expected a 16-bit grayscale PNG"
    img8 = (img16 >> 4).astype(np.uint8)  # 12-bit data quantised to 8 bits for OpenCV
    h, w = img16.shape
    print(f"image {w}x{h}, window {args.size}x{args.size}")
    for threads in (1, 2):
        cv2.setNumThreads(threads)
        best, med = timed(lambda: cv2.medianBlur(img8, args.size), args.repeat)
        print(f"opencv medianBlur 8-bit, {threads} thread(s): min {best*1000:.1f} ms, median {med*1000:.1f} ms")
    if not args.no_scipy:
        best, med = timed(lambda: ndimage.median_filter(img16, size=args.size, mode="nearest"), 1)
        print(f"scipy ndimage.median_filter uint16 (1 thread): {best*1000:.0f} ms")


if __name__ == "__main__":
    main()
