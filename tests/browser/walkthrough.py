#!/usr/bin/env python3
"""The HTML walkthrough (`sensei explain --format html`) in a real browser:
headless Chromium driven by chromedriver through Selenium.

    python3 tests/browser/walkthrough.py [SENSEI_BINARY] [SCREENSHOT_DIR]

(defaults: target/debug/sensei, target/browser). For three puzzles of the
corpus (tests/corpus/corpus.txt): an easy one, one solved with chains, one
that needs a forcing net, it writes the walkthrough, opens it from a
file:// URL and, as a learner would:

 1. finds the puzzle, the list of every step and the summary, the page
    opened at its top (its header and the Previous/Next bar in view);
 2. walks through every step, with the Next button for the first ones and
    the → key for the rest, revealing each step's hint levels with ↓:
    level 1 (Technique) draws nothing of the step, 2 (Where) the area to
    look at only, 3 (Step) the whole step; the buttons name the levels as
    `sensei hint` and the trainer do;
 3. checks every step shows a picture (a grid with its digits) and its
    text;
 4. goes back with ← and the Previous button, and to the start from the
    list;
 5. looks at a step in a 600 px wide window;
 6. on a phone (390x844, touch): the page opens at its top, says what to
    tap (no arrow key needed), hides the key hints, and a tap on Next
    goes to the next step, a tap on 2 · Where reveals the area.

Screenshots (PNG) of the start, the three levels of the first step, the
first step of each technique, the end and the narrow window go to
SCREENSHOT_DIR/walkthrough-<label>-*.png. It fails (exit 1) when a page
does not load, a step has no picture, a key or button does nothing, the
console shows an error or a warning, or the page asks for anything but
its own file.
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from common import Check, browser, console_problems, requests_off, set_viewport, shot

# label in tests/corpus/corpus.txt, and a technique its solve must show
PUZZLES = [
    ("qqwing-easy-1", "Hidden Single"),
    ("top1465-501", "XY-Chain"),
    ("top1465-1", "Forcing Net Contradiction"),
]
LAPTOP = (1280, 1000)
NARROW = (600, 1000)
DESKTOP = (1366, 768)
PHONE = (390, 844)
# steps walked with the Next button before switching to the → key
BY_BUTTON = 5

# The current step as the page shows it.
STATE = """
var s = document.querySelector('.step.cur');
if (!s) return null;
var pic = s.querySelector('svg.pic'), r = pic ? pic.getBoundingClientRect() : {width: 0, height: 0};
var shown = function (sel) {
  return [].filter.call(s.querySelectorAll(sel), function (g) {
    return getComputedStyle(g).display !== 'none';
  }).length;
};
return {
  id: s.id, level: s.getAttribute('data-level'), height: s.getBoundingClientRect().height,
  pic: !!pic, w: r.width, h: r.height,
  digits: pic ? pic.querySelectorAll('text.gv, text.pv, text.pm').length : 0,
  frame: pic ? pic.querySelectorAll('use, path.bx').length : 0,
  l1: pic ? shown('g.l1') : 0, l2: pic ? shown('g.l2') : 0, l3: pic ? shown('g.l3') : 0,
  text: s.innerText.length, pos: document.getElementById('pos').textContent,
  title: (s.querySelector('h2') || {textContent: ''}).textContent
};
"""


def puzzle_of(label):
    path = os.path.join(os.path.dirname(__file__), "..", "corpus", "corpus.txt")
    with open(path) as f:
        for line in f:
            parts = line.split()
            if len(parts) == 2 and parts[1] == label:
                return parts[0]
    raise SystemExit(f"no puzzle labelled {label} in {path}")


def write_page(binary, label, out):
    page = os.path.join(out, f"walkthrough-{label}.html")
    subprocess.run(
        [binary, "explain", "--format", "html", "-o", page],
        input=puzzle_of(label), text=True, check=True, capture_output=True,
    )
    return page


def slug(text):
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def walk(d, check, label, page, technique, out):
    print(f"{label}: {page}")
    d.get("file://" + os.path.abspath(page))
    steps = d.find_elements(By.CSS_SELECTOR, ".step")
    links = d.find_elements(By.CSS_SELECTOR, "#steps a")
    if not check(len(steps) > 2 and len(links) == len(steps), f"the page loads: {len(steps)} steps listed"):
        return
    check(d.execute_script("return document.body.classList.contains('js')"), "its script runs")
    names = [a.text for a in links]
    check(any(technique in n for n in names), f"the solve shows {technique}")
    check("Summary" in d.find_element(By.CSS_SELECTOR, ".summary").text, "it has a summary")
    state = lambda: d.execute_script(STATE)
    first = state()
    check(first and first["id"] == "s0" and first["pos"] == "Start", f"it opens on the puzzle: {first and first['pos']}")
    check(d.execute_script("return window.scrollY") == 0, "it opens at its top, not scrolled past its header")
    names_of_levels = d.execute_script(
        "return [].map.call(document.querySelectorAll('#s1 .reveal button'), function (b) { return b.textContent; })")
    check(names_of_levels == ["1 · Technique", "2 · Where", "3 · Step"],
          f"the levels are named as sensei hint and the trainer name them: {names_of_levels}")
    shot(d, out, f"walkthrough-{label}-start.png")
    body = d.find_element(By.TAG_NAME, "body")
    seen, no_picture, not_drawn, stuck = set(), [], [], []
    for i in range(len(steps)):
        s = state()
        if not s or s["height"] == 0:
            check(False, f"step {i} is shown")
            return
        if not s["pic"] or s["w"] < 300 or s["h"] < 300 or s["digits"] < 9 or s["frame"] < 1:
            no_picture.append(f"{s['id']} ({s['w']:.0f}x{s['h']:.0f}, {s['digits']} digit lines)")
        if s["text"] < 20:
            no_picture.append(f"{s['id']} has no text")
        if s["id"] not in ("s0", "end"):
            # reveal the levels: 1 nothing of the step, 2 the area only, 3 the whole step
            for level in (1, 2, 3):
                if level > 1:
                    body.send_keys(Keys.ARROW_DOWN)
                r = state()
                drawn = {1: r["l2"] == 0 and r["l3"] == 0,
                         2: r["l2"] > 0 and r["l3"] == 0,
                         3: r["l2"] == 0 and r["l3"] > 0}[level]
                if r["level"] != str(level) or not drawn:
                    not_drawn.append(f"{r['id']} level {level}: {r['level']}, {r['l2']}/{r['l3']} layers")
                if i == 1:
                    shot(d, out, f"walkthrough-{label}-step1-level{level}.png")
            name = s["title"].partition(": ")[2]
            if name not in seen:
                seen.add(name)
                shot(d, out, f"walkthrough-{label}-step{i}-{slug(name)}.png")
        if i + 1 < len(steps):
            if i < BY_BUTTON:
                d.find_element(By.ID, "next").click()
            else:
                body.send_keys(Keys.ARROW_RIGHT)
            if state()["id"] == s["id"]:
                stuck.append(s["id"])
                break
    check(not no_picture, f"every one of the {len(steps)} steps has a picture and text {no_picture[:5]}")
    check(not not_drawn, f"every step opens at level 1 (nothing of the step drawn) and ↓ reveals "
          f"level 2 (the area only) and 3 (the whole step) {not_drawn[:5]}")
    check(not stuck, f"Next and → go through every step {stuck}")
    last = state()
    check(last["id"] == steps[-1].get_attribute("id"), f"the walk ends on the last step ({last['pos']})")
    shot(d, out, f"walkthrough-{label}-end.png")
    body.send_keys(Keys.ARROW_LEFT)
    check(state()["id"] == steps[-2].get_attribute("id"), "← goes back a step")
    d.find_element(By.ID, "prev").click()
    check(state()["id"] == steps[-3].get_attribute("id"), "Previous goes back a step")
    links[0].click()
    check(state()["id"] == "s0", "the list's first entry goes to the start")
    set_viewport(d, *NARROW)
    links[1].click()
    for _ in range(3):
        body.send_keys(Keys.ARROW_DOWN)
    narrow = state()
    width = d.execute_script("return document.documentElement.scrollWidth")
    check(narrow["w"] <= NARROW[0] and width <= NARROW[0],
          f"at 600 px the picture ({narrow['w']:.0f} px) and the page ({width} px) fit")
    shot(d, out, f"walkthrough-{label}-narrow.png")
    set_viewport(d, *LAPTOP)
    at_desktop_and_phone(d, check, label, page, out)
    problems = console_problems(d)
    for e in problems:
        print("   ", e["level"], e["message"])
    check(not problems, "no error or warning in the console")
    foreign = requests_off(d, ("file://", "data:"))
    check(not foreign, f"no request off the page's own file ({foreign})")


def tap(d, el):
    """A finger's tap on `el` (touch events at its centre, as a phone sends)."""
    r = d.execute_script(
        "var r = arguments[0].getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2];", el)
    point = [{"x": r[0], "y": r[1]}]
    d.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": point})
    d.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def at_desktop_and_phone(d, check, label, page, out):
    """The page opened fresh on a desktop and on a phone: at its top; on
    the phone, by touch alone."""
    url = "file://" + os.path.abspath(page)
    set_viewport(d, *DESKTOP)
    d.get(url)
    check(d.execute_script("return window.scrollY") == 0, f"at {DESKTOP[0]}x{DESKTOP[1]} it opens at its top")
    shot(d, out, f"walkthrough-{label}-desktop-start.png")
    link = d.find_element(By.CSS_SELECTOR, ".summary a[href^='#s']")
    target = link.get_attribute("href").rsplit("#", 1)[1]
    d.execute_script("arguments[0].click()", link)
    s = d.execute_script(STATE)
    bar = d.execute_script("return document.querySelector('.bar').getBoundingClientRect().top")
    check(s["id"] == target and 0 <= bar < DESKTOP[1] / 2,
          f"the summary's hardest step link shows step {target} ({s['id']}), its bar in view ({bar:.0f})")
    summary = d.find_element(By.CSS_SELECTOR, ".summary").text
    check("Hardest step" in summary and "Guesses" in summary, "the summary names the hardest of the steps shown, and their guesses")
    d.get(url + "#s3")
    d.refresh()
    check(d.execute_script("return window.scrollY") == 0 and d.execute_script(STATE)["id"] == "s3",
          "an address naming a step opens on that step, at the page's top")
    try:
        d.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
        d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                          {"width": PHONE[0], "height": PHONE[1], "deviceScaleFactor": 2, "mobile": True})
        d.get(url)
        top = d.execute_script("return window.scrollY")
        check(top == 0, f"at {PHONE[0]}x{PHONE[1]} it opens at its top (scrolled {top} px)")
        bar = d.execute_script("var r = document.getElementById('next').getBoundingClientRect(); return [r.top, r.bottom];")
        check(0 <= bar[0] and bar[1] <= PHONE[1], f"the Next button is in view on opening ({bar})")
        start = d.find_element(By.ID, "s0").text
        check("Next" in start and "→" not in start.split("Next")[0], f"the start says what to tap: {start!r}")
        keys = d.execute_script("return getComputedStyle(document.querySelector('.keys')).display")
        check(keys == "none", f"no key hints on a touch screen ({keys})")
        width = d.execute_script("return document.documentElement.scrollWidth")
        check(width <= PHONE[0], f"the page fits the phone's width ({width} px)")
        shot(d, out, f"walkthrough-{label}-phone-start.png")
        tap(d, d.find_element(By.ID, "next"))
        s = d.execute_script(STATE)
        check(s["id"] == "s1" and s["level"] == "1", f"a tap on Next goes to step 1, at level 1 ({s['id']}, {s['level']})")
        where = d.find_element(By.CSS_SELECTOR, "#s1 .reveal button[data-l='2']")
        d.execute_script("arguments[0].scrollIntoView({block: 'center'})", where)
        tap(d, where)
        s = d.execute_script(STATE)
        check(s["level"] == "2" and s["l2"] > 0, f"a tap on 2 · Where reveals the area ({s['level']})")
        shot(d, out, f"walkthrough-{label}-phone-step1-where.png")
        # read down to the step's end: the bar stays in view
        d.execute_script("var s = document.querySelector('.step.cur');"
                         "window.scrollTo(0, Math.max(0, s.getBoundingClientRect().bottom + scrollY - innerHeight + 8));")
        tap(d, d.find_element(By.ID, "next"))
        s = d.execute_script(STATE)
        check(s["id"] == "s2", f"scrolled down, a tap on the Next bar (kept in view) goes on ({s['id']})")
        shot(d, out, f"walkthrough-{label}-phone-step2.png")
    finally:
        d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        d.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
        set_viewport(d, *LAPTOP)


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else "target/debug/sensei"
    out = sys.argv[2] if len(sys.argv) > 2 else "target/browser"
    os.makedirs(out, exist_ok=True)
    profile = tempfile.mkdtemp(prefix="sensei-chromium-")
    check = Check()
    d = None
    try:
        pages = [(label, write_page(binary, label, out), t) for label, t in PUZZLES]
        d = browser(profile, LAPTOP)
        set_viewport(d, *LAPTOP)
        for label, page, technique in pages:
            walk(d, check, label, page, technique, out)
    except Exception as e:  # a broken page must fail the test, not crash it
        check(False, f"{type(e).__name__}: {e}")
    finally:
        if d is not None:
            d.quit()
        shutil.rmtree(profile, ignore_errors=True)
    return check.exit_code()


if __name__ == "__main__":
    sys.exit(main())
