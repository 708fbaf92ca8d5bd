"""The terminal UI, driven by Textual's Pilot, for every registered game."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

pytest.importorskip("textual")

from textual.pilot import Pilot
from textual.widgets import Label

from cadogan import registry
from cadogan.core import TRANSFER, Game, Move, Outcome
from cadogan.session import Session
from cadogan.tui.app import CadoganApp
from cadogan.tui.picking import choose, nearest, next_card, nothing_from, targets
from cadogan.tui.pile import NARROWEST, PileWidget, pile_label
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
                and not any(m.args[:1] in ((a,), (b,)) and len(m.args) == 1 for m in legal)
            ):  # b's own action would be played instead (a change of mind)
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


def test_a_win_with_a_card_still_face_down_says_why() -> None:
    """Deal 1 is won with the 6♠ never turned up: the message says why it counts."""

    async def run() -> None:
        app = CadoganApp(registry.game("travellers"), 1)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("a")
            await pilot.pause()
            message = " ".join(text(app, "#message").split())
            assert "The game is won!" in message and "Still face down: the 6♠" in message

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


def test_a_pile_chosen_while_holding_another_plays_its_own_action() -> None:
    """Travellers: holding packet1 by a misclick, the click on packet10 was read as
    packet1 onto packet10 and refused; packet10's own move (its travel) is played."""
    moves = (Move("travel", ("packet10",)), Move(TRANSFER, ("talon", "found1")))
    assert choose(moves, "packet1", "packet10").move == Move("travel", ("packet10",))
    assert choose(moves, "talon", "found1").move == Move(TRANSFER, ("talon", "found1"))
    refused = choose(moves, "packet1", "found1")  # no action of its own: refused later
    assert refused.move == Move(TRANSFER, ("packet1", "found1"))


def test_a_pile_that_only_takes_cards_says_so_without_contradiction() -> None:
    """The Zodiac: picking zodiac2 said "No legal move uses zodiac2 now; legal:
    equator4 zodiac2", a move that uses it."""
    moves = (Move(TRANSFER, ("equator4", "zodiac2")), Move("deal", ()))
    said = nothing_from(moves, "zodiac2")
    assert "No legal move uses" not in said
    assert said.startswith("Nothing leaves zodiac2 now, but it can take a card")
    assert "equator4 zodiac2" in said
    assert nothing_from(moves, "zodiac9").startswith("No legal move uses zodiac9 now")


def test_two_piles_mean_what_the_game_reads_them_as() -> None:
    """Petits Paquets reads ``packet13 found5`` as its ``take`` move and the Hemispheres
    read an exchange's positions in either order, as the command line does; picking
    those piles in the TUI was refused ("no card of the thirteenth packet fits")."""
    pp = registry.game("petits-paquets")
    session = Session(pp, 1)
    for _ in range(15):  # the last legal move each time reaches a take (pinned deal)
        session.play(session.moves()[-1])
    take = Move("take", ("Qc", "found5"))
    legal = session.moves()
    assert take in legal

    def read_pp(line: str) -> Move | None:
        return pp.parse_move(session.state, line)

    assert "found5" in targets(legal, "packet13", session.state.piles, read_pp)
    assert choose(legal, "packet13", "found5", read_pp).move == take
    hemispheres = registry.game("hemispheres")
    state = hemispheres.deal(1)
    exchange = Move("exchange", ("european3", "australian1"))
    legal = hemispheres.moves(state)
    assert exchange in legal
    assert choose(legal, "australian1", "european3").move == exchange  # South first
    assert "european3" in targets(legal, "australian1", state.piles)
    napoleon = registry.game("napoleons-square")
    state = napoleon.deal(1)
    legal = napoleon.moves(state)
    reverse = Move(TRANSFER, ("packet10", "packet9"))
    assert reverse in legal and Move(TRANSFER, ("packet9", "packet10")) not in legal
    pick = choose(legal, "packet9", "packet10")  # a card is never moved the other way
    assert pick.move == Move(TRANSFER, ("packet9", "packet10")) and not pick.options
    assert "packet10" not in targets(legal, "packet9", state.piles)


def test_x_offers_petits_paquets_exchanges_between_foundations() -> None:
    """Direction 8's exchanges are plain moves between foundations; ``x`` said "No
    exchange is possible now" while two of them were legal."""
    from cadogan.tui.table import is_verb

    session = Session(registry.game("petits-paquets"), 1)
    for _ in range(36):  # the first legal move each time reaches an exchange (pinned)
        session.play(session.moves()[0])
    offered = [str(m) for m in session.moves() if is_verb(m, "exchange")]
    assert offered == ["found1 found5", "found5 found1"]

    async def run() -> None:
        app = CadoganApp(registry.game("petits-paquets"), 1)
        async with app.run_test(size=SIZE) as pilot:
            table(app).session = session
            await pilot.press("x")
            await pilot.pause()
            assert pilot.app.screen.choices == offered  # type: ignore[attr-defined]

    asyncio.run(run())


@pytest.mark.parametrize(
    ("game", "options", "deal", "status", "title"),
    [
        ("napoleons-square", {}, 10, "| remedy |", "Napoleon's Square — deal 10"),
        ("duchesse-de-luynes", {}, 1, "| play, re-deals left 3 |", "Duchesse de Luynes — deal 1"),
        ("travellers", {}, 1, "| face down ", "Travellers — deal 1"),
        ("napoleons-square", {"rules": "modern"}, 1, "| play |", "(rules=modern) — deal 1"),
    ],
)
def test_the_status_line_shows_the_phase_counters_and_options(
    game: str, options: dict[str, str], deal: int, status: str, title: str
) -> None:
    """The status line left out the phase and counters the command line shows (the
    Note's remedy, re-deals left ...) and the title the options that differ."""

    async def run() -> None:
        app = CadoganApp(registry.game(game, **options), deal)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert status in text(app, "#status")
            assert str(table(app).title).endswith(title)

    asyncio.run(run())


def test_what_is_held_stays_on_an_80_column_status_line() -> None:
    """The line ran to 85 characters with a nine-digit deal, and 'holding packet1' at
    its end was cut off; what changes most now comes first."""

    async def run() -> None:
        app = CadoganApp(registry.game("petits-paquets"), 987654321)
        async with app.run_test(size=(80, 24)):
            table(app).held = "packet1"
            line = table(app).status_line()
            assert "holding packet1" in line[:60]

    asyncio.run(run())


def test_holding_a_pile_no_move_uses_says_so_at_once() -> None:
    async def run() -> None:
        app = CadoganApp(registry.game("hemispheres"), 1)
        async with app.run_test(size=SIZE) as pilot:
            await choose_pile(pilot, "european2")  # a red card with nowhere to go
            message = text(app, "#message")
            assert message.startswith("Holding european2. No legal move uses european2 now")
            assert "m lists them" in message
            await choose_pile(pilot, "european2")  # put it back down
            await choose_pile(pilot, "european3")  # one that can go somewhere: no such note
            assert text(app, "#message").startswith("Holding european3.")
            assert "No legal move" not in text(app, "#message")

    asyncio.run(run())


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
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert "proved lost" in text(app, "#message")
        app = CadoganApp(registry.game("travellers"), 28)  # deal 28 comes out
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("h")
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert "turn spare" in text(app, "#message")

    asyncio.run(run())


def test_a_new_deal_that_is_not_a_number_is_refused_in_the_message_line() -> None:
    """'²' passes str.isdigit() but not int() (a helper's review): a message, no crash."""

    async def run() -> None:
        app = CadoganApp(registry.game("travellers"), 28)
        async with app.run_test(size=SIZE) as pilot:
            for bad in ("²", "0", "x", "[/red]", "1[/]"):  # markup is shown, not obeyed
                await pilot.press("n")
                await pilot.pause()
                app.screen.query_one("#answer").value = bad  # type: ignore[attr-defined]
                await pilot.press("enter")
                await pilot.pause()
                assert "is not a deal number" in text(app, "#message")
                assert table(app).session.deal == 28

    asyncio.run(run())


async def answer(pilot: Pilot[None], key: str, text: str) -> None:
    """Press ``key`` and type ``text`` into the question it asks."""
    await pilot.press(key)
    await pilot.pause()
    pilot.app.screen.query_one("#answer").value = text  # type: ignore[attr-defined]
    await pilot.press("enter")
    await pilot.pause()


def test_a_deal_says_what_came_up_autoplay_and_saving_speak_plainly(tmp_path: Path) -> None:
    """On a small screen the talon may be below the fold: a deal now says which card
    came up.  Autoplay said "Autoplay made 0 move(s)." where the command line says "No
    safe move to play."; saving onto a folder asked to replace it, then failed."""

    async def run() -> None:
        app = CadoganApp(registry.game("hemispheres"), 1)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("a")
            await pilot.pause()
            assert text(app, "#message") == "No safe move to play."
            pack = table(app).session.state.piles["pack"].cards
            await pilot.press("d")
            await pilot.pause()
            assert text(app, "#message") == f"Dealt {pack[-1].label} to talon."
            await answer(pilot, "s", str(tmp_path))
            assert text(app, "#message") == f"{tmp_path} is a folder: give a file's name."
            assert isinstance(app.screen, TableScreen)  # no question asked

    asyncio.run(run())


def test_square_brackets_in_a_path_are_text_not_markup(tmp_path: Path) -> None:
    """A helper's TUI review: '[/]' in a path crashed the app (Textual markup)."""

    async def run() -> None:
        app = CadoganApp(registry.game("travellers"), 28)
        async with app.run_test(size=SIZE) as pilot:
            await answer(pilot, "l", "nothere[/]")
            assert "Cannot load" in text(app, "#message") and "nothere[/]" in text(app, "#message")
            saved = tmp_path / "[bold]x.txt"
            await answer(pilot, "s", str(saved))
            assert saved.exists() and f"Saved to {saved}." in text(app, "#message")

    asyncio.run(run())


def test_a_pile_shows_its_top_card_on_one_line_and_i_shows_them_all() -> None:
    """Three tens wrapped the line of five cards, and the top card fell out of the box."""
    from cadogan.cards import cards
    from cadogan.tui.pile import ROOM, pile_label

    tens = tuple(cards("Qh 10c 10s Qc 10h 10d 10s"))
    for n in range(1, len(tens) + 1):
        line = pile_label("packet4", tens[:n]).plain.split("\n")[1]
        assert len(line) <= ROOM and line.endswith(tens[n - 1].label)
        assert line.startswith("…") == (n > 4)

    async def run() -> None:
        app = CadoganApp(registry.game("zodiac"), 1)
        async with app.run_test(size=SIZE) as pilot:
            for name in ("zodiac1", "pack"):  # a card face up; 72 face down
                table(app).query_one(f"#pile-{name}").focus()
                await pilot.press("i")
                await pilot.pause()
                shown = table(app).session.game.view(table(app).session.state, 1).piles[name]
                labels = " ".join("▒▒" if c is None else c.label for c in shown)
                assert text(app, "#message") == f"{name}, bottom to top: {labels}"

    asyncio.run(run())


def test_the_rules_scroll_and_d_never_spends_a_re_deal() -> None:
    async def run() -> None:
        app = CadoganApp(registry.game("napoleons-square"), 1)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("k")
            await pilot.pause()
            await pilot.press("end")
            await pilot.pause()
            assert app.screen.query_one("#page").scroll_y > 100

    asyncio.run(run())
    assert next_card((Move("redeal", ()), Move(TRANSFER, ("a", "b")))) is None


def test_on_a_small_terminal_the_piles_in_focus_scroll_into_view() -> None:
    async def run() -> None:
        app = CadoganApp(registry.game("hemispheres"), 1)
        async with app.run_test(size=(80, 24)) as pilot:
            pile = table(app).query_one("#pile-asiatic1")
            pile.focus()
            await pilot.pause()
            region = pile.region
            assert (
                region.x >= 0 and region.right <= 80 and region.width >= NARROWEST
            )  # narrowed to fit, never squeezed

    asyncio.run(run())


@pytest.mark.parametrize("game", registry.ids())
def test_at_80_columns_every_pile_fits_across(game: str) -> None:
    """Eight piles a line needed 96 columns, so at 80 the seventh and eighth of every
    such line (the Zodiac's, the Constitution's ...) were off the edge."""

    async def run() -> None:
        app = CadoganApp(registry.game(game), 1)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            box = table(app).query_one("#table")
            assert box.virtual_size.width <= box.size.width, game
            for pile in table(app).query(PileWidget):  # name and cards each on one line
                lines = pile_label(pile.pile_name, pile.cards, pile.room).split()
                assert all(line.cell_len <= pile.room for line in lines), pile.pile_name

    asyncio.run(run())


def test_a_button_pressed_by_enter_leaves_the_focus_on_the_buttons() -> None:
    async def run() -> None:
        app = CadoganApp(registry.game("travellers"), 28)
        async with app.run_test(size=SIZE) as pilot:
            table(app).query_one("#actions").query("Button").first().focus()
            for played in (1, 2, 3):
                await pilot.press("enter")
                await pilot.pause()
                assert len(table(app).session.history) == played
                assert type(app.focused).__name__ == "Button"

    asyncio.run(run())


def test_redo_of_the_last_move_announces_the_result_again() -> None:
    async def run() -> None:
        app = CadoganApp(registry.game("travellers"), 28)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("a")
            await pilot.pause()
            await pilot.press("u", "r")
            await pilot.pause()
            assert "won" in text(app, "#message")
            await pilot.press("m")
            await pilot.pause()
            assert "won" in text(app, "#message")  # no moves left: says so, not nothing

    asyncio.run(run())


def test_a_finished_two_player_game_names_no_player_to_play() -> None:
    session = Session(registry.game("sympathie"), 1)
    while not session.outcome().over:
        session.play(session.moves()[0])
    status = TableScreen(session).status_line()
    assert session.outcome().value in status.lower() and "to play" not in status


def test_action_buttons_beyond_the_edge_scroll_into_view() -> None:
    """The Hemispheres' deal 1 offers more exchanges than 160 columns hold."""

    async def run() -> None:
        app = CadoganApp(registry.game("hemispheres"), 1)
        async with app.run_test(size=SIZE) as pilot:
            buttons = list(table(app).query_one("#actions").query("Button"))
            assert [b.name for b in buttons[:2]] == ["deal", "exchange european3 australian1"]
            assert len(buttons) == 9  # the deal and all eight exchanges; none cut
            buttons[-1].focus()
            for _ in range(40):  # the scroll is animated: wait for it, up to 4 s
                await pilot.pause(0.1)
                if buttons[-1].region.right <= SIZE[0]:
                    break
            assert buttons[-1].region.right <= SIZE[0] and buttons[-1].region.width > 10

    asyncio.run(run())


def test_every_key_the_footer_names_fits_an_80_by_24_terminal() -> None:
    """The footer named twelve keys in 112 columns, so Help and Games were cut off;
    now every key it shows is on screen, and `?` lists the hidden ones (redo ...)."""
    from textual.widgets._footer import FooterKey

    async def run() -> None:
        app = CadoganApp(registry.game("hemispheres"), 1)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            keys = list(app.screen.query(FooterKey))
            shown = {key.key for key in keys}
            assert {"d", "h", "u", "question_mark", "q"} <= shown
            assert all(key.region.right <= 80 for key in keys), [str(k.region) for k in keys]

    asyncio.run(run())


def test_the_arrows_move_between_piles_when_the_table_scrolls() -> None:
    """At 80 x 24 the scrolling table took the arrows to scroll itself, and the focus
    stayed on a pile scrolled out of sight."""

    async def run() -> None:
        app = CadoganApp(registry.game("zodiac"), 7)
        async with app.run_test(size=(80, 24)) as pilot:
            first = table(app).focused
            await pilot.press("right", "right")
            focused = table(app).focused
            assert focused is not None and focused is not first
            await pilot.press(*["down"] * 20)
            await pilot.pause()
            focused = table(app).focused
            assert focused is not None
            scroller = table(app).query_one("#table")
            assert focused.region.overlaps(scroller.region)  # scrolled into sight

    asyncio.run(run())


def test_q_asks_again_before_leaving_a_game_in_progress() -> None:
    async def run() -> None:
        app = CadoganApp(registry.game("travellers"), 28)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("d")  # a move: the game is in progress
            await pilot.press("q")
            assert isinstance(app.screen, TableScreen)
            assert "Press q again" in text(app, "#message")
            await pilot.press("q")
            assert not isinstance(app.screen, TableScreen)

    asyncio.run(run())


def test_the_cards_left_leave_out_the_constitutions_decoration() -> None:
    """A won Constitution said 'cards left 16': the Sovereign, the court cards and the
    queens put aside never move."""
    game = registry.game("constitution")
    session = Session(game, 1)
    state = session.state
    idle = sum(len(state.piles[n]) for n in game.idle_piles)
    assert idle == 16
    playing = sum(len(p) for n, p in state.piles.items() if not n.startswith("found"))

    async def run() -> None:
        app = CadoganApp(game, 1)
        async with app.run_test(size=SIZE):
            assert text(app, "#status").endswith(f"cards left {playing - idle}")

    asyncio.run(run())


@pytest.mark.parametrize("game_id", [g.id for g in GAMES])
def test_every_table_fits_across_a_120_column_terminal(game_id: str) -> None:
    """Piles were 20 columns whatever the screen: at 120 x 40 five tables hid piles off
    the right edge (the Hemispheres' asiatic2 and asiatic3, the Constitution's talon)."""

    async def run() -> None:
        app = CadoganApp(registry.game(game_id), 1)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            scroller = table(app).query_one("#table")
            assert scroller.max_scroll_x == 0
            for pile in table(app).query(PileWidget):
                assert pile.region.right <= 120, pile.pile_name

    asyncio.run(run())


def test_a_narrow_pile_shortens_its_name_but_keeps_its_number_and_count() -> None:
    from cadogan.tui.pile import pile_label

    assert pile_label("australian2", (None,), 12).plain.split("\n")[0] == "australi…2 1"
    assert pile_label("australian2", (None,), 16).plain.split("\n")[0] == "australian2 1"


def test_saving_over_a_file_asks_first_and_n_deals_at_random(tmp_path: Path) -> None:
    async def run() -> None:
        app = CadoganApp(registry.game("travellers"), 28)
        async with app.run_test(size=SIZE) as pilot:
            kept = tmp_path / "kept.txt"
            kept.write_text("mine\n")
            await answer(pilot, "s", str(kept))
            pilot.app.screen.query_one("#answer").value = "no"  # type: ignore[attr-defined]
            await pilot.press("enter")
            await pilot.pause()
            assert kept.read_text() == "mine\n" and "Not saved" in text(app, "#message")
            await answer(pilot, "s", str(kept))
            pilot.app.screen.query_one("#answer").value = "yes"  # type: ignore[attr-defined]
            await pilot.press("enter")
            await pilot.pause()
            assert "[Game " in kept.read_text() and "Saved to" in text(app, "#message")
            await answer(pilot, "n", "")  # empty: a random deal
            assert table(app).session.deal != 28

    asyncio.run(run())


def test_a_re_deal_refused_says_re_deal() -> None:
    async def run() -> None:
        app = CadoganApp(registry.game("duchesse-de-luynes"), 7)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("R")
            assert "No re-deal is possible now." in text(app, "#message")

    asyncio.run(run())


def test_q_leaves_at_once_before_the_first_move_of_a_deal_with_forced_moves() -> None:
    """A new Petits Paquets deal has made its forced opening moves: q asked twice."""

    async def run() -> None:
        app = CadoganApp(registry.game("petits-paquets"), 1)
        async with app.run_test(size=SIZE) as pilot:
            assert table(app).session.history and not table(app).session.can_undo
            await pilot.press("q")
            assert not isinstance(app.screen, TableScreen)

    asyncio.run(run())


def test_a_hint_is_not_shown_again_after_an_undo() -> None:
    async def run() -> None:
        app = CadoganApp(registry.game("zodiac"), 7)
        async with app.run_test(size=SIZE) as pilot:
            session = table(app).session
            session.play(next(m for m in session.moves() if m.verb == TRANSFER))
            table(app).refresh_table()
            await pilot.press("h")
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert "Hint:" in text(app, "#message")
            await pilot.press("u")
            source = next(m for m in session.moves() if m.verb == TRANSFER).args[0]
            await choose_pile(pilot, source)
            assert text(app, "#message") == f"Holding {source}."  # no hint of another position

    asyncio.run(run())


def test_a_new_deal_or_a_load_warns_that_the_game_in_progress_is_left() -> None:
    """``q`` asks twice before it leaves a game in progress, but ``n`` and ``l`` threw it
    away without a word; their questions now say so (Escape keeps the game)."""

    async def run() -> None:
        app = CadoganApp(registry.game("zodiac"), 3)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            for key in ("n", "l"):  # nothing played yet: nothing to warn of
                await pilot.press(key)
                await pilot.pause()
                assert "unsaved" not in str(app.screen.query_one(Label).render())
                await pilot.press("escape")
                await pilot.pause()
            screen = table(app)
            screen.play(screen.session.moves()[0])
            await pilot.pause()
            for key in ("n", "l"):
                await pilot.press(key)
                await pilot.pause()
                question = str(app.screen.query_one(Label).render())
                assert "the game in progress will be left unsaved (Escape keeps it" in question
                await pilot.press("escape")
                await pilot.pause()
            assert table(app) is screen and len(screen.session.history) >= 1

    asyncio.run(run())


def test_a_lost_game_offers_undo_only_where_there_was_a_choice() -> None:
    """A lost game of Sympathie (whose deal leaves no choice) was told "u to undo"."""
    said = {}
    for game_id in ("sympathie", "zodiac"):
        session = Session(registry.game(game_id), 1)
        while not session.outcome().over:
            session.play(session.moves()[0])
        assert session.outcome() is Outcome.LOST  # pinned: both deals are lost so
        said[game_id] = TableScreen.result_of(session)
    assert "left no choice" in said["sympathie"] and "undo" not in said["sympathie"]
    assert "u to undo" in said["zodiac"]


def test_every_move_says_what_it_played() -> None:
    """A card turned in place (Sympathie's turn, Travellers' travel) left the message
    line empty, and the pile that changed may be below the fold at 80x24."""

    async def run() -> None:
        for game_id in ("sympathie", "travellers"):
            app = CadoganApp(registry.game(game_id), 1)
            async with app.run_test(size=SIZE) as pilot:
                await pilot.pause()
                screen = table(app)
                for _ in range(3):
                    move = screen.session.moves()[0]
                    screen.play(move)
                    await pilot.pause()
                    message = text(app, "#message")
                    assert message.startswith(("Played ", "Dealt ", "The game")), message

    asyncio.run(run())


def test_a_choice_of_moves_names_the_card_each_plays() -> None:
    """The Duchesse's open Discard asked "Which move?" between "discard found7" and
    "discard lower found7", naming no card; the lines now name it, and the one chosen
    is the move played.  (With the keyboard the question never stayed: the Enter that
    chose the foundation went on to choose the dialog's first line.)"""

    async def run() -> None:
        app = CadoganApp(registry.game("duchesse-de-luynes"), 1)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = table(app)
            session = screen.session
            while not any("lower" in str(m) for m in session.moves()):
                session.play(session.moves()[0])
            lower = next(m for m in session.moves() if "lower" in str(m))
            screen.refresh_table()
            await pilot.pause()
            await choose_pile(pilot, "discard")
            await choose_pile(pilot, lower.args[-1])
            dialog = app.screen
            assert type(dialog).__name__ == "Choose"
            assert all("(" in label for label in dialog.labels)  # type: ignore[attr-defined]
            at = dialog.choices.index(str(lower))  # type: ignore[attr-defined]
            await pilot.press(*["down"] * at, "enter")
            await pilot.pause()
            assert session.history[-1].move == lower

    asyncio.run(run())


def test_a_failed_save_names_the_file_and_pages_say_how_to_close(tmp_path: Path) -> None:
    """A failed save said "Cannot save: No such file or directory", naming no file; the help
    and the rules did not say how to close them."""

    async def run() -> None:
        app = CadoganApp(registry.game("travellers"), 1)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            where = tmp_path / "no" / "such" / "x.txt"
            await answer(pilot, "s", str(where))
            message = text(app, "#message")
            assert message.startswith("Cannot save") and str(where) in message
            await pilot.press("question_mark")
            await pilot.pause()
            assert type(app.screen).__name__ == "Reading"
            assert "Escape or q closes this page." in app.screen.text_shown  # type: ignore[attr-defined]

    asyncio.run(run())


def test_the_end_stays_said_and_the_status_drops_the_phase() -> None:
    """After the end the status read "lost | play", and Escape wiped the message that
    said the game was lost."""

    async def run() -> None:
        app = CadoganApp(registry.game("sympathie"), 1)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = table(app)
            while not screen.session.outcome().over:
                screen.play(screen.session.moves()[0])
            await pilot.pause()
            assert "The game is lost." in text(app, "#message")  # pinned: deal 1 is lost
            status = text(app, "#status")
            assert "| lost |" in status and "play" not in status
            await pilot.press("escape")
            await pilot.pause()
            assert "The game is lost." in text(app, "#message")

    asyncio.run(run())


def test_the_arrows_move_to_the_nearest_pile_that_way() -> None:
    """Down from zodiac1 went to zodiac2 beside it, Right from packet1 to packet2 below
    it: the arrows meant "next" and "previous"."""
    row = [("b", (12, 0, 12, 4)), ("c", (24, 0, 12, 4)), ("d", (0, 4, 12, 4))]
    assert nearest((0, 0, 12, 4), row, "right") == "b"
    assert nearest((0, 0, 12, 4), row, "down") == "d"
    assert nearest((0, 0, 12, 4), row, "up") is None

    async def run() -> None:
        for game_id, start, key, wanted in (
            ("zodiac", "zodiac1", "down", "zodiac9"),
            ("napoleons-square", "packet1", "right", "found1"),
            ("napoleons-square", "packet1", "down", "packet2"),
        ):
            app = CadoganApp(registry.game(game_id), 1)
            async with app.run_test(size=SIZE) as pilot:
                await pilot.pause()
                table(app).query_one(f"#pile-{start}").focus()
                await pilot.press(key)
                await pilot.pause()
                focused = app.focused
                assert isinstance(focused, PileWidget) and focused.pile_name == wanted, game_id

    asyncio.run(run())


def test_a_message_too_long_for_its_line_is_cut_and_w_shows_it_whole() -> None:
    """At 80 x 24 the message line holds four lines; a longer message (an end-of-game
    note, a refusal quoting a long move) lost its end. It is now cut with a line saying
    that w shows the whole, which w does on a page that Escape closes; a short message
    is shown as it is, and w then does nothing."""
    from cadogan.tui.dialogs import Reading
    from cadogan.tui.message import MORE

    words = " ".join(f"barrier_west{n}" for n in range(60))

    async def run() -> None:
        app = CadoganApp(registry.game("hemispheres"), 1)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            table(app).refresh_table(f"[bold]Long:[/bold] {words} the end.")
            await pilot.pause()
            shown = text(app, "#message").splitlines()
            assert len(shown) == 4 and shown[-1] == MORE and shown[0].startswith("Long:")
            await pilot.press("w")
            await pilot.pause()
            page = app.screen
            assert isinstance(page, Reading)
            assert "barrier\\_west59 the end." in page.text and "[bold]" not in page.text
            await pilot.press("escape")
            await pilot.pause()
            table(app).refresh_table("Short.")
            await pilot.pause()
            assert text(app, "#message") == "Short."
            await pilot.press("w")
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)

    asyncio.run(run())
