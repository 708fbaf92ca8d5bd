"""The Constitution's pile names, display sections and the reasons a move is refused.

Kept apart from the rules module so that each stays small; nothing here decides what
is legal, it only names things as the book names them and says which rule refuses a
move that the rules module did not list.
"""

from __future__ import annotations

from cadogan.cards import label
from cadogan.core import Move, Section, State

PEOPLE = tuple(f"people{n}" for n in range(1, 9))
COMMONS = tuple(f"commons{n}" for n in range(1, 9))
LORDS = tuple(f"lords{n}" for n in range(1, 9))
COUNCIL = tuple(f"council{n}" for n in range(1, 9))
FOUND = tuple(f"found{n}" for n in range(1, 9))
ROWS = (PEOPLE, COMMONS, LORDS, COUNCIL)
ROW_OF = {name: row for row, names in enumerate(ROWS) for name in names}
TALON, PACK = "talon", "pack"
NO_VACANCY = "none"

# The divisions as the book names them, lowest (dealt first) to highest.
DIVISIONS = ("the People", "the House of Commons", "the House of Lords", "the Privy Council")


def sections(throne: tuple[str, ...], aside: tuple[str, ...]) -> tuple[Section, ...]:
    """The plate from the top: the Sovereign (first of ``throne``) and the kings, the
    Government, the four divisions from the Privy Council down to the People (titles as
    the book names them, short enough for a narrow table), then talon and pack."""
    return (
        Section("The Sovereign", throne[:1]),
        Section("Bishops and Judges", throne[1:]),
        Section("The Government", FOUND),
        Section("Privy Council", COUNCIL),
        Section("House of Lords", LORDS),
        Section("House of Commons", COMMONS),
        Section("The People", PEOPLE),
        Section("Talon and pack", (TALON, PACK)),
        Section("Thrown aside", aside),
    )


def _fill_reason(state: State, move: Move, vacancy: str) -> str:
    """Rule V: why a move is refused while ``vacancy`` waits to be filled."""
    row = ROW_OF[vacancy]
    if move.verb == "move" and move.target == vacancy:
        if row == 0 and not state.piles[TALON] and state.piles[PACK]:
            return (
                f"the talon is empty, so {vacancy} is filled from the pack "
                f"('{PACK} {vacancy}', rule V)"
            )
        if row == 0:
            return (
                "a vacancy in the People is filled from the talon, or from the pack only "
                "when there is no talon (rule V)"
            )
        return (
            f"{vacancy} must be filled from the division just below, {DIVISIONS[row - 1]} (rule V)"
        )
    return f"the vacancy in {vacancy} must be filled at once, before anything else (rule V)"


def _into_row(state: State, source: str, target: str) -> str:
    """Why a card may not go onto ``target``, a pile of the Constitution."""
    if source not in ROW_OF:
        return "only the Constitution's own cards are built in sequence (rules II and V)"
    if ROW_OF[target] != ROW_OF[source] + 1:
        return "a card rises one division at a time, onto the division just above (rule II)"
    card, onto = state[source].top, state[target].top
    if onto is None:
        return f"{target} stays empty for good: nothing could fill it when it fell vacant (rule V)"
    return (
        f"sequences descend by one in alternate colours: {label(card)} cannot go on "
        f"{onto.label} (rule IV)"
    )


def _transfer_reason(state: State, source: str, target: str) -> str:
    """Which rule refuses moving the top card of ``source`` onto ``target``."""
    if source == target:
        return "a card cannot move onto its own pile"
    if source in FOUND:
        return "cards on the Government stay there"
    if source not in ROW_OF and source not in (TALON, PACK):
        return "the Sovereign, the kings and the queens thrown aside take no part in play"
    if state[source].empty:
        return f"{source} has no card"
    if source == PACK:
        return (
            "the pack is turned with 'deal'; its card goes straight to the People only to "
            "fill a vacancy when there is no talon (rule V)"
        )
    if source == TALON:
        return (
            "a talon card enters the Constitution only by filling a vacancy in the People (rule V)"
        )
    if target in FOUND:
        if source not in COUNCIL:
            return "only the Privy Council plays to the Government (rule I)"
        return (
            f"the Government builds up in suit: {label(state[source].top)} does not follow "
            f"{label(state[target].top)} (rule VI)"
        )
    if target in ROW_OF:
        return _into_row(state, source, target)
    return "a card goes only onto the division above, or from the Privy Council to the Government"


def explain_move(state: State, move: Move, legal: tuple[Move, ...]) -> str:
    """The rule that refuses ``move``, which is not among the ``legal`` moves."""
    vacancy = str(state.var("vacancy"))
    if move.verb not in ("move", "deal"):
        return "the moves are 'deal' and a card move written 'from to', e.g. 'lords3 council5'"
    if vacancy != NO_VACANCY:
        return _fill_reason(state, move, vacancy)
    if move.verb == "deal":
        if move.args:
            return "write just 'deal' to turn the next card of the pack onto the talon"
        return "the pack is exhausted, and there is no re-deal"
    if len(move.args) != 2:
        return "a card move names two piles: the one it leaves and the one it goes to"
    source, target = move.args
    if source not in state.piles or target not in state.piles:
        return "there is no such pile in the Constitution"
    return _transfer_reason(state, source, target)
