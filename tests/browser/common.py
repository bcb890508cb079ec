"""What the browser tests share: headless Chromium driven by chromedriver
through Selenium, a tally of checks, viewport sizes and screenshots, and
the console's errors and warnings."""

import os
import shutil
import time

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

# Chromium's flags: headless, nothing fetched in the background, a fresh
# profile (run as root, Chromium needs --no-sandbox).
FLAGS = (
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--hide-scrollbars",
)


class Check:
    """Counts and prints checks; the test fails if one failed."""

    def __init__(self):
        self.passed = 0
        self.failed = 0

    def __call__(self, ok, what):
        if ok:
            self.passed += 1
            print(f"  ok   {what}")
        else:
            self.failed += 1
            print(f"  FAIL {what}")
        return ok

    def exit_code(self):
        """Prints the tally; 1 if a check failed, else 0."""
        print(f"{self.passed} passed, {self.failed} failed")
        return 1 if self.failed else 0


def browser(profile, size):
    """Headless Chromium with a fresh profile in `profile`, its window `size`
    (w, h), keeping every console message."""
    opts = Options()
    opts.binary_location = shutil.which("chromium") or shutil.which("chromium-browser")
    for flag in (*FLAGS, f"--user-data-dir={profile}", "--window-size=%d,%d" % size):
        opts.add_argument(flag)
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(executable_path=shutil.which("chromedriver"))
    return webdriver.Chrome(options=opts, service=service)


def set_viewport(d, w, h):
    """Make the page's viewport exactly w x h (the window adds its frame)."""
    d.set_window_size(w, h)
    iw, ih = d.execute_script("return [window.innerWidth, window.innerHeight]")
    d.set_window_size(w + (w - iw), h + (h - ih))


def shot(d, out, name, size=None):
    """A screenshot of the viewport (resized to `size` first, if given)."""
    if size:
        set_viewport(d, *size)
        time.sleep(0.3)
    path = os.path.join(out, name)
    d.save_screenshot(path)
    print(f"  screenshot {path}")


def console_problems(d, ignore=lambda message: False):
    """The errors and warnings in the browser's console since the last call
    (but those `ignore` accepts)."""
    return [
        e for e in d.get_log("browser")
        if e["level"] in ("SEVERE", "WARNING") and not ignore(e["message"])
    ]


def requests_off(d, allowed):
    """The resources the page loaded from anywhere but the `allowed`
    prefixes."""
    return [
        n for n in d.execute_script(
            "return performance.getEntriesByType('resource').map(function (e) { return e.name; })")
        if not any(n.startswith(a) for a in allowed)
    ]
