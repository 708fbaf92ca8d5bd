"""A real server for the tests: uvicorn on 127.0.0.1 and a free port, in a thread.

It can be stopped and started again on the same port and database, as a restart of
``cadogan serve`` would be.
"""

from __future__ import annotations

import socket
import threading
import time
from typing import Any

import uvicorn

from cadogan.web import create_app


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class LiveServer:
    """``create_app(db_path, **options)`` served on 127.0.0.1; ``url`` is its address."""

    def __init__(self, db_path: str | None = None, port: int | None = None, **options: Any):
        self.db_path, self.options = db_path, options
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.server: uvicorn.Server | None = None
        self.thread: threading.Thread | None = None
        self.app: Any = None

    def start(self) -> LiveServer:
        self.app = create_app(self.db_path, **self.options)
        config = uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            assert self.thread.is_alive() and time.monotonic() < deadline, "no server"
            time.sleep(0.05)
        return self

    def stop(self) -> None:
        assert self.server is not None and self.thread is not None
        self.server.should_exit = True
        self.thread.join(timeout=15)
        assert not self.thread.is_alive(), "the server did not stop"
        self.app.state.db.close()

    def restart(self) -> None:
        self.stop()
        self.start()
