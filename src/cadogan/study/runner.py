"""Running a study: the missing deals of a range, on a process pool, in-process or on Dask.

Each deal's result depends only on the game, its options, the player, the deal number
and the time budget (seeds go by deal number, never by worker), so every backend gives
the same rows deal by deal, apart from the time taken.  One caveat: the budget is in
seconds, so a solve that ends near it may be decided on an idle machine and stored as
a timeout on a busy one (docs/scaling.md); a won or lost row is a proof either way, and
``--retry-timeouts`` gives such deals more time later.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from dataclasses import dataclass
from itertools import islice
from typing import Any

from cadogan import registry
from cadogan.core import CadoganError
from cadogan.core.options import format_pairs
from cadogan.study.store import Row, Store

COMMIT_EVERY = 1.0  # seconds: a finished deal is on disk within about this long
COMMIT_ROWS = 256  # rows: a fast study commits as soon as this many wait
MAX_WORKERS = 64  # the most processes a study starts (``cadogan study --workers``)


@dataclass(frozen=True, slots=True)
class StudyTask:
    """What a study plays: a game with options, a player, a range of deals, a budget.

    With ``retry`` it also plays again the deals stored as timeouts under a smaller
    budget, so a study can be given more time per deal in later, resumable passes.
    """

    game: str
    options: tuple[tuple[str, str], ...]
    player: str
    deals: range
    timeout: float = 10.0
    retry: bool = False
    max_states: int | None = None  # the solver's table cap; None: the solver's default
    max_nodes: int | None = None  # the solver's positions per deal; None: the clock alone

    @property
    def options_text(self) -> str:
        """The options as stored: every option of the game, defaults included."""
        return format_pairs(registry.game(self.game, **dict(self.options)).options)


def play_one(
    game: str,
    options: tuple[tuple[str, str], ...],
    player: str,
    deal: int,
    timeout: float,
    max_states: int | None = None,
    max_nodes: int | None = None,
) -> Row:
    """Play one deal and return its row; a pure function of its arguments (bar seconds).
    ``max_states`` caps the solver's table (None: the solver's default): a long budget
    that is to prove hard deals lost needs a larger one.  ``max_nodes`` caps the
    solver's positions, which makes its row the same on every machine (when the clock
    does not run out first)."""
    from cadogan.solve.players import play_deal
    from cadogan.solve.search import MAX_STATES
    from cadogan.version import VERSION

    g = registry.game(game, **dict(options))
    cap = MAX_STATES if max_states is None else max_states
    result = play_deal(
        g, deal, player, timeout=timeout, seed=0, max_states=cap, max_nodes=max_nodes
    )
    return Row(
        g.id,
        format_pairs(g.options),
        player,
        deal,
        result.status,
        len(result.moves),
        result.nodes,
        result.seconds,
        timeout,
        VERSION,
        max_nodes,
    )


def _arguments(
    task: StudyTask, deal: int
) -> tuple[str, tuple[tuple[str, str], ...], str, int, float, int | None, int | None]:
    """``play_one``'s arguments for one deal of ``task``."""
    return (
        task.game,
        task.options,
        task.player,
        deal,
        task.timeout,
        task.max_states,
        task.max_nodes,
    )


def _in_process(task: StudyTask, deals: list[int]) -> Iterator[Row]:
    for deal in deals:
        yield play_one(*_arguments(task, deal))


def _pool(task: StudyTask, deals: list[int], workers: int, take: Callable[[Row], None]) -> None:
    """Play ``deals`` on a pool of at most ``workers`` processes (no more than there
    are deals: the pool starts them all at once), handing each row to ``take``.

    However it stops, every deal that finished is handed over first: the rows of a
    round of finished deals before the error of a broken one among them (a worker
    killed for memory), and on Ctrl-C the rows already done.  Deals not started are
    cancelled and the workers stopped, so Ctrl-C does not wait for deals in flight
    (which once ran on, each to its whole budget, and were then thrown away)."""
    pool = ProcessPoolExecutor(max_workers=min(workers, len(deals)))
    running: set[Future[Row]] = set()
    finished: set[Future[Row]] = set()  # done, and not handed over yet
    try:
        todo = iter(deals)
        while True:
            for deal in todo:  # keep at most 2 x workers in flight
                running.add(pool.submit(play_one, *_arguments(task, deal)))
                if len(running) >= 2 * workers:
                    break
            if not running:
                break
            finished, running = wait(running, return_when=FIRST_COMPLETED)
            _hand_over(finished, take)
    except BaseException:
        _hand_over(finished | {f for f in running if f.done()}, take, quiet=True)
        _stop(pool)
        raise
    pool.shutdown(wait=True)


def _hand_over(
    finished: set[Future[Row]], take: Callable[[Row], None], quiet: bool = False
) -> None:
    """Hand over the rows of the ``finished`` deals, taking each out of the set first
    (so that what is left there was not handed over), then raise the first error among
    them (none when ``quiet``: an error is already on its way)."""
    failure: BaseException | None = None
    for future in list(finished):
        finished.discard(future)
        error = None if future.cancelled() else future.exception()
        if error is None and not future.cancelled():
            take(future.result())
        elif failure is None:
            failure = error
    if failure is not None and not quiet:
        raise failure


def _stop(pool: ProcessPoolExecutor) -> None:
    """Cancel the deals not started and stop the workers without waiting for theirs."""
    # The executor has no public way to stop deals under way (before Python 3.14's
    # terminate_workers), so its worker processes are stopped directly; they are
    # taken before the shutdown, which forgets them.
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()
    for process in processes:
        process.join(5)


DASK_WINDOW = 2  # deals in flight on the cluster per worker thread


def _dask(task: StudyTask, deals: list[int], address: str) -> Iterator[Row]:
    """Play ``deals`` on the Dask cluster at ``address``, yielding rows as they finish.

    Only about ``DASK_WINDOW`` deals per worker thread are on the cluster at a time, a
    new one sent as each comes back, so rows arrive (and are committed) from the start
    and a study of millions of deals does not first build millions of futures.  A
    cluster lost midway (its scheduler stopped, a worker killed) ends the study with
    one clear error; every row that came back is kept.  With no deal to play, nothing
    is asked of the cluster, so a finished study's totals need no scheduler."""
    if not deals:
        return
    try:
        from dask.distributed import Client, as_completed
    except ImportError:
        raise CadoganError("--dask needs the dask extra: pip install 'cadogan[dask]'") from None

    try:
        client = Client(address, timeout="15s")  # type: ignore[no-untyped-call]
    except (OSError, ValueError) as err:  # ValueError: an address it cannot read
        raise CadoganError(f"cannot reach the Dask scheduler at {address}: {err}") from None
    with _quiet("distributed"), client:
        threads = sum(client.nthreads().values())  # type: ignore[no-untyped-call]
        window = max(DASK_WINDOW, DASK_WINDOW * threads)
        todo = iter(deals)

        def send(deal: int) -> Any:
            # The key is every argument: a deal played with another budget, cap or
            # option must not reuse a result the cluster keeps.
            arguments = _arguments(task, deal)
            return client.submit(play_one, *arguments, key=f"play_one-{arguments!r}", pure=True)

        flight = as_completed([send(d) for d in islice(todo, window)])  # type: ignore[no-untyped-call]
        try:
            for future in flight:
                row = future.result()
                following = next(todo, None)
                if following is not None:
                    flight.add(send(following))  # type: ignore[no-untyped-call]
                yield row
        except _lost_cluster() as err:
            raise CadoganError(
                f"the Dask cluster at {address} stopped the study ({type(err).__name__}: "
                f"{err}); every finished deal is kept: rerun to continue"
            ) from None


@contextmanager
def _quiet(prefix: str) -> Iterator[None]:
    """Keep the loggers named ``prefix...`` to their critical messages meanwhile: Dask's
    client logs a lost scheduler, at times with a traceback, before the study's one line
    says the same (Dask gives some of its loggers levels of their own, so each is set)."""
    names = [prefix, *(n for n in logging.root.manager.loggerDict if n.startswith(prefix + "."))]
    loggers = [logging.getLogger(n) for n in names]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        for logger, level in zip(loggers, levels, strict=True):
            logger.setLevel(level)


def _lost_cluster() -> tuple[type[BaseException], ...]:
    """The errors with which Dask says the cluster, not the deal, failed: a task
    cancelled (its scheduler gone), a worker killed, a connection closed or timed out."""
    from concurrent.futures import CancelledError

    from distributed.scheduler import KilledWorker

    return (CancelledError, KilledWorker, OSError, TimeoutError)


def _group(task: StudyTask) -> tuple[str, str, str]:
    return task.game, task.options_text, task.player


def to_retry(store: Store, task: StudyTask) -> set[int]:
    """The deals of ``task`` stored as timeouts under a budget smaller than its own
    (seconds and positions), which ``--retry-timeouts`` plays again."""
    return store.retryable(*_group(task), task.deals, task.timeout, task.max_nodes)


class _Committer:
    """Commits a study's rows from a thread of its own, at least once a second.

    Why a thread: the rows arrive when deals finish, and the next deal may take its
    whole budget (minutes, in a long study).  Committing only when a row arrives kept
    the deal before it in memory all that time, where a kill lost it.  Rows wait here
    at most about ``every`` seconds, and ``close`` commits the rest, so a study stopped
    by Ctrl-C or by an error keeps every finished deal, and one killed outright loses
    at most the last second of work.  Each commit is one transaction of every row
    waiting, so a fast study still writes in batches, of at most about
    ``COMMIT_ROWS`` rows (so that its rows reach the disk steadily too).
    """

    def __init__(self, store: Store, every: float = COMMIT_EVERY) -> None:
        self._store = store
        self._every = every
        self._waiting: list[Row] = []
        self._lock = threading.Lock()  # held while rows are queued or taken
        self._stop = threading.Event()
        self._wake = threading.Event()  # set to commit now: many rows wait, or the end
        self._failure: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="study-commits", daemon=True)
        self._thread.start()

    def put(self, row: Row) -> None:
        """Queue one row; raises the error of a failed commit, if one failed."""
        with self._lock:
            self._waiting.append(row)
            if len(self._waiting) >= COMMIT_ROWS:
                self._wake.set()
        if self._failure is not None:
            raise self._failure

    def close(self) -> None:
        """Stop the thread and commit every row still waiting; raises when that last
        commit fails (an earlier failure of the thread's is forgotten once its rows are
        stored)."""
        self._stop.set()
        self._wake.set()
        self._thread.join()
        self._commit()
        self._failure = None

    def _run(self) -> None:
        while True:
            self._wake.wait(self._every)
            self._wake.clear()
            if self._stop.is_set():
                return  # close() commits the rest
            try:
                self._commit()
            except Exception as err:  # handed to the main thread, raised there
                self._failure = err
                return

    def _commit(self) -> None:
        """Write every row waiting in one transaction.  The list is taken under the
        lock and written outside it, so the study goes on queueing rows while SQLite
        waits for another writer; rows whose write fails are queued again, first."""
        with self._lock:
            rows, self._waiting = self._waiting, []
        if not rows:
            return
        try:
            self._store.add(rows)
        except BaseException:
            with self._lock:
                self._waiting[:0] = rows
            raise


def run_study(
    task: StudyTask,
    store: Store,
    *,
    workers: int = 1,
    dask: str | None = None,
    progress: Callable[[Row], None] | None = None,
) -> int:
    """Play every deal of ``task`` not yet stored, and with ``task.retry`` every stored
    timeout of a smaller budget (its row is replaced); returns how many were played.

    Rows are committed at least once a second by a thread of their own (``_Committer``)
    and the rest when the study stops for any reason, so Ctrl-C or an error loses no
    finished deal and a study killed outright loses at most the last second of work.
    A pool worker that dies (killed for memory, say) ends the study with a
    ``CadoganError`` once the rows already finished are committed.
    """
    registry.game(task.game, **dict(task.options))  # refuse bad games and options early
    if dask is not None and not dask.strip():  # an unset variable, say: never run locally
        raise CadoganError("--dask needs a scheduler address (e.g. tcp://127.0.0.1:8786)")
    done = store.done(task.game, task.options_text, task.player, task.deals)
    missing = [d for d in task.deals if d not in done]
    if task.retry:
        missing = sorted({*missing, *to_retry(store, task)})
    committer = _Committer(store)

    def take(row: Row) -> None:
        committer.put(row)
        if progress:
            progress(row)

    try:
        if workers > 1 and len(missing) > 1 and dask is None:
            _pool(task, missing, workers, take)
        else:
            rows = _in_process(task, missing) if dask is None else _dask(task, missing, dask)
            for row in rows:
                take(row)
    except BrokenProcessPool:
        raise CadoganError(
            "a worker process died (was it killed for memory? try fewer --workers or a "
            "smaller --max-states); every finished deal is kept: rerun to continue"
        ) from None
    finally:
        committer.close()
    return len(missing)
