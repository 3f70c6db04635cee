#!/usr/bin/env python3
"""Times a reflowable book's relayout as the reader asks for it: the render worker
(`ibook-full __render`) lays the book out at a screen's size and maps every page to the
book's reference pages, first at 11 pt, then again at 12, 14 and 11 pt (a font-size change).

  relayout.py --full BIN --book FILE

Prints `first_ms` (opening, the reference layout and the first screen layout) and
`relayout.median_ms` / `relayout.max_ms` for the font-size changes. python3 standard library only.
"""
import argparse
import json
import os
import statistics
import subprocess
import time


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--full", required=True, help="ibook-full")
    parser.add_argument("--book", required=True)
    args = parser.parse_args()
    # A worker refuses to start without the environment its client gives it (0: no memory limit).
    worker = subprocess.Popen([args.full, "__render"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, env=dict(os.environ, IBOOK_WORKER_MEMORY_LIMIT="0"))

    def layout(font):
        # A 120×39-cell screen of 10×20-pixel cells: 1200×780 px, 900×585 pt.
        request = {"path": args.book, "page": 1, "boxWidth": 1200, "boxHeight": 780,
                   "layout": {"width": 900, "height": 585, "fontSize": font}, "pageMap": True}
        start = time.monotonic()
        worker.stdin.write((json.dumps(request) + "\n").encode())
        worker.stdin.flush()
        # A reply is a frame: "<payload length> <JSON header>\n", then the payload.
        length, _, header = worker.stdout.readline().partition(b" ")
        header = json.loads(header)
        worker.stdout.read(int(length))
        elapsed = (time.monotonic() - start) * 1000
        if header.get("error") or "pageMap" not in header:
            raise SystemExit(f"relayout: the worker said {header.get('error') or 'no page map'}")
        return elapsed

    first = layout(11)
    changes = [layout(font) for font in (12, 14, 11, 13)]
    worker.stdin.close()
    worker.wait()
    print(f"first_ms {first:.1f}")
    print(f"relayout.median_ms {statistics.median(changes):.1f}")
    print(f"relayout.max_ms {max(changes):.1f}")


if __name__ == "__main__":
    main()
