// tests/wasm-eq/doc-table.mjs - reads the checked tables of docs/bad-inputs.md (rows after `<!-- check: NAME -->`),
// with the page's conventions: code spans, `\|`, a trailing … for a prefix, and the input macros $(empty),
// $(repeat N TEXT), \xNN (the same reader as tests/badinput/doc_table.hpp and tests/cli/badinput.sh).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const docPath = path.join(root, 'docs/bad-inputs.md');

export function rows(name) {
  const out = [];
  let on = false, n = 0;
  fs.readFileSync(docPath, 'utf8').split('\n').forEach((text, i) => {
    if (text.startsWith('<!-- check: ')) { on = text === `<!-- check: ${name} -->`; n = 0; return; }
    if (!on) return;
    if (!text.startsWith('|')) { if (n) on = false; return; }
    if (++n <= 2) return;
    const cells = [];
    let cell = '';
    for (let j = 1; j < text.length; ++j) {
      if (text.startsWith('\\|', j)) { cell += '|'; ++j; continue; }
      if (text[j] === '|') { cells.push(cell.trim()); cell = ''; } else cell += text[j];
    }
    out.push({ line: i + 1, cells });
  });
  return out;
}

export function code(cell) {
  let prefix = false;
  if (cell.endsWith('…')) { prefix = true; cell = cell.slice(0, -1); }
  if (cell.length >= 2 && cell.startsWith('`') && cell.endsWith('`')) cell = cell.slice(1, -1);
  return { text: cell, prefix };
}

// The input macros, to a Buffer (a line may hold raw bytes).
export function expand(s) {
  const parts = [];
  for (let i = 0; i < s.length;) {
    if (s.startsWith('$(empty)', i)) { i += 8; continue; }
    const rep = /^\$\(repeat (\d+) ([^)]*)\)/.exec(s.slice(i, i + 64));
    if (rep) { parts.push(Buffer.from(rep[2].repeat(Number(rep[1])))); i += rep[0].length; continue; }
    const hex = /^\\x([0-9a-fA-F]{2})/.exec(s.slice(i, i + 4));
    if (hex) { parts.push(Buffer.from([parseInt(hex[1], 16)])); i += 4; continue; }
    const cp = s.codePointAt(i);
    const ch = String.fromCodePoint(cp);
    parts.push(Buffer.from(ch));
    i += ch.length;
  }
  return Buffer.concat(parts);
}
