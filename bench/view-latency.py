#!/usr/bin/env python3
"""Measures `ibook view` the way a person sees it: over a pseudo-terminal, in
kitty graphics mode, from a key to the end of the page's image on screen.

  view-latency.py --ibook BIN --library LIB --book BOOK [--sessions N] [--turns K] [--cold P,P,...]
                  [--pdf FILE] [--reference-runs R] [--mode page|width|continuous]

Each session spawns `ibook view BOOK 1 --graphics kitty` on a pty of 120×40
cells and 1200×800 pixels (10×20-pixel cells; the page gets the 1200×780
pixels above the status row), TERM=xterm-kitty, and times:

  open   spawn → the end of the first complete kitty image (the chunk with
         m=0, up to its ESC \\), whose status line names page 1 (also
         first_frame: spawn → the first status line, before the image);
  turn   after the page is shown and 1 s has passed (the next page is
         prefetched by then), space → the end of the next page's image;
  cold   `NG` to a page the reader has not prefetched: G written → the end
         of that page's image (again after 1 s of quiet, so no prefetch is
         still in flight);
  busy   the same jump sent right after a turn, while the prefetch of the
         pages either side is still running (what a fast reader sees);

then q, and the exit status must be 0.

--mode reads the same way zoomed or scrolling: `width` is fit width (w),
`continuous` fit width with the pages in one column (w, c). The reader
keeps the mode per book, so after opening the keys that reach the mode
from the one the status line names are typed, and 1 s allowed. A turn is
then `J` (the next page at its top) instead of space, and each session
also times `scroll`: space (a screen down, through page boundaries in
continuous mode) → the end of the next image, whatever page it names. The
pdftoppm reference renders at fit page either way.

With --pdf, the same pages are also
rendered by `pdftoppm -png -f N -l N -scale-to-x W -scale-to-y -1` at the
size the reader renders them (the page fitted into 1200×780), each a fresh
process, for the reference.

Prints one `name value` line per figure (milliseconds), for bench/run.sh.
python3 standard library only.
"""
import argparse
import base64
import fcntl
import os
import re
import select
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time

COLUMNS, ROWS, PIXEL_WIDTH, PIXEL_HEIGHT = 120, 40, 1200, 800
# The page is fitted into the screen less the status row.
BOX_WIDTH, BOX_HEIGHT = PIXEL_WIDTH, PIXEL_HEIGHT - PIXEL_HEIGHT // ROWS
STATUS = re.compile(rb"pages? (\d+)(?:\xe2\x80\x93\d+)? of (\d+)[^\x1b]*")


class Failure(Exception):
    pass


class Screen:
    """The reader on a pty, and what its output said when: each complete
    kitty image (a=T … m=0 ESC \\) and the page its status line named."""

    def __init__(self, argv, env):
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, PIXEL_WIDTH, PIXEL_HEIGHT))
        self.started = time.monotonic()
        pid = os.fork()
        if pid == 0:  # the child: its own session, the pty as controlling terminal and stdio
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
        self.status = None
        self.status_text = b""  # the last status line from its page number on: the mode's words
        self.first_status = None  # when the first status line arrived (the first frame)
        self.pending = b""      # bytes not yet scanned
        self.since_image = b""  # text (outside kitty sequences) since the last image
        self.in_image = False
        self.images = []        # [time, page or None], in order
        self.image_size = None  # of the last image, from its PNG header
        self.exit_status = None

    # --- reading ---------------------------------------------------------------
    def pump(self, timeout):
        """Reads whatever arrives within `timeout` seconds (returns at the first data)."""
        ready, _, _ = select.select([self.master], [], [], max(0.0, timeout))
        if not ready:
            return False
        try:
            data = os.read(self.master, 1 << 20)
        except OSError:  # EIO: the child closed the terminal
            data = b""
        now = time.monotonic()
        if not data:
            self.reap(block=True)
            return False
        self.scan(data, now)
        return True

    def scan(self, data, now):
        buffer = self.pending + data
        position = 0
        while True:
            start = buffer.find(b"\x1b_G", position)
            text_end = start if start >= 0 else max(position, len(buffer) - 2)
            self.text(buffer[position:text_end])
            if start < 0:
                self.pending = buffer[text_end:]
                return
            end = buffer.find(b"\x1b\\", start)
            if end < 0:
                self.pending = buffer[start:]
                return
            body = buffer[start + 3:end]
            keys = dict(item.split(b"=", 1) for item in body.split(b";", 1)[0].split(b",") if b"=" in item)
            if keys.get(b"a") == b"T":
                self.in_image = True
                head = base64.b64decode(body.split(b";", 1)[-1][:32] + b"==")[:24]
                if head[:8] == b"\x89PNG\r\n\x1a\n" and head[12:16] == b"IHDR":
                    self.image_size = struct.unpack(">II", head[16:24])
            if self.in_image and keys.get(b"m", b"0") == b"0":
                self.in_image = False
                self.images.append([now, None])
                self.since_image = b""
            position = end + 2

    def text(self, chunk):
        # Text since the last image, so a status line split across reads is still found.
        self.since_image = (self.since_image + chunk)[-4096:]
        match = STATUS.search(self.since_image)
        if match:
            self.status = int(match.group(1))
            self.status_text = match.group(0)
            if self.first_status is None:
                self.first_status = time.monotonic()
            if self.images and self.images[-1][1] is None:
                self.images[-1][1] = self.status

    def wait_image(self, page, since, timeout=20.0):
        """The time at which the first image after `since` (an index into
        self.images) ended, checking its status line names `page`."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if len(self.images) > since and self.images[since][1] is not None:
                shown, named = self.images[since]
                if named != page:
                    raise Failure(f"expected page {page}, the image shown is page {named}")
                return shown
            if self.exit_status is not None:
                raise Failure(f"the reader ended (status {self.exit_status}) before page {page} was shown")
            self.pump(deadline - time.monotonic())
        raise Failure(f"page {page} was not shown within {timeout:.0f} s")

    def wait_any_image(self, since, timeout=20.0):
        """The time at which the first image after `since` ended, whatever page it shows."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if len(self.images) > since and self.images[since][1] is not None:
                return self.images[since][0]
            if self.exit_status is not None:
                raise Failure(f"the reader ended (status {self.exit_status}) before the next image")
            self.pump(deadline - time.monotonic())
        raise Failure(f"no new image within {timeout:.0f} s")

    def settle(self, seconds):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            self.pump(deadline - time.monotonic())

    # --- writing ---------------------------------------------------------------
    def send(self, keys):
        """Writes keys; returns the time and the image count at that moment."""
        while self.pump(0):
            pass
        mark = len(self.images)
        written = time.monotonic()
        os.write(self.master, keys)
        return written, mark

    def quit(self, timeout=10.0):
        os.write(self.master, b"q")
        deadline = time.monotonic() + timeout
        while self.exit_status is None and time.monotonic() < deadline:
            self.pump(0.05)
            self.reap(block=False)
        if self.exit_status is None:
            os.kill(self.pid, 9)
            self.reap(block=True)
            raise Failure("the reader did not quit on q")
        os.close(self.master)
        return self.exit_status

    def reap(self, block):
        if self.exit_status is not None:
            return
        pid, status = os.waitpid(self.pid, 0 if block else os.WNOHANG)
        if pid:
            self.exit_status = os.waitstatus_to_exitcode(status)


def plan(count, turns, cold_wanted, scrolls=0):
    """The pages a session visits: turns from page 1, cold pages and the
    jump made while prefetching, each chosen so the reader cannot have it
    rendered yet (not shown before, nor next to a page shown before), with
    the page after the last cold one unrendered too, so that turning to it
    starts a prefetch for the jump to meet."""
    turned = list(range(2, min(turns, count - 1) + 2))
    touched = {1, 2} | {p + d for p in turned for d in (-1, 0, 1)}
    # Screens scrolled after the turns pass (and prefetch) about a page each at most.
    touched |= set(range(turned[-1], turned[-1] + scrolls + 3)) if scrolls and turned else set()

    def pick(preferred):
        for page in preferred + sorted(range(1, count + 1), key=lambda p: abs(p - count // 2)):
            if 1 <= page <= count and not touched & set(range(page - 2, page + 3)):
                return page
        return None

    cold = []
    for wanted in cold_wanted:
        page = pick([wanted])
        if page is None:
            break
        cold.append(page)
        touched.update((page - 1, page, page + 1))
    busy = (None, None)
    if cold and cold[-1] + 2 <= count:
        turn_to = cold[-1] + 1
        touched.add(turn_to + 1)  # prefetched after the turn: the jump goes elsewhere
        busy = (turn_to, pick([count * 5 // 8, count * 3 // 8, count * 7 // 8]))
    return turned, cold, busy


def keys_for(mode, status):
    """The keys that bring the reader from the mode its status line names to `mode`."""
    words = status.decode("utf-8", "replace")
    keys = b""
    if "two-page" in words:
        keys += b"d"
    continuous = "continuous" in words
    if mode in ("page", "width") and continuous:
        keys += b"c"
    if mode == "page" and "fit width" in words:
        keys += b"="
    if mode in ("width", "continuous") and "fit width" not in words:
        keys += b"w"
    if mode == "continuous" and not continuous:
        keys += b"c"
    return keys


def session(args, env, turned, cold_pages, busy, log):
    argv = [args.ibook, "view", args.book, "1", "--graphics", "kitty"]
    screen = Screen(argv, env)
    result = {"turn": [], "cold": [], "busy": [], "scroll": []}
    turn_key = b" " if args.mode == "page" else b"J"
    try:
        result["open"] = (screen.wait_image(1, 0) - screen.started) * 1000
        result["frame"] = (screen.first_status - screen.started) * 1000
        screen.settle(0.2)
        for key in keys_for(args.mode, screen.status_text):
            screen.send(bytes([key]))
            screen.settle(1.0)
        if keys_for(args.mode, screen.status_text):
            raise Failure(f"the reader did not reach {args.mode} mode: {screen.status_text!r}")
        for page in turned:
            screen.settle(1.0)
            written, mark = screen.send(turn_key)
            result["turn"].append((screen.wait_image(page, mark) - written) * 1000)
        if args.mode != "page":
            for _ in turned:
                screen.settle(1.0)
                written, mark = screen.send(b" ")
                result["scroll"].append((screen.wait_any_image(mark) - written) * 1000)
        for target in cold_pages:
            screen.settle(1.0)
            screen.send(str(target).encode())
            screen.settle(0.1)
            written, mark = screen.send(b"G")
            result["cold"].append((screen.wait_image(target, mark) - written) * 1000)
        # A jump while the worker is still prefetching: turn, then jump at once.
        turn_to, target = busy
        if target is not None:
            screen.settle(1.0)
            written, mark = screen.send(turn_key)
            screen.wait_image(turn_to, mark)
            written, mark = screen.send(str(target).encode() + b"G")
            result["busy"].append((screen.wait_image(target, mark) - written) * 1000)
        status = screen.quit()
    except BaseException:
        if screen.exit_status is None:
            os.kill(screen.pid, 9)
            screen.reap(block=True)
        raise
    result["exit"] = status
    result["image"] = screen.image_size
    log(f"session ({args.mode}): first frame {result['frame']:.1f} ms, open {result['open']:.1f} ms, turns {fmt(result['turn'])}, "
        f"scrolls {fmt(result['scroll'])}, cold {fmt(result['cold'])}, busy {fmt(result['busy'])}, exit {status}")
    return result


def fmt(values):
    return "[" + " ".join(f"{v:.1f}" for v in values) + "]"


def page_info(pdf):
    """{page: (width, height)} in points, turned by /Rotate, from pdfinfo."""
    output = subprocess.run(["pdfinfo", "-f", "1", "-l", "999999", pdf], capture_output=True, text=True).stdout
    sizes, rotations = {}, {}
    for line in output.splitlines():
        match = re.match(r"Page\s+(\d+) size:\s+([\d.]+) x ([\d.]+)", line)
        if match:
            sizes[int(match.group(1))] = (float(match.group(2)), float(match.group(3)))
        match = re.match(r"Page\s+(\d+) rot:\s+(\d+)", line)
        if match:
            rotations[int(match.group(1))] = int(match.group(2))
    for page, rotation in rotations.items():
        if rotation % 180 == 90 and page in sizes:
            sizes[page] = sizes[page][::-1]
    return sizes


def fitted(size):
    width, height = size
    scale = min(BOX_WIDTH / width, BOX_HEIGHT / height)
    return round(width * scale), round(height * scale)


def reference(pdf, pages, runs, sizes):
    """Median wall ms of `pdftoppm` rendering each page at the reader's size, a fresh process each time."""
    times = []
    folder = tempfile.mkdtemp(prefix="view-ref.")
    try:
        for page in pages:
            width, _ = fitted(sizes[page])
            argv = ["pdftoppm", "-png", "-f", str(page), "-l", str(page), "-scale-to-x", str(width),
                    "-scale-to-y", "-1", pdf, os.path.join(folder, "p")]
            subprocess.run(argv, check=True)  # warm the page cache
            for _ in range(runs):
                started = time.monotonic()
                subprocess.run(argv, check=True)
                times.append((time.monotonic() - started) * 1000)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return times


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ibook", required=True)
    parser.add_argument("--library", required=True)
    parser.add_argument("--book", required=True, help="as `ibook view` takes it (id, path or title)")
    parser.add_argument("--pages", type=int, required=True, help="the book's page count")
    parser.add_argument("--sessions", type=int, default=3)
    parser.add_argument("--turns", type=int, default=8)
    parser.add_argument("--cold", default="", help="pages to jump to (default: the middle, 3/4 and 1/4)")
    parser.add_argument("--pdf", help="the book's file, for the pdftoppm reference")
    parser.add_argument("--reference-runs", type=int, default=3)
    parser.add_argument("--mode", choices=["page", "width", "continuous"], default="page",
                        help="fit page one page at a time (default), fit width, or continuous at fit width")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args()
    log = (lambda message: None) if args.quiet else (lambda message: print(message, file=sys.stderr))

    env = {key: value for key, value in os.environ.items() if key not in ("TMUX", "IBOOK_GRAPHICS", "NO_COLOR")}
    env.update(TERM="xterm-kitty", IBOOK_LIBRARY=args.library, LANG=env.get("LANG", "C.UTF-8"))
    env.pop("TERM_PROGRAM", None)
    count = args.pages
    wanted = [int(p) for p in args.cold.split(",") if p] or [count // 2, count * 3 // 4, count // 4]
    turned, cold, busy = plan(count, args.turns, wanted, 0 if args.mode == "page" else args.turns)
    log(f"pages: turns to {turned}, cold {cold}, while prefetching {busy[0]} then {busy[1]}")
    results = [session(args, env, turned, cold, busy, log) for _ in range(args.sessions)]

    def emit(name, values):
        if values:
            print(f"{name}.median_ms {statistics.median(values):.2f}")
            print(f"{name}.max_ms {max(values):.2f}")
            print(f"{name}.n {len(values)}")

    emit("open", [r["open"] for r in results])
    emit("first_frame", [r["frame"] for r in results])
    emit("turn", [v for r in results for v in r["turn"]])
    emit("cold", [v for r in results for v in r["cold"]])
    emit("busy", [v for r in results for v in r["busy"]])
    emit("scroll", [v for r in results for v in r["scroll"]])
    statuses = sorted({r["exit"] for r in results})
    print("exit " + ",".join(str(s) for s in statuses))
    print("image " + ",".join(sorted({"%dx%d" % r["image"] if r["image"] else "?" for r in results})))

    if args.pdf:
        sizes = page_info(args.pdf)
        emit("pdftoppm.open", reference(args.pdf, [1], args.reference_runs, sizes))
        emit("pdftoppm.turn", reference(args.pdf, turned, 1, sizes))
        emit("pdftoppm.cold", reference(args.pdf, cold, args.reference_runs, sizes))
        if busy[1] is not None:
            emit("pdftoppm.busy", reference(args.pdf, [busy[1]], args.reference_runs, sizes))
        width, height = fitted(sizes[1])
        print(f"size {width}x{height}")


if __name__ == "__main__":
    try:
        main()
    except Failure as failure:
        print(f"view-latency: {failure}", file=sys.stderr)
        sys.exit(1)
