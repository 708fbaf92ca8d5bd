"""Napoleon's Square: the readable reasons for refused moves, and the display groups.

Rules: docs/rules/napoleons-square.md.
"""

from __future__ import annotations

from cadogan.cards import Card, Rank, Suit
from cadogan.core import TRANSFER, Move, Section, State, marries
from cadogan.games._napoleons_square_rules import (
    FOUND,
    PACK,
    PACKETS,
    TALON,
    king_text,
    run_length,
    slip_targets,
    slip_words,
)


def sections(state: State) -> tuple[Section, ...]:
    """The plate's three sides of the square around the foundations, then talon and pack.

    The packets go round the square as they are dealt: up the left side, along the top,
    and down the right side; the fourth side stays open.
    """
    return (
        Section("Left side", PACKETS[0:4]),
        Section("Top side", PACKETS[4:8]),
        Section("Right side", PACKETS[8:12]),
        Section("Foundations", FOUND),
        Section("Talon", (TALON,)),
        Section("Pack", (PACK,)),
    )


def explain_remedy(state: State, move: Move) -> str:
    """Why a move is refused while the Note's king remedy is pending."""
    targets = slip_targets(state)
    choices = ", ".join(" ".join(("slip", *slip_words(t))) for t in targets)
    if move.verb == "slip":
        return f"{_no_such_king(state, move)}the Note's choices are: {choices}"
    if len({suit for _, suit, _ in targets}) > 1:
        return (
            "the Note: in more than one suit both kings block lower cards of their suit, so "
            f"one king of each such suit must first be slipped to the bottom of its packet "
            f"({choices})"
        )
    return (
        "the Note: two kings of one suit block lower cards of their suit, so one of them "
        f"must first be slipped to the bottom of its packet ({choices})"
    )


def _no_such_king(state: State, move: Move) -> str:
    """The start of a refused slip's reason: that the packet holds no such king, when
    it does not (a mistyped packet or king), else that this king need not be slipped."""
    name, king = (*move.args, "", "")[:2]
    pile = state.piles.get(name)
    suit = next((s for s in Suit if king_text(s) == king.lower()), None)
    if pile is not None and suit is not None and Card(Rank.KING, suit) not in pile.cards:
        return f"{name} holds no {Card(Rank.KING, suit).label}; "
    return "that king need not be slipped; "


def explain_action(state: State, move: Move) -> str:
    """Why ``deal`` or ``slip`` is refused in play."""
    if move.verb == "slip":
        return "a king may be slipped underneath only straight after the deal (the Note)"
    if move.args:
        return "write just 'deal' to turn the next card of the pack onto the talon"
    return "the pack is used up, and there is no re-deal"


def explain_transfer(state: State, move: Move, modern: bool) -> str:
    """Why a card transfer is refused, naming the rule that refuses it."""
    args = move.args
    if move.verb != TRANSFER or len(args) not in (2, 3) or any(a == "" for a in args):
        return "write a move as 'from to', e.g. 'talon found1', or 'deal'"
    src, dst = args[0], args[-1]
    names = (*PACKETS, *FOUND, TALON, PACK)
    if src not in names or dst not in names:
        return f"there is no pile called {src if src not in names else dst}"
    if len(args) == 3 and not modern:
        return "only one card moves at a time (Rule I); runs move only with rules=modern"
    if src == PACK:
        return "a card leaves the pack only by 'deal', which turns it onto the talon"
    if src in FOUND:
        return "a card played to a foundation stays there"
    if src == dst:
        return "a card cannot move onto its own pile"
    if state[src].empty:
        return f"{src} is empty"
    if dst in (TALON, PACK):
        return "nothing goes onto the talon or the pack except by dealing"
    card = state[src].cards[-1]
    top = state[dst].top
    if dst in FOUND:
        if len(args) == 3:
            return "cards are played to a foundation one at a time"
        if _buried(state, src, dst):
            return _only_top(src, card)
        if top is None:
            return f"only an ace begins a foundation, and {card.label} is not an ace"
        return (
            f"{card.label} does not follow {top.label} on {dst}: "
            "foundations ascend in suit (Rule III)"
        )
    if top is None:
        return _explain_space(state, src, args, modern)
    if len(args) == 3:
        return "a number of cards is written only for a move into a space"
    if not modern and _buried(state, src, dst):
        return _only_top(src, card)
    if modern and src != TALON:
        return f"no card of the run on top of {src} is one below {top.label} in its suit"
    return (
        f"{card.label} cannot be married onto {top.label}: marriages go one lower in the same suit"
    )


def _explain_space(state: State, src: str, args: tuple[str, ...], modern: bool) -> str:
    """Why a move into an empty packet is refused."""
    if not modern:
        return "a space in the square is filled only from the talon or the pack (Rule II)"
    if src == TALON:
        return "one card at a time comes from the talon"
    cards = state[src].cards
    run = run_length(cards)
    if len(args) == 3 and (not args[1].isdecimal() or not 1 <= int(args[1]) <= run):
        return f"only the top {run} card(s) of {src} form a run that can move as a unit"
    if len(args) == 3 and int(args[1]) < len(cards):
        return f"to move the whole run, write '{src} {args[-1]}'"
    return "moving a whole packet into a space would only rename it, so it is not offered"


def _only_top(src: str, card: Card) -> str:
    """Only a pile's top card moves: Rule I for the square, the talon's nature for it."""
    if src == TALON:
        return f"only the talon's top card, {card.label}, is available"
    return f"only the top card of {src}, {card.label}, is available (Rule I)"


def _buried(state: State, src: str, dst: str) -> bool:
    """True if a card under the top of ``src`` would fit ``dst`` (refused by Rule I)."""
    top = state[dst].top
    for card in state[src].cards[:-1]:
        if dst in FOUND and card in wanted_by(top):
            return True
        if dst in PACKETS and top is not None and marries(card, top, "down"):
            return True
    return False


def wanted_by(top: Card | None) -> set[Card]:
    """The cards a foundation with this top card would take."""
    if top is None:
        return {Card(Rank.ACE, suit) for suit in Suit}
    return {Card(Rank(top.rank + 1), top.suit)} if top.rank < Rank.KING else set()
