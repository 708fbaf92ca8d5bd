"""The JSON API of ``cadogan serve``: every endpoint, every refusal, and no hidden card.

The server is the only judge of the rules, so these tests play through HTTP exactly
as the page does: send a move text from the legal-move list, draw what comes back.
"""

from __future__ import annotations

import json
import random
import threading
import time
from typing import Any

import pytest

pytest.importorskip("fastapi")

from fastapi.testclient import TestClient

from cadogan import registry
from cadogan.cards import MAX_DEAL
from cadogan.core import State
from cadogan.web import create_app
from cadogan.web.store import GameStore
from tests.web.scan import leaks

IDS = list(registry.ids())


@pytest.fixture()
def client() -> TestClient:
    return TestClient(create_app(solve_seconds=0.5, capacity=50))


def start(client: TestClient, game: str = "travellers", deal: int = 1) -> dict[str, Any]:
    answer = client.post("/api/sessions", json={"game": game, "deal": deal})
    assert answer.status_code == 201, answer.text
    data: dict[str, Any] = answer.json()
    return data


def state_of(client: TestClient, gid: str) -> State:
    """The server's full position (test-only introspection of the store)."""
    slot = client.app.state.store.get(gid)  # type: ignore[attr-defined]
    assert slot is not None
    state: State = slot.session.state
    return state


def error(answer: Any, status: int, kind: str) -> str:
    assert answer.status_code == status, answer.text
    body = answer.json()
    assert body["kind"] == kind and isinstance(body["error"], str) and body["error"]
    return str(body["error"])


# The catalogue and the rules


def test_games_lists_every_registered_game_with_its_facts(client: TestClient) -> None:
    games = client.get("/api/games").json()["games"]
    assert [g["id"] for g in games] == IDS
    for g in games:
        assert g["name"] and g["description"] and g["packs"] >= 1 and g["players"] >= 1


def test_one_game_by_id_or_alias_and_unknown_games(client: TestClient) -> None:
    assert client.get("/api/games/clock").json()["id"] == "travellers"
    error(client.get("/api/games/no-such-game"), 404, "unknown_game")


def test_rules_are_rendered_from_the_package_markdown(client: TestClient) -> None:
    rules = client.get("/api/games/travellers/rules").json()
    assert rules["markdown"].strip() and "<h" in rules["html"]


def test_rules_escape_raw_html(monkeypatch: pytest.MonkeyPatch) -> None:
    from cadogan.web import rules

    monkeypatch.setattr(rules, "rules_markdown", lambda gid: "# R\n\n<script>x()</script>")
    html = rules.rules_html("travellers")
    assert html is not None and "<script>" not in html and "&lt;script&gt;" in html


def test_rules_of_an_unknown_game(client: TestClient) -> None:
    error(client.get("/api/games/nothing/rules"), 404, "unknown_game")


# Starting games


def test_a_new_game_has_an_unguessable_id_and_the_players_view(client: TestClient) -> None:
    one, two = start(client), start(client)
    assert one["id"] != two["id"] and len(one["id"]) >= 22
    assert one["view"] == two["view"] and one["deal"] == 1 and one["deal_text"] == "1"
    assert one["moves"] == [
        {
            "text": "turn spare",
            "verb": "turn",
            "args": ["spare"],
            "transfer": False,
            "source": "spare",
            "target": None,
            "card": None,
        }
    ]
    assert one["outcome"] == "unfinished" and not one["over"] and not one["can_undo"]
    assert next(s["title"] for s in one["sections"]) == "Spare packet"


def test_a_random_deal_when_none_is_given(client: TestClient) -> None:
    data = client.post("/api/sessions", json={"game": "travellers"}).json()
    assert 1 <= data["deal"] <= MAX_DEAL and data["deal_text"] == str(data["deal"])


def test_a_deal_number_may_come_as_a_string(client: TestClient) -> None:
    big = str(MAX_DEAL)
    data = client.post("/api/sessions", json={"game": "travellers", "deal": big}).json()
    assert data["deal_text"] == big


@pytest.mark.parametrize("deal", [0, -1, MAX_DEAL + 1, "x", 1.5])
def test_bad_deal_numbers_are_refused(client: TestClient, deal: object) -> None:
    answer = client.post("/api/sessions", json={"game": "travellers", "deal": deal})
    error(answer, 422, "invalid")


def test_unknown_games_options_and_keys_are_refused(client: TestClient) -> None:
    error(client.post("/api/sessions", json={"game": "nope"}), 404, "unknown_game")
    answer = client.post("/api/sessions", json={"game": "travellers", "options": {"x": "1"}})
    error(answer, 422, "bad_option")
    error(client.post("/api/sessions", json={"game": "travellers", "cheat": 1}), 422, "invalid")


@pytest.mark.parametrize("name", ["name", "self", "cls", "options"])
def test_an_option_named_as_a_parameter_is_an_unknown_option(client: TestClient, name: str) -> None:
    """Options travel as a map, so no name collides with a parameter (``self`` gave a 500)."""
    answer = client.post("/api/sessions", json={"game": "travellers", "options": {name: "x"}})
    assert repr(name) in error(answer, 422, "bad_option")
    answer = client.post("/api/rooms", json={"game": "sympathie", "options": {name: "x"}})
    assert repr(name) in error(answer, 422, "bad_option")
    record = f'[Game "travellers"]\n[Deal "3"]\n[Options "{name}=x"]\n'
    answer = client.post("/api/sessions/records", json={"record": record})
    assert repr(name) in error(answer, 422, "bad_option")


def test_bad_json_gets_a_clear_error(client: TestClient) -> None:
    answer = client.post(
        "/api/sessions", content=b"{not json", headers={"Content-Type": "application/json"}
    )
    message = error(answer, 422, "bad_json")
    assert message.startswith("the request body is not valid JSON: ") and "character 1" in message


UNREADABLE = [
    (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),  # past the recursion limit
    (b'{"game": "\xff"}', "not UTF-8"),
    (b'{"game": "zodiac", "deal": ' + b"9" * 4301 + b"}", "too many digits"),
]


@pytest.mark.parametrize(("body", "reason"), UNREADABLE)
def test_unreadable_json_is_bad_json_not_a_bare_400(
    client: TestClient, body: bytes, reason: str
) -> None:
    headers = {"Content-Type": "application/json"}
    answer = client.post("/api/sessions", content=body, headers=headers)
    assert reason in error(answer, 422, "bad_json")
    assert client.get("/api/games").status_code == 200  # and the server goes on


def test_oversized_bodies_are_refused_and_the_server_goes_on(client: TestClient) -> None:
    answer = client.post("/api/sessions/records", content=b"x" * 2_000_000)
    assert "larger than" in error(answer, 413, "too_large")

    def chunks() -> Any:
        for _ in range(40):
            yield b"y" * 50_000

    error(client.post("/api/sessions/records", content=chunks()), 413, "too_large")
    assert client.get("/api/games").status_code == 200


# Playing


def test_a_legal_move_and_an_illegal_one_with_its_reason(client: TestClient) -> None:
    gid = start(client)["id"]
    reason = error(
        client.post(f"/api/sessions/{gid}/moves", json={"move": "travel packet3"}),
        409,
        "illegal_move",
    )
    assert "turn the next card of the spare packet" in reason
    error(client.post(f"/api/sessions/{gid}/moves", json={"move": "fly away"}), 409, "illegal_move")
    data = client.post(f"/api/sessions/{gid}/moves", json={"move": "turn spare"}).json()
    assert data["can_undo"] and data["steps"] == 1 and data["last"][-1]["text"] == "turn spare"


@pytest.mark.parametrize("body", [{}, {"move": ""}, {"move": "x" * 201}, {"move": 3}, []])
def test_malformed_move_bodies(client: TestClient, body: object) -> None:
    gid = start(client)["id"]
    error(client.post(f"/api/sessions/{gid}/moves", json=body), 422, "invalid")


def test_unknown_and_malformed_game_ids(client: TestClient) -> None:
    error(client.get("/api/sessions/AAAAAAAAAAAAAAAAAAAAAAAA"), 404, "unknown_id")
    error(client.get("/api/sessions/bad%20id%21"), 422, "invalid")
    error(client.post("/api/sessions/AAAAAAAAAAAAAAAAAAAAAAAA/undo"), 404, "unknown_id")


def test_show_undo_redo_restart(client: TestClient) -> None:
    gid = start(client)["id"]
    first = client.post(f"/api/sessions/{gid}/moves", json={"move": "turn spare"}).json()
    assert client.get(f"/api/sessions/{gid}").json()["view"] == first["view"]
    undone = client.post(f"/api/sessions/{gid}/undo").json()
    assert undone["steps"] == 0 and undone["can_redo"] and not undone["can_undo"]
    redone = client.post(f"/api/sessions/{gid}/redo").json()
    assert redone["view"] == first["view"] and not redone["can_redo"]
    again = client.post(f"/api/sessions/{gid}/restart").json()
    assert again["steps"] == 0 and again["can_redo"]
    # Nothing to undo (it answered 200 and the page said "Move taken back.").
    assert error(client.post(f"/api/sessions/{gid}/undo"), 409, "nothing_to_undo") == (
        "Nothing to undo."
    )
    client.post(f"/api/sessions/{gid}/redo")
    error(client.post(f"/api/sessions/{gid}/redo"), 409, "nothing_to_redo")
    assert client.get(f"/api/sessions/{gid}").json()["steps"] == 1  # and nothing changed


def test_autoplay_finishes_travellers_and_announces_the_result(client: TestClient) -> None:
    gid = start(client)["id"]
    data = client.post(f"/api/sessions/{gid}/autoplay").json()
    assert data["over"] and data["outcome"] in ("won", "lost") and data["result"]
    assert data["moves"] == []
    # Deal 1 is won with the 6♠ never turned up: the announcement says why it counts.
    assert data["result"].startswith("Travellers is won. Well played! Still face down: the 6♠")


def test_hint_and_winnable(client: TestClient) -> None:
    gid = start(client)["id"]
    hint = client.post(f"/api/sessions/{gid}/hint").json()
    assert set(hint) == {"move", "status", "message", "steps"} and hint["message"]
    verdict = client.post(f"/api/sessions/{gid}/solve", json={"seconds": 5}).json()
    assert verdict["status"] in ("solved", "unsolvable") and verdict["message"]
    assert verdict["winnable"] is (verdict["status"] == "solved")
    error(client.post(f"/api/sessions/{gid}/solve", json={"seconds": 0}), 422, "invalid")
    nan = b'{"seconds": NaN}'  # Python's json reads NaN; it failed only "at most 10"
    headers = {"Content-Type": "application/json"}
    answer = client.post(f"/api/sessions/{gid}/solve", content=nan, headers=headers)
    assert "finite number" in error(answer, 422, "invalid")
    assert client.post(f"/api/sessions/{gid}/solve").status_code == 200


def test_a_position_a_hint_proved_is_answered_at_once() -> None:
    # Travellers' deal 2 is decided in a few milliseconds, but this test needs the
    # hint decided, so it gets a roomy budget: the shared fixture's half second once
    # ran out on a loaded CI machine (a pause of the whole process, not the search).
    client = TestClient(create_app(solve_seconds=30.0, capacity=50))
    gid = start(client, deal=2)["id"]
    hint = client.post(f"/api/sessions/{gid}/hint").json()
    assert hint["status"] in ("solved", "unsolvable")
    verdict = client.post(f"/api/sessions/{gid}/solve", json={"seconds": 5}).json()
    assert verdict["status"] == hint["status"] and verdict["nodes"] == 0
    assert (verdict["length"] > 0) is (hint["status"] == "solved")


# Records and replay


def test_record_download_and_upload_round_trip(client: TestClient) -> None:
    gid = start(client, deal=5)["id"]
    for _ in range(3):
        move = client.get(f"/api/sessions/{gid}").json()["moves"][0]["text"]
        client.post(f"/api/sessions/{gid}/moves", json={"move": move})
    answer = client.get(f"/api/sessions/{gid}/record")
    assert answer.status_code == 200
    assert 'filename="travellers-5.txt"' in answer.headers["content-disposition"]
    text = answer.text
    assert text.startswith('[Game "travellers"]') and "turn spare" in text
    loaded = client.post("/api/sessions/records", json={"record": text})
    assert loaded.status_code == 201
    data = loaded.json()
    assert data["id"] != gid and data["steps"] == 3
    assert data["view"] == client.get(f"/api/sessions/{gid}").json()["view"]


def test_bad_records_are_refused(client: TestClient) -> None:
    error(client.post("/api/sessions/records", json={"record": "hello"}), 422, "bad_record")
    bad = '[Game "travellers"]\n[Deal "1"]\n\ntravel packet9\n'
    assert "move 1" in error(
        client.post("/api/sessions/records", json={"record": bad}), 422, "bad_record"
    )
    unknown = '[Game "chess"]\n[Deal "1"]\n'
    error(client.post("/api/sessions/records", json={"record": unknown}), 404, "unknown_game")
    claim = '[Game "travellers"]\n[Deal "1"]\n[Result "won"]\n'  # no moves: unfinished
    assert "the record says won" in error(
        client.post("/api/sessions/records", json={"record": claim}), 422, "bad_record"
    )


def test_replay_steps_forward_and_back(client: TestClient) -> None:
    gid = start(client)["id"]
    client.post(f"/api/sessions/{gid}/moves", json={"move": "turn spare"})
    zero = client.get(f"/api/sessions/{gid}/steps/0").json()
    one = client.get(f"/api/sessions/{gid}/steps/1").json()
    assert zero["move"] is None and zero["steps"] == 1
    assert one["move"] == "turn spare" and one["view"] != zero["view"]
    message = error(client.get(f"/api/sessions/{gid}/steps/2"), 404, "no_step")
    assert message == "no step 2: this game has 1 move so far"
    error(client.get(f"/api/sessions/{gid}/steps/-1"), 422, "invalid")


# The page, the docs, the headers


def test_the_page_static_files_and_docs(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and '<script type="module"' in page.text
    assert "default-src 'self'" in page.headers["content-security-policy"]
    assert client.get("/static/js/main.js").status_code == 200
    assert client.get("/static/cards/QH.svg").headers["content-type"].startswith("image/svg")
    assert client.get("/static/cards/back.svg").status_code == 200
    assert client.get("/docs").status_code == 200
    paths = client.get("/openapi.json").json()["paths"]
    assert "/api/sessions/{gid}/moves" in paths and "/api/games" in paths
    error(client.get("/static/nothing.js"), 404, "not_found")


def test_the_docs_name_every_route_and_its_real_errors(client: TestClient) -> None:
    """/docs named routes after their functions ("Who", "Reset") and listed only a
    422 of FastAPI's shape, which the server never sends."""
    from fastapi.routing import APIRoute

    from cadogan.web import api_games, api_play, api_rooms

    spec = client.get("/openapi.json").json()
    assert "HTTPValidationError" not in json.dumps(spec)
    assert set(spec["components"]["schemas"]["ErrorOut"]["properties"]) == {"error", "kind"}
    routers = (api_games.router, api_play.router, api_rooms.rooms, api_rooms.me)
    routes = [r for router in routers for r in router.routes if isinstance(r, APIRoute)]
    assert routes and all(r.summary for r in routes), [r.path for r in routes if not r.summary]
    for path, operations in spec["paths"].items():
        for method, operation in operations.items():
            for status, answer in operation["responses"].items():
                if status[0] in "45":
                    schema = answer["content"]["application/json"]["schema"]
                    assert schema["$ref"].endswith("/ErrorOut"), (method, path, status)
    moves = spec["paths"]["/api/sessions/{gid}/moves"]["post"]["responses"]
    assert {"403", "404", "409", "413", "422"} <= set(moves)
    assert "wrong_turn" in moves["409"]["description"]
    assert "503" in spec["paths"]["/api/rooms"]["post"]["responses"]


def test_layouts_exist_for_every_registered_game(client: TestClient) -> None:
    for gid in IDS:
        assert client.get(f"/static/js/layouts/{gid}.js").status_code == 200, gid


# The store: a cap and idle expiry


def test_the_store_caps_games_and_forgets_idle_ones() -> None:
    from cadogan.session import Session

    now = [0.0]
    store = GameStore(capacity=3, idle_seconds=100, clock=lambda: now[0])
    game = registry.game("travellers")
    ids = [store.add(Session(game, n)) for n in (1, 2, 3)]
    assert store.get(ids[0]) is not None  # now the most recently used
    store.add(Session(game, 4))
    assert len(store) == 3 and store.get(ids[1]) is None and store.get(ids[0]) is not None
    now[0] = 150.0
    assert len(store) == 0 and store.get(ids[0]) is None


def test_a_full_server_drops_its_oldest_game() -> None:
    small = TestClient(create_app(capacity=2))
    first = start(small)["id"]
    start(small)
    start(small)
    error(small.get(f"/api/sessions/{first}"), 404, "unknown_id")


# Every game, played through the API, never shows a hidden card


def checked(client: TestClient, gid: str, answer: Any) -> dict[str, Any]:
    assert answer.status_code in (200, 201), answer.text
    data: dict[str, Any] = answer.json()
    found = leaks(data, state_of(client, gid))
    assert not found, f"hidden cards in a payload: {found[:5]}"
    return data


@pytest.mark.parametrize("game_id", IDS)
def test_a_whole_game_through_the_api_leaks_no_hidden_card(
    client: TestClient, game_id: str
) -> None:
    rng = random.Random(game_id)
    answer = client.post("/api/sessions", json={"game": game_id, "deal": 7})
    gid = answer.json()["id"]
    data = checked(client, gid, answer)
    checked(client, gid, client.post(f"/api/sessions/{gid}/hint"))
    for step in range(250):
        if data["over"]:
            break
        move = rng.choice(data["moves"])["text"]
        data = checked(client, gid, client.post(f"/api/sessions/{gid}/moves", json={"move": move}))
        if step % 40 == 39:
            checked(client, gid, client.post(f"/api/sessions/{gid}/undo"))
            data = checked(client, gid, client.post(f"/api/sessions/{gid}/redo"))
    checked(client, gid, client.post(f"/api/sessions/{gid}/hint"))
    data = checked(client, gid, client.post(f"/api/sessions/{gid}/autoplay"))
    record = client.get(f"/api/sessions/{gid}/record").text
    assert not leaks({"record": record}, state_of(client, gid))
    slot = client.app.state.store.get(gid)  # type: ignore[attr-defined]
    history = slot.session.history
    for n in sorted({0, len(history) // 2, len(history)}):
        frame = client.get(f"/api/sessions/{gid}/steps/{n}").json()
        state = history[n - 1].state if n else slot.session.start
        assert not leaks(frame, state)


# The command


def test_cadogan_serve_runs_the_app_with_its_options(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Any
) -> None:
    import uvicorn
    from click.testing import CliRunner

    from cadogan import cli_serve
    from cadogan.cli import cli

    seen: dict[str, Any] = {}

    def fake_run(server: uvicorn.Server, sockets: list[Any]) -> None:
        seen.update(config=server.config, address=sockets[0].getsockname())
        sockets[0].close()
        server.started = True

    monkeypatch.setattr(uvicorn.Server, "run", fake_run)
    monkeypatch.setattr(cli_serve, "tune_gc", lambda: None)  # not in the test process
    db = str(tmp_path / "x.sqlite")
    result = CliRunner().invoke(cli, ["serve", "--port", "0", "--db", db])
    assert result.exit_code == 0, result.output
    host, port = seen["address"]
    assert host == "127.0.0.1" and port > 0  # the default address; port 0 lets the system choose
    assert f"http://127.0.0.1:{port}/" in result.output  # the port chosen, not 0
    app = seen["config"].app
    assert app.state.db_path == db and seen["config"].ws_max_size == 65_536
    app.state.db.close()
    assert "--open" in CliRunner().invoke(cli, ["serve", "--help"]).output


def test_cadogan_serve_on_a_busy_port_says_so_before_serving(tmp_path: Any) -> None:
    """A taken port is one clear line and no "serving on" (a helper's review saw both)."""
    import socket
    import subprocess
    import sys

    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen(1)
    port = str(taken.getsockname()[1])
    command = [sys.executable, "-m", "cadogan.cli", "serve", "--port", port]
    try:
        result = subprocess.run(command, capture_output=True, text=True, timeout=120, cwd=tmp_path)
    finally:
        taken.close()
    assert result.returncode == 1 and "serving on" not in result.stdout
    expected = (
        f"cadogan: cannot listen on 127.0.0.1:{port}: Address already in use"
        " (choose another --port, or --port 0 for any free one)"
    )
    assert result.stderr.strip() == expected


def test_ctrl_c_stops_cadogan_serve_cleanly(tmp_path: Any) -> None:
    """Ctrl-C ends the server with exit 0 and no "aborted" (uvicorn re-raises the signal
    after its shutdown, which uvicorn.run used to swallow for us)."""
    import signal
    import subprocess
    import sys
    import time
    import urllib.request

    command = [sys.executable, "-m", "cadogan.cli", "serve", "--port", "0", "--db", "x.sqlite"]
    server = subprocess.Popen(
        command, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    assert server.stdout is not None
    line = server.stdout.readline()
    assert "serving on http://127.0.0.1:" in line
    url = line.split()[3]
    deadline = time.monotonic() + 60
    while True:  # once it answers, uvicorn has its signal handlers in place
        try:
            urllib.request.urlopen(url, timeout=5).close()
            break
        except OSError:
            assert time.monotonic() < deadline, "the server never answered"
            time.sleep(0.2)
    server.send_signal(signal.SIGINT)
    _, err = server.communicate(timeout=60)
    assert server.returncode == 0 and "aborted" not in err, err


def test_a_server_that_fails_to_start_is_an_error(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Any
) -> None:
    """uvicorn.run exits 3 when start-up fails; Server.run returns, so serve checks."""
    import uvicorn
    from click.testing import CliRunner

    from cadogan import cli_serve
    from cadogan.cli import cli

    monkeypatch.setattr(uvicorn.Server, "run", lambda server, sockets: sockets[0].close())
    monkeypatch.setattr(cli_serve, "tune_gc", lambda: None)
    result = CliRunner().invoke(cli, ["serve", "--port", "0", "--db", str(tmp_path / "x.db")])
    assert result.exit_code == 1 and "the server did not start" in result.output


def test_a_hint_waits_at_most_three_seconds(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hints took the whole solve budget (10 s) in every undecided position; the
    rule-of-thumb answer now comes after HINT_SECONDS, and a verdict keeps its 10 s."""
    from cadogan.web import solver
    from cadogan.web.api_play import HINT_SECONDS

    asked: list[float] = []

    def hint(session: object, seconds: float, state: object = None) -> dict[str, Any]:
        asked.append(seconds)
        return {"move": None, "status": "timeout", "message": "thinking"}

    monkeypatch.setattr(solver, "hint", hint)
    client = TestClient(create_app(solve_seconds=10.0))
    gid = start(client, "napoleons-square", 7)["id"]
    assert client.post(f"/api/sessions/{gid}/hint").status_code == 200
    assert asked == [HINT_SECONDS] and HINT_SECONDS == 3.0


def test_solver_runs_are_bounded_and_the_rest_are_told_busy(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Forty solves at once took every core and two gigabytes: past the bound a
    question waits briefly, then is answered 503 ``busy``."""
    from cadogan.web import solver

    inside: list[str] = []
    release = threading.Event()

    def slow(*args: object, **named: object) -> dict[str, Any]:
        inside.append("run")
        release.wait(30)
        return {"move": None, "status": "timeout", "message": "thinking"}

    monkeypatch.setattr(solver, "hint", slow)
    monkeypatch.setattr(solver, "winnable", slow)
    app = create_app()
    app.state.solvers = solver.Solvers(2, wait=0.2)
    answers: list[tuple[int, str]] = []
    with TestClient(app) as client:
        gid = start(client)["id"]

        def ask(route: str) -> None:
            answer = client.post(f"/api/sessions/{gid}/{route}")
            answers.append((answer.status_code, answer.json().get("kind", "")))

        askers = [threading.Thread(target=ask, args=(r,)) for r in ["hint", "solve"] * 3]
        for asker in askers:
            asker.start()
        deadline = time.monotonic() + 30
        while len(answers) < 4 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert len(inside) == 2 and sorted(answers) == [(503, "busy")] * 4
        release.set()
        for asker in askers:
            asker.join()
    assert sorted(answers)[:2] == [(200, ""), (200, "")] and len(inside) == 2


def test_the_answers_are_the_ones_the_docs_describe(client: TestClient) -> None:
    """/docs gave a hint's status as a word (a finished game's was null), a verdict
    up to 60 s (it got 10), names up to 64 characters (over 32 were refused), and
    the page answered HEAD with 405."""
    from cadogan.web.answers import HintAnswer
    from cadogan.web.players import MAX_NAME

    gid = start(client, "travellers", 28)["id"]  # deal 28 comes out by itself
    assert client.post(f"/api/sessions/{gid}/autoplay").json()["over"]
    hint = client.post(f"/api/sessions/{gid}/hint").json()
    assert HintAnswer.model_validate(hint).status == "over" and hint["move"] is None
    error(client.post(f"/api/sessions/{gid}/solve", json={"seconds": 11}), 422, "invalid")
    schemas = client.get("/openapi.json").json()["components"]["schemas"]
    assert schemas["SolveRequest"]["properties"]["seconds"]["maximum"] == 10
    assert "over" in schemas["HintAnswer"]["properties"]["status"]["description"]
    assert schemas["PlayerName"]["properties"]["name"]["maxLength"] == MAX_NAME == 32
    assert client.put("/api/me", json={"name": "y" * MAX_NAME}).status_code == 200
    error(client.put("/api/me", json={"name": "y" * (MAX_NAME + 1)}), 422, "invalid")
    head = client.head("/")
    assert (
        head.status_code == 200 and head.content == b"" and "html" in head.headers["content-type"]
    )


@pytest.mark.parametrize(
    ("route", "body"),
    [
        ("/api/sessions", {"game": "travellers", "deal": True}),
        ("/api/sessions", {"game": "travellers", "deal": " 5"}),
        ("/api/sessions", {"game": "travellers", "deal": "5.0"}),
        ("/api/sessions", {"game": "travellers", "deal": 5.0}),
        ("/api/rooms", {"game": "sympathie", "computer": "yes"}),
        ("/api/rooms", {"game": "sympathie", "computer": 1}),
        ("/api/me/stats/reset", {"confirm": "yes"}),
        ("/api/me/stats/reset", {"confirm": 1}),
    ],
)
def test_numbers_and_yes_or_no_are_their_json_types(
    client: TestClient, route: str, body: dict[str, Any]
) -> None:
    """``"deal": true`` started deal 1 and ``{"confirm": "yes"}`` erased statistics."""
    error(client.post(route, json=body), 422, "invalid")


def test_a_deal_may_come_as_its_digits_as_the_page_sends_it(client: TestClient) -> None:
    """The page sends the deal box's text: JavaScript holds no deal past 2**53."""
    answer = client.post("/api/sessions", json={"game": "travellers", "deal": str(MAX_DEAL)})
    assert answer.status_code == 201 and answer.json()["deal_text"] == str(MAX_DEAL)
    error(client.post("/api/sessions", json={"game": "travellers", "deal": "0"}), 422, "invalid")


def test_a_verdicts_seconds_and_flags_are_their_json_types(client: TestClient) -> None:
    gid = start(client)["id"]
    for bad in ({"seconds": "1"}, {"from_start": "true"}, {"from_start": 0}):
        error(client.post(f"/api/sessions/{gid}/solve", json=bad), 422, "invalid")
    answer = client.post(f"/api/sessions/{gid}/solve", json={"seconds": 1, "from_start": False})
    assert answer.status_code == 200


@pytest.mark.parametrize("path", ["/", "/static/js/api.js", "/static/css/app.css"])
def test_the_page_and_its_files_are_checked_again_before_use(client: TestClient, path: str) -> None:
    """Without Cache-Control a browser could keep an old page or module after an upgrade;
    with ``no-cache`` it asks again each time, cheaply (304 by the ETag)."""
    answer = client.get(path)
    assert answer.status_code == 200 and answer.headers["cache-control"] == "no-cache"
    again = client.get(path, headers={"If-None-Match": answer.headers["etag"]})
    assert again.status_code == 304
    assert "cache-control" not in client.get("/api/games").headers


def test_a_hint_names_the_position_it_is_for(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The solver thinks without the game's lock: a move that comes meanwhile must not
    make the answer pass for the new position's (it read whichever it found)."""
    from cadogan.solve import hints

    table = start(client, "travellers", 5)
    gid, first = table["id"], table["moves"][0]["text"]
    session = client.app.state.store.get(gid).session  # type: ignore[attr-defined]
    asked: list[State] = []

    def meanwhile(game: Any, state: State, **named: Any) -> hints.Hint:
        asked.append(state)
        session.play(first)  # the player moves while the solver thinks
        return hints.Hint(game.moves(state)[0], "try this", "timeout")

    monkeypatch.setattr(hints, "hint", meanwhile)
    answer = client.post(f"/api/sessions/{gid}/hint").json()
    assert answer["steps"] == table["steps"] == 0
    assert asked[0] == session.start and answer["move"] == first
    assert client.get(f"/api/sessions/{gid}").json()["steps"] > answer["steps"]
