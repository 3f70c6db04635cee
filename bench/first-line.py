#!/usr/bin/env python3
"""Times a command's first line of output and its whole run, as a person at
a terminal sees them: from spawning the process to the first newline on its
stdout, and to its exit.

  first-line.py --runs N -- COMMAND [ARGS...]

Prints `first_line_ms MEDIAN`, `total_ms MEDIAN` and `lines N` (of the last run).
"""
import argparse
import os
import statistics
import subprocess
import sys
import time


def once(command):
    started = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, bufsize=0)
    first = None
    lines = 0
    while True:
        chunk = process.stdout.read(1 << 16)
        if not chunk:
            break
        if first is None and b"\n" in chunk:
            first = time.perf_counter() - started
        lines += chunk.count(b"\n")
    process.wait()
    total = time.perf_counter() - started
    if process.returncode != 0:
        sys.exit(f"{command[0]} exited with status {process.returncode}")
    return (first if first is not None else total), total, lines


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--warmup", type=int, default=1)
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    for _ in range(args.warmup):
        once(command)
    results = [once(command) for _ in range(args.runs)]
    print("first_line_ms %.2f" % (statistics.median(r[0] for r in results) * 1000))
    print("total_ms %.2f" % (statistics.median(r[1] for r in results) * 1000))
    print("lines %d" % results[-1][2])


if __name__ == "__main__":
    main()
