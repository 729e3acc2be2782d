#!/usr/bin/env python3
"""Prints the product table of docs/sources.md from core/src/gpus.cpp (one line per row, in table order).

tests/unit-gpus.cpp checks the table in docs/sources.md against the compiled database, cell by cell; run
`python3 scripts/gpu-table.py` and paste its output between the markers after changing a row.
"""
import re
import sys
from pathlib import Path

src = (Path(__file__).resolve().parent.parent / "core/src/gpus.cpp").read_text()
body = src[src.index("constexpr GpuSpec kGpus[] = {"):src.index("// clang-format on")]


def cstring(text):
    """Concatenated C string literals -> Python string."""
    parts = re.findall(r'"((?:[^"\\]|\\.)*)"', text)
    return "".join(p.replace('\\"', '"') for p in parts)


def field(row, name):
    m = re.search(r"\." + name + r" = (.*?),\n        \.", row + "\n        .", re.S)
    return m.group(1).strip()


def num(v, unit_int=True):
    if v == "std::nullopt":
        return "unknown"
    f = float(v)
    return str(int(f)) if f.is_integer() else repr(f)


print("| GPU | also accepted | CC | SMs | L2 (bytes) | memory BW (GB/s) | boost clock (MHz) | sources |")
print("|---|---|---|---|---|---|---|---|")
for row in re.split(r"\n    \{\n", body)[1:]:
    name = cstring(field(row, "name"))
    aliases = cstring(field(row, "aliases")).replace("|", ", ")
    cc = re.search(r"\.device = on_cc\(\{(\d+), (\d+)\}, (\d+)\)", row)
    sms = int(cc.group(3))
    source = cstring(field(row, "source"))
    print(f"| {name} | {aliases or '-'} | {cc.group(1)}.{cc.group(2)} | {sms if sms else 'unknown'} | "
          f"{num(field(row, 'l2_bytes'))} | {num(field(row, 'mem_bw_gbs'))} | {num(field(row, 'boost_clock_mhz'))} | "
          f"{source.replace('|', '/')} |")
