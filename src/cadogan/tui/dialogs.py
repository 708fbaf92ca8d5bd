"""Modal screens: ask for a line of text, choose a move, read the rules or the help."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Markdown, OptionList


class Ask(ModalScreen[str | None]):
    """One question with a text answer; Escape cancels."""

    BINDINGS = [Binding("escape", "dismiss(None)", "Cancel")]

    def __init__(self, question: str, value: str = "", *, empty_ok: bool = False) -> None:
        super().__init__()
        self.question, self.value, self.empty_ok = question, value, empty_ok

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.question)
            yield Input(value=self.value, id="answer")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """The answer; an empty one is None (as Escape) unless the question allows it."""
        answer = event.value.strip()
        self.dismiss(answer if answer or self.empty_ok else None)


class Choose(ModalScreen[str | None]):
    """Pick one of several lines (the legal moves); Escape cancels.  ``labels``, when
    given, are what the lines show (a move with the card it plays, ``discard lower
    found7 (7♦)``); the choice returned is still the line of ``choices``."""

    BINDINGS = [Binding("escape", "dismiss(None)", "Cancel")]

    def __init__(self, title: str, choices: list[str], labels: list[str] | None = None) -> None:
        super().__init__()
        self.title_text, self.choices = title, choices
        self.labels = labels if labels is not None and len(labels) == len(choices) else choices

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(f"{self.title_text} (Enter or a click plays it; Escape cancels)")
            yield OptionList(*self.labels, id="choices")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.choices[event.option_index])


class Reading(ModalScreen[None]):
    """A page of Markdown (the rules, the help) that scrolls with the arrows, Page Up/Down,
    Home/End or the wheel; Escape or q closes it."""

    BINDINGS = [Binding("escape,q", "dismiss(None)", "Close")]

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="reading", id="page"):
            yield Markdown(self.text_shown)

    @property
    def text_shown(self) -> str:
        """The page as shown: its text under a line on how to close it."""
        return f"*Escape or q closes this page.*\n\n{self.text}"

    def on_mount(self) -> None:
        self.query_one("#page", VerticalScroll).focus()
