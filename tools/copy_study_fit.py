#!/usr/bin/env python3
"""copy_study_fit.py — the fit behind the gfx900 [FIT004] parameters
(emu/arch/emu_profile.c): the RX Vega 64 copy study's 704 measurements
(seed document 004_18b2dddb33536aee.txt; asm/copy/study_vega64.csv, the
study's log results/published/004_copy_log.txt as CSV: tests/e2e/published.t
holds the two equal) as time per dispatch t = a / f_SCLK + b, per
kernel over all 32 clock states (least squares), then what a and b say:

  b            the per-dispatch gap on no clock (the study's host-timed
               method: packet processing, markers), the same for every
               kernel that is not latency-bound on a clock-free part;
  a / instr    SCLK cycles per dwordx4 instruction of the bandwidth-bound
               asm rows (1 MiB read + 1 MiB written = 2048 instructions);
  a / step     SCLK cycles per work-group step (1 MiB / (wi x 16 B) steps):
               latency-bound rows take a fixed number of round trips per
               step (asm unroll 2 at 256 work-items: half a round trip;
               HIP: a load and a store round trip).

Usage: tools/copy_study_fit.py [asm/copy/study_vega64.csv]
"""
import csv
import sys
from collections import defaultdict

MIB = 1 << 20


def fit(xs, ys):
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mx) ** 2 for x in xs)
    a = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sxx
    return a, my - a * mx


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else 'asm/copy/study_vega64.csv'
    pts = defaultdict(list)
    mclk_spread = defaultdict(lambda: defaultdict(list))
    with open(path, newline='') as f:
        for r in csv.DictReader(f):
            us = 2 * MIB / float(r['gbps']) / 1e3          # µs per dispatch
            pts[r['kernel']].append((1.0 / float(r['sclk_mhz']), us))
            mclk_spread[r['kernel']][r['sclk_mhz']].append(float(r['gbps']))
    print(f"{'kernel':26s} {'a (kcyc)':>9s} {'b (us)':>7s} {'cyc/instr':>9s} "
          f"{'cyc/step':>8s} {'max err':>7s} {'mclk spread':>11s}")
    gaps = []
    for k, p in pts.items():
        a, b = fit([x for x, _ in p], [y for _, y in p])   # a in µs·MHz = cycles
        err = max(abs((a * x + b) / y - 1) for x, y in p)
        wi = int(k.split('_')[4])
        steps = MIB // (wi * 16)
        spread = max(max(v) / min(v) - 1 for v in mclk_spread[k].values())
        print(f"{k:26s} {a / 1e3:9.1f} {b:7.1f} {a / 2048:9.1f} {a / steps:8.0f} "
              f"{err * 100:6.1f}% {spread * 100:10.1f}%")
        if not k.endswith('_hip') and '_2_' not in k:
            gaps.append(b)
    print(f"\nbandwidth-bound asm rows: gap b = {min(gaps):.1f} .. {max(gaps):.1f} us "
          f"(mean {sum(gaps) / len(gaps):.1f})")


if __name__ == '__main__':
    main()
