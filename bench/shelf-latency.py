#!/usr/bin/env python3
"""Measures `ibook shelf` the way a person sees it: over a pseudo-terminal, in
kitty graphics mode.

  shelf-latency.py --ibook BIN --library LIB [--sessions N] [--moves K] [--covers DIR]

Each session spawns `ibook shelf --graphics kitty` on a pty of 120×40 cells
and 1200×800 pixels, TERM=xterm-kitty, and times:

  open   spawn → the end of the last cover image of the first screen (the
         output is read until it has been quiet for 0.5 s after the status
         line first names the selected book);
  move   `l` (then `h`, alternately) → the status line naming the newly
         selected book, and the screen quiet again (the frame redrawn);

and reads the process's peak RSS (VmHWM) before `q`; the exit status must be 0.
With --covers (the thumbnail folder), it then removes every cached cover before
each of as many sessions again and times

  cold   spawn → the last of the first screen's covers drawn, each made
         anew in the background (once as many cover files are back as a warm
         first screen sent images, the output is read until quiet for 0.5 s).

Prints one `name value` line per figure, for bench/run.sh.
python3 standard library only.
"""
import argparse
import os
import re
import select
import statistics
import struct
import fcntl
import termios
import time

COLUMNS, ROWS, PIXEL_WIDTH, PIXEL_HEIGHT = 120, 40, 1200, 800
STATUS = re.compile(rb"book (\d+) of (\d+)")
QUIET = 0.5


class Shelf:
    def __init__(self, argv, env):
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, PIXEL_WIDTH, PIXEL_HEIGHT))
        self.started = time.monotonic()
        pid = os.fork()
        if pid == 0:
            try:
                os.close(master)
                os.setsid()
                fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
                for fd in (0, 1, 2):
                    os.dup2(slave, fd)
                if slave > 2:
                    os.close(slave)
                os.execve(argv[0], argv, env)
            finally:
                os._exit(127)
        os.close(slave)
        self.pid, self.master = pid, master
        self.tail = b""
        self.selected = None
        self.images = 0
        self.last_output = self.started
        self.exit_status = None

    def pump(self, timeout):
        ready, _, _ = select.select([self.master], [], [], max(0.0, timeout))
        if not ready:
            return False
        try:
            data = os.read(self.master, 1 << 20)
        except OSError:
            data = b""
        if not data:
            self.reap(True)
            return False
        self.last_output = time.monotonic()
        # Covers sent: each kitty image starts `ESC _G a=T`; the last bytes read
        # before are scanned again so that a start split between reads counts, once.
        seen = self.tail[-8:] + data
        self.images += sum(1 for match in re.finditer(rb"\x1b_Ga=T", seen) if match.start() >= len(seen) - len(data) - 5)
        self.tail = (self.tail + data)[-65536:]
        found = STATUS.findall(self.tail)
        if found:
            self.selected = int(found[-1][0])
        return True

    def until(self, condition, timeout=30.0):
        deadline = time.monotonic() + timeout
        while not condition():
            if time.monotonic() > deadline:
                raise SystemExit("shelf-latency: the shelf did not get there in time")
            if self.exit_status is not None:
                raise SystemExit(f"shelf-latency: the shelf ended with status {self.exit_status}")
            self.pump(0.05)

    def quiet(self):
        """Reads until nothing has come for QUIET seconds; the time of the last output."""
        while True:
            left = self.last_output + QUIET - time.monotonic()
            if left <= 0:
                return self.last_output
            self.pump(left)

    def peak_rss_mb(self):
        with open(f"/proc/{self.pid}/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
        return 0

    def quit(self):
        os.write(self.master, b"q")
        deadline = time.monotonic() + 10
        while self.exit_status is None and time.monotonic() < deadline:
            self.pump(0.05)
            self.reap(False)
        if self.exit_status is None:
            os.kill(self.pid, 9)
            self.reap(True)
        os.close(self.master)
        return self.exit_status

    def reap(self, block):
        if self.exit_status is not None:
            return
        pid, status = os.waitpid(self.pid, 0 if block else os.WNOHANG)
        if pid:
            self.exit_status = os.waitstatus_to_exitcode(status)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--ibook", required=True)
    parser.add_argument("--library", required=True)
    parser.add_argument("--sessions", type=int, default=3)
    parser.add_argument("--moves", type=int, default=10)
    parser.add_argument("--covers", help="the thumbnail folder, emptied before each cold session")
    args = parser.parse_args()
    env = dict(os.environ, TERM="xterm-kitty", IBOOK_LIBRARY=args.library)
    env.pop("TMUX", None)
    opens, moves, rss, images, statuses = [], [], [], [], []
    for _ in range(args.sessions):
        shelf = Shelf([args.ibook, "shelf", "--graphics", "kitty"], env)
        shelf.until(lambda: shelf.selected is not None)
        opens.append((shelf.quiet() - shelf.started) * 1000)
        images.append(shelf.images)
        for move in range(args.moves):
            before = shelf.selected
            key = b"l" if move % 2 == 0 else b"h"
            while shelf.pump(0):
                pass
            sent = time.monotonic()
            os.write(shelf.master, key)
            shelf.until(lambda: shelf.selected != before)
            named = time.monotonic()
            shelf.quiet()
            moves.append((max(named, shelf.last_output) - sent) * 1000)
        rss.append(shelf.peak_rss_mb())
        statuses.append(shelf.quit())
    colds = []
    for _ in range(args.sessions if args.covers else 0):
        for name in os.listdir(args.covers):
            os.remove(os.path.join(args.covers, name))
        shelf = Shelf([args.ibook, "shelf", "--graphics", "kitty"], env)
        # Placeholders are drawn first: done when the screen's covers are files again and drawn.
        shelf.until(lambda: len(os.listdir(args.covers)) >= max(images), timeout=60)
        colds.append((shelf.quiet() - shelf.started) * 1000)
        statuses.append(shelf.quit())
    if colds:
        print(f"cold.median_ms {statistics.median(colds):.1f}")
        print(f"cold.max_ms {max(colds):.1f}")
    print(f"open.median_ms {statistics.median(opens):.1f}")
    print(f"open.max_ms {max(opens):.1f}")
    print(f"move.median_ms {statistics.median(moves):.1f}")
    print(f"move.max_ms {max(moves):.1f}")
    print(f"move.n {len(moves)}")
    print(f"images {max(images)}")
    print(f"rss.max_mb {max(rss):.1f}")
    print(f"exit {max(statuses, key=abs)}")


if __name__ == "__main__":
    main()
