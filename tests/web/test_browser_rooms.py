"""Rooms, restarts and statistics in a real browser (Playwright and Debian's Chromium).

- Two browser contexts (two players, two cookies) play Sympathie in one room to its
  end; the second player closes his tab in the middle and comes back by the link; a
  third context watches and cannot act.  Every move shows on the other pages live.
- The server restarts in the middle of a game played alone; its URL resumes it.
- The statistics page shows the finished games, takes a name, and resets after a
  confirmation.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect, sync_playwright

from tests.web.live import LiveServer

# test_browser skips the module when Chromium (or Playwright, or uvicorn) is missing.
from tests.web.test_browser import ARGS, CHROMIUM, SCREEN, SHOTS, current, open_game, pile


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = LiveServer(str(tmp_path_factory.mktemp("db") / "rooms.sqlite"), solve_seconds=3.0)
    yield live.start()
    live.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as play:
        chromium = play.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield chromium
        chromium.close()


class Contexts:
    """Browser contexts (one per person) whose pages must raise no JavaScript error."""

    def __init__(self, browser: Browser) -> None:
        self.browser = browser
        self.contexts: list[BrowserContext] = []
        self.errors: list[str] = []

    def person(self) -> BrowserContext:
        context = self.browser.new_context(viewport=SCREEN)
        self.contexts.append(context)
        return context

    def page(self, context: BrowserContext) -> Page:
        tab = context.new_page()
        tab.on("pageerror", lambda err: self.errors.append(str(err)))
        return tab


@pytest.fixture()
def people(browser: Browser) -> Iterator[Contexts]:
    made = Contexts(browser)
    yield made
    for context in made.contexts:
        context.close()
    assert not made.errors, f"JavaScript errors: {made.errors}"


def steps_shown(page: Page) -> int:
    """How many moves the page's table shows (set by the page on each new table)."""
    value = page.locator("#table-box").get_attribute("data-steps")
    return int(value or 0)


def wait_live(page: Page, steps: int) -> None:
    """Wait, without reloading, until the page shows at least ``steps`` moves."""
    page.wait_for_function(
        "n => Number(document.querySelector('#table-box')?.dataset.steps) >= n",
        arg=steps,
        timeout=30_000,
    )


def take_turn(page: Page) -> int:
    """The player to move clicks his next packet (or the Grace button)."""
    data = current(page)
    assert data["can_act"], data["waiting"]
    move = data["moves"][0]
    if move["verb"] == "turn":
        pile(page, move["args"][0]).click()
    else:
        page.locator(f'#actions button[data-move="{move["text"]}"]').click()
    return int(data["steps"])


def test_two_browsers_play_sympathie_to_the_end_with_a_rejoin(
    people: Contexts, server: LiveServer
) -> None:
    one, two, three = people.person(), people.person(), people.person()
    first = people.page(one)
    first.goto(f"{server.url}/#/")
    first.locator('form[data-game="sympathie"] input.deal-number').fill("3")
    first.locator('form[data-game="sympathie"] button.room-friend').click()
    expect(first.locator("#room")).to_be_visible()
    link = first.locator("#room-link").input_value()
    assert "/#/game/" in link
    expect(first.locator("#room-seats")).to_contain_text("waiting for someone")
    second = people.page(two)
    second.goto(link)
    expect(second.locator('#room-seats .seat[data-seat="2"]')).to_contain_text("you")
    expect(first.locator('#room-seats .seat[data-seat="2"]')).to_have_class("seat online")
    watcher = people.page(three)
    watcher.goto(link)
    expect(watcher.locator("#room-watchers")).to_contain_text("You are watching")
    expect(first.locator("#room-watchers")).to_contain_text("1 watching")

    # Out of turn, a click is refused with the reason, and nothing is sent.
    pile(second, "p2packet1").click()
    expect(second.locator("#message[data-kind=error]")).to_contain_text("turn")
    pile(watcher, "p1packet1").click()
    expect(watcher.locator("#message[data-kind=error]")).to_contain_text("watching")
    assert current(first)["steps"] == 0

    pages = {1: first, 2: second}
    rejoined = False
    for _ in range(200):
        data = current(first)
        if data["over"]:
            break
        if data["steps"] >= 20 and not rejoined:
            pages[2] = second = rejoin(people, two, first, link, second)
            rejoined = True
            continue
        steps = take_turn(pages[data["turn"]])
        for page in (first, second, watcher):
            wait_live(page, steps + 1)  # the move shows everywhere without a reload
    assert rejoined and current(first)["over"]
    for page in (first, second, watcher):
        expect(page.locator("#result")).to_contain_text("Sympathie is")
    SHOTS.mkdir(parents=True, exist_ok=True)
    second.screenshot(path=str(SHOTS / "sympathie-room.png"))
    for page in (first, second):
        page.goto(f"{server.url}/#/stats")
        row = page.locator('.stats-table tr[data-game="sympathie"]')
        expect(row.locator("td.played")).to_have_text("1")
    watcher.goto(f"{server.url}/#/stats")
    expect(watcher.locator("#stats-body")).to_contain_text("No finished games")


def rejoin(people: Contexts, person: BrowserContext, other: Page, link: str, tab: Page) -> Page:
    """The second player closes his tab (the other sees him away), then opens the link."""
    tab.close()
    expect(other.locator('#room-seats .seat[data-seat="2"]')).to_contain_text("away")
    data = current(other)
    if data["can_act"]:  # the game goes on while he is away, if it is player 1's turn
        steps = take_turn(other)
        wait_live(other, steps + 1)
    back = people.page(person)
    back.goto(link)
    expect(back.locator('#room-seats .seat[data-seat="2"]')).to_contain_text("you")
    expect(other.locator('#room-seats .seat[data-seat="2"]')).not_to_contain_text("away")
    assert steps_shown(back) == current(other)["steps"]
    return back


def test_against_the_computer_in_the_browser(people: Contexts, server: LiveServer) -> None:
    page = people.page(people.person())
    page.goto(f"{server.url}/#/")
    page.locator('form[data-game="sympathie"] input.deal-number').fill("2")
    page.locator('form[data-game="sympathie"] button.room-computer').click()
    expect(page.locator("#room-seats")).to_contain_text("the computer")
    expect(page.locator("#room-copy")).to_be_hidden()  # no seat is left to give away
    for _ in range(120):
        data = current(page)
        if data["over"]:
            break
        steps = take_turn(page)
        wait_live(page, steps + 1)
    expect(page.locator("#result")).to_contain_text("Sympathie is won")
    # A room has no new deal of its own: the end says where the next game begins.
    page.locator("#result a.again").click()
    expect(page.locator('form[data-game="sympathie"]')).to_be_visible()


def test_a_restart_in_the_middle_of_a_game_resumes_it_by_its_url(
    people: Contexts, tmp_path: Path
) -> None:
    server = LiveServer(str(tmp_path / "restart.sqlite")).start()
    try:
        page = people.page(people.person())
        data = open_game(page, server.url, "travellers", 2)
        for step in range(1, 5):
            pile(page, data["moves"][0]["args"][0]).click()
            wait_live(page, step)
            data = current(page)
        page.locator("#undo").click()
        expect(page.locator("#redo")).to_be_enabled()
        before: dict[str, Any] = current(page)
        url = page.url
        server.restart()
        page.goto("about:blank")
        page.goto(url)
        expect(page.locator("#game-meta")).to_contain_text("deal 2")
        after = current(page)
        assert (after["steps"], after["view"]) == (before["steps"], before["view"])
        expect(page.locator("#redo")).to_be_enabled()
        page.locator("#redo").click()
        wait_live(page, before["steps"] + 1)
    finally:
        server.stop()


def test_the_statistics_page_shows_finished_games_and_resets(
    people: Contexts, server: LiveServer
) -> None:
    page = people.page(people.person())
    for deal in (2, 3):  # autoplay wins deal 2 and loses deal 3
        open_game(page, server.url, "travellers", deal)
        page.locator("#autoplay").click()
        expect(page.locator("#result")).to_contain_text("Travellers is")
    page.locator('header nav a[href="#/stats"]').click()
    row = page.locator('.stats-table tr[data-game="travellers"]')
    expect(row.locator("td.played")).to_have_text("2")
    expect(row.locator("td.won")).to_have_text("1")
    expect(row.locator("td.percent")).to_have_text("50.0 %")
    expect(row.locator("svg.chart circle.won")).to_have_count(1)
    expect(row.locator("svg.chart circle.lost")).to_have_count(1)
    assert "1 won and 1 lost" in (row.locator("svg.chart").get_attribute("aria-label") or "")
    # Each dot says which deal it was, and a key says what the dots and the line are.
    expect(row.locator("svg.chart circle.won title")).to_contain_text("Deal 2: won")
    expect(row.locator("svg.chart circle.lost title")).to_contain_text("Deal 3: lost")
    expect(page.locator(".chart-key")).to_contain_text("filled if won and hollow if lost")
    page.locator("#player-name").fill("Lady C.")
    page.locator("#name-form button").click()
    expect(page.locator("#name-saved")).to_contain_text("Lady C.")
    page.screenshot(path=str(SHOTS / "statistics.png"))
    page.locator("#stats-reset").click()
    expect(page.locator("#stats-confirm")).to_be_visible()
    page.locator("#stats-reset-no").click()
    expect(row.locator("td.played")).to_have_text("2")  # cancelled: nothing erased
    page.locator("#stats-reset").click()
    page.locator("#stats-reset-yes").click()
    expect(page.locator("#stats-body")).to_contain_text("No finished games")
    page.reload()
    expect(page.locator("#stats-body")).to_contain_text("No finished games")
    expect(page.locator("#player-name")).to_have_value("Lady C.")


def test_a_hint_sought_while_someone_joins_the_room_still_shows(
    people: Contexts, server: LiveServer
) -> None:
    """Someone coming into the room changes no card, so the hint being sought for the
    position on screen is shown when it comes (it was dropped as stale) and stays."""
    first = people.page(people.person())
    first.goto(f"{server.url}/#/")
    first.locator('form[data-game="sympathie"] input.deal-number').fill("8")
    first.locator('form[data-game="sympathie"] button.room-friend').click()
    expect(first.locator("#room")).to_be_visible()
    link = first.locator("#room-link").input_value()
    held: list[tuple[Any, Any]] = []
    first.route("**/hint", lambda route: held.append((route, route.fetch())))
    first.locator("#hint").click()
    for _ in range(600):
        if held:
            break
        first.wait_for_timeout(50)
    assert held, "the hint was never asked"
    second = people.page(people.person())
    second.goto(link)
    expect(first.locator('#room-seats .seat[data-seat="2"]')).to_have_class("seat online")
    route, response = held[0]
    hint = response.json()
    route.fulfill(response=response)
    expect(first.locator("#spinner")).to_be_hidden()
    assert "ask again" not in first.locator("#message").inner_text()
    expect(first.locator("#message")).to_contain_text(hint["message"])
    assert hint["move"], hint  # deal 8 comes out: the hint names a packet
    expect(first.locator(".pile.hinted").first).to_be_visible()
    third = people.page(people.person())  # a watcher comes in: the hint stays lit
    third.goto(link)
    expect(first.locator("#room-watchers")).to_contain_text("1 watching")
    expect(first.locator(".pile.hinted").first).to_be_visible()


def friends_room(people: Contexts, server: LiveServer, deal: int) -> tuple[Page, Page, str]:
    """Alice opens a Sympathie room with ``deal`` and Bob takes seat 2 by its link."""
    first = people.page(people.person())
    first.goto(f"{server.url}/#/")
    first.evaluate(
        "() => fetch('/api/me', {method: 'PUT', headers: {'Content-Type': "
        "'application/json'}, body: JSON.stringify({name: 'Alice'})})"
    )
    first.locator('form[data-game="sympathie"] input.deal-number').fill(str(deal))
    first.locator('form[data-game="sympathie"] button.room-friend').click()
    expect(first.locator("#room")).to_be_visible()
    link = first.locator("#room-link").input_value()
    second = people.page(people.person())
    second.goto(link)
    expect(second.locator('#room-seats .seat[data-seat="2"]')).to_contain_text("you")
    expect(first.locator('#room-seats .seat[data-seat="2"]')).to_have_class("seat online")
    return first, second, link


def test_only_the_player_to_move_may_ask_for_a_hint(people: Contexts, server: LiveServer) -> None:
    """Hint and Winnable? answer for the player to move: the one who waits, and a
    watcher, find them disabled (the key h does nothing either)."""
    first, second, link = friends_room(people, server, 2)
    watcher = people.page(people.person())
    watcher.goto(link)
    expect(watcher.locator("#room-watchers")).to_contain_text("You are watching")
    for page in (second, watcher):
        expect(page.locator("#hint")).to_be_disabled()
        expect(page.locator("#winnable")).to_be_disabled()
    expect(first.locator("#hint")).to_be_enabled()
    expect(first.locator("#winnable")).to_be_enabled()
    pile(second, "p2packet1").focus()
    second.keyboard.press("Escape")
    before = second.locator("#message").inner_text()
    second.keyboard.press("h")
    second.wait_for_timeout(300)
    expect(second.locator(".pile.hinted")).to_have_count(0)
    # The key asks nothing: no refusal comes back to be said (the server would refuse).
    assert second.locator("#message").inner_text() == before
    expect(second.locator("#spinner")).to_be_hidden()
    while current(first)["turn"] == 1:  # player 1 turns until his packet tops are up
        wait_live(second, take_turn(first) + 1)
    expect(second.locator("#hint")).to_be_enabled()
    expect(first.locator("#hint")).to_be_disabled()


def test_a_double_click_in_a_room_turns_one_card(people: Contexts, server: LiveServer) -> None:
    """A double-click on "Turn packet 1" turned two cards, or said that the top card
    was already face up."""
    first, second, _ = friends_room(people, server, 2)
    first.locator('#actions button[data-move="turn p1packet1"]').dblclick()
    wait_live(second, 1)
    # The move in words, with the card it showed ("Alice played turn p1packet1" before).
    expect(second.locator("#message")).to_contain_text(re.compile(r"Alice turned packet 1: \S+\."))
    expect(first.locator("#message")).to_contain_text("You turned packet 1: ")
    first.wait_for_timeout(500)
    assert current(first)["steps"] == 1
    expect(first.locator("#message")).not_to_have_attribute("data-kind", "error")


def test_the_computers_moves_are_told(people: Contexts, server: LiveServer) -> None:
    """The computer played its whole turn in silence: the message line said only
    "Played turn p1packet17." while its cards turned and pairs went."""
    page = people.page(people.person())
    page.goto(f"{server.url}/#/")
    page.locator('form[data-game="sympathie"] input.deal-number').fill("2")
    page.locator('form[data-game="sympathie"] button.room-computer').click()
    expect(page.locator("#room-seats")).to_contain_text("the computer")
    message = page.locator("#message")
    for _ in range(17):  # player 1 turns his seventeen packet tops, then the computer
        steps = take_turn(page)
        wait_live(page, steps + 1)
        if "computer" in message.inner_text():
            break
    text = message.inner_text()
    assert re.fullmatch(
        r"You turned packet \d+: \S+(, and took a pair)?\. The computer "
        r"turned \d+ cards( \(.+\))?( and took \d+ pairs?)?\. Your turn\.",
        text,
    ), text


def test_a_finished_game_names_no_player_to_play(people: Contexts, server: LiveServer) -> None:
    """After the end the header still said "player 2 to play", and a finished room
    opened again said "Turn your packets in your turn."."""
    page = people.page(people.person())
    open_game(page, server.url, "sympathie", 2)
    expect(page.locator("#game-meta")).to_contain_text("player 1 to play")
    page.locator("#autoplay").click()  # Sympathie has no choice: autoplay plays it out
    expect(page.locator("#result")).to_contain_text("Sympathie is won")
    expect(page.locator("#game-meta")).to_have_text("deal 2 \u00b7 game over")
    page.reload()
    expect(page.locator("#message")).to_have_text(
        "Sympathie, deal 2. This game is over; its result stands beside this line."
    )
    expect(page.locator("#result")).to_contain_text("Sympathie is won. Well played!")
    expect(page.locator("#game-meta")).not_to_contain_text("to play")


def focused(page: Page) -> str:
    """The focused element: its id, or its data-move, or its tag."""
    found: str = page.evaluate(
        "() => { const n = document.activeElement;"
        " return n.id || n.dataset.move || n.tagName.toLowerCase(); }"
    )
    return found


def test_the_focus_stays_on_the_action_buttons(people: Contexts, server: LiveServer) -> None:
    """The actions are rebuilt with every table: the focus fell to the page's body
    after each press, and Enter pressed again did nothing."""
    page = people.page(people.person())
    open_game(page, server.url, "sympathie", 2)
    page.locator('#actions button[data-move="turn p1packet1"]').focus()
    page.keyboard.press("Enter")
    wait_live(page, 1)
    expect(page.locator('#actions button[data-move="turn p1packet2"]')).to_be_focused()
    page.keyboard.press("Enter")
    wait_live(page, 2)
    assert focused(page) == "turn p1packet3"


def test_a_room_entered_from_the_home_page_has_the_focus_on_its_heading(
    people: Contexts, server: LiveServer
) -> None:
    """The button pressed on the home page was hidden with it, and the focus fell to the
    page's body: a screen reader was left nowhere in the room."""
    page = people.page(people.person())
    for button, key in (("room-friend", None), ("room-computer", "Enter")):
        page.goto(f"{server.url}/#/")
        page.wait_for_load_state("networkidle")
        start = page.locator(f'form[data-game="sympathie"] button.{button}')
        if key:
            start.focus()
            page.keyboard.press(key)
        else:
            start.click()
        expect(page.locator("#room")).to_be_visible()
        expect(page.locator("#game-title")).to_be_focused()
        expect(page.locator("#game-title")).to_have_text("Sympathie")
        # From the heading, an arrow goes to the table's Tab stop.
        page.keyboard.press("ArrowDown")
        expect(page.locator("#table-box .pile[tabindex='0']")).to_be_focused()


def test_a_single_lost_game_shows_no_filled_mark(people: Contexts, server: LiveServer) -> None:
    """With one game the chart marks the win rate on its own; as a filled dot at 0 % it
    sat just above the lost game's hollow mark and looked like a win. It is a dash now,
    and the only round mark is the game's, hollow."""
    page = people.page(people.person())
    open_game(page, server.url, "travellers", 3)
    page.locator("#autoplay").click()
    expect(page.locator("#result")).to_contain_text("Travellers is lost")
    page.locator('header nav a[href="#/stats"]').click()
    chart = page.locator('.stats-table tr[data-game="travellers"] svg.chart')
    expect(chart.locator("circle")).to_have_count(1)
    expect(chart.locator("circle.lost")).to_have_count(1)
    expect(chart.locator("line.rate-point")).to_have_count(1)


def test_a_statistics_reset_says_what_it_erased(people: Contexts, server: LiveServer) -> None:
    """After "Yes, erase them" the focus fell to the body and nothing said how many
    results had gone; Escape did not close the confirmation."""
    page = people.page(people.person())
    open_game(page, server.url, "travellers", 2)
    page.locator("#autoplay").click()
    expect(page.locator("#result")).to_contain_text("Travellers is won")
    page.locator('header nav a[href="#/stats"]').click()
    expect(page.locator(".stats-table")).to_be_visible()
    page.locator("#stats-reset").click()
    expect(page.locator("#stats-reset-no")).to_be_focused()
    page.keyboard.press("Escape")
    expect(page.locator("#stats-confirm")).to_be_hidden()
    expect(page.locator("#stats-reset")).to_be_focused()
    page.locator("#stats-reset").click()
    page.locator("#stats-reset-yes").click()
    expect(page.locator("#stats-body")).to_contain_text("No finished games")
    expect(page.locator("#notice")).to_have_text("Statistics reset: 1 result erased.")
    expect(page.locator("#stats-reset")).to_be_focused()


def test_the_room_says_whose_turn_and_who_left_once(people: Contexts, server: LiveServer) -> None:
    """The seat line was a live region rebuilt with every move (read out each time),
    and nothing said when the turn came to you."""
    first, second, _ = friends_room(people, server, 2)
    assert first.locator("#room-seats").get_attribute("aria-live") is None
    seat = first.locator('#room-seats .seat[data-seat="1"]')
    seat.evaluate("node => { node.dataset.kept = 'yes'; }")
    while current(first)["turn"] == 1:  # player 1 turns until his packet tops are up
        wait_live(second, take_turn(first) + 1)
    expect(second.locator("#message")).to_contain_text("Your turn.")
    assert second.title().startswith("Your turn")
    assert not first.title().startswith("Your turn")
    assert seat.get_attribute("data-kept") == "yes"  # updated in place, not rebuilt
    second.close()
    expect(first.locator("#message")).to_have_text("Player 2 has left the room.")


def test_the_link_goes_once_the_seats_are_taken_and_the_name_is_filled_in(
    people: Contexts, server: LiveServer
) -> None:
    """ "Copy link" stayed when both seats were held (it could only make watchers), and
    the room's name field was empty although the seat showed the player's name."""
    first, second, _ = friends_room(people, server, 2)
    expect(first.locator("#room-copy")).to_be_hidden()
    expect(first.locator("#room-link")).to_be_hidden()
    expect(first.locator("#room-name")).to_have_value("Alice")
    expect(second.locator("#room-name")).to_have_value("")


def test_a_lost_connection_is_said_as_such_and_cleared(people: Contexts, tmp_path: Path) -> None:
    """A click while the server was down said "Not allowed: the room is not
    connected; reconnecting…", a rule's refusal, and it stayed after the reconnection."""
    server = LiveServer(str(tmp_path / "conn.sqlite")).start()
    try:
        page = people.page(people.person())
        page.goto(f"{server.url}/#/")
        page.locator('form[data-game="sympathie"] input.deal-number').fill("2")
        page.locator('form[data-game="sympathie"] button.room-friend').click()
        expect(page.locator("#room-copy")).to_be_visible()  # seat 2 waits: the link is there
        expect(page.locator("#room-conn")).to_have_text("live")
        server.stop()
        expect(page.locator("#room-conn")).to_have_text("reconnecting\u2026")
        pile(page, "p1packet1").click()
        message = page.locator("#message")
        expect(message).to_have_text(
            "The room is not connected, so nothing was sent: reconnecting\u2026"
        )
        server.start()
        expect(page.locator("#room-conn")).to_have_text("live")
        expect(message).to_have_text("Connected again: play on.")
    finally:
        server.stop()


def luminance(css: str) -> float:
    """The relative luminance of a computed CSS colour ``rgb(r, g, b)``."""
    channels = [int(float(x)) / 255 for x in re.findall(r"[\d.]+", css)[:3]]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(front: str, back: str) -> float:
    high, low = sorted((luminance(front), luminance(back)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_the_room_bar_and_empty_places_are_legible(people: Contexts, server: LiveServer) -> None:
    """axe found "live" at 4.24:1 on the room bar; an empty place's name was about
    2.7:1 on the baize; the away dot 2.2:1."""
    page = people.page(people.person())
    page.goto(f"{server.url}/#/")
    page.locator('form[data-game="sympathie"] button.room-friend').click()
    expect(page.locator("#room-conn")).to_have_text("live")
    style = "(n, p) => getComputedStyle(n, p)"
    bar = page.locator("#room").evaluate(f"n => ({style})(n).backgroundColor")
    live = page.locator("#room-conn").evaluate(f"n => ({style})(n).color")
    assert contrast(live, bar) >= 4.5
    dot = page.locator('.seat[data-seat="2"]').evaluate(f"n => ({style})(n, '::before').color")
    assert contrast(dot, bar) >= 3
    page.goto(f"{server.url}/#/")
    open_game(page, server.url, "napoleons-square", 2)
    place = pile(page, "found1").locator(".placeholder")
    ink = ""
    for _ in range(50):  # a node the table drew again in between reads as "" (detached)
        ink = place.evaluate(f"n => ({style})(n).color")
        if ink:
            break
        page.wait_for_timeout(100)
    # Blended over the lightest baize (#3a7049), the centre of the table's gradient.
    parts = [float(x) for x in re.findall(r"[\d.]+", ink)]
    assert len(parts) >= 3, ink
    alpha = parts[3] if len(parts) > 3 else 1.0
    blend = [
        round(alpha * c + (1 - alpha) * b) for c, b in zip(parts[:3], (58, 112, 73), strict=True)
    ]
    assert contrast(f"rgb({blend[0]}, {blend[1]}, {blend[2]})", "rgb(58, 112, 73)") >= 4.5


def test_the_home_page_leads_back_to_unfinished_games(people: Contexts, server: LiveServer) -> None:
    """After a browser restart nothing on the home page led back to a game left
    unfinished: only its exact link did."""
    person = people.person()
    page = people.page(person)
    open_game(page, server.url, "travellers", 28)
    pile(page, "spare").click()
    wait_live(page, 1)
    url = page.url
    page.close()
    again = people.page(person)
    again.goto(f"{server.url}/#/")
    link = again.locator("#my-games a").first
    expect(link).to_have_text("Travellers, deal 28")
    link.click()
    expect(again.locator("#game-meta")).to_contain_text("deal 28")
    assert again.url == url and steps_shown(again) == 1


def test_each_player_sees_his_own_side_below(people: Contexts, server: LiveServer) -> None:
    """As at a card table, each player's own packets lie nearer him: player 2 used to
    find his side at the top of the table, under player 1's."""
    first, second, link = friends_room(people, server, 2)

    def below(page: Page) -> int:
        """The player whose first packet lies lower on the page, read in one go (the
        table may be drawn again at any time, which detaches the nodes read before)."""
        found = 'n => document.querySelector(`.pile[data-pile="p${n}packet1"]`)'
        page.wait_for_function(f"() => [1, 2].every({found})")
        tops = page.evaluate(f"() => [1, 2].map(n => ({found})(n).getBoundingClientRect().top)")
        return 1 if tops[0] > tops[1] else 2

    assert below(first) == 1 and below(second) == 2
    wait_live(second, take_turn(first) + 1)
    second.locator("details.more summary").click()  # a replay is seen from one's seat too
    second.locator("#replay-button").click()
    expect(second.locator("#replay")).to_be_visible()
    assert below(second) == 2
    second.locator("#replay-close").click()
    watcher = people.page(people.person())
    watcher.goto(link)
    expect(watcher.locator("#room-watchers")).to_contain_text("You are watching")
    assert below(watcher) == 1  # as the book's order: player 2 above


def test_a_player_leaves_and_the_computer_plays_his_seat(
    people: Contexts, server: LiveServer
) -> None:
    """Leaving asks first; then the computer takes the seat and both pages say so."""
    first, second, _ = friends_room(people, server, 2)
    expect(first.locator("#room-leave")).to_be_visible()
    second.locator("#room-leave").click()
    expect(second.locator("#room-leave-ask")).to_be_visible()
    expect(second.locator("#room-leave-no")).to_be_focused()
    second.keyboard.press("Escape")  # changed his mind: nothing happens
    expect(second.locator("#room-leave-ask")).to_be_hidden()
    expect(second.locator("#room-leave")).to_be_focused()
    second.locator("#room-leave").click()
    second.locator("#room-leave-yes").click()
    expect(second.locator("#message")).to_contain_text("You left: the computer plays your seat")
    expect(second.locator("#room-leave")).to_be_hidden()
    expect(second.locator("#room-watchers")).to_contain_text("You are watching")
    expect(first.locator("#message")).to_contain_text(
        "Player 2 left: the computer plays that seat to the end."
    )
    expect(first.locator('#room-seats [data-seat="2"]')).to_contain_text("the computer")
    assert current(first)["can_act"]
    # Alice goes too: Bob, who left first, is told that she left, not that he did.
    first.locator("#room-leave").click()
    first.locator("#room-leave-yes").click()
    expect(first.locator("#message")).to_contain_text("You left")
    expect(second.locator("#message")).to_contain_text("Alice left: the computer plays")


def test_no_leave_is_offered_while_the_other_seat_is_free(
    people: Contexts, server: LiveServer
) -> None:
    """Leaving a room no one had joined put the leaver back in as player 2 on reload."""
    page = people.page(people.person())
    page.goto(f"{server.url}/#/")
    page.locator('form[data-game="sympathie"] button.room-friend').click()
    expect(page.locator("#room-link")).to_be_visible()
    expect(page.locator("#room-leave")).to_be_hidden()
