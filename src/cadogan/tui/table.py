"""The table screen: one game in play, drawn section by section as the game groups its piles."""

from __future__ import annotations

from collections import Counter
from functools import partial
from pathlib import Path

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, HorizontalScroll, ScrollableContainer, Vertical
from textual.markup import escape
from textual.screen import Screen
from textual.widgets import Button, Footer, Header, Label, Static

from cadogan.cards import MAX_DEAL, random_deal
from cadogan.core import TRANSFER, CadoganError, Game, IllegalMove, Move, Outcome, State, View
from cadogan.describe import describe
from cadogan.record import Record
from cadogan.render import describe_phase, options_label
from cadogan.rules_doc import for_players, rules_markdown
from cadogan.session import Session
from cadogan.solve.hints import Hint, hint
from cadogan.tui import arrange
from cadogan.tui.dialogs import Ask, Choose, Reading
from cadogan.tui.message import fitted, for_reading
from cadogan.tui.picking import (
    DEAL_VERBS,
    choose,
    from_pile,
    nearest,
    next_card,
    nothing_from,
    targets,
)
from cadogan.tui.pile import NARROWEST, WIDEST, PileWidget, pile_contents

HELP = """# Keys

- **Arrows**: to the nearest pile that way; **Tab / Shift+Tab**: the next or previous pile
  or button. **Enter** or a click: pick up a card,
  then Enter or click on a highlighted pile to drop it there. **Escape**: put it back.
- **d** deal or next card, **m** list every legal move, **e** exile, **g** grace,
  **x** exchange (also Petits Paquets' moves between foundations), **R** (shift-r)
  re-deal, **i** every card of the pile in focus (a pile shows only its last few; a
  mouse pointer resting on it shows them all)
- Moves that are words, such as Napoleon's Square's **slip** of a king or Petits
  Paquets' **take** from the thirteenth packet, are buttons above the status line and
  are listed by **m**; a take is also made by picking packet 13 and a foundation.
- **u** undo, **r** redo, **h** hint (the solver), **a** autoplay safe moves
- **n** new deal (by number, or empty for a random one), **s** save a record, **l** load
  a record
- **k** the rules of this game, **?** this help, **q** back to the games (twice during a
  game in progress, which is not kept)
- **w** the whole of a message too long for the message line (its last line says so)
"""


VERB_WORDS = {"redeal": "re-deal"}  # a move's verb as the help and the book spell it


def dealt(before: State, after: View) -> str:
    """Which cards a deal (or turn) showed, and where: on a small screen the talon may
    be below the fold, and the table alone would not say what came up."""
    shown = [
        f"{card.label} to {name}"
        for name, cards in after.piles.items()
        if len(cards) > len(before.piles[name].cards) and (card := cards[-1]) is not None
    ]
    if not shown:
        return ""
    more = f" and {len(shown) - 3} more" if len(shown) > 3 else ""
    return escape(f"Dealt {', '.join(shown[:3])}{more}.")


def is_verb(move: Move, verb: str) -> bool:
    """Whether ``move`` is what the key for ``verb`` offers.  An exchange is also a card
    moved from one foundation onto another (Petits Paquets' direction 8, written as a
    plain ``foundA foundB``): the book calls it an exchange, so ``x`` offers it."""
    if move.verb == verb:
        return True
    return (
        verb == "exchange"
        and move.verb == TRANSFER
        and len(move.args) == 2
        and all(a.startswith("found") for a in move.args)
    )


class TableScreen(Screen[None]):
    """A game in progress."""

    BINDINGS = [
        Binding("d", "next_card", "Deal"),
        Binding("m", "moves", "Moves"),
        Binding("u", "undo", "Undo"),
        Binding("r", "redo", "Redo", show=False),
        Binding("h", "hint", "Hint"),
        Binding("a", "autoplay", "Auto"),
        Binding("n", "new_deal", "New"),
        Binding("s", "save", "Save"),
        Binding("l", "load", "Load"),
        Binding("e", "verb('exile')", "Exile", show=False),
        Binding("g", "verb('grace')", "Grace", show=False),
        Binding("x", "verb('exchange')", "Exchange", show=False),
        Binding("R", "verb('redeal')", "Re-deal", show=False),
        Binding("i", "inspect", "Inspect", show=False),
        Binding("k", "rules", "Rules"),
        Binding("question_mark", "help", "Help"),
        Binding("w", "whole_message", "Message", show=False),
        Binding("escape", "drop", "Cancel", show=False),
        Binding("q", "leave", "Games"),
        # priority: the scrolling table would take the arrows to scroll itself, and the
        # focus would stay on a pile scrolled out of sight; moving the focus scrolls to it.
        Binding("right", "step('right')", show=False, priority=True),
        Binding("left", "step('left')", show=False, priority=True),
        Binding("down", "step('down')", show=False, priority=True),
        Binding("up", "step('up')", show=False, priority=True),
    ]

    def __init__(self, session: Session, message: str = "") -> None:
        super().__init__()
        self.session = session
        self.held: str | None = None
        self.opening = message  # said when the table is first drawn (a loaded game)
        self.hint_text = ""  # the last hint, kept beside "Holding ..." while followed
        self.hint_for: State | None = None  # the position the hint is for
        self.leaving = False  # q pressed once during a game in progress
        self.whole_message: str | Text = ""  # the last message, uncut (key w shows it)
        self.cut = False  # whether the message line shows only part of it

    @property
    def game(self) -> Game:
        """The game being played."""
        return self.session.game

    def compose(self) -> ComposeResult:
        yield Header()
        sections = self.game.sections(self.session.state)
        groups = arrange.rows(self.game.id, sections)
        self.across = max(arrange.across(self.game.id, group) for group in groups)
        with ScrollableContainer(id="table", can_focus=False):
            for group in groups:
                with Horizontal(classes="group"):
                    for section in group:
                        with Vertical(classes="section"):
                            yield Label(section.title, classes="section-title")
                            for line in arrange.lines(self.game.id, section):
                                with Horizontal(classes="row"):
                                    for name in line:
                                        yield PileWidget(name)
        yield HorizontalScroll(id="actions", can_focus=False)  # many exchanges scroll
        yield Static(id="message")
        yield Static(id="status")
        yield Footer(compact=True, show_command_palette=False)

    def on_resize(self, event: events.Resize) -> None:
        """Narrow the piles, down to NARROWEST columns, so the widest row fits."""
        piles, sections = self.across
        room = event.size.width - 2 - sections  # the scrollbar, and a column between sections
        width = max(NARROWEST, min(WIDEST, room // max(piles, 1)))
        for pile in self.query(PileWidget):
            pile.fit(width)
        self._show_message(event.size.width - 2)

    def _show_message(self, width: int) -> None:
        """The last message on its line, cut to fit ``width`` columns (the screen's,
        less the line's padding); key w then shows it whole."""
        shown, self.cut = fitted(self.whole_message, width)
        self.query_one("#message", Static).update(shown)

    def on_mount(self) -> None:
        self.refresh_table(self.opening)
        first = self.query(PileWidget).first()
        first.focus()

    def refresh_table(self, message: str | Text = "") -> None:
        """Redraw every pile, the action buttons and the status line."""
        state = self.session.state
        view = self.game.view(state, state.turn)
        legal = self.session.moves()
        lit = targets(legal, self.held, state.piles, self.read) if self.held else set()
        for widget in self.query(PileWidget):
            widget.show(view.piles[widget.pile_name])
            widget.set_class(widget.pile_name == self.held, "held")
            widget.set_class(widget.pile_name in lit, "target")
        self._actions(legal)
        self.leaving = False
        if not message and self.session.outcome().over:
            message = self.result_message()  # Escape once wiped the only word of the end
        self.whole_message = message
        self._show_message(self.size.width - 2)
        self.query_one("#status", Static).update(self.status_line())
        self.title = f"{self.game.name}{options_label(self.game)} — deal {self.session.deal}"

    def _actions(self, legal: tuple[Move, ...]) -> None:
        """The buttons for the moves that are words (deal, turn, re-deal ...).

        Every such move gets a button (the bar scrolls sideways), and a verb the game
        offers once, such as deal, comes before a verb it offers many times, such as
        the Hemispheres' exchanges, so it is never pushed off the edge. The buttons
        are rebuilt only when they change, and a button that had the focus hands
        it to the new first button: rebuilt, the focus fell to the last pile.
        """
        bar = self.query_one("#actions", HorizontalScroll)
        words = action_words(legal)
        if [b.name for b in bar.query(Button)] == words:
            return
        had_focus = isinstance(self.focused, Button)
        bar.remove_children()
        buttons = [Button(escape(w), name=w, classes="action", compact=True) for w in words]
        bar.mount_all(buttons)
        if had_focus:
            self.call_after_refresh(self._refocus, buttons)

    def _refocus(self, buttons: list[Button]) -> None:
        if buttons:
            buttons[0].focus()
        else:
            self.query(PileWidget).first().focus()

    def status_line(self) -> str:
        """Deal number, phase and counters (re-deals left, the Race marriages made,
        a vacancy to fill ...), whose turn, cards left and the result."""
        state = self.session.state
        piles = state.piles
        founds = [p for n, p in piles.items() if n.startswith("found")]
        total = sum(len(p) for n, p in piles.items() if n not in self.game.idle_piles)
        if founds:
            left = f"cards left {total - sum(len(p) for p in founds)}"
        else:  # Travellers and Sympathie build no foundations: what is still hidden
            left = f"face down {sum(not up for p in piles.values() for up in p.up)}"
        outcome = self.session.outcome()
        result = {Outcome.WON: "WON!", Outcome.LOST: "lost", Outcome.ONGOING: ""}[outcome]
        # Once the game is over its phase ("play") says nothing but that it was going on.
        phase = "" if outcome.over else describe_phase(self.game, state)
        held = f"holding {self.held}" if self.held else ""
        # What changes most comes first: a long line is cut at the end (80 columns).
        parts = [f"Deal {self.session.deal}", held, result, phase, left]
        return " | ".join(part for part in parts if part)

    def on_pile_widget_chosen(self, event: PileWidget.Chosen) -> None:
        pick = choose(self.session.moves(), self.held, event.name, self.read)
        self.held = pick.held
        if pick.options:
            self.app.push_screen(self._choose("Which move?", list(pick.options)), self._play_text)
        elif pick.move is not None:
            self.play(pick.move)
        else:
            self.refresh_table(self.holding())

    def read(self, text: str) -> Move | None:
        """The game's reading of a move's text here, or None (for the picking logic)."""
        try:
            return self.game.parse_move(self.session.state, text)
        except IllegalMove:
            return None

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.name:
            self.play(self.game.parse_move(self.session.state, event.button.name))

    def _play_text(self, text: str | None) -> None:
        if text:
            self.play(self.game.parse_move(self.session.state, text))

    def holding(self) -> str:
        """What is in hand, and the hint while it is still for the position shown."""
        held = f"Holding {self.held}." if self.held else ""
        legal = self.session.moves()
        if self.held and not (
            from_pile(legal, self.held)
            or targets(legal, self.held, self.session.state.piles, self.read)
        ):
            held = f"Holding {self.held}. {nothing_from(legal, self.held)}"
        hint_now = self.hint_text if self.hint_for is self.session.state else ""
        return " ".join(x for x in (held, hint_now) if x)

    def play(self, move: Move) -> None:
        """Play a move; an illegal one shows the rule's reason."""
        self.held = None
        before = self.session.state
        try:
            self.session.play(move)
        except IllegalMove as err:
            self.refresh_table(f"[red]Not allowed:[/red] {escape(err.reason)}")
            return
        said = self.result_message()
        if not said and move.verb in DEAL_VERBS:
            said = dealt(before, self.game.view(self.session.state, self.session.state.turn))
        if not said:  # as the web page says it: a card turned in place, an exile, a grace
            said = escape(f"Played {describe(self.game, before, move)}.")  # showed nothing
        self.refresh_table(said)

    def result_message(self) -> str:
        """The announcement when the game ends."""
        return self.result_of(self.session)

    @staticmethod
    def result_of(session: Session) -> str:
        """The announcement when ``session``'s game has ended, else nothing."""
        outcome = session.outcome()
        if outcome is Outcome.WON:
            said = "[bold green]The game is won![/bold green]"
        elif outcome is Outcome.LOST and had_a_choice(session):
            said = "[bold]The game is lost.[/bold] Press n for a new deal or u to undo."
        elif outcome is Outcome.LOST:  # Travellers, Sympathie: undoing changes nothing
            said = "[bold]The game is lost.[/bold] The deal left no choice; n for a new one."
        else:
            return ""
        note = escape(session.game.ending(session.state))
        return f"{said} {note}" if note else said

    def action_drop(self) -> None:
        self.held = None
        self.refresh_table()

    def action_next_card(self) -> None:
        legal = self.session.moves()
        move = next_card(legal)
        if move is not None:
            self.play(move)
            return
        keys = {"redeal": "R re-deals", "grace": "g takes the grace", "exile": "e exiles"}
        offers = [keys[m.verb] for m in legal if m.verb in keys]
        more = f" ({', '.join(dict.fromkeys(offers))}.)" if offers else ""
        if not more and legal:  # the rules want another move first (the Duchesse's plays)
            more = " The rules want another move first: m lists the legal moves."
        self.refresh_table(f"There is no card to deal now.{more}")

    def _choose(self, title: str, moves: list[Move]) -> Choose:
        """The dialog offering ``moves``, each shown with the card it plays (the
        Duchesse offered "discard found7" and "discard lower found7" and no card)."""
        state = self.session.state
        labels = [describe(self.game, state, m) for m in moves]
        return Choose(title, [str(m) for m in moves], labels)

    def action_verb(self, verb: str) -> None:
        found = [m for m in self.session.moves() if is_verb(m, verb)]
        if len(found) == 1:
            self.play(found[0])
        elif found:
            self.app.push_screen(self._choose(f"Which {verb}?", found), self._play_text)
        else:
            self.refresh_table(f"No {VERB_WORDS.get(verb, verb)} is possible now.")

    def action_moves(self) -> None:
        legal = list(self.session.moves())
        if legal:
            self.app.push_screen(self._choose("Legal moves", legal), self._play_text)
        else:
            self.refresh_table(self.result_message() or "There is no legal move.")

    def action_inspect(self) -> None:
        pile = self.focused
        if isinstance(pile, PileWidget):
            self.refresh_table(pile_contents(pile.pile_name, pile.cards))
        else:
            self.refresh_table("Move to a pile first (Tab or the arrows), then press i.")

    def action_undo(self) -> None:
        self.held = None
        self.refresh_table("Undone." if self.session.undo() else "Nothing to undo.")

    def action_redo(self) -> None:
        if self.session.redo():
            self.refresh_table(self.result_message() or "Redone.")
        else:
            self.refresh_table("Nothing to redo.")

    def action_hint(self) -> None:
        """Ask the solver in a thread, so that the table still answers while it thinks;
        one hint at a time, since two solves would share the interpreter and each decide
        less."""
        if any(w.group == "hint" and not w.is_finished for w in self.workers):
            self.refresh_table("Hint: the solver is still thinking ...")
            return
        self.refresh_table("Hint: the solver is thinking (up to 2 s) ...")
        self.run_worker(partial(self._seek_hint, self.session.state), thread=True, group="hint")

    def _seek_hint(self, state: State) -> None:
        found = hint(self.game, state, timeout=2.0, proofs=self.session.proofs)
        self.app.call_from_thread(self._show_hint, state, found)

    def _show_hint(self, state: State, found: Hint) -> None:
        if self.session.state is not state:  # the table moved on while it thought
            return
        self.hint_text, self.hint_for = f"Hint: {escape(found.message)}", state
        self.refresh_table(self.holding())

    def action_autoplay(self) -> None:
        count = self.session.autoplay()
        done = f"Played {count} safe move{'s' if count > 1 else ''}." if count else ""
        self.refresh_table(self.result_message() or done or "No safe move to play.")

    def action_step(self, direction: str) -> None:
        """An arrow key: to the nearest pile that way on the screen; from a button, or
        with no pile that way, to the next or the previous control as Tab does."""
        here = self.focused
        if isinstance(here, PileWidget):
            others = [
                (w.pile_name, w.region)
                for w in self.query(PileWidget)
                if w is not here and w.region.area
            ]
            name = nearest(here.region, others, direction)
            if name is not None:
                self.query_one(f"#pile-{name}", PileWidget).focus()
                return
        if direction in ("right", "down"):
            self.app.action_focus_next()
        else:
            self.app.action_focus_previous()

    def action_new_deal(self) -> None:
        prompt = f"Deal number (empty for a random deal){self._unsaved()}:"
        self.app.push_screen(Ask(prompt, empty_ok=True), self._new_deal)

    @property
    def in_progress(self) -> bool:
        """A game begun and not over, which leaving would lose (it is not kept)."""
        return self.session.can_undo and not self.session.outcome().over

    def _unsaved(self) -> str:
        """The warning a prompt that replaces the game gives while one is in progress
        (a new deal and a load threw it away without a word, where q asks twice)."""
        if not self.in_progress:
            return ""
        return "; the game in progress will be left unsaved (Escape keeps it, to save it first)"

    def _new_deal(self, text: str | None) -> None:
        if text is None:
            return
        if not text.strip():
            self.app.switch_screen(TableScreen(Session(self.game, random_deal())))
            return
        if not text.isdecimal() or len(text) > 19 or not 1 <= int(text) <= MAX_DEAL:
            self.refresh_table(f"[red]{escape(repr(text))} is not a deal number.[/red]")
            return
        self.app.switch_screen(TableScreen(Session(self.game, int(text))))

    def action_save(self) -> None:
        name = f"{self.game.id}-{self.session.deal}.txt"
        self.app.push_screen(Ask("Save the record to:", name), self._save)

    def _save(self, path: str | None) -> None:
        if path and Path(path).expanduser().is_dir():
            self.refresh_table(f"[red]{escape(path)} is a folder: give a file's name.[/red]")
        elif path and Path(path).expanduser().exists():
            question = f"{path} exists: type yes to replace it."
            self.app.push_screen(Ask(question), partial(self._replace, path))
        else:
            self._write(path)

    def _replace(self, path: str, answer: str | None) -> None:
        if answer and answer.lower() in ("y", "yes"):
            self._write(path)
        else:
            self.refresh_table(f"Not saved: {escape(path)} is kept as it was.")

    def _write(self, path: str | None) -> None:
        if path:
            where = Path(path).expanduser()
            try:
                self.session.save(where)
            except OSError as err:
                reason = escape(f"{where}: {err.strerror}")  # which file, and why not
                self.refresh_table(f"[red]Cannot save[/red] {reason}")
                return
            self.refresh_table(f"Saved to {escape(str(where))}.")

    def action_load(self) -> None:
        self.app.push_screen(Ask(f"Load a record from{self._unsaved()}:"), self._load)

    def _load(self, path: str | None) -> None:
        if not path:
            return
        try:
            session = Session.from_record(Record.load(Path(path).expanduser()))
        except CadoganError as err:
            self.refresh_table(f"[red]Cannot load:[/red] {escape(str(err))}")
            return
        moves = len(session.history)
        said = (
            f"Loaded {escape(Path(path).name)}: deal {session.deal}, "  # the name: 80 columns
            f"{moves} move{'s' if moves != 1 else ''}."
        )
        self.app.switch_screen(
            TableScreen(session, " ".join(x for x in (said, self.result_of(session)) if x))
        )

    def action_leave(self) -> None:
        """Back to the games; a game in progress asks for a second q, as it is not kept."""
        if not self.in_progress or self.leaving:
            self.app.pop_screen()
            return
        self.refresh_table("Press q again to leave this game (s saves it first).")
        self.leaving = True

    def action_rules(self) -> None:
        self.app.push_screen(Reading(rules_text(self.game.id)))

    def action_help(self) -> None:
        self.app.push_screen(Reading(HELP))

    def action_whole_message(self) -> None:
        """Show the whole of a message the message line had to cut."""
        if self.cut:
            self.app.push_screen(Reading(for_reading(self.whole_message)))


def rules_text(game_id: str) -> str:
    """The game's rules document, shipped inside the package, the rules first."""
    text = rules_markdown(game_id)
    if text is None:
        return f"# {game_id}\n\nThe rules document is missing from this installation."
    return for_players(text)


def action_words(legal: tuple[Move, ...]) -> list[str]:
    """The moves that are words, the rarest verbs first, in the game's order otherwise."""
    words = [m for m in legal if m.verb != "move"]
    counts = Counter(m.verb for m in words)
    return [str(m) for m in sorted(words, key=lambda m: counts[m.verb])]


def had_a_choice(session: Session) -> bool:
    """Whether some position of the game offered more than one legal move, so that
    undoing could lead elsewhere (a lost game of Travellers was told "u to undo")."""
    before = [session.start, *(entry.state for entry in session.history[:-1])]
    return any(len(session.game.moves(state)) > 1 for state in before)
