"""Web load: concurrent games on a local ``cadogan serve``, moves over HTTP and WebSocket.

Starts ``cadogan serve`` in a child process on 127.0.0.1 and a free port (with its own
SQLite file, so every move is also written to disk), then runs ``--games`` games at once.
Each game is a Travellers deal played alone by its own client (its own cookie): it
connects the game's WebSocket, then sends ``--moves`` moves, one every ``--think``
seconds on average (each wait drawn between half and one and a half times that, and
the games starting at random within the first wait, as people do not move in step),
alternating between ``POST /api/sessions/{id}/moves`` and a WebSocket
``move`` message.  The round trip of a move is timed from sending it to receiving the
new table (the HTTP answer, or the WebSocket ``state`` message).  A game that ends
starts a new deal.  The server's resident memory is sampled throughout.

Only 127.0.0.1 is contacted; the run is bounded in moves and in time (``--limit``).

    .venv/bin/python benchmarks/web_load.py --games 50 --moves 40
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets


@dataclass
class Times:
    """Round trips in seconds, by transport."""

    http: list[float] = field(default_factory=list)
    ws: list[float] = field(default_factory=list)
    failures: int = 0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time the process has used (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mib(pid: int) -> float:
    """The process's resident memory in MiB (Linux /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def new_game(client: httpx.AsyncClient, deal: int) -> dict[str, Any]:
    answer = await client.post("/api/sessions", json={"game": "travellers", "deal": deal})
    answer.raise_for_status()
    data: dict[str, Any] = answer.json()
    return data


async def next_state(ws: websockets.ClientConnection, steps: int) -> dict[str, Any]:
    """The first ``state`` message past ``steps`` moves (earlier ones are skipped)."""
    while True:
        message = json.loads(await ws.recv())
        if message["type"] == "error":
            raise RuntimeError(message["error"])
        if message["type"] == "state" and message["game"]["steps"] > steps:
            game: dict[str, Any] = message["game"]
            return game


async def one_game(base: str, number: int, args: argparse.Namespace, times: Times) -> None:
    """One client: its games, its moves, alternating HTTP and WebSocket."""
    rng = random.Random(number)  # people do not move in step: each waits its own time
    await asyncio.sleep(rng.uniform(0, args.think))
    async with httpx.AsyncClient(base_url=base, timeout=30) as client:
        sent, deal = 0, 1000 + number
        while sent < args.moves:
            table = await new_game(client, deal)
            cookie = f"cadogan_player={client.cookies['cadogan_player']}"
            url = base.replace("http", "ws") + f"/ws/games/{table['id']}"
            async with websockets.connect(url, additional_headers={"Cookie": cookie}) as ws:
                await next_state(ws, -1)
                while sent < args.moves and not table["over"]:
                    await asyncio.sleep(args.think * rng.uniform(0.5, 1.5))
                    move, steps = table["moves"][0]["text"], table["steps"]
                    start = time.perf_counter()
                    if sent % 2 == 0:
                        answer = await client.post(
                            f"/api/sessions/{table['id']}/moves", json={"move": move}
                        )
                        table = answer.json()
                        times.http.append(time.perf_counter() - start)
                        await next_state(ws, steps)  # the same table, pushed to the socket
                    else:
                        await ws.send(json.dumps({"type": "move", "move": move}))
                        table = await next_state(ws, steps)
                        times.ws.append(time.perf_counter() - start)
                    sent += 1
            deal += 100


async def sample(pid: int, peak: list[float], stop: asyncio.Event) -> None:
    while not stop.is_set():
        peak.append(rss_mib(pid))
        await asyncio.sleep(0.2)


async def load(base: str, pid: int, args: argparse.Namespace) -> tuple[Times, list[float], float]:
    times, stop = Times(), asyncio.Event()
    peak: list[float] = []
    sampler = asyncio.create_task(sample(pid, peak, stop))
    start = time.perf_counter()
    games = [one_game(base, n, args, times) for n in range(args.games)]
    results = await asyncio.wait_for(
        asyncio.gather(*games, return_exceptions=True), timeout=args.limit
    )
    times.failures = sum(isinstance(r, BaseException) for r in results)
    for r in results:
        if isinstance(r, BaseException):
            print("a game failed:", repr(r), file=sys.stderr)
    elapsed = time.perf_counter() - start
    stop.set()
    await sampler
    return times, peak, elapsed


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000 if ordered else 0.0


def wait_up(base: str, deadline: float) -> None:
    while time.monotonic() < deadline:
        try:
            if httpx.get(base + "/api/games", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            time.sleep(0.1)
    raise SystemExit("the server did not start")


def main() -> None:
    gc.collect()  # the load client's own pauses would count in the round trips
    gc.freeze()
    gc.set_threshold(10_000, 10, 10)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--moves", type=int, default=40, help="Moves sent by each game.")
    parser.add_argument("--think", type=float, default=0.1, help="Seconds between moves.")
    parser.add_argument("--limit", type=float, default=300, help="Stop after this many s.")
    args = parser.parse_args()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        db = os.path.join(tmp, "load.sqlite")
        command = [sys.executable, "-m", "cadogan.cli", "serve", "--port", str(port), "--db", db]
        server = subprocess.Popen(command, stdout=subprocess.DEVNULL)
        try:
            wait_up(base, time.monotonic() + 30)
            idle = rss_mib(server.pid)
            cpu0, mine0 = cpu_seconds(server.pid), time.process_time()
            times, peak, elapsed = asyncio.run(load(base, server.pid, args))
            after = rss_mib(server.pid)
            cpu, mine = cpu_seconds(server.pid) - cpu0, time.process_time() - mine0
        finally:
            server.terminate()
            server.wait(timeout=30)
    both = times.http + times.ws
    print(f"{args.games} games x {args.moves} moves, think {args.think}s: {elapsed:.1f}s, "
          f"{len(both) / elapsed:.0f} moves/s, {times.failures} failed games")  # fmt: skip
    print("| transport | moves | p50 ms | p99 ms | max ms |")
    print("|---|---:|---:|---:|---:|")
    for name, values in (("HTTP API", times.http), ("WebSocket", times.ws), ("both", both)):
        print(f"| {name} | {len(values)} | {pct(values, 0.5):.1f} | {pct(values, 0.99):.1f} | "
              f"{max(values, default=0) * 1000:.1f} |")  # fmt: skip
    print(f"Server memory (RSS): {idle:.0f} MiB idle, peak {max(peak, default=0):.0f} MiB, "
          f"{after:.0f} MiB after.")  # fmt: skip
    print(f"CPU: server {cpu:.1f}s ({cpu / max(1, len(both)) * 1000:.2f} ms a move), "
          f"load client {mine:.1f}s, over {elapsed:.1f}s of wall time.")  # fmt: skip
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} cores, "
          f"load average before: {os.getloadavg()[0]:.2f}.")  # fmt: skip


if __name__ == "__main__":
    main()
