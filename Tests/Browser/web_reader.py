#!/usr/bin/python3
"""Drives Debian's headless Chromium through the DevTools protocol over a pipe
(--remote-debugging-pipe: no port, no websocket) against an `ibook serve` on loopback,
and prints what the browser saw as one JSON object. WebReaderBrowserTests asserts on it.

    web_reader.py BASE_URL STEP [ARGS...]

Steps:
    shelf                    the covers of `/`: each image's naturalWidth
    read BOOK PAGE           the reader at PAGE: the image, the place saved, the next page loaded
                             ahead; then the right arrow key, and where it led
    continue BOOK            the book's page, its Continue link followed: the page the reader opened at
    search BOOK QUERY        the book's search form filled and sent, the first hit followed
    librarysearch QUERY      the same from the library's search box
    bookmark BOOK PAGE       the reader's Bookmark button pressed: the button after the reload
    shot PATH WIDTH HEIGHT URL...  screenshots (PNG) of the addresses, side by side in PATH's folder
"""
import base64
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

TIMEOUT = 30


class Browser:
    def __init__(self, width=1100, height=900):
        self.profile = tempfile.mkdtemp(prefix="ibook-chromium-")
        to_browser_read, self.to_browser = os.pipe()
        self.from_browser, from_browser_write = os.pipe()

        def pipes():
            # Chromium reads commands on descriptor 3 and writes answers on 4.
            os.dup2(to_browser_read, 3)
            os.dup2(from_browser_write, 4)

        chromium = os.environ.get("IBOOK_CHROMIUM", "/usr/bin/chromium")
        arguments = [chromium, "--headless=new", "--remote-debugging-pipe", "--user-data-dir=" + self.profile,
                     "--no-first-run", "--no-default-browser-check", "--disable-gpu", "--disable-extensions",
                     "--disable-background-networking", "--disable-sync", "--hide-scrollbars", "--mute-audio",
                     "--force-device-scale-factor=1", "--window-size=%d,%d" % (width, height), "about:blank"]
        if os.geteuid() == 0:
            # Chromium's sandbox needs user namespaces it is not given as root in a container.
            arguments.insert(1, "--no-sandbox")
        self.process = subprocess.Popen(arguments, pass_fds=(3, 4), preexec_fn=pipes,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        os.close(to_browser_read)
        os.close(from_browser_write)
        self.buffer = b""
        self.next_id = 0
        self.events = []
        target = self.command("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.command("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.command("Page.enable", session=True)
        self.command("Runtime.enable", session=True)
        self.command("Emulation.setDeviceMetricsOverride",
                     {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False}, session=True)

    def close(self):
        try:
            self.command("Browser.close")
        except Exception:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        shutil.rmtree(self.profile, ignore_errors=True)

    def _message(self, deadline):
        while b"\0" not in self.buffer:
            if time.time() > deadline:
                raise TimeoutError("Chromium did not answer in %d s" % TIMEOUT)
            chunk = os.read(self.from_browser, 1 << 16)
            if not chunk:
                raise RuntimeError("Chromium closed its pipe: " + self.process.stderr.read().decode(errors="replace")[-2000:])
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def command(self, method, params=None, session=False):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = self.session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        deadline = time.time() + TIMEOUT
        while True:
            answer = self._message(deadline)
            if answer.get("id") == self.next_id:
                if "error" in answer:
                    raise RuntimeError("%s: %s" % (method, answer["error"]))
                return answer.get("result", {})
            self.events.append(answer)

    def wait_event(self, method):
        deadline = time.time() + TIMEOUT
        while True:
            for index, event in enumerate(self.events):
                if event.get("method") == method:
                    del self.events[index]
                    return event
            self.events.append(self._message(deadline))

    def go(self, url):
        self.events.clear()
        self.command("Page.navigate", {"url": url}, session=True)
        self.wait_event("Page.loadEventFired")

    def after_navigation(self, action):
        """Runs the expression that navigates (a click, a key), and waits for the new page's load."""
        self.events.clear()
        action()
        self.wait_event("Page.loadEventFired")

    def evaluate(self, expression):
        result = self.command("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True},
                              session=True)
        if "exceptionDetails" in result:
            raise RuntimeError("%s: %s" % (expression[:80], result["exceptionDetails"]))
        return result["result"].get("value")

    def wait_for(self, expression):
        """The expression's value once it is true, polled; its last value after the timeout."""
        deadline = time.time() + TIMEOUT
        value = self.evaluate(expression)
        while not value and time.time() < deadline:
            time.sleep(0.1)
            value = self.evaluate(expression)
        return value

    def key(self, key, code, keycode):
        for kind in ("rawKeyDown", "keyUp"):
            self.command("Input.dispatchKeyEvent", {"type": kind, "key": key, "code": code,
                                                    "windowsVirtualKeyCode": keycode}, session=True)

    def screenshot(self, path):
        data = self.command("Page.captureScreenshot", {"format": "png"}, session=True)["data"]
        with open(path, "wb") as file:
            file.write(base64.b64decode(data))


IMAGES_LOADED = """Promise.all([...document.images].map(i => i.complete ? true :
    new Promise(done => { i.addEventListener('load', done); i.addEventListener('error', done); })))
    .then(() => [...document.images].map(i => ({src: i.getAttribute('src'), current: i.currentSrc,
                                                naturalWidth: i.naturalWidth, naturalHeight: i.naturalHeight})))"""

READER_STATE = """({location: location.pathname + location.search, page: document.querySelector('main.reader')?.dataset.page,
    images: [...document.images].map(i => ({current: i.currentSrc, naturalWidth: i.naturalWidth})),
    bookmark: document.querySelector('#bookmark')?.className ?? null,
    bookmarkText: document.querySelector('#bookmark')?.textContent ?? null})"""


def main(arguments):
    base, step, rest = arguments[0], arguments[1], arguments[2:]
    browser = Browser()
    try:
        seen = {}
        if step == "shelf":
            browser.go(base + "/")
            seen["images"] = browser.evaluate(IMAGES_LOADED)
            seen["links"] = browser.evaluate("[...document.querySelectorAll('.shelf a')].map(a => a.getAttribute('href'))")
        elif step == "read":
            book, page = rest
            browser.go("%s/books/%s/read?page=%s" % (base, book, page))
            seen["images"] = browser.evaluate(IMAGES_LOADED)
            seen["placeSaved"] = browser.wait_for("document.body.dataset.placeSaved")
            seen["nextLoaded"] = browser.wait_for("window.ibookNextPage && window.ibookNextPage.complete"
                                                  " && window.ibookNextPage.naturalWidth > 0 && window.ibookNextPage.currentSrc")
            browser.after_navigation(lambda: browser.key("ArrowRight", "ArrowRight", 39))
            seen["afterKey"] = browser.evaluate(READER_STATE)
            seen["afterKeyPlaceSaved"] = browser.wait_for("document.body.dataset.placeSaved")
        elif step == "continue":
            (book,) = rest
            browser.go("%s/books/%s" % (base, book))
            seen["continueText"] = browser.evaluate("document.querySelector('#continue').textContent")
            browser.after_navigation(lambda: browser.evaluate("document.querySelector('#continue').click()"))
            seen["reader"] = browser.evaluate(READER_STATE)
        elif step in ("search", "librarysearch"):
            if step == "search":
                book, query = rest
                browser.go("%s/books/%s" % (base, book))
                form = "main form.search"
            else:
                (query,) = rest
                browser.go(base + "/")
                form = "header form.search"
            browser.after_navigation(lambda: browser.evaluate(
                "(() => { const f = document.querySelector(%s); f.q.value = %s; f.requestSubmit(); })()"
                % (json.dumps(form), json.dumps(query))))
            seen["results"] = browser.evaluate("location.pathname + location.search")
            seen["hits"] = browser.evaluate("[...document.querySelectorAll('.hits li')].map(li => ({href: li.querySelector('a')"
                                            ".getAttribute('href'), text: li.textContent}))")
            if seen["hits"]:
                browser.after_navigation(lambda: browser.evaluate("document.querySelector('.hits li a').click()"))
                seen["images"] = browser.evaluate(IMAGES_LOADED)
                seen["reader"] = browser.evaluate(READER_STATE)
                seen["placeSaved"] = browser.wait_for("document.body.dataset.placeSaved")
        elif step == "bookmark":
            book, page = rest
            browser.go("%s/books/%s/read?page=%s" % (base, book, page))
            seen["before"] = browser.evaluate(READER_STATE)
            browser.after_navigation(lambda: browser.evaluate("document.querySelector('#bookmark').click()"))
            seen["after"] = browser.evaluate(READER_STATE)
        elif step == "shot":
            path, width, height = rest[0], int(rest[1]), int(rest[2])
            browser.command("Emulation.setDeviceMetricsOverride",
                            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False}, session=True)
            shots = []
            for index, url in enumerate(rest[3:]):
                browser.go(base + url)
                browser.evaluate(IMAGES_LOADED)
                target = path if index == 0 else "%s-%d.png" % (path[:-4], index)
                browser.screenshot(target)
                shots.append(target)
            seen["shots"] = shots
        else:
            raise SystemExit("unknown step " + step)
        print(json.dumps(seen))
    finally:
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1:])
