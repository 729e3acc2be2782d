#!/usr/bin/env python3
"""tests/mutation/run.py [--only ID,ID] [-j N] [--list] - applies each mutant of tests/mutation/mutants.py alone to
the working tree, rebuilds the debug tree incrementally (only the suites the mutant's area needs), runs those
doctest suites, and prints which test cases failed (the mutant is caught) or SURVIVED. The file is restored
after each mutant (and on any exit), then the tree is rebuilt clean. Run by scripts/mutate.sh; needs a
configured and built debug tree (cmake --preset debug && cmake --build --preset debug). CPU heavy: run alone.
Writes build/mutation/report.tsv."""
import argparse
import os
import re
import signal
import subprocess
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))
sys.path.insert(0, os.path.dirname(__file__))
from mutants import MUTANTS  # noqa: E402

BUILD = os.path.join(ROOT, 'build', 'debug')
SUITES = {  # target -> binary under build/debug
    'smcalc_tests': 'tests/smcalc_tests',
    'smcalc_api_tests': 'tests/smcalc_api_tests',
    'smcalc_badinput_tests': 'tests/badinput/smcalc_badinput_tests',
    'smcalc_web_storage_tests': 'tests/smcalc_web_storage_tests',
}
AREAS = {
    'core': ['smcalc_tests', 'smcalc_api_tests'],
    'api': ['smcalc_api_tests', 'smcalc_tests'],
    'web': ['smcalc_badinput_tests', 'smcalc_web_storage_tests', 'smcalc_tests'],
    'all': list(SUITES),
}

restore = {}


def put_back():
    for path, text in restore.items():
        with open(path, 'w') as f:
            f.write(text)
    restore.clear()


def on_signal(signum, _frame):
    put_back()
    sys.exit(128 + signum)


def build(targets, jobs):
    r = subprocess.run(['cmake', '--build', BUILD, '-j', str(jobs), '--target', *targets],
                       cwd=ROOT, capture_output=True, text=True)
    return r.returncode == 0, r.stdout + r.stderr


def run_suite(target):
    """Failed test case names (or a crash line) of one doctest binary."""
    exe = os.path.join(BUILD, SUITES[target])
    r = subprocess.run([exe, '--no-intro', '--no-version'], cwd=ROOT, capture_output=True, text=True, timeout=1800)
    names = []
    # doctest's console blocks are separated by '=====' lines; a block with an ERROR (not a MESSAGE) is a failure.
    for block in re.split(r'^={20,}$', r.stdout, flags=re.M):
        m = re.search(r'^TEST CASE:\s+(.*)$', block, re.M)
        if m and re.search(r'(^|: )(ERROR|FATAL ERROR): ', block, re.M) and m.group(1) not in names:
            names.append(m.group(1))
    if r.returncode != 0 and not names:
        names.append(f'{target} exited {r.returncode}')
    return [f'{target}: {n}' for n in names]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--only', default='')
    ap.add_argument('-j', type=int, default=2)
    ap.add_argument('--list', action='store_true')
    args = ap.parse_args()
    chosen = [m for m in MUTANTS if not args.only or m['id'] in args.only.split(',')]
    if args.list:
        for m in chosen:
            print(f"{m['id']:28} {m['file']:28} {m['what']}")
        return 0
    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)
    os.makedirs(os.path.join(ROOT, 'build', 'mutation'), exist_ok=True)
    report = []
    try:
        for m in chosen:
            path = os.path.join(ROOT, m['file'])
            text = open(path).read()
            t0 = time.time()
            if text.count(m['old']) != 1:
                report.append((m, 'n/a', f"pattern found {text.count(m['old'])} times in {m['file']}", 0))
                print(f"{m['id']}: n/a (pattern found {text.count(m['old'])} times)", flush=True)
                continue
            restore[path] = text
            with open(path, 'w') as f:
                f.write(text.replace(m['old'], m['new']))
            targets = AREAS[m['suites']]
            ok, log = build(targets, args.j)
            if not ok:
                caught = ['the build failed: ' + next((l for l in log.splitlines() if 'error' in l), '?')[:200]]
            else:
                caught = []
                for t in targets:
                    caught += run_suite(t)
            put_back()
            status = 'caught' if caught else 'SURVIVED'
            secs = time.time() - t0
            report.append((m, status, '; '.join(caught), secs))
            shown = caught[:3] + ([f'(+{len(caught) - 3} more)'] if len(caught) > 3 else [])
            print(f"{m['id']}: {status} in {secs:.0f} s" + (' by ' + ' | '.join(shown) if caught else ''), flush=True)
    finally:
        put_back()
        print('rebuilding the unmutated tree ...', flush=True)
        build(list(SUITES), args.j)
    with open(os.path.join(ROOT, 'build', 'mutation', 'report.tsv'), 'w') as f:
        f.write('id\tfile\tvisible\tstatus\tcaught by\twhat\n')
        for m, status, by, _ in report:
            f.write(f"{m['id']}\t{m['file']}\t{m['visible']}\t{status}\t{by}\t{m['what']}\n")
    survived = [m['id'] for m, s, _, _ in report if s == 'SURVIVED']
    na = [m['id'] for m, s, _, _ in report if s == 'n/a']
    print(f"mutation: {len(report)} mutants, {sum(1 for r in report if r[1] == 'caught')} caught, "
          f"{len(survived)} survived{': ' + ', '.join(survived) if survived else ''}, {len(na)} n/a")
    return 1 if survived or na else 0


if __name__ == '__main__':
    sys.exit(main())
