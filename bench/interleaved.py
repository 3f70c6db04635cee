#!/usr/bin/env python3
"""Times commands in turn and prints each one's median wall and CPU time.

  interleaved.py --runs N [--warmup W] -- 'COMMAND 1' 'COMMAND 2' ...

Each COMMAND is one argument, split as a shell would split it (and run
without a shell). The commands
take turns, run after run: on a shared machine the load drifts over minutes,
and taking turns gives each the same share of it. Prints one line per
command, in order: `median_wall_ms median_cpu_ms` (CPU is user + system of
the process and its children, from getrusage). stdout and stderr of the
commands are discarded.
"""
import argparse
import resource
import shlex
import statistics
import subprocess
import sys
import time


def main():
    if "--" not in sys.argv:
        sys.exit("Error: interleaved.py: no command (give -- COMMAND)")
    cut = sys.argv.index("--")
    options = argparse.ArgumentParser()
    options.add_argument("--runs", type=int, default=20)
    options.add_argument("--warmup", type=int, default=2)
    args = options.parse_args(sys.argv[1:cut])
    commands = [shlex.split(command) for command in sys.argv[cut + 1:]]
    samples = [([], []) for _ in commands]
    for turn in range(args.warmup + args.runs):
        for (wall, cpu), command in zip(samples, commands):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            started = time.perf_counter()
            subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            elapsed = (time.perf_counter() - started) * 1000
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            if turn >= args.warmup:
                wall.append(elapsed)
                cpu.append((after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000)
    for wall, cpu in samples:
        print("%.2f %.2f" % (statistics.median(wall), statistics.median(cpu)))


if __name__ == "__main__":
    main()
