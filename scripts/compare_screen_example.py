#!/usr/bin/env python3
"""Checks that a binding's screen example lays out what the C example lays out.

examples/c/screen_example.c prints a table of frames for each of three layouts (portrait,
landscape, right-to-left), from the line "Portrait, 375 x 667:" on. Every binding's example
(examples/cpp, examples/rust, examples/go, examples/lua) builds the same screen in its own
language and prints the same tables. This script runs both programs and compares those tables
line for line, so a binding that drifts from the C ABI's results (or an example that stops
printing them) fails its suite.

    compare_screen_example.py --reference .build/c/examples/screen_example -- CMD [ARG ...]

Exit status: 0 when both programs succeed and their tables are identical, 1 otherwise (with a
diff of the tables), 2 for bad arguments.
"""

import argparse
import difflib
import subprocess
import sys

FIRST_LINE = "Portrait, 375 x 667:"
TABLE_COUNT = 3


def frame_tables(output: str) -> list[str]:
    """The lines of the three frame tables: from FIRST_LINE through the third table's blank line.

    Each table is a title line, a header line and one line per view, ended by a blank line."""
    lines = output.splitlines()
    try:
        start = lines.index(FIRST_LINE)
    except ValueError:
        return []
    tables, blanks = [], 0
    for line in lines[start:]:
        tables.append(line.rstrip())
        if not line.strip():
            blanks += 1
            if blanks == TABLE_COUNT:
                break
    return tables


def run(command: list[str]) -> tuple[int, str]:
    completed = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if completed.returncode != 0:
        sys.stderr.write(completed.stderr)
    return completed.returncode, completed.stdout


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reference", required=True, help="the C example's executable")
    parser.add_argument("command", nargs="+", help="the binding's example and its arguments")
    args = parser.parse_args()

    reference_status, reference_output = run([args.reference])
    example_status, example_output = run(args.command)
    name = " ".join(args.command)
    if reference_status != 0:
        print(f"compare_screen_example: {args.reference} exited with {reference_status}")
        return 1
    if example_status != 0:
        print(f"compare_screen_example: {name} exited with {example_status}")
        return 1

    expected, actual = frame_tables(reference_output), frame_tables(example_output)
    if not expected:
        print(f"compare_screen_example: {args.reference} printed no '{FIRST_LINE}' table")
        return 1
    if actual != expected:
        print(f"compare_screen_example: {name} prints other frames than {args.reference}:")
        sys.stdout.writelines(
            line + "\n"
            for line in difflib.unified_diff(expected, actual, "C example", name, lineterm="")
        )
        return 1
    print(f"compare_screen_example: {name} prints the C example's {len(expected)} lines of frames")
    return 0


if __name__ == "__main__":
    sys.exit(main())
