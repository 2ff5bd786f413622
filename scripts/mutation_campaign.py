#!/usr/bin/env python3
"""Mutation campaign (issue 14): damaged copies of real DICOM files run through
`xrayprep-cli run ... --export all`, one process each, to find crashes, hangs and memory blow-ups.

Usage: scripts/mutation_campaign.py CLI WORKDIR [--count N] [--seed S] [--jobs J]
  CLI      the xrayprep-cli binary
  WORKDIR  a scratch folder outside the repository (mutants and outputs go there; reset)
Sources: every file of ../shared/data/dicom (its MANIFEST) and ../shared/data/xray-foot, taken in
turn. Mutations (seeded, reproducible): header bytes overwritten, random bytes anywhere, a
truncation, an element's length or a dimension (Rows, Columns, BitsStored) set to an extreme,
a chunk duplicated or deleted, bytes appended, a fragment's length changed.
A run counts as a crash when it ends by a signal, a hang when it passes 60 s, too large when its
peak resident memory (ru_maxrss of the child) passes 1 GiB. Exit codes 0-3 are all fine.
Prints a summary and writes WORKDIR/summary.json; reproducers of findings stay in WORKDIR/findings.
"""
import argparse, json, os, random, shutil, signal, struct, subprocess, sys, time
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.path.normpath(os.path.join(HERE, '..', '..', 'shared', 'data'))
TIMEOUT_S = 60
RSS_LIMIT_KIB = 1 << 20  # 1 GiB

TAGS = {  # explicit little-endian (group, element) of fields worth bending
    'Rows': (0x0028, 0x0010), 'Columns': (0x0028, 0x0011), 'BitsStored': (0x0028, 0x0101),
    'BitsAllocated': (0x0028, 0x0100), 'SamplesPerPixel': (0x0028, 0x0002),
    'NumberOfFrames': (0x0028, 0x0008), 'PixelSpacing': (0x0028, 0x0030),
}

def sources():
    files = []
    manifest = os.path.join(SHARED, 'dicom', 'MANIFEST.tsv')
    with open(manifest) as f:
        next(f)
        for line in f:
            path = os.path.join(SHARED, 'dicom', line.split('\t')[0])
            if os.path.isfile(path) and os.path.getsize(path) < 64 << 20:
                files.append(path)
    foot = os.path.join(SHARED, 'xray-foot')
    files += sorted(os.path.join(foot, n) for n in os.listdir(foot) if n.endswith('.dcm'))
    return files

def find_tag(data, group, element):
    return data.find(struct.pack('<HH', group, element), 132)

def mutate(data, rng):
    b = bytearray(data)
    kind = rng.randrange(9)
    if kind == 0:  # header bytes
        for _ in range(rng.randint(1, 16)):
            b[rng.randrange(min(len(b), 4096))] = rng.randrange(256)
    elif kind == 1:  # anywhere
        for _ in range(rng.randint(1, 64)):
            b[rng.randrange(len(b))] = rng.randrange(256)
    elif kind == 2:  # truncation
        del b[rng.randrange(len(b)):]
    elif kind == 3:  # a dimension to an extreme
        name = rng.choice(list(TAGS))
        at = find_tag(b, *TAGS[name])
        if at >= 0 and at + 10 <= len(b):
            value = rng.choice([0, 1, 2, 255, 4096, 32767, 32768, 65535])
            b[at + 8:at + 10] = struct.pack('<H', value)
        else:
            b[rng.randrange(len(b))] ^= 0xFF
    elif kind == 4:  # an element length
        at = rng.randrange(132, max(133, min(len(b) - 8, 8192)))
        b[at:at + 4] = struct.pack('<I', rng.choice([0, 1, 0xFFFF, 0x7FFFFFFF, 0xFFFFFFFF, 0xFFFFFFFE]))
    elif kind == 5:  # duplicate a chunk
        start = rng.randrange(len(b))
        chunk = b[start:start + rng.randint(8, 4096)]
        at = rng.randrange(len(b))
        b[at:at] = chunk * rng.randint(1, 64)
    elif kind == 6:  # delete a chunk
        start = rng.randrange(len(b))
        del b[start:start + rng.randint(1, 4096)]
    elif kind == 7:  # append junk or zeros
        b += bytes(rng.randrange(256) for _ in range(rng.randint(1, 4096))) if rng.random() < 0.5 \
            else bytes(rng.randint(1, 8) << 20)
    else:  # the pixel data element's length or an item length
        at = b.rfind(b'\xe0\x7f\x10\x00')
        if at < 0:
            at = b.find(b'\xfe\xff\x00\xe0', 132)
        if at >= 0:
            off = at + (8 if b[at + 4:at + 6] in (b'OB', b'OW') else 4)
            b[off:off + 4] = struct.pack('<I', rng.choice([0, 2, 0x100000, 0x7FFFFFFE, 0xFFFFFFFF]))
    return bytes(b)

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('cli'); ap.add_argument('workdir')
    ap.add_argument('--count', type=int, default=520); ap.add_argument('--seed', type=int, default=14)
    ap.add_argument('--jobs', type=int, default=1)
    a = ap.parse_args()
    shutil.rmtree(a.workdir, ignore_errors=True)
    os.makedirs(os.path.join(a.workdir, 'findings'))
    files = sources()
    rng = random.Random(a.seed)
    jobs = []
    for i in range(a.count):
        src = files[i % len(files)]
        data = open(src, 'rb').read()
        mutant = os.path.join(a.workdir, f'm{i:04d}.dcm')
        with open(mutant, 'wb') as f:
            f.write(mutate(data, rng))
        jobs.append((i, src, mutant))

    results = []
    # Each child is measured alone with os.wait4 (RUSAGE_CHILDREN would give the maximum over all).
    with ThreadPoolExecutor(a.jobs) as pool:
        for r in pool.map(lambda j: measured(a.cli, a.workdir, j), jobs):
            results.append(r)
            if len(results) % 50 == 0:
                print(f'{len(results)}/{len(jobs)}', file=sys.stderr, flush=True)
    crashes = [r for r in results if r['signal'] and not r['hung']]
    hangs = [r for r in results if r['hung']]
    large = [r for r in results if r['peakKiB'] > RSS_LIMIT_KIB]
    for r in crashes + hangs + large:
        shutil.copy(r['mutant'], os.path.join(a.workdir, 'findings'))
    codes = {}
    for r in results:
        codes[str(r['exit'])] = codes.get(str(r['exit']), 0) + 1
    summary = {
        'mutants': len(results), 'sources': len(files), 'crashes': len(crashes),
        'hangs': len(hangs), 'over1GiB': len(large), 'exitCodes': codes,
        'maxPeakMiB': round(max(r['peakKiB'] for r in results) / 1024, 1),
        'maxSeconds': round(max(r['seconds'] for r in results), 2),
        'totalSeconds': round(sum(r['seconds'] for r in results), 1),
        'worst': sorted(results, key=lambda r: -r['peakKiB'])[:3],
        'slowest': sorted(results, key=lambda r: -r['seconds'])[:3],
    }
    json.dump({'summary': summary, 'results': results}, open(os.path.join(a.workdir, 'summary.json'), 'w'), indent=1)
    print(json.dumps(summary, indent=1))
    return 1 if crashes or hangs or large else 0

def measured(cli, workdir, job):
    i, src, mutant = job
    out = os.path.join(workdir, f'o{i:04d}')
    start = time.monotonic()
    proc = subprocess.Popen([cli, 'run', mutant, '--out', out, '--export', 'all'],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    hung = False
    deadline = start + TIMEOUT_S
    while True:
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            break
        if time.monotonic() > deadline:
            hung = True
            os.killpg(proc.pid, signal.SIGKILL)
            pid, status, usage = os.wait4(proc.pid, 0)
            break
        time.sleep(0.02)
    proc.returncode = os.waitstatus_to_exitcode(status)
    shutil.rmtree(out, ignore_errors=True)
    return {'index': i, 'source': os.path.relpath(src, SHARED), 'mutant': mutant,
            'exit': proc.returncode if proc.returncode >= 0 else None,
            'signal': -proc.returncode if proc.returncode < 0 else 0, 'hung': hung,
            'seconds': round(time.monotonic() - start, 3), 'peakKiB': usage.ru_maxrss}

if __name__ == '__main__':
    sys.exit(main())
