#!/usr/bin/env python3
"""Open sensei's HTML walkthroughs in headless Chromium and step through them.

    python3 .ci/browser_check.py OUT_DIR PAGE.html [PAGE.html ...]

For each page: load it from a file:// URL, then visit every step with the
arrow keys (→, and ↓ three times to reveal the hint levels), checking that
the current step is shown and has a picture with a drawn grid. Screenshots
of the start, the first steps at each level and the last step go to
OUT_DIR. Fails (exit 1) when a page does not load, the console shows an
error or a warning, a script throws, the page asks for anything but a
file:// or data: URL, or a step has no picture.

Python standard library only: a small client of the DevTools protocol over
a websocket (`chromium --remote-debugging-port`).
"""

import base64
import json
import os
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import time
import urllib.request

CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
    "--remote-debugging-port=0",
    "--window-size=1200,1000",
]


def find_chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


class Socket:
    """A websocket client: text frames only, enough for the DevTools protocol."""

    def __init__(self, url):
        assert url.startswith("ws://")
        hostport, _, path = url[5:].partition("/")
        host, _, port = hostport.partition(":")
        self.sock = socket.create_connection((host, int(port)), timeout=60)
        key = base64.b64encode(os.urandom(16)).decode()
        request = (
            f"GET /{path} HTTP/1.1\r\nHost: {hostport}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n"
        )
        self.sock.sendall(request.encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(1)
            if not chunk:
                raise RuntimeError("the websocket handshake was cut")
            head += chunk
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise RuntimeError(f"websocket handshake refused: {head[:80]!r}")

    def send(self, text):
        data = text.encode()
        header = bytearray([0x81])
        n = len(data)
        if n < 126:
            header.append(0x80 | n)
        elif n < 65536:
            header.append(0x80 | 126)
            header += struct.pack(">H", n)
        else:
            header.append(0x80 | 127)
            header += struct.pack(">Q", n)
        mask = os.urandom(4)
        header += mask
        self.sock.sendall(bytes(header) + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))

    def _exact(self, n):
        buf = b""
        while len(buf) < n:
            chunk = self.sock.recv(n - len(buf))
            if not chunk:
                raise RuntimeError("the websocket closed")
            buf += chunk
        return buf

    def recv(self):
        message = b""
        while True:
            b0, b1 = self._exact(2)
            n = b1 & 0x7F
            if n == 126:
                n = struct.unpack(">H", self._exact(2))[0]
            elif n == 127:
                n = struct.unpack(">Q", self._exact(8))[0]
            if b1 & 0x80:
                mask = self._exact(4)
                payload = bytes(b ^ mask[i % 4] for i, b in enumerate(self._exact(n)))
            else:
                payload = self._exact(n)
            opcode = b0 & 0x0F
            if opcode == 0x8:
                raise RuntimeError("the websocket closed")
            if opcode in (0x9, 0xA):
                continue
            message += payload
            if b0 & 0x80:
                return message.decode()


class Page:
    """One page target: commands, and the events that arrive meanwhile."""

    def __init__(self, ws_url):
        self.ws = Socket(ws_url)
        self.next_id = 0
        self.events = []

    def call(self, method, **params):
        self.next_id += 1
        my_id = self.next_id
        self.ws.send(json.dumps({"id": my_id, "method": method, "params": params}))
        while True:
            msg = json.loads(self.ws.recv())
            if msg.get("id") == my_id:
                if "error" in msg:
                    raise RuntimeError(f"{method}: {msg['error']}")
                return msg.get("result", {})
            if "method" in msg:
                self.events.append(msg)

    def wait_for(self, method, timeout=60):
        deadline = time.time() + timeout
        while time.time() < deadline:
            for i, e in enumerate(self.events):
                if e["method"] == method:
                    return self.events.pop(i)
            msg = json.loads(self.ws.recv())
            if "method" in msg:
                self.events.append(msg)
        raise RuntimeError(f"timed out waiting for {method}")

    def eval(self, expr):
        r = self.call("Runtime.evaluate", expression=expr, returnByValue=True)
        if "exceptionDetails" in r:
            raise RuntimeError(f"script error in {expr[:60]}: {r['exceptionDetails']}")
        return r["result"].get("value")

    def key(self, key, code):
        codes = {"ArrowRight": 39, "ArrowLeft": 37, "ArrowDown": 40, "ArrowUp": 38}
        for kind in ("keyDown", "keyUp"):
            self.call(
                "Input.dispatchKeyEvent",
                type=kind,
                key=key,
                code=code,
                windowsVirtualKeyCode=codes[key],
            )

    def screenshot(self, path):
        r = self.call("Page.captureScreenshot", format="png")
        with open(path, "wb") as f:
            f.write(base64.b64decode(r["data"]))


# What the current step looks like: its id, level, whether it shows, and
# its picture (drawn size, number of shapes, pencil marks or values).
STATE = """(function(){
var s=document.querySelector('.step.cur');
if(!s)return null;
var pic=s.querySelector('svg.pic');
var r=pic?pic.getBoundingClientRect():{width:0,height:0};
var sr=s.getBoundingClientRect();
return {id:s.id, level:s.getAttribute('data-level'), shown:sr.height>0,
  pic:!!pic, w:r.width, h:r.height,
  shapes:pic?pic.querySelectorAll('text,use').length:0,
  roles:pic?[].filter.call(pic.querySelectorAll('g.l1,g.l2,g.l3'),function(g){
    return getComputedStyle(g).display!=='none';}).length:0,
  pos:document.getElementById('pos').textContent};
})()"""


def problems_in(events):
    """Console errors and warnings, exceptions, and requests off the file."""
    found = []
    for e in events:
        m, p = e["method"], e.get("params", {})
        if m == "Runtime.exceptionThrown":
            found.append(f"exception: {p['exceptionDetails'].get('text')}")
        elif m == "Runtime.consoleAPICalled" and p.get("type") in ("error", "warning", "assert"):
            args = " ".join(str(a.get("value", a.get("description"))) for a in p.get("args", []))
            found.append(f"console.{p['type']}: {args}")
        elif m == "Log.entryAdded" and p["entry"].get("level") in ("error", "warning"):
            found.append(f"log {p['entry']['level']}: {p['entry'].get('text')} {p['entry'].get('url', '')}")
        elif m == "Network.requestWillBeSent":
            url = p["request"]["url"]
            if not (url.startswith("file://") or url.startswith("data:")):
                found.append(f"network request: {url}")
    return found


def check_page(page, path, out_dir, label):
    """Walk through one page; returns a list of failures."""
    failures = []
    url = "file://" + os.path.abspath(path)
    page.events.clear()
    nav = page.call("Page.navigate", url=url)
    if nav.get("errorText"):
        return [f"{label}: the page did not load: {nav['errorText']}"]
    page.wait_for("Page.loadEventFired")
    total = page.eval("document.querySelectorAll('.step').length")
    if not total:
        return [f"{label}: no step in the page"]
    state = page.eval(STATE)
    if not state or state["id"] != "s0":
        failures.append(f"{label}: the page does not open on the start: {state}")
    page.screenshot(os.path.join(out_dir, f"{label}-start.png"))
    seen = 0
    techniques = set()
    for i in range(total):
        state = page.eval(STATE)
        if not state or not state["shown"]:
            failures.append(f"{label}: step {i} is not shown: {state}")
            break
        if not state["pic"] or state["w"] < 300 or state["h"] < 300 or state["shapes"] < 10:
            failures.append(f"{label}: {state['id']} has no picture: {state}")
        if state["id"] not in ("s0", "end"):
            # reveal the three levels; each shows something more
            for level in (1, 2, 3):
                page.key("ArrowDown", "ArrowDown")
                st = page.eval(STATE)
                if st["level"] != str(level):
                    failures.append(f"{label}: {st['id']}: ↓ gave level {st['level']}, not {level}")
                if level > 1 and st["roles"] == 0:
                    failures.append(f"{label}: {st['id']} draws nothing at level {level}")
                if i == 1:
                    page.screenshot(os.path.join(out_dir, f"{label}-step{i}-level{level}.png"))
            # the first step of each technique, in full
            name = page.eval("document.querySelector('.step.cur h2').textContent")
            technique = name.partition(": ")[2]
            if technique not in techniques:
                techniques.add(technique)
                slug = "".join(c if c.isalnum() else "-" for c in technique.lower())
                page.screenshot(os.path.join(out_dir, f"{label}-step{i}-{slug}.png"))
        seen += 1
        if i + 1 < total:
            page.key("ArrowRight", "ArrowRight")
            after = page.eval(STATE)
            if after["id"] == state["id"]:
                failures.append(f"{label}: → did not move on from {state['id']}")
                break
    page.screenshot(os.path.join(out_dir, f"{label}-end.png"))
    # back one step with ←, then the list's first link
    page.key("ArrowLeft", "ArrowLeft")
    if page.eval(STATE)["id"] == page.eval("document.querySelectorAll('.step')[%d].id" % (total - 1)):
        failures.append(f"{label}: ← did not go back")
    page.eval("document.querySelector('#steps a').click()")
    if page.eval(STATE)["id"] != "s0":
        failures.append(f"{label}: the step list does not go to the start")
    # a narrow window: the picture still fits
    page.call("Emulation.setDeviceMetricsOverride", width=620, height=1000, deviceScaleFactor=1, mobile=False)
    page.eval("document.querySelectorAll('#steps a')[1].click()")
    page.key("ArrowDown", "ArrowDown")
    page.key("ArrowDown", "ArrowDown")
    page.key("ArrowDown", "ArrowDown")
    narrow = page.eval(STATE)
    if narrow and narrow["w"] > 620:
        failures.append(f"{label}: the picture is wider than a 620 px window: {narrow['w']}")
    page.screenshot(os.path.join(out_dir, f"{label}-narrow.png"))
    page.call("Emulation.clearDeviceMetricsOverride")
    failures += [f"{label}: {p}" for p in problems_in(page.events)]
    print(f"{label}: {seen} of {total} steps visited, {len(failures)} problem(s)")
    return failures


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        return 2
    out_dir, pages = sys.argv[1], sys.argv[2:]
    os.makedirs(out_dir, exist_ok=True)
    chromium = find_chromium()
    if not chromium:
        print("!! browser check SKIPPED: no chromium on PATH (apt-get install chromium)")
        return 0
    profile = tempfile.mkdtemp(prefix="sensei-chromium-")
    proc = subprocess.Popen(
        [chromium, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", "about:blank"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    failures = []
    try:
        port_file = os.path.join(profile, "DevToolsActivePort")
        deadline = time.time() + 60
        while not os.path.exists(port_file) or os.path.getsize(port_file) == 0:
            if time.time() > deadline or proc.poll() is not None:
                print("!! chromium did not start its DevTools endpoint")
                return 1
            time.sleep(0.1)
        with open(port_file) as f:
            port = f.readline().strip()
        targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list"))
        target = next(t for t in targets if t.get("type") == "page")
        page = Page(target["webSocketDebuggerUrl"])
        for domain in ("Page", "Runtime", "Log", "Network"):
            page.call(f"{domain}.enable")
        for path in pages:
            label = os.path.splitext(os.path.basename(path))[0]
            failures += check_page(page, path, out_dir, label)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
        shutil.rmtree(profile, ignore_errors=True)
    for f in failures:
        print("FAIL", f)
    print(f"screenshots in {out_dir}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
