#!/usr/bin/env bash
# tests/cli/badinput.sh SMCALC PART - the CLI side of docs/bad-inputs.md, read from the doc itself:
#   flags  every row of the "CLI flags" table: the command's exit status and its exact stderr (or a stdout line)
#   batch  every row of the batch-line tables (batch lines, custom devices, tile inputs) sent as ONE stream to
#          `smcalc batch`: one answer line per input line, in order, each with the row's documented answer
# Run by ctest from the repository root (tests/badinput/CMakeLists.txt). Prints one line per failing row.
set -u
SMCALC=$1
PART=$2
exec python3 - "$SMCALC" "$PART" docs/bad-inputs.md <<'PY'
import json, re, shlex, subprocess, sys

smcalc, part, doc = sys.argv[1], sys.argv[2], sys.argv[3]

def tables(name):
    rows, on, n, lineno = [], False, 0, 0
    for lineno, text in enumerate(open(doc, encoding='utf-8'), 1):
        text = text.rstrip('\n')
        if text.startswith('<!-- check: '):
            on, n = text == f'<!-- check: {name} -->', 0
            continue
        if not on:
            continue
        if not text.startswith('|'):
            if n:
                on = False
            continue
        n += 1
        if n <= 2:
            continue
        cells, cell, i = [], '', 1
        while i < len(text):
            if text.startswith('\\|', i):
                cell += '|'; i += 2; continue
            if text[i] == '|':
                cells.append(cell.strip()); cell = ''
            else:
                cell += text[i]
            i += 1
        rows.append((lineno, cells))
    return rows

def code(cell):
    prefix = cell.endswith('…')
    if prefix:
        cell = cell[:-1]
    if len(cell) >= 2 and cell[0] == '`' and cell[-1] == '`':
        cell = cell[1:-1]
    return cell, prefix

def expand(s):
    out, i = b'', 0
    while i < len(s):
        if s.startswith('$(empty)', i):
            i += 8; continue
        m = re.match(r'\$\(repeat (\d+) ([^)]*)\)', s[i:])
        if m:
            out += m.group(2).encode() * int(m.group(1)); i += m.end(); continue
        m = re.match(r'\\x([0-9a-fA-F]{2})', s[i:])
        if m:
            out += bytes([int(m.group(1), 16)]); i += 4; continue
        out += s[i].encode(); i += 1
    return out

failures, checked = [], 0

def fail(lineno, case, what):
    failures.append(f'docs/bad-inputs.md:{lineno} ({case}): {what}')

if part == 'flags':
    rows = tables('cli')
    if len(rows) < 30:
        fail(0, 'table', f'only {len(rows)} CLI rows found')
    for lineno, c in rows:
        checked += 1
        args = shlex.split(code(c[2])[0])
        p = subprocess.run([smcalc] + args[1:], capture_output=True)
        if str(p.returncode) != c[3]:
            fail(lineno, c[1], f'exit {p.returncode}, doc says {c[3]}; stderr: {p.stderr.decode()[:200]}')
            continue
        if p.returncode == 0:
            # "stdout has `X`", or "stdout has `X`; stderr has `Y`" for an answer with a warning.
            out_cell, _, err_cell = c[4].partition('; stderr has ')
            want = code(out_cell.removeprefix('stdout has ').strip())[0]
            if want not in p.stdout.decode():
                fail(lineno, c[1], f'stdout lacks {want!r}')
            if err_cell:
                want_err = code(err_cell.strip())[0]
                if want_err not in p.stderr.decode():
                    fail(lineno, c[1], f'stderr lacks {want_err!r}: {p.stderr.decode()[:200]!r}')
            elif p.stderr:
                fail(lineno, c[1], f'unexpected stderr {p.stderr.decode()[:200]!r}')
            continue
        got = p.stderr.decode().rstrip('\n').split('\n')
        want = [code(x) for x in c[4].split('<br>')]
        if len(want) == 1 and want[0][1]:
            if not got[0].startswith(want[0][0]):
                fail(lineno, c[1], f'stderr\n    doc:    {want[0][0]}…\n    answer: {got[0]}')
        elif [w for w, _ in want] != got:
            fail(lineno, c[1], f'stderr\n    doc:    {[w for w, _ in want]}\n    answer: {got}')
elif part == 'batch':
    rows = tables('batch')
    if len(rows) < 100:
        fail(0, 'table', f'only {len(rows)} batch rows found')
    stream = b'\n'.join(expand(code(c[2])[0]) for _, c in rows) + b'\n'
    p = subprocess.run([smcalc, 'batch'], input=stream, capture_output=True)
    answers = p.stdout.decode('utf-8').split('\n')[:-1]
    if p.returncode != 0 or len(answers) != len(rows):
        fail(0, 'stream', f'exit {p.returncode}, {len(answers)} answers for {len(rows)} lines')
    for (lineno, c), line in zip(rows, answers):
        checked += 1
        a = json.loads(line)
        want_id, field, (want, prefix) = code(c[3])[0], code(c[4])[0], code(c[5])
        err = a.get('error')
        if want_id == 'ok' and err:
            fail(lineno, c[1], f'error {err}'); continue
        if want_id != 'ok' and (not err or err['id'] != want_id):
            fail(lineno, c[1], f'answer {line[:200]}'); continue
        if field.startswith('/'):
            v = a
            for k in field.strip('/').split('/'):
                v = v[int(k)] if isinstance(v, list) else v.get(k, '<absent>')
            if v != json.loads(want):
                fail(lineno, c[1], f'{field} is {v!r}, doc says {want}')
            continue
        if err['field'] != field:
            fail(lineno, c[1], f'field {err["field"]!r}, doc says {field!r}')
        if (not err['message'].startswith(want)) if prefix else err['message'] != want:
            fail(lineno, c[1], f'message\n    doc:    {want}\n    answer: {err["message"]}')
else:
    fail(0, part, 'unknown part (flags or batch)')

for f in failures:
    print('FAIL', f)
print(f'{part}: {checked} rows checked, {len(failures)} failed')
sys.exit(1 if failures else 0)
PY
