"""The Textual application: a game chooser, then the table."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, Header, OptionList
from textual.widgets.option_list import Option

from cadogan import registry
from cadogan.cards import random_deal
from cadogan.core import Game
from cadogan.session import Session
from cadogan.tui.table import TableScreen

CSS = """
.group { height: auto; width: auto; }
#table { overflow: auto auto; }
.section { height: auto; width: auto; margin: 0 1 0 0; }
.section:last-of-type { margin: 0; }
.section-title { color: $accent; text-style: bold; }
.row { height: auto; width: auto; }
.pile { width: 20; height: 4; border: round $panel; padding: 0 1; }
.pile:focus { border: round $accent; }
.pile.held { border: double yellow; }
.pile.target { background: $success 30%; }
#actions { height: auto; scrollbar-size-horizontal: 1; }
.action { margin: 0 1; min-width: 8; }
#message { height: auto; max-height: 4; padding: 0 1; }
#status { height: 1; background: $panel; padding: 0 1; }
.dialog { width: 60; height: auto; max-height: 80%; border: round $accent; padding: 1; }
.reading { width: 90%; height: 90%; border: round $accent; }
Ask, Choose, Reading { align: center middle; }
"""


class Chooser(Screen[None]):
    """The list of games: name, packs, players and one line each."""

    BINDINGS = [Binding("q", "app.quit", "Quit")]

    def compose(self) -> ComposeResult:
        yield Header()
        yield OptionList(
            *[
                Option(
                    f"{g.name}  ({g.packs} pack{'s' if g.packs > 1 else ''}, "
                    f"{g.players} player{'s' if g.players > 1 else ''})\n  {g.description}",
                    id=g.id,
                )
                for g in registry.classes()
            ],
            id="games",
        )
        yield Footer()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            game = registry.game(event.option.id)
            self.app.push_screen(TableScreen(Session(game, self.app_deal())))

    def app_deal(self) -> int:
        """The deal to open: the one asked for on the command line, else a random one."""
        app = self.app
        assert isinstance(app, CadoganApp)
        return app.next_deal()


class CadoganApp(App[None]):
    """``cadogan tui``: choose a game, then play it from the keyboard or the mouse."""

    CSS = CSS
    TITLE = "cadogan"

    def __init__(self, game: Game | None = None, deal: int | None = None) -> None:
        super().__init__()
        self.start_game, self.deal = game, deal

    def next_deal(self) -> int:
        """The deal number asked for, once; then random deals."""
        deal, self.deal = self.deal, None
        return deal if deal is not None else random_deal()

    def on_mount(self) -> None:
        self.push_screen(Chooser())
        if self.start_game is not None:
            self.push_screen(TableScreen(Session(self.start_game, self.next_deal())))
