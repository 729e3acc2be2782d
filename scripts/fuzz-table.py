#!/usr/bin/env python3
"""scripts/fuzz-table.py - the "Long runs" table of docs/bad-inputs.md, built from libFuzzer's own logs.

  python3 scripts/fuzz-table.py [--commit C] TARGET=RUN[,RUN...] ...

Each argument is one target (api_line, tile, ...) and its run logs in order: RUN is one log, or several logs
joined with '+' for processes that ran side by side on one corpus (they share the wall time). For each run the
figures are libFuzzer's final stats (`stat::number_of_executed_units`, `stat::peak_rss_mb`, `Done N runs in S
second(s)`); a log without them (the process was killed, e.g. by a restart of the machine) counts its last
status line `#N ... exec/s: E` and N / E seconds (the row does not mark it: say so beside the table). A run
stopped with SIGINT has final stats but no `Done` line: its seconds are N / the last status line's exec/s
(libFuzzer's own average since the start).
"crashes" counts the crash, leak, timeout and out-of-memory artifacts a log reports ("Test unit written to" any
artifact but slow-unit-*); slow units are listed apart, as they are not findings by themselves.
Coverage, corpus and RSS are those at the end of the last run.

Example (the logs the runs of 2026-11-23/24 wrote, in build/fuzz/logs/ of the fuzz worktree):
  python3 scripts/fuzz-table.py --commit 1802dd1 \
    api_line=fuzz_api_line.run1.log,fuzz_api_line.run2a.log+fuzz_api_line.run2b.log \
    tile=fuzz_tile.2316.log ...
"""
import argparse
import os
import re
import subprocess
import sys

STATUS = re.compile(r'^#(\d+)\s+\w+\s+cov: (\d+) ft: (\d+) corp: (\d+)/\S+ .*?exec/s: (\d+) rss: (\d+)Mb', re.M)


def read_log(path):
    """One process's figures: executions, seconds, crashes, slow units, peak RSS, last coverage."""
    text = open(path, errors='replace').read()
    status = STATUS.findall(text)
    if not status:
        sys.exit(f'{path}: no libFuzzer status line (#N ... cov: ... exec/s: ...)')
    last = status[-1]
    final = re.findall(r'^stat::number_of_executed_units: (\d+)$', text, re.M)
    done = re.findall(r'^Done (\d+) runs in (\d+) second\(s\)$', text, re.M)
    rss = re.findall(r'^stat::peak_rss_mb:\s+(\d+)$', text, re.M)
    written = re.findall(r'Test unit written to (\S+)', text)
    run = {
        'execs': int(final[-1]) if final else int(last[0]),
        'rss': int(rss[-1]) if rss else int(last[5]),
        'cov': (int(last[1]), int(last[2]), int(last[3])),
        'crashes': sum(1 for w in written if not os.path.basename(w).startswith('slow-unit-')),
        'slow': sum(1 for w in written if os.path.basename(w).startswith('slow-unit-')),
    }
    if done:
        run['secs'] = int(done[-1][1])
    else:  # killed or interrupted: libFuzzer's exec/s is executions / seconds since its start
        run['secs'] = round(run['execs'] / max(1, int(last[4])))
    return run


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--commit', help='the commit the runs were built from (default: HEAD)')
    ap.add_argument('--logs', default='.', help='folder the log names are relative to')
    ap.add_argument('--total', action='store_true',
                    help='end with "fuzz: N executions, C crashes", as scripts/fuzz.sh does (scripts/test.sh compares them)')
    ap.add_argument('targets', nargs='+', metavar='TARGET=RUN[,RUN...]')
    args = ap.parse_args()
    commit = args.commit or subprocess.run(['git', 'rev-parse', '--short', 'HEAD'], capture_output=True,
                                           text=True).stdout.strip()
    print('| target | executions | crashes, leaks, timeouts, OOMs | time | executions/s |'
          ' coverage at the end (edges / features) | corpus units at the end | peak RSS | commit |')
    print('|---|---|---|---|---|---|---|---|---|')
    total_execs = total_crashes = 0
    for spec in args.targets:
        target, _, runs = spec.partition('=')
        if not runs:
            sys.exit(f'{spec}: expected TARGET=LOG[,LOG...]')
        parts = []  # per run, its processes together
        for run in runs.split(','):
            procs = [read_log(os.path.join(args.logs, p)) for p in run.split('+')]
            parts.append({
                'execs': sum(p['execs'] for p in procs),
                'secs': max(p['secs'] for p in procs),  # side by side: the wall time is the longest
                'crashes': sum(p['crashes'] for p in procs),
                'slow': sum(p['slow'] for p in procs),
                'rss': max(p['rss'] for p in procs),
                'cov': max(p['cov'] for p in procs),
                'procs': len(procs),
            })
        execs = sum(p['execs'] for p in parts)
        secs = sum(p['secs'] for p in parts)
        crashes = sum(p['crashes'] for p in parts)
        slow = sum(p['slow'] for p in parts)
        execs_cell = f'{execs:,}'
        if len(parts) > 1:
            execs_cell += ' (' + ' + '.join(f'{p["execs"]:,} in run {i + 1}' +
                                            (f' by {p["procs"]} processes' if p['procs'] > 1 else '')
                                            for i, p in enumerate(parts)) + ')'
        crash_cell = f'{crashes}' + (f' ({slow} slow-unit report{"s" if slow > 1 else ""}, below)' if slow else '')
        total_execs += execs
        total_crashes += crashes
        h, m = divmod(round(secs / 60), 60)
        cov = parts[-1]['cov']
        print(f'| `fuzz_{target}` | {execs_cell} | {crash_cell} | {h} h {m:02d} min | {round(execs / max(1, secs)):,} |'
              f' {cov[0]} / {cov[1]} | {cov[2]} | {max(p["rss"] for p in parts)} MB | `{commit}` |')
    if args.total:
        print(f'fuzz: {total_execs} executions, {total_crashes} crashes')


if __name__ == '__main__':
    main()
