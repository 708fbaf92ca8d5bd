"""The terminal UI, driven by Textual's Pilot, for every registered game."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

pytest.importorskip("textual")

from textual.pilot import Pilot

from cadogan import registry
from cadogan.core import TRANSFER, Game, Move
from cadogan.tui.app import CadoganApp
from cadogan.tui.picking import choose, next_card, targets
from cadogan.tui.table import TableScreen
from tests.helpers import roomy_hints

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
GAMES = registry.all_games()
SIZE = (160, 60)


def table(app: CadoganApp) -> TableScreen:
    screen = app.screen
    assert isinstance(screen, TableScreen)
    return screen


def text(app: CadoganApp, widget: str) -> str:
    return str(table(app).query_one(widget).render())


async def choose_pile(pilot: Pilot[None], name: str) -> None:
    """Focus a pile and press Enter, as a keyboard player does."""
    table(pilot.app).query_one(f"#pile-{name}").focus()  # type: ignore[arg-type]
    await pilot.press("enter")
    await pilot.pause()


async def make(pilot: Pilot[None], move: Move) -> None:
    """Make a legal move through the UI: two piles for a transfer, the move list otherwise."""
    if move.verb == TRANSFER:
        await choose_pile(pilot, move.args[0])
        await choose_pile(pilot, move.args[1])
        if not isinstance(pilot.app.screen, TableScreen):  # several moves join these piles
            await pick_from_list(pilot, str(move))
        return
    await pilot.press("m")
    await pilot.pause()
    await pick_from_list(pilot, str(move))


async def pick_from_list(pilot: Pilot[None], line: str) -> None:
    """Choose ``line`` in the open list of moves with the arrow keys and Enter."""
    choices = pilot.app.screen.choices  # type: ignore[attr-defined]
    await pilot.press(*["down"] * choices.index(line), "enter")
    await pilot.pause()


def an_illegal_transfer(game: Game, app: CadoganApp) -> tuple[str, str]:
    state = table(app).session.state
    legal = set(table(app).session.moves())
    names = [w.pile_name for w in table(app).query("PileWidget")]  # type: ignore[attr-defined]
    for a in names:
        for b in names:
            if (
                a != b
                and Move(TRANSFER, (a, b)) not in legal
                and not any(m.args[:1] == (a,) and len(m.args) == 1 for m in legal)
            ):
                return a, b
    raise AssertionError(f"{game.id}: no illegal transfer to try in {list(state.piles)}")


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_open_move_refuse_undo_and_screenshot(game: Game) -> None:
    async def run() -> None:
        app = CadoganApp(game, 1)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = table(app)
            start = screen.session.state
            first = screen.session.moves()[0]
            before = len(screen.session.history)
            await make(pilot, first)
            assert len(screen.session.history) > before, f"{first} was not played"
            a, b = an_illegal_transfer(game, app)
            await choose_pile(pilot, a)
            await choose_pile(pilot, b)
            message = text(app, "#message")
            assert "Not allowed" in message and len(message) > len("Not allowed: ") + 5
            await pilot.press("u")
            await pilot.pause()
            assert screen.session.state == start
            SHOTS.mkdir(parents=True, exist_ok=True)
            app.save_screenshot(str(SHOTS / f"tui-{game.id}.svg"))

    asyncio.run(run())


def test_travellers_finishes_by_autoplay_and_announces_the_result() -> None:
    async def run() -> None:
        app = CadoganApp(registry.game("travellers"), 28)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("a")
            await pilot.pause()
            assert "won" in text(app, "#message") and "WON" in text(app, "#status")
            app.save_screenshot(str(SHOTS / "tui-travellers-won.svg"))

    asyncio.run(run())


def test_keyboard_alone_chooses_a_game_plays_and_undoes(tmp_path: Path) -> None:
    async def run() -> None:
        app = CadoganApp(None, 28)
        async with app.run_test(size=SIZE) as pilot:
            ids = [g.id for g in registry.classes()]
            await pilot.press(*["down"] * ids.index("travellers"), "enter")
            await pilot.pause()
            screen = table(app)
            assert screen.game.id == "travellers" and screen.session.deal == 28
            assert app.focused is not None and app.focused.id == "pile-spare"
            await pilot.press("enter")  # turn the spare: its only move
            await pilot.pause()
            await pilot.press("d", "d", "d")  # deal/next card: travel on
            await pilot.pause()
            assert len(screen.session.history) == 4
            await pilot.press("u")
            await pilot.pause()
            assert len(screen.session.history) == 3
            await pilot.press("r")
            await pilot.press("s")
            await pilot.pause()
            path = tmp_path / "saved.txt"
            answer = app.screen.query_one("#answer")
            answer.value = str(path)  # type: ignore[attr-defined]
            await pilot.press("enter")
            await pilot.pause()
            assert path.read_text().count("\n") > 4 and "Saved" in text(app, "#message")
            await pilot.press("n")
            await pilot.pause()
            app.screen.query_one("#answer").value = "7"  # type: ignore[attr-defined]
            await pilot.press("enter")
            await pilot.pause()
            assert table(app).session.deal == 7 and not table(app).session.history
            await pilot.press("k")
            await pilot.pause()
            assert type(app.screen).__name__ == "Reading"
            await pilot.press("escape")

    asyncio.run(run())


def test_picking_logic() -> None:
    moves = (
        Move("turn", ("spare",)),
        Move(TRANSFER, ("talon", "found1")),
        Move(TRANSFER, ("talon", "found2")),
        Move("exchange", ("a", "b")),
        Move(TRANSFER, ("a", "b")),
    )
    assert choose(moves, None, "spare").move == Move("turn", ("spare",))
    assert choose(moves, None, "talon").held == "talon"
    assert targets(moves, "talon") == {"found1", "found2"}
    assert choose(moves, "talon", "found2").move == Move(TRANSFER, ("talon", "found2"))
    assert len(choose(moves, "a", "b").options) == 2
    assert choose(moves, "talon", "x").move == Move(TRANSFER, ("talon", "x"))  # refused later
    assert choose(moves, "talon", "talon") == choose((), "q", "q")
    assert next_card(moves) == Move("turn", ("spare",))


def test_the_mouse_plays_and_exchange_key_offers_a_choice() -> None:
    async def run() -> None:
        app = CadoganApp(registry.game("travellers"), 28)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.click("#pile-spare")
            await pilot.pause()
            assert len(table(app).session.history) == 1
        app = CadoganApp(registry.game("hemispheres"), 1)
        async with app.run_test(size=SIZE) as pilot:
            exchanges = [m for m in table(app).session.moves() if m.verb == "exchange"]
            await pilot.press("x")
            await pilot.pause()
            if len(exchanges) > 1:
                assert app.screen.choices == [str(m) for m in exchanges]  # type: ignore[attr-defined]
                await pilot.press("enter")
                await pilot.pause()
            assert table(app).session.history[-1].move == exchanges[0]

    asyncio.run(run())


def test_the_hint_says_when_the_deal_can_no_longer_be_won(monkeypatch: pytest.MonkeyPatch) -> None:
    roomy_hints(monkeypatch)  # the hint must be decided, whatever the load

    async def run() -> None:
        app = CadoganApp(registry.game("travellers"), 3)  # deal 3 cannot come out
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("h")
            await pilot.pause()
            assert "no longer be won" in text(app, "#message")
        app = CadoganApp(registry.game("travellers"), 28)  # deal 28 comes out
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("h")
            await pilot.pause()
            assert "turn spare" in text(app, "#message")

    asyncio.run(run())


def test_a_new_deal_that_is_not_a_number_is_refused_in_the_message_line() -> None:
    """'²' passes str.isdigit() but not int() (a helper's review): a message, no crash."""

    async def run() -> None:
        app = CadoganApp(registry.game("travellers"), 28)
        async with app.run_test(size=SIZE) as pilot:
            for bad in ("²", "0", "x"):
                await pilot.press("n")
                await pilot.pause()
                app.screen.query_one("#answer").value = bad  # type: ignore[attr-defined]
                await pilot.press("enter")
                await pilot.pause()
                assert "is not a deal number" in text(app, "#message")
                assert table(app).session.deal == 28

    asyncio.run(run())
