"""The page in a real browser: Playwright drives Debian's Chromium against a live server.

For every registered game: load it, make a legal move by clicking, see an illegal move
refused with the rule's reason, undo, and save a screenshot to docs/screenshots/.
Also: finish Travellers by autoplay, play by keyboard alone, drag and drop,
double-click, records and the replay viewer, the rules panel, and the fit on a
1366x768 screen.
"""

from __future__ import annotations

import re
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
if not CHROMIUM.exists():
    pytest.skip("Debian's Chromium (/usr/bin/chromium) is not installed", allow_module_level=True)
pytest.importorskip("playwright")
uvicorn = pytest.importorskip("uvicorn")

from playwright.sync_api import Browser, Page, ViewportSize, expect, sync_playwright  # noqa: E402

from cadogan import registry  # noqa: E402
from cadogan.cards import Card  # noqa: E402
from cadogan.core import Move, State  # noqa: E402
from cadogan.web import create_app  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "docs" / "screenshots"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
SCREEN: ViewportSize = {"width": 1366, "height": 768}
# Playwright waits 5 s by default for what a page shows; a loaded CI machine can be
# slower than that (test_browser_rooms imports this module, so it applies there too).
expect.set_options(timeout=20_000)
IDS = list(registry.ids())


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    port = free_port()
    app = create_app(solve_seconds=30.0)  # the pages ask only of Travellers (milliseconds)
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as play:
        chromium = play.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield chromium
        chromium.close()


def watched_tab(browser: Browser, viewport: ViewportSize) -> Iterator[Page]:
    """A fresh tab of that size; the test fails if the page threw a JavaScript error."""
    context = browser.new_context(viewport=viewport, accept_downloads=True)
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda err: errors.append(str(err)))
    yield tab
    context.close()
    assert not errors, f"JavaScript errors: {errors}"


@pytest.fixture()
def page(browser: Browser) -> Iterator[Page]:
    yield from watched_tab(browser, SCREEN)


# Helpers


def open_game(page: Page, base: str, game: str, deal: int = 1) -> dict[str, Any]:
    """Start a game from the home page, as a player would."""
    page.goto(f"{base}/#/")
    form = page.locator(f'form[data-game="{game}"]')
    expect(form).to_be_visible()
    page.wait_for_load_state("networkidle")
    form.locator("input.deal-number").fill(str(deal))
    form.locator("button.play").click()
    expect(page.locator("#game-meta")).to_contain_text(f"deal {deal}")
    expect(page.locator(".table .pile").first).to_be_visible()
    return current(page)


def current(page: Page) -> dict[str, Any]:
    """The server's answer for the game on screen (what the page itself draws)."""
    data: dict[str, Any] = page.evaluate(
        "async () => (await fetch('/api/sessions/' + location.hash.split('/').pop())).json()"
    )
    return data


def pile(page: Page, name: str) -> Any:
    return page.locator(f'.pile[data-pile="{name}"]')


def wait_steps(page: Page, steps: int) -> dict[str, Any]:
    """Wait until the player has made ``steps`` moves (forced moves not counted)."""
    deadline = time.monotonic() + 30
    while True:
        data = current(page)
        if data["chosen"] == steps:
            return data
        assert time.monotonic() < deadline, f"expected {steps} moves, have {data['chosen']}"
        time.sleep(0.05)


def pairs(data: dict[str, Any]) -> list[dict[str, Any]]:
    """Listed moves that join two piles (what clicking a card and a pile plays)."""
    piles = data["view"]["piles"]
    return [
        m
        for m in data["moves"]
        if len(m["args"]) >= 2 and m["args"][0] in piles and m["args"][-1] in piles
    ]


def click_legal_move(page: Page, data: dict[str, Any]) -> None:
    """Make one legal move with the mouse: card then destination, or a pile, or a button."""
    joined = pairs(data)
    if joined:
        source, target = joined[0]["args"][0], joined[0]["args"][-1]
        pile(page, source).click()
        expect(pile(page, target)).to_have_class("pile target")
        pile(page, target).click()
        return
    single = [m for m in data["moves"] if len(m["args"]) == 1 and not m["transfer"]]
    if single:
        pile(page, single[0]["args"][0]).click()
        return
    page.locator(f'#actions button[data-move="{data["moves"][0]["text"]}"]').click()


def click_illegal_move(page: Page, data: dict[str, Any]) -> None:
    """Try a move the server did not list, by clicking, so that it must refuse it."""
    piles = data["view"]["piles"]
    joined = pairs(data)
    if joined:
        source = joined[0]["args"][0]
        legal = {m["args"][-1] for m in joined if m["args"][0] == source}
        target = next(p for p in piles if p != source and p not in legal)
        pile(page, source).click()
        pile(page, target).click()
        return
    acted = {m["args"][0] for m in data["moves"] if len(m["args"]) == 1}
    source = next(p for p, cards in piles.items() if p not in acted and cards)
    pile(page, source).click()
    if not page.locator("#message[data-kind=error]").count():
        pile(page, next(p for p in piles if p not in (source, *acted))).click()


def fits(page: Page) -> None:
    """The page does not scroll and the table lies inside the window."""
    size = page.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.scrollHeight]"
    )
    assert size[0] <= SCREEN["width"] and size[1] <= SCREEN["height"], size
    box = page.locator(".table").bounding_box()
    assert box is not None
    assert box["x"] >= 0 and box["y"] >= 0
    assert box["x"] + box["width"] <= SCREEN["width"] + 1
    assert box["y"] + box["height"] <= SCREEN["height"] + 1


# Every game


def test_the_home_page_lists_every_game(page: Page, base: str) -> None:
    page.goto(f"{base}/")
    expect(page.locator(".game-card")).to_have_count(len(IDS))
    for cls in registry.classes():
        card = page.locator(f'form[data-game="{cls.id}"]')
        expect(card).to_contain_text(cls.name)
        expect(card).to_contain_text(cls.description)
        expect(card).to_contain_text(f"{cls.packs} pack")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "home.png"), full_page=True)


@pytest.mark.parametrize("game", IDS)
def test_every_game_plays_refuses_undoes_and_is_pictured(page: Page, base: str, game: str) -> None:
    data = open_game(page, base, game)
    fits(page)
    hidden = sum(c == "??" for cards in data["view"]["piles"].values() for c in cards)
    backs = page.locator("img.card.back")
    assert (backs.count() > 0) == (hidden > 0)
    assert page.locator('img.card.back:not([src$="/back.svg"])').count() == 0
    click_legal_move(page, data)
    data = wait_steps(page, 1)
    expect(page.locator("#message")).to_contain_text("Played")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{game}.png"))
    click_illegal_move(page, data)
    message = page.locator("#message[data-kind=error]")
    expect(message).to_contain_text("Not allowed: ")
    assert len(message.inner_text()) > len("Not allowed: ") + 8
    assert current(page)["chosen"] == 1
    page.locator("#undo").click()
    wait_steps(page, 0)
    expect(page.locator("#message")).to_contain_text("taken back")
    expect(page.locator("#undo")).to_be_disabled()


# Travellers to the end, and by keyboard


def test_travellers_finishes_by_autoplay_and_announces_the_result(page: Page, base: str) -> None:
    open_game(page, base, "travellers", 3)
    page.locator("#autoplay").click()
    result = page.locator("#result")
    expect(result).to_be_visible()
    expect(result).to_contain_text("Travellers is")
    assert current(page)["over"]
    page.screenshot(path=str(SHOTS / "travellers-finished.png"))
    # Nothing is left to play once it is over: those tools say so by being off. Whether
    # the deal could come out at all is still worth asking (it asks from the start).
    for tool in ("#hint", "#autoplay"):
        expect(page.locator(tool)).to_be_disabled()
    page.locator("#winnable").click()
    expect(page.locator("#message")).to_contain_text("No: this deal cannot be won", timeout=40_000)


def test_the_header_shows_the_phase_the_counters_and_the_options(page: Page, base: str) -> None:
    """The page never showed what the command line's header does: re-deals left, the
    Zodiac's phase, the Race marriages made, the options that differ from the book."""
    open_game(page, base, "duchesse-de-luynes", 1)
    expect(page.locator("#game-meta")).to_have_text("deal 1 \u00b7 re-deals left 3")
    open_game(page, base, "zodiac", 1)
    expect(page.locator("#game-meta")).to_have_text("deal 1 \u00b7 marry")
    page.evaluate(
        """async () => {
          const r = await fetch('/api/sessions', {method: 'POST',
            headers: {'Content-Type': 'application/json'},
            body: JSON.stringify({game: 'napoleons-square', deal: 4,
                                  options: {rules: 'modern'}})});
          location.hash = '#/game/' + (await r.json()).id;
        }"""
    )
    expect(page.locator("#game-meta")).to_have_text("deal 4 \u00b7 rules=modern")


def focused(page: Page) -> str | None:
    name: str | None = page.evaluate("document.activeElement?.dataset?.pile ?? null")
    return name


def walk_to(page: Page, target: str) -> None:
    """Move the focus with the arrow keys until it rests on ``target``."""
    # The first arrow puts the focus on a pile once the table is drawn and listening;
    # on a busy machine that can take a moment, so press again until it lands.
    for _ in range(30):
        if focused(page) is not None:
            break
        page.keyboard.press("ArrowDown")
        page.wait_for_timeout(100)
    assert focused(page) is not None, "no arrow key ever put the focus on a pile"
    seen: dict[str, int] = {}
    for _ in range(40):
        here = focused(page)
        if here == target:
            return
        assert here is not None
        seen[here] = seen.get(here, 0) + 1
        a = pile(page, here).bounding_box()
        b = pile(page, target).bounding_box()
        assert a and b
        dx = b["x"] + b["width"] / 2 - a["x"] - a["width"] / 2
        dy = b["y"] + b["height"] / 2 - a["y"] - a["height"] / 2
        across = abs(dx) > abs(dy)
        if seen[here] > 1 and min(abs(dx), abs(dy)) > 5:
            across = not across  # going round in a circle: try the other axis
        if across:
            page.keyboard.press("ArrowRight" if dx > 0 else "ArrowLeft")
        else:
            page.keyboard.press("ArrowDown" if dy > 0 else "ArrowUp")
    raise AssertionError(f"the arrows never reached {target}; stuck at {focused(page)}")


def test_a_few_moves_by_keyboard_alone(page: Page, base: str) -> None:
    data = open_game(page, base, "travellers", 1)
    for step in range(1, 4):
        (move,) = data["moves"]
        walk_to(page, move["args"][0])
        page.keyboard.press("Enter")
        data = wait_steps(page, step)
    page.keyboard.press("u")
    wait_steps(page, 2)
    page.keyboard.press("r")
    wait_steps(page, 3)
    # A transfer by keyboard: pick up with Enter, walk to the destination, drop with Enter.
    data = open_game(page, base, "constitution", 1)
    source, target = pairs(data)[0]["args"]
    walk_to(page, source)
    page.keyboard.press("Enter")
    expect(pile(page, source)).to_have_attribute("aria-pressed", "true")
    walk_to(page, target)
    page.keyboard.press("Enter")
    wait_steps(page, 1)


def tab_stops(page: Page) -> dict[str, Any]:
    """The table's piles by tabindex, its first pile, and the pile in focus (one read,
    as a redraw replaces every pile)."""
    found: dict[str, Any] = page.evaluate(
        "() => { const piles = [...document.querySelectorAll('#table-box .pile:not(.decor)')];"
        " const which = (t) => piles.filter((n) => n.getAttribute('tabindex') === t)"
        ".map((n) => n.dataset.pile);"
        " return {first: piles[0].dataset.pile, stops: which('0'), rest: which('-1').length,"
        " count: piles.length, focused: document.activeElement?.dataset?.pile ?? null}; }"
    )
    return found


def test_the_table_is_one_tab_stop_that_follows_the_arrows(page: Page, base: str) -> None:
    """Every pile was a Tab stop: Tab walked through 20 to 40 piles before it left the table."""
    data = open_game(page, base, "constitution", 1)
    table = tab_stops(page)
    assert table["stops"] == [table["first"]] and table["rest"] == table["count"] - 1
    # Tab enters the table on its first pile, and the next Tab leaves it.
    page.locator("details.more summary").focus()
    page.keyboard.press("Tab")
    assert focused(page) == table["first"]
    page.keyboard.press("Tab")
    assert focused(page) is None
    # The arrows take the Tab stop along; it stays with the pile through the redraw
    # that a move brings, and Tab comes back to it.
    source, target = pairs(data)[0]["args"]
    walk_to(page, source)
    assert tab_stops(page)["stops"] == [source]
    page.keyboard.press("Enter")
    walk_to(page, target)
    page.keyboard.press("Enter")
    wait_steps(page, 1)
    expect(page.locator("#message")).to_contain_text("Played")
    table = tab_stops(page)
    assert table["focused"] == target and table["stops"] == [target], table
    page.keyboard.press("Shift+Tab")
    assert focused(page) is None
    page.keyboard.press("Tab")
    assert focused(page) == target
    # Another game, without that pile: its first pile holds the stop.
    open_game(page, base, "travellers", 1)
    table = tab_stops(page)
    assert table["stops"] == [table["first"]] and table["rest"] == table["count"] - 1


def test_piles_and_cards_have_accessible_names(page: Page, base: str) -> None:
    open_game(page, base, "constitution", 1)
    first = pile(page, "council1")
    expect(first).to_have_attribute("role", "button")
    assert "council1: 1 card, top card" in (first.get_attribute("aria-label") or "")
    card = first.locator("img.card")
    expect(card).to_have_attribute("role", "img")
    assert " of " in (card.get_attribute("alt") or "")
    assert page.locator('.pile[data-pile="pack"] img.card').first.get_attribute("alt") == (
        "a face-down card"
    )


# Mouse: drag and drop, double-click


def drag(page: Page, source: str, target: str) -> None:
    """Drag the top card of ``source`` onto ``target`` with the mouse; a ghost card follows."""
    a, b = pile(page, source).bounding_box(), pile(page, target).bounding_box()
    assert a and b
    page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
    page.mouse.down()
    page.mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2, steps=8)
    expect(page.locator(".ghost")).to_have_count(1)
    page.mouse.up()


def test_drag_and_drop_plays_a_move(page: Page, base: str) -> None:
    data = open_game(page, base, "constitution", 1)
    source, target = pairs(data)[0]["args"]
    drag(page, source, target)
    after = wait_steps(page, 1)
    assert after["last"][-1]["text"] == f"{source} {target}"


def test_double_click_plays_to_a_foundation(page: Page, base: str) -> None:
    data = open_game(page, base, "constitution", 1)
    source = next(m["args"][0] for m in pairs(data) if m["args"][-1].startswith("found"))
    pile(page, source).dblclick()
    after = wait_steps(page, 1)
    assert after["last"][-1]["text"].startswith(f"{source} found")


# Tools, records, replay and rules


def test_hint_and_is_this_deal_winnable(page: Page, base: str) -> None:
    open_game(page, base, "travellers", 1)
    page.locator("#hint").click()
    expect(page.locator("#message")).not_to_be_empty()
    page.locator("#winnable").click()
    expect(page.locator("#message")).to_contain_text("deal", timeout=40_000)
    expect(page.locator("#spinner")).to_be_hidden()


def test_new_deal_by_number_and_restart(page: Page, base: str) -> None:
    open_game(page, base, "travellers", 1)
    page.locator("#deal-number").fill("9223372036854775807")
    page.locator("#deal-form button").click()
    expect(page.locator("#game-meta")).to_contain_text("deal 9223372036854775807")
    pile(page, "spare").click()
    wait_steps(page, 1)
    page.locator("#restart").click()
    wait_steps(page, 0)
    expect(page.locator("#redo")).to_be_enabled()


def test_save_and_load_a_record_then_replay_it(page: Page, base: str, tmp_path: Path) -> None:
    data = open_game(page, base, "travellers", 2)
    for step in range(1, 4):
        pile(page, data["moves"][0]["args"][0]).click()
        data = wait_steps(page, step)
    page.locator("details.more summary").click()
    with page.expect_download() as download:
        page.locator("#save").click()
    path = tmp_path / "game.txt"
    download.value.save_as(path)
    assert path.read_text().startswith('[Game "travellers"]')
    page.locator("#load-file").set_input_files(str(path))
    where = page.locator("#replay-where")
    expect(where).to_contain_text("Step 0 of 3")
    page.locator("#replay-next").click()
    expect(where).to_contain_text("Step 1 of 3: after move 1: turn spare")
    page.locator("#replay-last").click()
    expect(where).to_contain_text("Step 3 of 3")
    page.locator("#replay-prev").click()
    expect(where).to_contain_text("Step 2 of 3")
    page.locator("#replay-close").click()
    expect(page.locator("#replay")).to_be_hidden()
    assert current(page)["chosen"] == 3


def test_a_replay_closed_before_its_first_frame_comes_leaves_the_live_table(
    page: Page, base: str, tmp_path: Path
) -> None:
    """Closing the replay of a loaded record before its first frame had come back (a
    busy machine) left the opening deal drawn over the live table, with no replay
    panel to step or close: the late frame was drawn anyway."""
    from cadogan.record import Record

    game = registry.game("travellers")
    state, line = game.deal(2), list[str]()
    for _ in range(3):
        move = game.moves(state)[0]
        state, line = game.play(state, move), [*line, str(move)]
    path = tmp_path / "travellers.txt"
    path.write_text(Record("travellers", 2, {}, tuple(line)).text())
    open_game(page, base, "travellers", 2)
    held: list[Any] = []
    page.route("**/steps/0", lambda route: held.append(route))  # held until let go
    page.locator("details.more summary").click()
    page.locator("#load-file").set_input_files(str(path))
    expect(page.locator("#replay")).to_be_visible()
    deadline = time.monotonic() + 30
    while not held:  # the page has asked for the frame
        assert time.monotonic() < deadline, "the first frame was never asked for"
        page.wait_for_timeout(20)
    page.locator("#replay-close").click()
    expect(page.locator("#replay")).to_be_hidden()
    held[0].continue_()  # the late frame comes now
    # The load's last word comes once the late frame has been dealt with.
    expect(page.locator("#message")).to_have_text(re.compile(r"; back to the game\.$"))
    faces = page.locator('.table img:not([src$="back.svg"])')
    assert faces.count() == 3  # the live table, three cards turned up (the deal: none)
    expect(page.locator("#replay")).to_be_hidden()
    assert current(page)["chosen"] == 3


def test_the_rules_panel(page: Page, base: str) -> None:
    open_game(page, base, "travellers", 1)
    page.locator("details.more summary").click()
    page.locator("#rules-button").click()
    expect(page.locator("#rules-body h1, #rules-body h2").first).to_be_visible()
    expect(page.locator("#rules-body h2").first).to_have_text("The rules, in our words")
    expect(page.locator("details.more")).not_to_have_attribute("open", "")  # shut, tools show
    covered = page.evaluate(
        """() => { const b = document.querySelector('#hint').getBoundingClientRect();
        return document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2)?.id; }"""
    )
    assert covered == "hint"  # the rules lie beside the table, under the toolbar
    page.locator("details.more summary").click()  # the menu opens over the rules panel
    load = page.evaluate(
        """() => { const b = document.querySelector('#load').getBoundingClientRect();
        return document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2)?.id; }"""
    )
    assert load == "load"  # Load and Replay stay in reach, not behind the panel
    page.keyboard.press("Escape")
    page.locator("#rules-close").click()
    expect(page.locator("#rules")).to_be_hidden()


def test_the_table_scales_up_on_a_larger_screen(page: Page, base: str) -> None:
    open_game(page, base, "hemispheres", 1)
    small = pile(page, "found1").bounding_box()
    assert small
    page.set_viewport_size({"width": 1920, "height": 1080})
    # The page redraws on its ResizeObserver, which a loaded machine may delay.
    page.wait_for_function(
        "w => document.querySelector('.pile[data-pile=\"found1\"]')"
        ".getBoundingClientRect().width > w",
        arg=small["width"] * 1.2,
        timeout=20_000,
    )
    large = pile(page, "found1").bounding_box()
    assert large and large["width"] > small["width"] * 1.2


def test_one_card_of_a_spread_packet_is_picked_up_by_itself(page: Page, base: str) -> None:
    """Les Petits Paquets: every card of packet 13 is available; a click takes that one."""
    gid = page.request.post(
        f"{base}/api/sessions", data={"game": "petits-paquets", "deal": 1}
    ).json()["id"]
    data: dict[str, Any] = page.request.get(f"{base}/api/sessions/{gid}").json()
    for _ in range(200):
        if any(m["verb"] == "take" for m in data["moves"]) or data["over"]:
            break
        move = data["moves"][-1]["text"]
        data = page.request.post(f"{base}/api/sessions/{gid}/moves", data={"move": move}).json()
    take = next(m for m in data["moves"] if m["verb"] == "take")
    card, target = take["args"]
    page.goto(f"{base}/#/game/{gid}")
    chosen = pile(page, "packet13").locator(f'img[data-card="{card}"]').last
    chosen.click(position={"x": 6, "y": 6})
    expect(pile(page, target)).to_have_class("pile target")
    expect(chosen).to_have_class("card picked")
    pile(page, target).click()
    after = wait_steps(page, data["chosen"] + 1)
    assert any(e["text"] == take["text"] for e in after["last"])


# What the home page tells: a game that is not there, a start the server refuses


def test_an_unknown_game_id_goes_home_and_says_so(page: Page, base: str) -> None:
    page.goto(f"{base}/#/game/AAAAAAAAAAAAAAAAAAAAAAAA")
    notice = page.locator("#notice")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("No such game")
    expect(page.locator("#home")).to_be_visible()
    expect(page.locator("#play")).to_be_hidden()
    expect(page.locator(".game-card")).to_have_count(len(IDS))
    assert page.evaluate("location.hash") == "#/"
    open_game(page, base, "travellers", 1)  # and the page still works
    expect(notice).to_be_hidden()
    page.goto(f"{base}/#/game/abc")  # not even the shape of a game's id
    expect(notice).to_contain_text("No such game: this is not a game's address")
    expect(page.locator("#home")).to_be_visible()


def test_a_refused_start_shows_the_servers_reason_on_the_home_page(page: Page, base: str) -> None:
    page.goto(f"{base}/#/")
    form = page.locator('form[data-game="travellers"]')
    expect(form).to_be_visible()
    page.wait_for_load_state("networkidle")
    form.locator("input.deal-number").fill("9999999999999999999")
    form.locator("button.play").click()
    notice = page.locator("#notice")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("9223372036854775807")
    expect(page.locator("#home")).to_be_visible()
    assert page.evaluate("location.hash") == "#/"


# A phone's screen


PHONE: ViewportSize = {"width": 390, "height": 844}


@pytest.fixture()
def phone(browser: Browser) -> Iterator[Page]:
    yield from watched_tab(browser, PHONE)


def wait_for_card_width(page: Page, pixels: int) -> None:
    """Wait until the table draws its cards at least ``pixels`` wide (``--cw``)."""
    page.wait_for_function(
        "(least) => parseFloat(getComputedStyle(document.querySelector('.table'))"
        ".getPropertyValue('--cw')) >= least",
        arg=pixels,
        timeout=20_000,
    )


def on_screen(page: Page, selector: str) -> None:
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"] + 0.5, (selector, box)
    assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"] + 0.5, (selector, box)


def test_a_refused_start_low_on_a_phones_home_page_is_seen(phone: Page, base: str) -> None:
    phone.goto(f"{base}/#/")
    form = phone.locator('form[data-game="travellers"]')  # the last card: far down
    expect(form).to_be_visible()
    phone.wait_for_load_state("networkidle")
    form.locator("input.deal-number").fill("9999999999999999999")
    form.locator("button.play").click()
    notice = phone.locator("#notice")
    expect(notice).to_contain_text("9223372036854775807")
    assert phone.evaluate("document.body.scrollTop + document.documentElement.scrollTop") > 0
    expect(notice).to_be_in_viewport()


def test_the_more_menu_stays_on_a_phones_screen(phone: Page, base: str) -> None:
    open_game(phone, base, "constitution", 1)
    phone.locator("details.more summary").click()
    expect(phone.locator(".more-body")).to_be_visible()
    for selector in (
        ".more-body",
        "#save",
        "#load",
        "#replay-button",
        "#rules-button",
        "#play-listed",
    ):
        on_screen(phone, selector)


def test_the_replay_bar_fits_a_phone_and_draws_its_arrows(phone: Page, base: str) -> None:
    open_game(phone, base, "travellers", 2)
    phone.locator("details.more summary").click()
    phone.locator("#replay-button").click()
    expect(phone.locator("#replay-where")).to_contain_text("Step 0 of 0")
    widths = phone.evaluate(
        "[document.querySelector('#replay').scrollWidth, document.documentElement.scrollWidth]"
    )
    assert widths[0] <= PHONE["width"] and widths[1] <= PHONE["width"], widths
    for selector in ("#replay-where", "#replay-first", "#replay-prev", "#replay-next"):
        on_screen(phone, selector)
    on_screen(phone, "#replay-last")
    on_screen(phone, "#replay-close")
    # The step buttons draw their arrows themselves (SVG), not with a character that a
    # browser without an emoji font shows as an empty box (U+23EE, U+23ED).
    for selector in ("#replay-first", "#replay-prev", "#replay-next", "#replay-last"):
        button = phone.locator(selector)
        assert button.locator("svg path").count() >= 1, selector
        assert button.inner_text().strip() == "", selector
        drawn = button.locator("svg").bounding_box()
        assert drawn is not None and drawn["width"] >= 8 and drawn["height"] >= 8, selector


# The replay: its keys, its banner; a record loaded says what it is


def played_travellers(page: Page, base: str, tmp_path: Path) -> Path:
    """A finished (won) game of Travellers saved as a record file."""
    gid = page.request.post(f"{base}/api/sessions", data={"game": "travellers", "deal": 1})
    won = page.request.post(f"{base}/api/sessions/{gid.json()['id']}/autoplay").json()
    assert won["outcome"] == "won"
    path = tmp_path / "won.txt"
    path.write_text(page.request.get(f"{base}/api/sessions/{won['id']}/record").text())
    return path


def test_the_replay_steps_by_the_arrow_keys_again_and_again(
    page: Page, base: str, tmp_path: Path
) -> None:
    record = played_travellers(page, base, tmp_path)
    open_game(page, base, "constitution", 1)
    page.locator("#load-file").set_input_files(str(record))
    where = page.locator("#replay-where")
    expect(where).to_contain_text("Step 0 of ")
    for step in range(1, 5):
        page.keyboard.press("ArrowRight")
        expect(where).to_contain_text(f"Step {step} of ")
    page.keyboard.press("ArrowLeft")
    expect(where).to_contain_text("Step 3 of ")
    page.keyboard.press("ArrowLeft")
    expect(where).to_contain_text("Step 2 of ")
    page.keyboard.press("Escape")
    expect(page.locator("#replay")).to_be_hidden()
    # Away from the game in the middle of a replay, the arrows step nothing (and fail not).
    page.locator("details.more summary").click()
    page.locator("#replay-button").click()
    expect(where).to_contain_text("Step 0 of ")
    page.locator("nav a", has_text="Games").click()
    expect(page.locator("#home")).to_be_visible()
    for key in ("ArrowRight", "ArrowLeft", "ArrowRight"):
        page.keyboard.press(key)
    page.wait_for_timeout(500)


def test_a_loaded_record_names_its_game_and_the_banner_waits_for_the_end(
    page: Page, base: str, tmp_path: Path
) -> None:
    record = played_travellers(page, base, tmp_path)
    open_game(page, base, "constitution", 1)
    page.locator("#load-file").set_input_files(str(record))
    expect(page.locator("#replay-where")).to_contain_text("Step 0 of ")
    message = page.locator("#message")
    expect(message).to_contain_text("Travellers, deal 1")
    assert "Constitution" not in message.inner_text()
    expect(page.locator("#game-title")).to_have_text("Travellers")
    result = page.locator("#result")
    expect(result).to_be_hidden()  # the opening deal is not won
    page.locator("#replay-next").click()
    expect(page.locator("#replay-where")).to_contain_text("Step 1 of ")
    expect(result).to_be_hidden()
    page.locator("#replay-last").click()
    expect(result).to_be_visible()
    expect(result).to_contain_text("won")
    page.locator("#replay-first").click()
    expect(page.locator("#replay-where")).to_contain_text("Step 0 of ")
    expect(result).to_be_hidden()
    page.locator("#replay-close").click()
    expect(result).to_be_visible()  # the game itself is won


# A hint that comes after the table changed


def test_a_hint_for_an_earlier_position_is_dropped(page: Page, base: str) -> None:
    open_game(page, base, "travellers", 1)
    held: list[tuple[Any, Any]] = []

    def hold(route: Any) -> None:
        held.append((route, route.fetch()))  # the server's answer now, given later

    page.route("**/hint", hold)
    page.locator("#hint").click()
    deadline = time.monotonic() + 30
    while not held:
        assert time.monotonic() < deadline, "the hint was never asked"
        page.wait_for_timeout(50)
    hint = held[0][1].json()
    assert hint["move"]
    pile(page, "spare").click()  # the table stays clickable while the hint is sought
    wait_steps(page, 1)
    expect(page.locator("#message")).to_contain_text("Played")
    route, response = held[0]
    route.fulfill(response=response)
    expect(page.locator("#spinner")).to_be_hidden()
    expect(page.locator("#message")).to_contain_text("ask again")
    assert hint["message"] not in page.locator("#message").inner_text()
    expect(page.locator(".pile.hinted")).to_have_count(0)
    # A hint for the position on screen is shown as before.
    page.unroute("**/hint")
    page.locator("#hint").click()
    expect(page.locator("#message[data-kind=hint]")).to_be_visible()
    expect(page.locator(".pile.hinted").first).to_be_visible()


# The Constitution's Government


UNCOVERED = """
    (name) => {
      const pile = document.querySelector(`.pile[data-pile="${name}"]`);
      const box = pile.getBoundingClientRect();
      const cx = box.left + box.width / 2;
      const cy = box.top + box.height / 2;
      const m = new DOMMatrix(getComputedStyle(pile).transform);
      const [w, h] = [pile.offsetWidth / 2 * 0.85, pile.offsetHeight / 2 * 0.85];
      const hidden = [];
      for (const sx of [-1, 0, 1]) {
        for (const sy of [-1, 0, 1]) {
          const x = cx + sx * w * m.a + sy * h * m.c;
          const y = cy + sx * w * m.b + sy * h * m.d;
          const hit = document.elementFromPoint(x, y)?.closest(".pile")?.dataset.pile;
          if (hit !== name) hidden.push(`${sx},${sy}: ${hit}`);
        }
      }
      return hidden;
    }
"""


def test_no_court_card_of_the_government_covers_a_foundation(page: Page, base: str) -> None:
    open_game(page, base, "constitution", 1)
    expect(pile(page, "judges").locator("img.card")).to_have_count(4)
    expect(pile(page, "bishops").locator("img.card")).to_have_count(4)
    for n in range(1, 9):
        assert page.evaluate(UNCOVERED, f"found{n}") == [], f"found{n}"


CENTRES_SHOWN = """
    () => [...document.querySelectorAll("#table-box .pile:not(.decor)")].filter((pile) => {
      const box = pile.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return hit?.closest(".pile") !== pile;
    }).map((pile) => pile.dataset.pile)
"""


@pytest.mark.parametrize("game", IDS)
def test_every_table_is_drawn_large_enough_on_a_phone(phone: Page, base: str, game: str) -> None:
    """Held upright, a phone's table box is taller than wide: a game's layout stands up
    too, so that its cards are drawn at least 36 pixels wide (README), and no pile hides
    another."""
    gid = phone.request.post(f"{base}/api/sessions", data={"game": game, "deal": 1}).json()["id"]
    phone.goto(f"{base}/#/game/{gid}")
    expect(phone.locator(".table .pile").first).to_be_visible()
    wait_for_card_width(phone, 36)
    on_screen(phone, ".table")
    widths = phone.evaluate("[document.documentElement.scrollWidth, innerWidth]")
    assert widths[0] <= widths[1], widths
    assert phone.evaluate(CENTRES_SHOWN) == []


def test_the_hemispheres_barriers_lie_as_the_plate_shows(page: Page, base: str) -> None:
    """On the plate each arm's barrier lies the other way from the arm's foundations:
    the kings of hearts and diamonds (East, West) upright, the black aces (North,
    South) crosswise."""
    open_game(page, base, "hemispheres", 1)
    for pile, crosswise in (
        ("barrier_west", False),
        ("barrier_east", False),
        ("barrier_north", True),
        ("barrier_south", True),
        ("found1", False),
        ("found2", True),
    ):
        box = page.locator(f'.table .pile[data-pile="{pile}"]').bounding_box()
        assert box is not None, pile
        assert (box["width"] > box["height"]) == crosswise, (pile, box)


def test_the_hemispheres_circle_stands_up_on_a_phone(phone: Page, base: str) -> None:
    """Held upright, the circle becomes an upright ellipse, so the cards are drawn
    larger than the wide circle would allow (30 px on this phone) and the table is
    taller than wide."""
    open_game(phone, base, "hemispheres", 1)
    wait_for_card_width(phone, 34)
    north = phone.locator('.table .pile[data-pile="barrier_north"]').bounding_box()
    west = phone.locator('.table .pile[data-pile="barrier_west"]').bounding_box()
    assert north is not None and west is not None
    centre_x = north["x"] + north["width"] / 2
    centre_y = west["y"] + west["height"] / 2
    across = centre_x - west["x"]
    down = centre_y - north["y"]
    assert down > across, (down, across)


def test_napoleons_square_stands_up_on_a_phone(phone: Page, base: str) -> None:
    """Held upright, the side packets of Napoleon's Square are fanned downwards, one
    above another, so the square is narrower and its cards are drawn larger than the
    wide square allows (32 px on this phone), and the table still fits the screen."""
    open_game(phone, base, "napoleons-square", 1)
    wait_for_card_width(phone, 44)
    on_screen(phone, ".table")
    lefts = [phone.locator(f'.table .pile[data-pile="packet{n}"]').bounding_box() for n in (1, 4)]
    assert lefts[0] is not None and lefts[1] is not None
    assert abs(lefts[0]["x"] - lefts[1]["x"]) < 1 and lefts[1]["y"] < lefts[0]["y"], lefts
    first = phone.locator('.table .pile[data-pile="packet1"] .card').first.bounding_box()
    last = phone.locator('.table .pile[data-pile="packet1"] .card').last.bounding_box()
    assert first is not None and last is not None
    assert last["y"] > first["y"] and abs(last["x"] - first["x"]) < 1, (first, last)


PHONE_SIDEWAYS: ViewportSize = {"width": 844, "height": 390}


@pytest.mark.parametrize("game", ["constitution", "hemispheres", "zodiac"])
def test_a_phone_held_sideways_gives_the_table_the_whole_screen(
    browser: Browser, base: str, game: str
) -> None:
    """On a short screen held sideways the toolbar would leave the table a strip (20 px
    cards for the Constitution and the Hemispheres); instead the table and the message
    line above it are as tall as the screen, the page scrolls past the toolbar to them,
    and the message line stays at the top."""
    for tab in watched_tab(browser, PHONE_SIDEWAYS):
        open_game(tab, base, game, 1)
        wait_for_card_width(tab, 28)
        box = tab.locator("#table-box").bounding_box()
        status = tab.locator(".status").bounding_box()
        assert box is not None and status is not None
        assert abs(box["height"] + status["height"] - PHONE_SIDEWAYS["height"]) < 1, box
        tab.locator("#table-box").scroll_into_view_if_needed()
        assert tab.evaluate("document.scrollingElement.scrollTop") > 0
        expect(tab.locator("#table-box")).to_be_in_viewport(ratio=0.99)
        # The message line stays on screen above the table: a refusal is seen.
        click_illegal_move(tab, current(tab))
        expect(tab.locator("#message")).to_contain_text("Not allowed:")
        expect(tab.locator("#message")).to_be_in_viewport()
        expect(tab.locator("#table-box")).to_be_in_viewport(ratio=0.99)


# Feedback: what the player is told when a click, a drag or a tool does not play


def sources(data: dict[str, Any]) -> set[str]:
    """The piles some listed move starts from."""
    return {m["args"][0] for m in data["moves"] if m["args"]}


def test_the_card_in_hand_clicked_again_is_put_down(page: Page, base: str) -> None:
    """It once sent the move 'packetN packetN' and said a card cannot go onto its own pile."""
    data = open_game(page, base, "napoleons-square", 2)
    source = pairs(data)[0]["args"][0]
    card = pile(page, source).locator("img.card").last
    card.click()
    expect(pile(page, source)).to_have_class("pile selected")
    card.click()
    expect(page.locator("#message")).to_have_text("Put down.")
    expect(pile(page, source)).to_have_class("pile")
    assert current(page)["chosen"] == 0


def test_a_refused_move_leaves_the_card_in_hand(page: Page, base: str) -> None:
    """After a refusal the card looked picked up but was not: the next click on a lit
    destination picked that pile up instead of playing the move."""
    data = open_game(page, base, "hemispheres", 7)
    click_illegal_move(page, data)
    expect(page.locator("#message")).to_contain_text("Not allowed:")
    source = pairs(data)[0]["args"][0]
    expect(pile(page, source)).to_have_class("pile selected")
    target = next(m["args"][-1] for m in pairs(data) if m["args"][0] == source)
    pile(page, target).click()
    after = wait_steps(page, 1)
    assert after["last"][-1]["text"] == f"{source} {target}"


def test_a_card_with_no_move_can_be_dragged_and_the_drop_says_why(page: Page, base: str) -> None:
    data = open_game(page, base, "napoleons-square", 2)
    piles = data["view"]["piles"]
    stuck = next(p for p in piles if p.startswith("packet") and piles[p] and p not in sources(data))
    other = next(p for p in piles if p.startswith("packet") and p != stuck)
    drag(page, stuck, other)
    expect(page.locator("#message")).to_contain_text("Not allowed:")
    assert current(page)["chosen"] == 0


def test_autoplay_says_the_server_cannot_be_reached(page: Page, base: str) -> None:
    """Autoplay once wrote 'No safe move to make.' over every refusal and failure."""
    open_game(page, base, "travellers", 1)
    page.route("**/autoplay", lambda route: route.abort())
    page.locator("#autoplay").click()
    expect(page.locator("#message")).to_contain_text("Cannot reach the server")
    expect(page.locator("#message")).not_to_contain_text("Not allowed")


def test_a_deal_number_past_the_last_is_refused_in_words(page: Page, base: str) -> None:
    open_game(page, base, "travellers", 1)
    page.locator("#deal-number").fill("9223372036854775808")
    page.locator("#deal-form button").click()
    expect(page.locator("#message")).to_have_text(
        "That is not a deal number: deal numbers run from 1 to 9223372036854775807."
    )
    expect(page.locator("#game-meta")).to_contain_text("deal 1")


def label(code: str) -> str:
    """A card code as the page names it: 'Td' is 10♦."""
    rank = "10" if code[0] == "T" else code[0]
    return rank + {"c": "\u2663", "d": "\u2666", "h": "\u2665", "s": "\u2660"}[code[1]]


def test_the_messages_name_the_card_as_well_as_the_piles(page: Page, base: str) -> None:
    """'Picked up asiatic3' and 'Played asiatic3 found3' named no card."""
    data = open_game(page, base, "hemispheres", 7)
    source, target = pairs(data)[0]["args"][0], pairs(data)[0]["args"][-1]
    card = label(data["view"]["piles"][source][-1])
    pile(page, source).click()
    expect(page.locator("#message")).to_contain_text(f"Picked up {card} ({source})")
    pile(page, target).click()
    expect(page.locator("#message")).to_have_text(f"Played {source} {target} ({card}).")
    exchange = page.locator("#actions select.paired option").first
    north = exchange.get_attribute("value")
    assert north is not None and north.startswith("exchange ")
    first = north.split()[1]
    after = current(page)
    assert exchange.inner_text().startswith(f"{label(after['view']['piles'][first][-1])} {first}")


def test_a_long_message_does_not_move_the_table_on_a_phone(phone: Page, base: str) -> None:
    """A refusal that wrapped to three lines pushed every card 14 px down under the finger."""
    open_game(phone, base, "hemispheres", 7)
    before = phone.locator("#table-box").bounding_box()
    phone.evaluate(
        "document.querySelector('#message').textContent = 'Not allowed: ' + 'a rule '.repeat(30)"
    )
    after = phone.locator("#table-box").bounding_box()
    assert before is not None and after is not None
    assert (after["y"], after["height"]) == (before["y"], before["height"])


def test_an_options_meaning_opens_with_a_click(phone: Page, base: str) -> None:
    """The options' help was a tooltip only, which a phone never shows."""
    phone.goto(f"{base}/#/")
    form = phone.locator('form[data-game="petits-paquets"]')
    expect(form.locator("label.option")).to_contain_text("play during deal")
    help_text = form.locator(".option-help p")
    expect(help_text).to_be_hidden()
    form.locator(".option-help summary").click()
    expect(help_text).to_be_visible()
    expect(help_text).to_contain_text("when cards may be played while dealing")


def test_the_counts_on_a_turned_pile_stand_upright(page: Page, base: str) -> None:
    """On the lower half of the Zodiac's ring the counts were upside down."""
    gid = page.request.post(f"{base}/api/sessions", data={"game": "zodiac", "deal": 5}).json()["id"]
    data: dict[str, Any] = page.request.get(f"{base}/api/sessions/{gid}").json()
    for _ in range(40):  # marry cards into the ring until some pile there holds several
        onto = [m for m in data["moves"] if m["args"] and m["args"][-1].startswith("zodiac")]
        if not onto:
            break
        data = page.request.post(
            f"{base}/api/sessions/{gid}/moves", data={"move": onto[-1]["text"]}
        ).json()
    page.goto(f"{base}/#/game/{gid}")
    expect(page.locator(".table .pile").first).to_be_visible()
    turns = page.evaluate(
        """[...document.querySelectorAll('.pile')].filter((p) => p.querySelector('.count'))
        .map((p) => [p.style.transform, p.querySelector('.count').style.transform])"""
    )
    turned = [(pile, badge) for pile, badge in turns if "rotate" in pile and pile != "rotate(0deg)"]
    assert turned, turns
    for pile, badge in turned:
        angle = float(pile.split("rotate(")[1].split("deg")[0])
        assert badge == f"rotate({-angle:g}deg)", (pile, badge)


def test_places_and_actions_are_named_in_words(page: Page, base: str) -> None:
    """Empty places showed their ids ('found1', 'barrier_north') and buttons said
    'Turn p1packet1'."""
    open_game(page, base, "napoleons-square", 2)
    expect(pile(page, "found1").locator(".placeholder")).to_have_text("foundation")
    gid = page.request.post(f"{base}/api/sessions", data={"game": "sympathie", "deal": 1}).json()
    page.goto(f"{base}/#/game/{gid['id']}")
    button = page.locator('#actions button[data-move="turn p1packet1"]')
    expect(button).to_have_text("Turn packet 1")


def test_the_constitution_stands_its_government_beside_the_divisions_on_a_wide_screen(
    page: Page, base: str
) -> None:
    """At 1366 x 768 the plate's arrangement drew the cards 50 px wide in the middle of
    the screen; the Government beside the divisions draws them 76 px wide."""
    open_game(page, base, "constitution", 1)
    wait_for_card_width(page, 70)
    government = pile(page, "found1").bounding_box()
    council = pile(page, "council1").bounding_box()
    assert government is not None and council is not None
    assert government["x"] + government["width"] < council["x"]
    fits(page)


def test_a_finger_that_slips_on_a_pile_that_acts_still_acts(page: Page, base: str) -> None:
    """Any pile could be dragged: a press on Travellers' spare that moved 8 px turned
    nothing, where it had turned the spare's card."""
    open_game(page, base, "travellers", 1)
    box = pile(page, "spare").bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 8, y + 2, steps=4)
    page.mouse.up()
    wait_steps(page, 1)


def test_a_double_click_on_an_action_button_plays_one_move(page: Page, base: str) -> None:
    """A double-click on Deal dealt twice: the second click went before the first
    move's table came back."""
    data = open_game(page, base, "petits-paquets", 5)
    chosen = data["chosen"]
    page.locator('#actions button[data-move="deal"]').dblclick()
    wait_steps(page, chosen + 1)
    page.wait_for_timeout(500)
    assert current(page)["chosen"] == chosen + 1
    expect(page.locator("#message")).not_to_have_attribute("data-kind", "error")


def test_a_finger_drags_a_card_on_a_phone_held_upright(browser: Browser, base: str) -> None:
    """Held upright, the browser took a finger on a card for a scroll and cancelled the
    drag: the move was lost and the card's image stayed floating on the screen.  Piles
    now keep the touch at any size, and a cancelled drag clears itself."""
    for tab in watched_tab(browser, PHONE):
        open_game(tab, base, "hemispheres", 7)
        wait_for_card_width(tab, 20)
        seen = tab.evaluate(
            """() => {
              const pile = document.querySelector('.table .pile[data-pile="asiatic3"]');
              const card = pile.querySelector('img.card');
              const r = card.getBoundingClientRect();
              const at = (x, y) => ({bubbles: true, clientX: x, clientY: y, button: 0,
                                     pointerId: 1, pointerType: 'touch'});
              card.dispatchEvent(new PointerEvent('pointerdown', at(r.x + 5, r.y + 5)));
              window.dispatchEvent(new PointerEvent('pointermove', at(r.x + 60, r.y + 60)));
              const floating = document.querySelectorAll('.ghost').length;
              window.dispatchEvent(new PointerEvent('pointercancel', at(r.x + 60, r.y + 60)));
              return {
                touch: getComputedStyle(pile).touchAction,
                floating,
                left: document.querySelectorAll('.ghost').length,
                held: document.querySelectorAll('.pile.selected').length,
              };
            }"""
        )
        assert seen == {"touch": "none", "floating": 1, "left": 0, "held": 0}, seen


def test_moves_that_name_a_card_show_it_as_the_table_does(page: Page, base: str) -> None:
    """The buttons read "Slip packet 5 kc" and the take list "Qh \u2194 K\u2665 found7":
    the text form's codes, and an arrow that said the two were exchanged."""
    open_game(page, base, "napoleons-square", 10)  # opens in the Note's remedy
    expect(page.locator("#actions button.action").first).to_have_text("Slip packet 5 K\u2663")
    data = open_game(page, base, "petits-paquets", 12)
    takes = [m for m in data["moves"] if m["verb"] == "take"]
    assert takes, "deal 12 opens with a take from packet 13"
    options = page.locator("#actions select.paired option").all_text_contents()
    card, target = takes[0]["args"]
    label = ("10" if card[0] == "T" else card[0]) + {
        "c": "\u2663",
        "d": "\u2666",
        "h": "\u2665",
        "s": "\u2660",
    }[card[1]]
    assert any(o.startswith(f"{label} \u2192 ") and o.endswith(target) for o in options), options


def test_the_pack_clicked_when_no_deal_is_allowed_says_why(page: Page, base: str) -> None:
    """It was picked up ("no legal destination is listed for it"), and a face-down
    Discard too; the pack now asks the server, which names the rule."""
    data = open_game(page, base, "duchesse-de-luynes", 7)
    for _ in range(40):  # deal until a card fits a foundation: dealing is then refused
        if not any(m["verb"] == "deal" for m in data["moves"]) or data["over"]:
            break
        page.locator("#actions button.action", has_text="Deal").first.click()
        expect(page.locator("#game-meta")).to_be_visible()
        page.wait_for_load_state("networkidle")
        data = current(page)
    assert not any(m["verb"] == "deal" for m in data["moves"]) and not data["over"]
    pile(page, "pack").locator("img.card").last.click()
    expect(page.locator("#message")).to_contain_text("Not allowed:")
    expect(page.locator(".pile.selected")).to_have_count(0)


def test_a_squeezed_talon_shows_its_count(page: Page, base: str) -> None:
    """Napoleon's Square fans its talon into little room and showed no number; a phone
    shows no tooltip, so the count was nowhere."""
    open_game(page, base, "napoleons-square", 2)
    gid = current(page)["id"]
    for _ in range(3):
        page.request.post(f"{base}/api/sessions/{gid}/moves", data={"move": "deal"})
    page.reload()
    size = len(current(page)["view"]["piles"]["talon"])
    assert size >= 2
    expect(pile(page, "talon").locator(".count")).to_have_text(str(size))


def test_the_statistics_fit_a_phone_held_upright(browser: Browser, base: str) -> None:
    """The table was 723 px wide, so the whole page scrolled sideways to 787 px and the
    top bar covered half of it; the table now scrolls in its own box."""
    for tab in watched_tab(browser, PHONE):
        open_game(tab, base, "travellers", 3)
        tab.locator("#autoplay").click()
        expect(tab.locator("#result")).to_be_visible()
        tab.goto(f"{base}/#/stats")
        expect(tab.locator(".stats-table")).to_be_visible()
        widths = tab.evaluate(
            "() => [document.scrollingElement.scrollWidth, window.innerWidth,"
            " document.querySelector('.stats-scroll').scrollWidth]"
        )
        assert widths[0] <= widths[1] < widths[2], widths  # the box scrolls, not the page


def test_escape_closes_the_more_menu_then_the_rules_wherever_the_focus_is(
    page: Page, base: str
) -> None:
    """Escape closed the rules only with the focus inside them, and never the More menu,
    which also stayed open over the table after a click elsewhere."""
    more = page.locator("details.more")
    open_game(page, base, "zodiac", 1)
    page.locator("details.more summary").click()
    page.locator("#rules-button").click()
    expect(page.locator("#rules")).to_be_visible()
    page.locator("#game-title").click()  # the focus away from the panel, the menu shut
    expect(more).not_to_have_attribute("open", "")
    page.keyboard.press("Escape")
    expect(page.locator("#rules")).to_be_hidden()
    page.locator("details.more summary").click()
    expect(more).to_have_attribute("open", "")
    page.keyboard.press("Escape")
    expect(more).not_to_have_attribute("open", "")
    page.locator("details.more summary").click()
    page.locator("#table-box").click(position={"x": 5, "y": 5})
    expect(more).not_to_have_attribute("open", "")


@pytest.mark.parametrize("typed", ["0", "abc"])
def test_a_bad_deal_number_gets_the_pages_own_words(page: Page, base: str, typed: str) -> None:
    """The inputs' pattern let the browser stop the form with its generic bubble, so
    the page's own sentence about deal numbers was never seen."""
    page.goto(f"{base}/#/")
    form = page.locator('form[data-game="travellers"]')
    form.locator("input.deal-number").fill(typed)
    form.locator("button.play").click()
    expect(page.locator("#notice")).to_contain_text("That is not a deal number")
    expect(page.locator("#notice")).to_be_visible()


def test_an_empty_duchesse_foundation_names_the_card_that_begins_it(page: Page, base: str) -> None:
    """Every empty foundation read "foundation", though each keeps one suit."""
    data = open_game(page, base, "duchesse-de-luynes", 1)
    piles = data["view"]["piles"]
    empty = [f"found{n}" for n in range(1, 9) if not piles[f"found{n}"]]
    assert empty
    wanted = {1: "A\u2663", 2: "A\u2666", 3: "A\u2665", 4: "A\u2660"}
    wanted |= {n + 4: "K" + card[1] for n, card in wanted.items()}
    for name in empty:
        expect(pile(page, name).locator(".placeholder")).to_have_text(wanted[int(name[-1])])


def _duchesse_twins(page: Page, base: str, tmp_path: Path) -> tuple[Move, Card, State]:
    """La Duchesse de Luynes on screen at the first position of deal 1 (the first listed
    move played each time) where the open Discard holds two twins apart that a
    foundation takes: the lower twin's play, the card, and the position."""
    from cadogan.record import Record

    game = registry.game("duchesse-de-luynes")
    state, line = game.deal(1), list[str]()
    while not any("lower" in str(m) for m in game.moves(state)):
        move = game.moves(state)[0]
        state, line = game.play(state, move), [*line, str(move)]
    lower = next(m for m in game.moves(state) if "lower" in str(m))
    card = game.carried(state, lower)
    assert card is not None and card != state["discard"].top
    path = tmp_path / "duchesse.txt"
    path.write_text(Record(game.id, 1, dict(game.options), tuple(line)).text())
    open_game(page, base, "duchesse-de-luynes", 1)
    page.locator("details.more summary").click()
    page.locator("#load-file").set_input_files(str(path))
    page.locator("#replay-close").click()
    expect(page.locator("#replay")).to_be_hidden()
    return lower, card, state


def test_a_duchesse_discard_play_names_the_card_it_plays(
    page: Page, base: str, tmp_path: Path
) -> None:
    """A play from the open Discard was named with the Discard's top card, whichever
    card it played; the move list showed only "discard found1".  Both name the card the
    foundation takes now, and the lower twin's play (``discard lower foundN``) is there
    to choose."""
    lower, card, _ = _duchesse_twins(page, base, tmp_path)
    spoken = f"{lower} ({label(str(card))})"
    if not page.locator("#all-moves").is_visible():
        page.locator("details.more summary").click()
    options = page.locator("#all-moves option")
    expect(options.filter(has_text=spoken)).to_have_count(1)
    page.locator("#all-moves").select_option(str(lower))
    page.locator("#play-listed").click()
    expect(page.locator("#message")).to_have_text(f"Played {spoken}.")


@pytest.mark.parametrize("copy", ["lower", "upper"])
def test_the_twin_pressed_in_the_duchesse_discard_is_the_one_played(
    page: Page, base: str, tmp_path: Path, copy: str
) -> None:
    """Of two twins in the open Discard, the one pressed and dropped on the foundation
    is played: the lower copy by ``discard lower foundN``, the upper by ``discard
    foundN`` (before, a drop always played the upper one)."""
    lower, card, state = _duchesse_twins(page, base, tmp_path)
    target = lower.args[-1]
    places = [i for i, c in enumerate(state["discard"].cards) if c == card]
    index = places[0] if copy == "lower" else places[-1]
    pile(page, "discard").locator(f'img[data-index="{index}"]').click(position={"x": 6, "y": 6})
    expect(pile(page, target)).to_have_class("pile target")
    pile(page, target).click()
    played = f"discard {target}" if copy == "upper" else str(lower)
    expect(page.locator("#message")).to_have_text(f"Played {played} ({label(str(card))}).")


@pytest.mark.parametrize(
    ("game", "deal", "verb"), [("petits-paquets", 3, "exile"), ("sympathie", 1, "grace")]
)
def test_a_click_on_the_pile_an_action_turns_makes_it(
    page: Page, base: str, game: str, deal: int, verb: str
) -> None:
    """Les Petits Paquets' exile turns the top of the exiles, Sympathie's grace the grace
    of the player to move; a click on that pile said it lay face down, and only the
    button made the move."""
    gid = page.request.post(f"{base}/api/sessions", data={"game": game, "deal": deal}).json()["id"]
    data: dict[str, Any] = page.request.get(f"{base}/api/sessions/{gid}").json()
    for _ in range(400):
        if any(m["text"] == verb for m in data["moves"]) or data["over"]:
            break
        move = data["moves"][0]["text"]
        data = page.request.post(f"{base}/api/sessions/{gid}/moves", data={"move": move}).json()
    assert any(m["text"] == verb for m in data["moves"])
    page.goto(f"{base}/#/game/{gid}")
    expect(page.locator("#game-title")).to_be_visible()
    where = "exiles" if verb == "exile" else f"p{data['turn']}grace"
    pile(page, where).click()
    after = wait_steps(page, data["chosen"] + 1)
    assert after["last"][-1]["text"] == verb


def test_napoleons_remedy_is_explained_and_a_click_on_the_packet_slips_its_king(
    page: Page, base: str
) -> None:
    """Deal 10 opens with the Note's remedy due: the opening line said only "Click a card
    to pick it up", and a click on a packet whose king is to be slipped picked the
    packet's top up. The line now explains the remedy, and the click slips the king."""
    data = open_game(page, base, "napoleons-square", 10)
    assert data["view"]["phase"] == "remedy"
    expect(page.locator("#message")).to_contain_text("slipped to the bottom of its packet")
    slips = [m for m in data["moves"] if m["verb"] == "slip"]
    packets = [m["args"][0] for m in slips]
    alone = next(m for m in slips if packets.count(m["args"][0]) == 1)
    pile(page, alone["args"][0]).click()
    after = wait_steps(page, data["chosen"] + 1)
    assert after["last"][-1]["text"] == alone["text"]


def test_a_table_with_no_card_to_pick_up_says_what_to_click(page: Page, base: str) -> None:
    """Travellers has no card to pick up; its opening line told the player to pick one."""
    open_game(page, base, "travellers", 1)
    expect(page.locator("#message")).to_contain_text("Click the pile to play")


def test_every_card_of_the_open_discard_shows_its_corner(
    page: Page, base: str, tmp_path: Path
) -> None:
    """The open Discard (every card available) was one column of up to 34 cards about
    9 px apart, their corners unreadable and partly under the count. It is laid out in
    columns: no card's corner lies under a card above it, and no count covers them."""
    _duchesse_twins(page, base, tmp_path)
    covered = page.evaluate(
        """() => {
        const cards = [...document.querySelectorAll('.pile[data-pile="discard"] img.card')];
        const boxes = cards.map((c) => c.getBoundingClientRect());
        let hidden = 0;
        boxes.forEach((a, i) => {
            const x = a.left + a.width * 0.1, y = a.top + a.width * 0.2;
            if (boxes.slice(i + 1).some((b) => x >= b.left && x <= b.right
                && y >= b.top && y <= b.bottom)) hidden += 1;
        });
        return [cards.length, hidden];
        }"""
    )
    assert covered[0] > 12 and covered[1] == 0
    expect(pile(page, "discard").locator(".count")).to_have_count(0)


def test_the_card_pressed_in_the_open_discard_is_the_one_played(
    page: Page, base: str, tmp_path: Path
) -> None:
    """A click on a card of the open Discard picked up the first card any move of the
    Discard carried, lit every Discard play's foundation, and a drop or a double-click
    played that first card. Now the card pressed is the one: a click lights only its
    foundation, and a double-click plays it."""
    _, _, state = _duchesse_twins(page, base, tmp_path)
    game = registry.game("duchesse-de-luynes")
    plays = [m for m in game.moves(state) if m.source == "discard"]
    first = game.carried(state, plays[0])
    other = next(
        m for m in plays if game.carried(state, m) != first and m.target != plays[0].target
    )
    card = game.carried(state, other)
    index = max(i for i, c in enumerate(state["discard"].cards) if c == card)
    pressed = pile(page, "discard").locator(f'img[data-index="{index}"]')
    pressed.click(position={"x": 6, "y": 6})
    lit = re.compile(r"\btarget\b")
    expect(pile(page, str(other.target))).to_have_class(lit)
    expect(pile(page, str(plays[0].target))).not_to_have_class(lit)
    page.keyboard.press("Escape")
    pressed.dblclick(position={"x": 6, "y": 6})
    expect(page.locator("#message")).to_contain_text(f"({label(str(card))}).")


@pytest.mark.parametrize("copy", ["lower", "upper"])
def test_the_twin_pressed_in_packet_13_is_the_one_taken(page: Page, base: str, copy: str) -> None:
    """Les Petits Paquets: of two twins apart in packet 13, the one pressed is taken, the
    upper by ``take CARD upper foundN``, the lower by ``take CARD foundN``."""
    gid = page.request.post(
        f"{base}/api/sessions", data={"game": "petits-paquets", "deal": 12}
    ).json()["id"]
    data: dict[str, Any] = page.request.get(f"{base}/api/sessions/{gid}").json()
    for _ in range(200):
        if any("upper" in m["args"] for m in data["moves"]) or data["over"]:
            break
        move = data["moves"][-1]["text"]
        data = page.request.post(f"{base}/api/sessions/{gid}/moves", data={"move": move}).json()
    upper = next(m for m in data["moves"] if "upper" in m["args"])
    card, target = upper["args"][0], upper["args"][-1]
    places = [i for i, c in enumerate(data["view"]["piles"]["packet13"]) if c == card]
    assert len(places) == 2 and places[1] > places[0] + 1
    page.goto(f"{base}/#/game/{gid}")
    index = places[0] if copy == "lower" else places[-1]
    pile(page, "packet13").locator(f'img[data-index="{index}"]').click(position={"x": 6, "y": 6})
    expect(pile(page, target)).to_have_class("pile target")
    pile(page, target).click()
    after = wait_steps(page, data["chosen"] + 1)
    played = upper["text"] if copy == "upper" else f"take {card} {target}"
    assert after["last"][-1]["text"] == played
