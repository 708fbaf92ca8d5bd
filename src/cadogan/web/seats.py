"""Who may do what at a game: seats, turns, joining a room, and the computer's moves.

Every game has seats, one per player of the game.  A game played alone gives every
seat to its owner (Sympathie alone is played hot-seat).  A room gives seat 1 to the
person who made it; seat 2 goes to the first other person who opens its link, or to
the computer.  A person holds a seat by the token in his cookie: only the holder of
the seat whose turn it is may move, and only a seat holder may ask for hints; anyone
with the link may watch.  A player may leave a room's game under way: the computer
takes his seat and plays it to the end.  Undo, redo, restart and autoplay are for games
played alone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cadogan.session import Session
from cadogan.solve.greedy import greedy_move
from cadogan.web.errors import ApiError
from cadogan.web.payload import session_json
from cadogan.web.persist import COMPUTER
from cadogan.web.store import Slot

MAX_COMPUTER_MOVES = 10_000
Names = Callable[[str], str | None]


def own_seats(slot: Slot, player: str | None) -> list[int]:
    """The seats ``player`` holds at this game."""
    return sorted(n for n, p in slot.seats.items() if player is not None and p == player)


def seat_name(slot: Slot, seat: int, names: Names) -> str:
    """How a seat is named on screen: the holder's name, or "player N"."""
    holder = slot.seats.get(seat)
    if holder == COMPUTER:
        return "the computer"
    return (names(holder) if holder else None) or f"player {seat}"


def require_seat(slot: Slot, player: str | None) -> None:
    """Refuse (403) a person who holds no seat at this game."""
    if not own_seats(slot, player):
        raise ApiError(
            403, "not_yours", "you hold no seat at this game: you may watch it but not play it"
        )


def require_turn(slot: Slot, player: str | None, names: Names) -> None:
    """Refuse a move, or a question to the solver about the move to make, from anyone
    but the holder of the seat whose turn it is (a hint answers for the player to move,
    so the one who waits would be told the other's move)."""
    require_seat(slot, player)
    turn = slot.session.state.turn
    if slot.session.outcome().over or slot.seats.get(turn) == player:
        return  # a move after the end is refused by the rules, with their reason
    who = seat_name(slot, turn, names)
    seat = "" if who == f"player {turn}" else f" (player {turn})"
    raise ApiError(409, "wrong_turn", f"it is {who}'s turn{seat}: wait for yours")


def require_alone(slot: Slot, what: str) -> None:
    """Refuse in a room what only a game played alone offers."""
    if slot.room:
        raise ApiError(
            409, "not_in_room", f"{what} is not offered in a room, where two players share a game"
        )


def hand_over(slot: Slot, player: str | None) -> list[int]:
    """Give ``player``'s seats at a room to the computer, which plays them on to the end;
    the seats.  Why: a player who has to go would otherwise leave the other waiting for
    ever, at a game that never ends and never counts.  The game goes on for the other
    player; the one who left watches if he stays, and his result is not counted."""
    require_seat(slot, player)
    if not slot.room:
        alone = "only a room's seat is handed over; a game played alone is just left"
        raise ApiError(409, "not_in_room", alone)
    if slot.session.outcome().over:
        raise ApiError(409, "over", "the game is over: there is no seat left to hand over")
    if any(holder is None for holder in slot.seats.values()):
        # No one else has come: nobody waits, and the free seat would take him back.
        raise ApiError(
            409, "seat_free", "no one has taken the other seat yet, so no one is waiting: just go"
        )
    mine = own_seats(slot, player)
    for seat in mine:
        slot.seats[seat] = COMPUTER
    return mine


def join(slot: Slot, player: str | None) -> int | None:
    """Seat ``player`` at a room's first free seat if he holds none; the seat, or None."""
    if not slot.room or player is None or own_seats(slot, player):
        return None
    free = next((n for n in sorted(slot.seats) if slot.seats[n] is None), None)
    if free is not None:
        slot.seats[free] = player
    return free


def computer_moves(slot: Slot) -> int:
    """Let the computer play while the turn is its own: the greedy player's choice,
    which sees only the computer's view (or the one legal move).  How many it played."""
    session: Session = slot.session
    count = 0
    while count < MAX_COMPUTER_MOVES and not session.outcome().over:
        state = session.state
        if slot.seats.get(state.turn) != COMPUTER:
            break
        legal = session.moves()
        if not legal:
            break
        view = session.game.view(state, state.turn)
        session.play(greedy_move(session.game.id, view, legal) or legal[0])
        count += 1
    return count


def seats_json(slot: Slot, player: str | None, names: Names) -> dict[str, Any]:
    """The seats as the page shows them, and what this person may do now."""
    online = {c.player for c in slot.conns}
    mine = own_seats(slot, player)
    session = slot.session
    turn = session.state.turn
    over = session.outcome().over
    can_act = bool(mine) and not over and slot.seats.get(turn) == player
    waiting = ""
    if not mine:
        waiting = "you are watching this game"
    elif not over and not can_act:
        waiting = f"it is {seat_name(slot, turn, names)}'s turn"
    return {
        "room": slot.room,
        "seats": [
            {
                "seat": n,
                "name": seat_name(slot, n, names),
                "you": p is not None and p == player,
                "computer": p == COMPUTER,
                "free": p is None,
                "connected": p == COMPUTER or (p is not None and p in online),
            }
            for n, p in sorted(slot.seats.items())
        ],
        "you": mine,
        "can_act": can_act,
        "waiting": waiting,
        "watchers": len({c.player for c in slot.conns if not own_seats(slot, c.player)}),
    }


def game_json(token: str, slot: Slot, player: str | None, names: Names) -> dict[str, Any]:
    """The whole answer about a game for one person: table, moves, seats, undo/redo.

    A person sees the table from his own seat; the moves are listed only when it is
    his turn, and undo/redo only at a game he plays alone.
    """
    seats = seats_json(slot, player, names)
    mine = seats["you"]
    turn = slot.session.state.turn
    seat = (turn if turn in mine else mine[0]) if mine else None
    data = session_json(token, slot.session, seat)
    if not seats["can_act"]:
        data["moves"] = []
    if slot.room or not mine:
        data["can_undo"] = data["can_redo"] = False
    data.update(seats)
    return data
