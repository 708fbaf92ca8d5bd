"""A time limit for each web test: a server that never answers fails the test instead
of hanging the run (CI has a fixed budget for everything)."""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from types import FrameType

import pytest

LIMIT_SECONDS = 180


def _expired(signum: int, frame: FrameType | None) -> None:
    raise TimeoutError(f"this test took more than {LIMIT_SECONDS} s")


@pytest.fixture(autouse=True)
def time_limit() -> Iterator[None]:
    usable = hasattr(signal, "SIGALRM") and threading.current_thread() is threading.main_thread()
    if not usable:
        yield
        return
    previous = signal.signal(signal.SIGALRM, _expired)
    signal.alarm(LIMIT_SECONDS)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
