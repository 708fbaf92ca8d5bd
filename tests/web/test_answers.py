"""The answers ``/docs`` describes are the answers the server gives: real answers are
validated against ``cadogan.web.answers`` with no key left undescribed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from pydantic import BaseModel

from cadogan.web.answers import (
    Erased,
    GameInfo,
    GamesList,
    GameView,
    HintAnswer,
    Name,
    OpenGames,
    RulesPage,
    Statistics,
    StepView,
    Verdict,
)
from cadogan.web.app import create_app


def undescribed(model: BaseModel, where: str = "") -> list[str]:
    """The keys of an answer that its model does not name, at any depth."""
    found = [f"{where}{key}" for key in (model.model_extra or {})]
    for name in type(model).model_fields:
        value = getattr(model, name)
        items = value if isinstance(value, list) else [value]
        for item in items:
            if isinstance(item, BaseModel):
                found += undescribed(item, f"{where}{name}.")
    return found


@pytest.fixture()
def client() -> TestClient:
    return TestClient(create_app(solve_seconds=0.5, capacity=50))


@pytest.mark.parametrize("game", ["travellers", "hemispheres", "petits-paquets"])
def test_the_game_answers_are_the_documented_ones(client: TestClient, game: str) -> None:
    started = client.post("/api/sessions", json={"game": game, "deal": 3})
    assert started.status_code == 201
    answers: list[dict[str, Any]] = [started.json()]
    gid = answers[0]["id"]
    first = answers[0]["moves"][0]["text"]
    answers.append(client.post(f"/api/sessions/{gid}/moves", json={"move": first}).json())
    answers.append(client.post(f"/api/sessions/{gid}/undo").json())
    answers.append(client.get(f"/api/sessions/{gid}").json())
    for answer in answers:
        assert undescribed(GameView.model_validate(answer)) == []
    frame = client.get(f"/api/sessions/{gid}/steps/0").json()
    assert undescribed(StepView.model_validate(frame)) == []
    asked = client.post(f"/api/sessions/{gid}/hint").json()
    assert undescribed(HintAnswer.model_validate(asked)) == []
    verdict = client.post(f"/api/sessions/{gid}/solve", json={"seconds": 0.5}).json()
    assert undescribed(Verdict.model_validate(verdict)) == []


def test_a_rooms_answer_is_the_documented_one(client: TestClient) -> None:
    room = client.post("/api/rooms", json={"game": "sympathie", "deal": 2, "computer": True})
    assert room.status_code == 201
    assert undescribed(GameView.model_validate(room.json())) == []


def test_docs_show_the_answers_fields(client: TestClient) -> None:
    """The 200 answers were documented as 'an object', with no field named."""
    spec = client.get("/openapi.json").json()
    shown = spec["paths"]["/api/sessions/{gid}"]["get"]["responses"]["200"]
    assert shown["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/GameView"
    }
    fields = spec["components"]["schemas"]["GameView"]["properties"]
    assert {"moves", "view", "seats", "can_act", "outcome"} <= set(fields)
    created = spec["paths"]["/api/sessions"]["post"]["responses"]
    assert "201" in created and "200" not in created


def test_the_other_answers_are_the_documented_ones(tmp_path: Path) -> None:
    client = TestClient(create_app(str(tmp_path / "a.sqlite"), solve_seconds=0.5))
    checks: list[tuple[type[BaseModel], Any]] = [
        (GamesList, client.get("/api/games").json()),
        (GameInfo, client.get("/api/games/zodiac").json()),
        (RulesPage, client.get("/api/games/zodiac/rules").json()),
        (Name, client.put("/api/me", json={"name": "Lady C."}).json()),
        (Name, client.get("/api/me").json()),
    ]
    won = client.post("/api/sessions", json={"game": "travellers", "deal": 28}).json()
    client.post(f"/api/sessions/{won['id']}/autoplay")  # deal 28 comes out by itself
    client.post("/api/sessions", json={"game": "zodiac", "deal": 1})
    opened = client.post("/api/sessions", json={"game": "zodiac", "deal": 2}).json()
    client.post(f"/api/sessions/{opened['id']}/moves", json={"move": opened["moves"][0]["text"]})
    mine = client.get("/api/me/games").json()
    stats = client.get("/api/me/stats").json()
    assert mine["games"] and stats["games"] and stats["games"][0]["results"]
    checks += [(OpenGames, mine), (Statistics, stats)]
    checks.append((Erased, client.post("/api/me/stats/reset", json={"confirm": True}).json()))
    for model, answer in checks:
        assert undescribed(model.model_validate(answer)) == [], model.__name__


def test_docs_say_any_route_may_find_the_database_busy(client: TestClient) -> None:
    """Every route may wait on the database, so /docs gives each its 503."""
    spec = client.get("/openapi.json").json()
    for path, item in spec["paths"].items():
        for method, route in item.items():
            shown = route["responses"].get("503", {}).get("description", "")
            assert "storage_unavailable" in shown, (method, path)
    started = spec["paths"]["/api/sessions"]["post"]["responses"]["503"]["description"]
    assert "server_full" in started
