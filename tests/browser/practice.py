#!/usr/bin/env python3
"""The trainer's practice mode (`sensei serve`, issue 36) in a real browser:
headless Chromium driven by chromedriver through Selenium.

    python3 tests/browser/practice.py [SENSEI_BINARY] [SCREENSHOT_DIR]

It records a learner's session: open Practice, choose X-Wing in the map
(grouped by family, in HoDoKu's order), read its lesson (text and
picture, served by the trainer), practise on three positions made for it
(the first with a wrong, a partial and a right submission, each with its
message; the right one draws the pattern), and see X-Wing marked learned,
in the map too, after a reload; and the learner pages' links
(`#practice=SLUG`) open a lesson. Screenshots at laptop (1366x768) and phone
(390x844) sizes. It fails (exit 1) on any broken expectation, on an error
or warning in the browser's console, or on a request to any address but
the server's.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile

from selenium.webdriver.common.by import By

from common import Check, browser, console_problems, requests_off, set_viewport, shot
from trainer import api, start_server, wait

LAPTOP = (1366, 768)
PHONE = (390, 844)


def practice_game(d):
    """The practice of the current game, as the page saved it."""
    return d.execute_script(
        "var p = localStorage.getItem('sensei.trainer.current');"
        "var g = JSON.parse(localStorage.getItem('sensei.trainer.game.' + p) || 'null');"
        "return g && g.practice;")


def progress(d):
    return d.execute_script("return JSON.parse(localStorage.getItem('sensei.trainer.progress') || '{}')")


def click_candidate(d, cand):
    """Click candidate {row, col, digit} on the board (it must be shown)."""
    i = (cand["row"] - 1) * 9 + cand["col"] - 1
    span = lambda d: d.find_elements(By.CSS_SELECTOR, "#board .cell")[i].find_elements(By.CSS_SELECTOR, ".notes span")[cand["digit"] - 1]
    wait(d, lambda d: span(d).get_attribute("textContent") == str(cand["digit"]),
         f"r{cand['row']}c{cand['col']} to show {cand['digit']} (the board: {d.find_element(By.ID, 'puzzle-name').text})", timeout=5)
    span(d).click()


def result(d):
    return d.find_element(By.ID, "practice-result").text


def check_my_step(d, before):
    d.find_element(By.ID, "check-step").click()
    wait(d, lambda d: result(d) and result(d) != before, "the answer to Check my step")
    return result(d)


def new_position(d, button, previous):
    d.find_element(By.ID, button).click()
    wait(d, lambda d: (practice_game(d) or {}).get("position") not in (None, previous), "a practice position")
    wait(d, lambda d: d.find_element(By.ID, "practicebox").is_displayed(), "the practice box")
    return practice_game(d)


def the_step(url, game):
    """The X-Wing to find: sensei's hint in the practice position."""
    h = api(url, "/api/hint", {"position": game["position"], "level": 3})
    assert h["status"] == "step" and h["step"]["technique"] == "x-wing", h
    return h["step"]


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else "target/debug/sensei"
    out = sys.argv[2] if len(sys.argv) > 2 else "target/browser"
    os.makedirs(out, exist_ok=True)
    server, url = start_server(binary)
    profile = tempfile.mkdtemp(prefix="sensei-chromium-")
    check = Check()
    d = None
    try:
        d = browser(profile, LAPTOP)
        d.get(url)
        wait(d, lambda d: d.find_element(By.ID, "puzzle-name").text != "", "a puzzle")

        print("1. the technique map, grouped by family in HoDoKu's order")
        d.find_element(By.ID, "practice").click()
        wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "#families button"), "the technique map")
        heads = [h.text for h in d.find_elements(By.CSS_SELECTOR, "#families h3")]
        check(heads[:3] == ["Singles", "Intersections", "Subsets"] and "Basic Fish" in heads,
              f"families in HoDoKu's order: {heads}")
        names = [b.text for b in d.find_elements(By.CSS_SELECTOR, "#families button")]
        check(len(names) >= 60 and names[0] == "Full House", f"{len(names)} techniques, Full House first")
        shot(d, out, "laptop-practice-map.png", LAPTOP)

        print("2. the X-Wing lesson: text and picture, from the trainer itself")
        d.find_element(By.CSS_SELECTOR, '#families button[data-technique="x-wing"]').click()
        wait(d, lambda d: "rectangle" in d.find_element(By.ID, "lesson-text").text, "the lesson's text")
        check(d.find_element(By.ID, "lesson-title").text == "X-Wing", "the lesson is X-Wing's")
        check(d.execute_script("var r = document.getElementById('lesson-pic').shadowRoot;"
                               " return !!(r && r.querySelector('svg'))"), "the lesson has its picture")
        check("X-Wing: 4 r24 c19" in d.find_element(By.ID, "lesson-example").text, "and its example's step")
        check("Not practised yet" in d.find_element(By.ID, "lesson-progress").text, "no progress yet")
        shot(d, out, "laptop-lesson.png", LAPTOP)
        shot(d, out, "phone-lesson.png", PHONE)
        set_viewport(d, *LAPTOP)

        print("3. the first position: wrong, partly right, right")
        game = new_position(d, "practice-start", None)
        check(game["technique"] == "x-wing", f"a practice position for X-Wing ({game['source']})")
        step = the_step(url, game)
        # a position whose X-Wing removes two candidates or more, for a partial answer
        for _ in range(10):
            if len(step["eliminations"]) >= 2:
                break
            game = new_position(d, "practice-next", game["position"])
            step = the_step(url, game)
        elims = step["eliminations"]
        check(len(elims) >= 2, f"an X-Wing that removes {len(elims)} candidates")
        # a candidate no X-Wing of the position removes (asked of the API)
        read = api(url, "/api/position", {"position": game["position"]})
        cands, values = read["candidates"], read["values"]
        wrong = None
        for k, ch in enumerate(cands):
            if ch == "." or values[k // 9] != ".":
                continue
            c = {"row": k // 81 + 1, "col": k // 9 % 9 + 1, "digit": k % 9 + 1}
            a = api(url, "/api/check-step", {"position": game["position"], "technique": "x-wing",
                                             "eliminations": [c]})
            if a["status"] == "not_valid":
                wrong = c
                break
        click_candidate(d, wrong)
        msg = check_my_step(d, "")
        name = f"r{wrong['row']}c{wrong['col']}"
        check(msg.startswith(f"Not valid: {name} can still be {wrong['digit']}"), f"a wrong step: {msg!r}")
        shot(d, out, "laptop-practice-wrong.png", LAPTOP)
        click_candidate(d, wrong)  # struck out, it stays clickable: back again
        click_candidate(d, elims[0])
        msg = check_my_step(d, msg)
        check(f"you found 1 of {len(elims)} eliminations" in msg, f"a partial step: {msg!r}")
        for c in elims[1:]:
            click_candidate(d, c)
        msg = check_my_step(d, msg)
        check(msg.startswith("Right"), f"the whole step is right: {msg!r}")
        check(d.execute_script("var r = document.getElementById('practice-pic').shadowRoot;"
                               " return !!(r && r.querySelector('svg'))"), "a right step draws its pattern")
        p = progress(d).get("x-wing", {})
        check(p.get("successes") == 1 and p.get("streak") == 1 and not p.get("learned"),
              f"one success, streak 1: {p}")
        shot(d, out, "laptop-practice-right.png", LAPTOP)
        shot(d, out, "phone-practice-right.png", PHONE)
        set_viewport(d, *LAPTOP)

        print("4. two more positions, right at once: X-Wing learned")
        for n in (2, 3):
            game = new_position(d, "practice-next", game["position"])
            step = the_step(url, game)
            for c in step["eliminations"]:
                click_candidate(d, c)
            for c in step["placements"]:
                d.find_elements(By.CSS_SELECTOR, "#board .cell")[(c["row"] - 1) * 9 + c["col"] - 1].click()
                d.find_element(By.ID, "board").send_keys(str(c["digit"]))
            msg = check_my_step(d, "")
            check(msg.startswith("Right"), f"position {n}: {msg!r}")
        p = progress(d).get("x-wing", {})
        check(p.get("learned") and p.get("streak") == 3 and p.get("successes") == 3,
              f"three right in a row: learned ({p})")
        check("Learned" in d.find_element(By.ID, "practice-progress").text, "the practice box says so")

        print("5. a reload keeps the progress and the practice")
        d.refresh()
        wait(d, lambda d: d.find_element(By.ID, "practicebox").is_displayed(), "the practice box after a reload")
        d.find_element(By.ID, "practice").click()
        wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, '#families button[data-technique="x-wing"]'), "the map")
        b = d.find_element(By.CSS_SELECTOR, '#families button[data-technique="x-wing"]')
        check("learned" in b.get_attribute("class") and b.text.startswith("✓"), f"X-Wing marked learned: {b.text!r}")
        shot(d, out, "laptop-practice-learned.png", LAPTOP)

        print("6. a learner page's link (#practice=SLUG) opens that lesson")
        d.get(url + "#practice=skyscraper")
        d.refresh()
        wait(d, lambda d: d.find_element(By.ID, "lesson-title").text == "Skyscraper", "the Skyscraper lesson")
        check(d.find_element(By.ID, "practicedlg").get_attribute("open") is not None,
              "the address #practice=skyscraper opens the Skyscraper lesson")

        print("7. the console and the network")
        logs = console_problems(d)
        for e in logs:
            print("   ", e["level"], e["message"])
        check(not logs, "no error or warning in the console")
        foreign = requests_off(d, (url, "data:"))
        check(not foreign, f"no request but to the server ({foreign})")
    except AssertionError as e:
        check(False, str(e))
    finally:
        if d is not None:
            d.quit()
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
        shutil.rmtree(profile, ignore_errors=True)
    return check.exit_code()


if __name__ == "__main__":
    sys.exit(main())
