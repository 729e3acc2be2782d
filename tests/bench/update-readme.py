#!/usr/bin/env python3
"""tests/bench/update-readme.py - rewrites README.md's performance section from a fresh benchmark run.

    update-readme.py README.md SECTION_FILE

Replaces everything between the lines `<!-- perf:begin -->` and `<!-- perf:end -->` with SECTION_FILE
(written by tests/bench/report.py --readme-section). The README is the lead's: nothing else in it is
touched, and without both markers nothing is written (exit 3, with a message saying where to put them).
"""
import sys

BEGIN, END = "<!-- perf:begin -->", "<!-- perf:end -->"


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    readme, section = sys.argv[1], sys.argv[2]
    with open(readme) as f:
        text = f.read()
    b, e = text.find(BEGIN), text.find(END)
    if b < 0 or e < 0 or e < b:
        print(f"update-readme: {readme} has no {BEGIN} ... {END} markers under '## Performance'; "
              "not updated (add them once, the benchmark then keeps the section current)")
        return 3
    with open(section) as f:
        body = f.read().strip("\n")
    new = text[: b + len(BEGIN)] + "\n" + body + "\n" + text[e:]
    if new != text:
        with open(readme, "w") as f:
            f.write(new)
        print(f"update-readme: {readme} performance section rewritten")
    else:
        print(f"update-readme: {readme} performance section already current")
    return 0


if __name__ == "__main__":
    sys.exit(main())
