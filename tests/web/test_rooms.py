"""Sympathie for two over the WebSocket: rooms, seats, turns, watchers, the computer,
and the bounds on messages.  Each browser is a TestClient with its own cookie jar.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

import pytest

pytest.importorskip("fastapi")

from fastapi import FastAPI, WebSocket
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from cadogan import registry
from cadogan.web import create_app
from cadogan.web.ws import OUTBOX, Conn, Limits
from tests.web.scan import ws_leaks

Msg = dict[str, Any]


@pytest.fixture()
def app(tmp_path: Path) -> FastAPI:
    fast = Limits(rate=10_000, burst=10_000)  # tests send faster than any person
    return create_app(str(tmp_path / "rooms.sqlite"), solve_seconds=0.5, ws_limits=fast)


def browser(app: FastAPI) -> TestClient:
    """A browser: its first request gives it its player cookie."""
    client = TestClient(app)
    assert client.get("/api/me").status_code == 200
    return client


@pytest.fixture()
def three(app: FastAPI) -> tuple[TestClient, TestClient, TestClient]:
    return browser(app), browser(app), browser(app)


def room(client: TestClient, deal: int = 3, computer: bool = False) -> Msg:
    answer = client.post(
        "/api/rooms", json={"game": "sympathie", "deal": deal, "computer": computer}
    )
    assert answer.status_code == 201, answer.text
    data: Msg = answer.json()
    return data


def moved_past(steps: int) -> Callable[[Msg], bool]:
    """A test for ``until``: a state message whose game has gone beyond ``steps``."""
    return lambda m: m["type"] == "state" and m["game"]["steps"] > steps


def changed_from(steps: int) -> Callable[[Msg], bool]:
    """A test for ``until``: a state message whose step count is no longer ``steps``."""
    return lambda m: m["type"] == "state" and m["game"]["steps"] != steps


def until(ws: Any, wanted: Callable[[Msg], bool], limit: int = 400) -> Msg:
    """Read messages until one is ``wanted`` (only call when one is sure to come)."""
    for _ in range(limit):
        message: Msg = ws.receive_json()
        if wanted(message):
            return message
        assert message["type"] != "error", f"unexpected error: {message}"
    raise AssertionError("the awaited message never came")


def state(steps: int | None = None) -> Callable[[Msg], bool]:
    return lambda m: m["type"] == "state" and (steps is None or m["game"]["steps"] == steps)


def is_error(m: Msg) -> bool:
    return bool(m["type"] == "error")


def alive(ws: Any) -> None:
    """The connection still answers."""
    ws.send_json({"type": "ping"})
    assert until(ws, lambda m: m["type"] == "pong")


def session_of(app: FastAPI, gid: str) -> Any:
    slot = app.state.store.get(gid)
    assert slot is not None
    return slot.session


# Rooms and seats


def test_a_room_gives_its_maker_seat_one_and_a_link(three: Any) -> None:
    a, _, _ = three
    data = room(a)
    assert data["room"] and data["you"] == [1] and data["can_act"]
    assert [s["free"] for s in data["seats"]] == [False, True]
    assert len(data["id"]) >= 22 and data["moves"] == [
        {
            "text": "turn p1packet1",
            "verb": "turn",
            "args": ["p1packet1"],
            "transfer": False,
            "source": "p1packet1",
            "target": None,
            "card": None,
        }
    ]
    answer = a.post("/api/rooms", json={"game": "travellers"})
    assert answer.status_code == 422 and answer.json()["kind"] == "one_player"


def test_the_second_browser_joins_and_the_third_watches(app: FastAPI, three: Any) -> None:
    a, b, c = three
    gid = room(a)["id"]
    with a.websocket_connect(f"/ws/games/{gid}") as wa:
        assert until(wa, state())["game"]["you"] == [1]
        with b.websocket_connect(f"/ws/games/{gid}") as wb:
            joined = until(wb, state())
            assert joined["event"] == {"what": "join", "seat": 2} and joined["game"]["you"] == [2]
            seen = until(wa, state())["game"]["seats"]
            assert [s["connected"] for s in seen] == [True, True] and not seen[1]["free"]
            with c.websocket_connect(f"/ws/games/{gid}") as wc:
                watching = until(wc, state())["game"]
                assert watching["you"] == [] and watching["waiting"] == "you are watching this game"
                assert watching["moves"] == [] and not watching["can_act"]
                assert until(wa, state())["game"]["watchers"] == 1
    assert app.state.store.get(gid).seats == {
        1: a.cookies["cadogan_player"],
        2: b.cookies["cadogan_player"],
    }


def test_each_player_moves_only_in_his_turn_and_sees_the_other_live(three: Any) -> None:
    a, b, _ = three
    gid = room(a)["id"]
    with (
        a.websocket_connect(f"/ws/games/{gid}") as wa,
        b.websocket_connect(f"/ws/games/{gid}") as wb,
    ):
        until(wa, lambda m: m["type"] == "state" and not m["game"]["seats"][1]["free"])
        table = until(wb, state())["game"]
        assert table["you"] == [2] and table["moves"] == [] and "turn" in table["waiting"]
        wb.send_json({"type": "move", "move": "turn p2packet1"})
        refused = until(wb, is_error)
        assert refused["kind"] == "wrong_turn" and "player 1" in refused["error"]
        wb.send_json({"type": "move", "move": "turn p1packet1"})
        assert until(wb, is_error)["kind"] == "wrong_turn"
        alive(wb)
        wa.send_json({"type": "move", "move": "turn p1packet1"})
        mine = until(wa, state(1))
        theirs = until(wb, state(1))
        assert mine["event"] == theirs["event"]
        assert mine["event"] == {
            "what": "move",
            "move": "turn p1packet1",
            "seat": 1,
            "shown": [theirs["game"]["view"]["piles"]["p1packet1"][-1]],  # the card turned
            "pairs": 0,
            "computer": [],
        }
        assert mine["game"]["view"]["piles"] == theirs["game"]["view"]["piles"]
        assert (mine["game"]["view"]["player"], theirs["game"]["view"]["player"]) == (1, 2)
        assert theirs["game"]["view"]["piles"]["p1packet1"][-1] != "??"
    answer = b.post(f"/api/sessions/{gid}/moves", json={"move": "turn p2packet1"})
    assert answer.status_code == 409 and answer.json()["kind"] == "wrong_turn"


def test_a_watcher_cannot_act_by_socket_or_by_http(three: Any) -> None:
    a, b, c = three
    gid = room(a)["id"]
    with b.websocket_connect(f"/ws/games/{gid}") as wb:
        until(wb, state())
        with c.websocket_connect(f"/ws/games/{gid}") as wc:
            until(wc, state())
            for message in ({"type": "move", "move": "turn p1packet1"}, {"type": "undo"}):
                wc.send_json(message)
                assert until(wc, is_error)["kind"] == "not_yours"
            alive(wc)
    for path in ("moves", "undo", "redo", "restart", "autoplay", "hint", "solve"):
        body = {"move": "turn p1packet1"} if path == "moves" else None
        answer = c.post(f"/api/sessions/{gid}/{path}", json=body)
        assert answer.status_code == 403 and answer.json()["kind"] == "not_yours", path
    assert c.get(f"/api/sessions/{gid}").json()["you"] == []


def test_hint_and_winnable_wait_for_the_askers_turn(three: Any) -> None:
    """A hint answers for the player to move: the one who waits is refused with whose
    turn it is, rather than told the other's move; the player to move is answered."""
    a, b, _ = three
    a.put("/api/me", json={"name": "Alice"})
    gid = room(a)["id"]
    with b.websocket_connect(f"/ws/games/{gid}") as wb:
        assert until(wb, state())["game"]["you"] == [2]
    for path in ("hint", "solve"):
        answer = b.post(f"/api/sessions/{gid}/{path}")
        refused = answer.json()
        assert answer.status_code == 409 and refused["kind"] == "wrong_turn", path
        assert refused["error"] == "it is Alice's turn (player 1): wait for yours"
    assert a.post(f"/api/sessions/{gid}/hint").status_code == 200


def test_a_room_offers_no_undo_redo_restart_or_autoplay(three: Any) -> None:
    a, _, _ = three
    gid = room(a)["id"]
    for path in ("undo", "redo", "restart", "autoplay"):
        answer = a.post(f"/api/sessions/{gid}/{path}")
        assert answer.status_code == 409 and answer.json()["kind"] == "not_in_room"


def test_a_player_who_closes_the_tab_rejoins_by_the_link(three: Any) -> None:
    a, b, _ = three
    gid = room(a)["id"]
    with a.websocket_connect(f"/ws/games/{gid}") as wa:
        until(wa, state())
        with b.websocket_connect(f"/ws/games/{gid}") as wb:
            until(wb, state())
        away = until(wa, lambda m: m["type"] == "state" and m["event"]["what"] == "leave")
        assert away["game"]["seats"][1]["connected"] is False
        wa.send_json({"type": "move", "move": "turn p1packet1"})
        until(wa, state(1))
        with b.websocket_connect(f"/ws/games/{gid}") as wb:
            back = until(wb, state())["game"]
            assert back["you"] == [2] and back["steps"] == 1
            assert back["view"]["piles"]["p1packet1"][-1] != "??"


def test_a_player_name_is_shown_in_the_room(three: Any) -> None:
    a, b, _ = three
    assert a.put("/api/me", json={"name": "  Lady   C.\x07 "}).json() == {"name": "Lady C."}
    gid = room(a)["id"]
    with b.websocket_connect(f"/ws/games/{gid}") as wb:
        assert until(wb, state())["game"]["seats"][0]["name"] == "Lady C."
        wb.send_json({"type": "name", "name": "Bob"})
        named = until(wb, lambda m: m["type"] == "state" and m["event"]["what"] == "name")
        assert named["game"]["seats"][1]["name"] == "Bob"
        wb.send_json({"type": "name", "name": "x" * 40})
        assert until(wb, is_error)["kind"] == "bad_name"
    assert a.get(f"/api/sessions/{gid}").json()["seats"][1]["name"] == "Bob"
    assert a.put("/api/me", json={"name": "y" * 40}).status_code == 422


def test_your_unfinished_games_are_listed_latest_first(three: Any) -> None:
    """Nothing led back to a game but its exact link: the player's unfinished games
    (alone or in a room), newest first; not a finished one, nor anyone else's."""
    a, b, c = three
    a.put("/api/me", json={"name": "Alice"})
    alone = a.post("/api/sessions", json={"game": "travellers", "deal": 28}).json()["id"]
    assert a.post(f"/api/sessions/{alone}/moves", json={"move": "turn spare"}).status_code == 200
    a.post("/api/sessions", json={"game": "zodiac", "deal": 4})  # opened, never played: left out
    done = a.post("/api/sessions", json={"game": "sympathie", "deal": 2}).json()["id"]
    assert a.post(f"/api/sessions/{done}/autoplay").json()["over"]
    shared = room(a, deal=3)["id"]
    with b.websocket_connect(f"/ws/games/{shared}") as wb:
        until(wb, state())
    listed = a.get("/api/me/games").json()["games"]
    assert [(g["id"], g["game"], g["deal"], g["room"]) for g in listed] == [
        (shared, "sympathie", "3", True),
        (alone, "travellers", "28", False),
    ]
    assert listed[0]["others"] == ["another player"]  # Bob gave no name
    assert listed[0]["updated"] >= listed[1]["updated"] and listed[1]["others"] == []
    theirs = b.get("/api/me/games").json()["games"]
    assert [(g["id"], g["others"]) for g in theirs] == [(shared, ["Alice"])]
    assert c.get("/api/me/games").json()["games"] == []


# Against the computer


def test_against_the_computer_to_the_end(app: FastAPI, three: Any) -> None:
    a, _, _ = three
    data = room(a, deal=2, computer=True)
    gid = data["id"]
    assert data["seats"][1]["computer"] and data["seats"][1]["name"] == "the computer"
    with a.websocket_connect(f"/ws/games/{gid}") as wa:
        table = until(wa, state())["game"]
        for _ in range(200):
            if table["over"]:
                break
            assert table["can_act"] and table["turn"] == 1, table["waiting"]
            wa.send_json({"type": "move", "move": table["moves"][0]["text"]})
            steps = table["steps"]
            table = until(wa, moved_past(steps))["game"]
    assert table["over"] and table["outcome"] == "won"  # deal 2 comes out
    history = session_of(app, gid).history
    turned = {e.state.turn for e in history}
    assert len(history) == 104 and turned == {1, 2}
    figures = a.get("/api/me/stats").json()["games"]
    assert [(g["game"], g["played"], g["won"]) for g in figures] == [("sympathie", 1, 1)]


def test_the_computers_moves_are_told_with_the_players_move(app: FastAPI, three: Any) -> None:
    """The computer plays its whole turn within the answer to the player's move: the
    answer tells each of its moves, with the card it turned up and any pair it took
    (and names no card that is not face up on the table)."""
    a, _, _ = three
    gid = room(a, deal=2, computer=True)["id"]
    session = session_of(app, gid)
    events = []
    with a.websocket_connect(f"/ws/games/{gid}") as wa:
        table = until(wa, state())["game"]
        while not table["over"]:
            steps = table["steps"]
            wa.send_json({"type": "move", "move": table["moves"][0]["text"]})
            message = until(wa, moved_past(steps))
            assert not ws_leaks(message, session), ws_leaks(message, session)[:5]
            table, event = message["game"], message["event"]
            assert 1 + len(event["computer"]) == table["steps"] - steps
            events.append(event)
    answers = [m for e in events for m in e["computer"]]
    assert len(events) + len(answers) == 104 and max(len(e["computer"]) for e in events) > 1
    assert all(m["seat"] == 2 and len(m["shown"]) == 1 for m in answers)
    assert all(e["seat"] == 1 and len(e["shown"]) == 1 for e in events)
    assert sum(e["pairs"] for e in events) + sum(m["pairs"] for m in answers) == 52  # won


# A whole room game, and no hidden card in any message


def test_a_whole_room_game_over_the_socket_leaks_no_hidden_card(app: FastAPI, three: Any) -> None:
    a, b, c = three
    gid = room(a, deal=3)["id"]
    session = session_of(app, gid)
    with (
        a.websocket_connect(f"/ws/games/{gid}") as wa,
        b.websocket_connect(f"/ws/games/{gid}") as wb,
    ):
        # The first free seat goes to whoever the server seats first, not to whoever
        # connected first: c connected at once after b took seat 2 about one run in
        # twenty on a busy machine, and b, left watching, was refused ("not_yours").
        first_b = until(wb, state())
        assert first_b["game"]["you"] == [2]
        with c.websocket_connect(f"/ws/games/{gid}") as wc:
            seen = _play_the_room_out(session, {1: wa, 2: wb}, wc, first_b["game"])
    assert session.outcome().over and seen > 150
    for client in (a, b):
        assert client.get("/api/me/stats").json()["games"][0]["played"] == 1
    assert c.get("/api/me/stats").json()["games"] == []


def _play_the_room_out(session: Any, sockets: dict[int, Any], wc: Any, first_b: Msg) -> int:
    """Play the room's game to its end over the sockets (each player in his turn, the
    other refused out of turn), checking that no message shows a hidden card; the
    count of messages checked."""
    wa, wb = sockets[1], sockets[2]
    seen = 0
    tables = {wa: until(wa, state())["game"], wb: first_b, wc: until(wc, state())["game"]}
    for _ in range(300):
        if session.outcome().over:
            break
        steps, turn = len(session.history), session.state.turn
        other = sockets[3 - turn]
        other.send_json({"type": "move", "move": "grace"})  # out of turn: refused
        assert until(other, is_error)["kind"] in ("wrong_turn", "illegal_move")
        move = str(session.moves()[0])
        sockets[turn].send_json({"type": "move", "move": move})
        for ws in (wa, wb, wc):
            message = until(ws, moved_past(steps))
            found = ws_leaks(message, session)
            assert not found, f"hidden cards in a message: {found[:5]}"
            tables[ws] = message["game"]
            seen += 1
    assert all(t["over"] for t in tables.values()) and tables[wa]["result"]
    return seen


# Bad messages, limits and unknown games


BAD: list[tuple[Any, str]] = [
    ("not json", "bad_json"),
    ("[" * 2040, "bad_json"),  # nested past Python's recursion limit: it was a server_error
    (b"\x00\x01", "bad_message"),
    ("x" * 3000, "too_large"),
    ("[1, 2]", "bad_message"),
    ('{"move": "turn p1packet1"}', "bad_message"),
    ('{"type": "fly"}', "bad_message"),
    ('{"type": "move", "move": 7}', "bad_message"),
    ('{"type": "move", "move": ""}', "bad_message"),
    ('{"type": "move", "move": "fly away"}', "illegal_move"),
    ('{"type": "move", "move": "turn p1packet9"}', "illegal_move"),
]


@pytest.mark.parametrize(("sent", "kind"), BAD)
def test_bad_messages_get_a_clear_error_and_the_connection_survives(
    three: Any, sent: Any, kind: str
) -> None:
    a, _, _ = three
    gid = room(a)["id"]
    with a.websocket_connect(f"/ws/games/{gid}") as wa:
        until(wa, state())
        if isinstance(sent, bytes):
            wa.send_bytes(sent)
        else:
            wa.send_text(sent)
        refused = until(wa, is_error)
        assert refused["kind"] == kind and len(refused["error"]) > 10
        alive(wa)
        wa.send_json({"type": "move", "move": "turn p1packet1"})
        assert until(wa, state())["game"]["steps"] == 1


def test_messages_are_limited_in_rate(tmp_path: Path) -> None:
    app = create_app(str(tmp_path / "r.sqlite"), ws_limits=Limits(rate=2.0, burst=5.0))
    a = browser(app)
    gid = room(a)["id"]
    with a.websocket_connect(f"/ws/games/{gid}") as wa:
        start = time.monotonic()
        until(wa, state())
        for _ in range(20):
            wa.send_json({"type": "ping"})
        answers = [wa.receive_json() for _ in range(20)]
        kinds = [m.get("kind", m["type"]) for m in answers]
        # The burst of five, plus what the bucket refilled at two a second meanwhile
        # (a loaded machine may take a while over the twenty pings).
        refilled = 2.0 * (time.monotonic() - start)
        assert 5 <= kinds.count("pong") <= 5 + refilled + 1 and "rate_limited" in kinds
        time.sleep(1.1)
        alive(wa)


def test_a_sender_who_keeps_flooding_is_disconnected_and_the_server_goes_on(
    tmp_path: Path,
) -> None:
    app = create_app(str(tmp_path / "r.sqlite"), ws_limits=Limits(rate=0.01, burst=1, strikes=3))
    a = browser(app)
    gid = room(a)["id"]
    with a.websocket_connect(f"/ws/games/{gid}") as wa:
        until(wa, state())
        for _ in range(8):
            wa.send_json({"type": "ping"})
        with pytest.raises(WebSocketDisconnect) as closed:
            for _ in range(8):
                wa.receive_json()
        assert closed.value.code == 1008
    with a.websocket_connect(f"/ws/games/{gid}") as again:
        assert until(again, state())["game"]["you"] == [1]
    assert a.get("/api/games").status_code == 200


def test_connections_per_game_are_capped(tmp_path: Path) -> None:
    app = create_app(str(tmp_path / "r.sqlite"), ws_limits=Limits(per_game=2))
    a = browser(app)
    gid = room(a)["id"]
    with (
        a.websocket_connect(f"/ws/games/{gid}") as one,
        a.websocket_connect(f"/ws/games/{gid}") as two,
    ):
        until(one, state())
        until(two, state())  # its own join: both are in (it raced the third's entry)
        with a.websocket_connect(f"/ws/games/{gid}") as third:
            assert until(third, is_error)["kind"] == "game_full"
            with pytest.raises(WebSocketDisconnect):
                third.receive_json()


def test_an_unknown_game_is_refused_on_the_socket(three: Any) -> None:
    a, _, _ = three
    for gid in ("AAAAAAAAAAAAAAAAAAAAAAAA", "bad!id"):
        with a.websocket_connect(f"/ws/games/{gid}") as ws:
            assert until(ws, is_error)["kind"] == "unknown_id"
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 4404


# A game played alone belongs to its player


def test_a_game_played_alone_is_only_its_players(three: Any) -> None:
    a, b, _ = three
    gid = a.post("/api/sessions", json={"game": "travellers", "deal": 1}).json()["id"]
    assert a.post(f"/api/sessions/{gid}/moves", json={"move": "turn spare"}).status_code == 200
    looked = b.get(f"/api/sessions/{gid}").json()
    assert looked["you"] == [] and looked["moves"] == [] and not looked["can_undo"]
    for path in ("moves", "undo", "restart", "autoplay", "hint"):
        body = {"move": "turn spare"} if path == "moves" else None
        answer = b.post(f"/api/sessions/{gid}/{path}", json=body)
        assert answer.status_code == 403 and answer.json()["kind"] == "not_yours", path
    with b.websocket_connect(f"/ws/games/{gid}") as wb:
        assert until(wb, state())["game"]["you"] == []  # a game alone has no free seat
        wb.send_json({"type": "undo"})
        assert until(wb, is_error)["kind"] == "not_yours"
    assert a.get(f"/api/sessions/{gid}").json()["steps"] == 1


def test_a_game_alone_can_be_played_over_the_socket(three: Any) -> None:
    a, _, _ = three
    gid = a.post("/api/sessions", json={"game": "travellers", "deal": 1}).json()["id"]
    with a.websocket_connect(f"/ws/games/{gid}") as wa:
        until(wa, state(0))
        wa.send_json({"type": "move", "move": "turn spare"})
        assert until(wa, state(1))["game"]["can_undo"]
        wa.send_json({"type": "undo"})
        assert until(wa, state(0))["game"]["can_redo"]
        wa.send_json({"type": "state"})
        assert until(wa, state(0))["event"] == {"what": "state"}


@pytest.mark.parametrize("game_id", list(registry.ids()))
def test_every_game_over_the_socket_leaks_no_hidden_card(
    app: FastAPI, three: Any, game_id: str
) -> None:
    a, _, c = three
    rng = random.Random(game_id)
    gid = a.post("/api/sessions", json={"game": game_id, "deal": 11}).json()["id"]
    session = session_of(app, gid)
    with a.websocket_connect(f"/ws/games/{gid}") as wa, c.websocket_connect(f"/ws/games/{gid}"):
        table = until(wa, state())["game"]
        for step in range(80):
            if table["over"]:
                break
            steps = table["steps"]
            verb = "undo" if step % 25 == 24 else "move"
            message = {"type": verb, "move": rng.choice(table["moves"])["text"]}
            wa.send_json(message)
            reply = until(wa, changed_from(steps))
            assert not ws_leaks(reply, session), ws_leaks(reply, session)[:5]
            table = reply["game"]
            if verb == "undo":
                wa.send_json({"type": "redo"})
                table = until(wa, changed_from(table["steps"]))["game"]


def test_a_player_who_must_go_hands_his_seat_to_the_computer(app: FastAPI, three: Any) -> None:
    """A player could not give up his seat: the other waited for ever, at a game that
    never ended and never counted.  Now he leaves it to the computer, which plays it to
    the end; the game counts for the one who stayed, not for the one who left."""
    a, b, c = three
    gid = room(a, deal=2)["id"]
    with a.websocket_connect(f"/ws/games/{gid}") as wa:
        until(wa, state())
        with b.websocket_connect(f"/ws/games/{gid}") as wb:
            until(wb, state())
            until(wa, state())
            assert c.post(f"/api/sessions/{gid}/leave").json()["kind"] == "not_yours"
            answer = b.post(f"/api/sessions/{gid}/leave")
            assert answer.status_code == 200, answer.text
            gone = answer.json()
            assert gone["you"] == [] and gone["seats"][1]["computer"]
            told = until(wa, lambda m: m["type"] == "state" and m["event"]["what"] == "leave")
            assert told["event"]["seat"] == 2 and told["event"]["name"] == "player 2"
            assert told["game"]["seats"][1]["name"] == "the computer"
            table = told["game"]
            for _ in range(200):  # Alice plays on; the computer answers for seat 2
                if table["over"]:
                    break
                wa.send_json({"type": "move", "move": table["moves"][0]["text"]})
                table = until(wa, moved_past(table["steps"]))["game"]
    assert table["over"] and table["outcome"] == "won"
    assert {e.state.turn for e in session_of(app, gid).history} == {1, 2}
    assert [g["played"] for g in a.get("/api/me/stats").json()["games"]] == [1]
    assert b.get("/api/me/stats").json()["games"] == []
    again = b.post(f"/api/sessions/{gid}/leave")
    assert again.status_code == 403  # he holds no seat any more
    alone = a.post("/api/sessions", json={"game": "travellers", "deal": 1}).json()["id"]
    assert a.post(f"/api/sessions/{alone}/leave").json()["kind"] == "not_in_room"
    # A room no one has joined: no one waits, and the free seat would take him back.
    waiting = room(a)["id"]
    refused = a.post(f"/api/sessions/{waiting}/leave")
    assert refused.status_code == 409 and refused.json()["kind"] == "seat_free"
    assert a.get(f"/api/sessions/{waiting}").json()["you"] == [1]


def test_a_name_cannot_pass_for_a_seat_or_the_computer(three: Any) -> None:
    """A person could call himself "the computer" or "player 1", and the other player
    would take him for the computer or for the other seat."""
    a, _, _ = three
    for taken in ("the computer", "The  Computer", "computer", "player 1", "Player2"):
        answer = a.put("/api/me", json={"name": taken})
        assert answer.status_code == 422 and answer.json()["kind"] == "bad_name", taken
        assert "how the room names a seat" in answer.json()["error"]
    for fine in ("Computerist", "Player One", "Lady C."):
        assert a.put("/api/me", json={"name": fine}).json() == {"name": fine}


def test_a_reader_too_slow_is_let_go_once_and_quietly() -> None:
    """Every message past a full outbox made a task closing the socket, each failing
    with "Task exception was never retrieved" in the log."""

    class Socket:
        def __init__(self) -> None:
            self.closed: list[int] = []

        async def close(self, code: int = 1000, reason: str | None = None) -> None:
            self.closed.append(code)
            raise RuntimeError("the socket is already closed")

    async def flood() -> tuple[Socket, Conn]:
        socket = Socket()
        conn = Conn(cast(WebSocket, socket), None)
        for n in range(OUTBOX + 300):
            conn._offer({"type": "pong", "n": n})
        assert conn.closing is not None
        await conn.closing  # would raise if the close's failure escaped
        return socket, conn

    socket, conn = asyncio.run(flood())
    assert socket.closed == [1013] and conn.outbox.qsize() == OUTBOX


@pytest.mark.parametrize(
    "origin", ["http://evil.example", "http://testserver:8001", "null", "http://testserver.evil"]
)
def test_another_sites_page_cannot_open_a_game(three: Any, origin: str) -> None:
    """A page elsewhere could act at a game with the player's cookie."""
    a, _, _ = three
    gid = room(a)["id"]
    with pytest.raises(WebSocketDisconnect) as refused:
        a.websocket_connect(f"/ws/games/{gid}", headers={"origin": origin}).__enter__()
    assert refused.value.code == 1008


@pytest.mark.parametrize(
    "origin", ["http://testserver", "http://testserver:80", "HTTP://TestServer"]
)
def test_the_servers_own_page_opens_a_game(three: Any, origin: str) -> None:
    a, _, _ = three
    gid = room(a)["id"]
    with a.websocket_connect(f"/ws/games/{gid}", headers={"origin": origin}) as ws:
        assert until(ws, state())["game"]["id"] == gid
