#!/usr/bin/env python3
"""Chain pictures in a real browser (issue 31): headless Chromium driven by
chromedriver through Selenium, looking at what a player sees.

    python3 tests/browser/pictures.py [SENSEI_BINARY] [SCREENSHOT_DIR]

(defaults: target/debug/sensei, target/browser). From the pictures `sensei
explain --format svg` and `sensei hint --format svg` write, it opens

 1. a grouped nice loop (top1465 #1): every group node is one box, and no
    candidate mark (a "true" or "false" disc) lies inside a group's box;
 2. an ALS-XY-Wing whose two almost locked sets share a cell (HoDoKu's
    library): each set is hatched (a pattern, not a translucent fill that
    would blend with the other's), with its own pattern;
 3. a forcing net (top1465 #1): the picture draws few arrows, the whole
    net (`-net.svg`) many more;
 4. the HTML walkthrough's forcing net step: the "whole net" switch shows
    the whole net instead of the short one.

Each is saved as a PNG in SCREENSHOT_DIR/pictures-*.png (look at them) and
checked not blank. It fails (exit 1) when a picture does not load or a
check fails.
"""

import glob
import os
import shutil
import subprocess
import sys
import tempfile

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from common import Check, browser, console_problems, set_viewport

# top1465 #1: grouped nice loops and forcing nets in its solve
HARD = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
# HoDoKu's library: an ALS-XY-Wing whose sets A (r2c36) and B (r2c356)
# share two cells
OVERLAPPING_ALS = (":0902-1:8:9....7.68+72....9+43..4....+7+52+7....4+8+9.6+9+78...28.39..71+6.....5.973.76....1+5...+7...+4:114 514 115 515 123 523 134 135 136 356 173 277 287 193 297:824::")
# a PNG of a picture is far bigger than a blank page's
NOT_BLANK = 15_000

# What a picture draws, read from the page.
FACTS = """
var svg = document.querySelector('svg');
if (!svg) return null;
var groups = [].slice.call(svg.querySelectorAll('.gOn, .gOff'));
var marks = [].slice.call(svg.querySelectorAll('circle.cOn, circle.cOff'));
var marked = 0;
groups.forEach(function (g) {
  marks.forEach(function (m) {
    var p = new DOMPoint(+m.getAttribute('cx'), +m.getAttribute('cy'));
    if (g.isPointInFill(p)) marked++;
  });
});
var sets = [0, 1, 2, 3, 4, 5].map(function (i) {
  var r = svg.querySelector('rect.s' + i);
  if (!r) return null;
  var st = getComputedStyle(r);
  return {fill: st.fill, opacity: st.fillOpacity};
}).filter(function (s) { return s; });
var arrows = [].filter.call(svg.querySelectorAll('path'), function (p) {
  var c = p.getAttribute('class') || '', d = p.getAttribute('d') || '';
  return c.charAt(0) === 'l' && /[LQ]/.test(d);
}).length;
return {
  width: svg.getBoundingClientRect().width, height: svg.getBoundingClientRect().height,
  groups: groups.length, marked: marked, sets: sets, arrows: arrows,
  digits: svg.querySelectorAll('text.gv, text.pv, text.pm').length
};
"""

# The current walkthrough step's arrows that show (those of the whole net
# only once the switch is on).
SHOWN_ARROWS = """
var s = document.querySelector('.step.cur');
return [].filter.call(s.querySelectorAll('svg.pic path'), function (p) {
  var c = p.getAttribute('class') || '', d = p.getAttribute('d') || '';
  return c.charAt(0) === 'l' && /[LQ]/.test(d) && (p.getBoundingClientRect().width + p.getBoundingClientRect().height) > 0;
}).length;
"""


def run(binary, args, stdin):
    return subprocess.run([binary, *args], input=stdin, text=True, check=True,
                          capture_output=True).stdout


def look(d, check, path, name, out):
    """Opens the SVG file at its own size, saves a PNG and returns what it draws."""
    d.get("file://" + os.path.abspath(path))
    facts = d.execute_script(FACTS)
    if not check(facts is not None and facts["digits"] >= 9, f"{name}: the picture loads ({path})"):
        return None
    set_viewport(d, 600, int(facts["height"]) + 2)
    png = os.path.join(out, f"pictures-{name}.png")
    d.save_screenshot(png)
    size = os.path.getsize(png)
    print(f"  screenshot {png}")
    check(size > NOT_BLANK, f"{name}: the PNG is not blank ({size} bytes)")
    return facts


def pictures_of_the_solve(binary, out):
    folder = os.path.join(out, "pictures-top1465-1")
    shutil.rmtree(folder, ignore_errors=True)
    run(binary, ["explain", "--format", "svg", "--out", folder], HARD)
    return sorted(glob.glob(os.path.join(folder, "*.svg")))


def grouped_loop(d, check, files, out):
    loops = [f for f in files if "grouped" in f and "nice-loop" in f]
    with_groups = [f for f in loops if 'class="gOn"' in open(f).read() or 'class="gOff"' in open(f).read()]
    if not check(with_groups, f"a grouped nice loop with a group node ({len(loops)} grouped loops)"):
        return
    facts = look(d, check, with_groups[0], "grouped-loop", out)
    if facts:
        check(facts["groups"] >= 1, f"grouped loop: {facts['groups']} group box(es)")
        check(facts["marked"] == 0, f"grouped loop: no true/false mark inside a group's box ({facts['marked']})")


def overlapping_als(binary, d, check, out):
    svg = run(binary, ["hint", "--format", "svg", "--level", "3", "--only", "als-xy-wing"],
              OVERLAPPING_ALS)
    path = os.path.join(out, "pictures-als.svg")
    with open(path, "w") as f:
        f.write(svg)
    facts = look(d, check, path, "als-xy-wing", out)
    if not facts:
        return
    sets = facts["sets"]
    check(len(sets) >= 2, f"ALS: {len(sets)} sets drawn")
    check(all(s["fill"].startswith("url(") and float(s["opacity"]) == 1 for s in sets),
          f"ALS: every set hatched, none a translucent fill ({sets})")
    check(len({s["fill"] for s in sets}) == len(sets), "ALS: each set its own hatching")


def forcing_net(d, check, files, out):
    nets = [f for f in files if f.endswith("-net.svg")]
    if not check(nets, f"a forcing net told short, with its whole net apart ({len(nets)})"):
        return
    whole = nets[0]
    short = whole[: -len("-net.svg")] + ".svg"
    s = look(d, check, short, "forcing-net", out)
    w = look(d, check, whole, "forcing-net-whole", out)
    if s and w:
        check(s["arrows"] <= 12, f"forcing net: {s['arrows']} arrows in the picture (at most 12)")
        check(w["arrows"] > s["arrows"], f"forcing net: the whole net has more ({w['arrows']})")


def walkthrough_switch(binary, d, check, out):
    page = os.path.join(out, "pictures-walkthrough.html")
    run(binary, ["explain", "--format", "html", "-o", page], HARD)
    d.get("file://" + os.path.abspath(page))
    set_viewport(d, 1280, 1000)
    steps = d.find_elements(By.CSS_SELECTOR, ".step")
    links = d.find_elements(By.CSS_SELECTOR, "#steps a")
    index = next((i for i, s in enumerate(steps) if s.find_elements(By.CSS_SELECTOR, "input.whole")), None)
    if not check(index is not None, "the walkthrough has a forcing net with a whole-net switch"):
        return
    links[index].click()
    body = d.find_element(By.TAG_NAME, "body")
    for _ in range(3):
        body.send_keys(Keys.ARROW_DOWN)
    short = d.execute_script(SHOWN_ARROWS)
    d.save_screenshot(os.path.join(out, "pictures-walkthrough-net-short.png"))
    steps[index].find_element(By.CSS_SELECTOR, "label").click()
    whole = d.execute_script(SHOWN_ARROWS)
    d.save_screenshot(os.path.join(out, "pictures-walkthrough-net-whole.png"))
    print(f"  screenshots {out}/pictures-walkthrough-net-short.png, -whole.png")
    check(0 < short < whole, f"the switch shows the whole net: {short} arrows, then {whole}")
    problems = console_problems(d)
    check(not problems, f"no error or warning in the console {problems[:3]}")


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else "target/debug/sensei"
    out = sys.argv[2] if len(sys.argv) > 2 else "target/browser"
    os.makedirs(out, exist_ok=True)
    profile = tempfile.mkdtemp(prefix="sensei-chromium-")
    check = Check()
    d = None
    try:
        files = pictures_of_the_solve(binary, out)
        d = browser(profile, (600, 1000))
        grouped_loop(d, check, files, out)
        overlapping_als(binary, d, check, out)
        forcing_net(d, check, files, out)
        walkthrough_switch(binary, d, check, out)
    except Exception as e:  # a broken picture must fail the test, not crash it
        check(False, f"{type(e).__name__}: {e}")
    finally:
        if d is not None:
            d.quit()
        shutil.rmtree(profile, ignore_errors=True)
    return check.exit_code()


if __name__ == "__main__":
    sys.exit(main())
