"""``cadogan serve``: the web app on FastAPI and uvicorn (needs the ``web`` extra)."""

from __future__ import annotations

import contextlib
import gc
import socket
import threading
import webbrowser

import click

from cadogan.cli_common import Port

WS_MAX_SIZE = 65_536  # WebSocket frames over this close the connection (messages are far smaller)


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option(
    "--port",
    default=8000,
    show_default=True,
    type=Port(),
    help="Port to listen on (0: any free port, named in the 'serving on' line).",
)
@click.option(
    "--db",
    "db_path",
    default="cadogan.sqlite",
    show_default=True,
    type=click.Path(dir_okay=False),
    help="SQLite file for saved games and statistics.",
)
@click.option("--open", "open_browser", is_flag=True, help="Open the page in a browser.")
def serve(host: str, port: int, db_path: str, open_browser: bool) -> None:
    """Play every game in the browser (FastAPI; the API is documented at /docs)."""
    try:
        import uvicorn

        from cadogan.web import create_app
    except ImportError as err:
        raise click.ClickException(
            f"the web app needs the 'web' extra: pip install 'cadogan[web]' ({err.name} missing)"
        ) from None
    sock = listen(host, port)
    port = sock.getsockname()[1]  # the port the system chose, for --port 0
    url = f"http://{host}:{port}/" if ":" not in host else f"http://[{host}]:{port}/"
    app = create_app(db_path)
    config = uvicorn.Config(app, log_level="warning", ws_max_size=WS_MAX_SIZE)
    click.echo(f"cadogan: serving on {url} (API docs at {url}docs); Ctrl-C stops it.")
    if open_browser:
        threading.Timer(1.0, webbrowser.open, args=(url,)).start()
    tune_gc()
    # uvicorn re-raises Ctrl-C after its clean shutdown, and uvicorn.run swallows it; so
    # do we, rather than say "aborted".
    server = uvicorn.Server(config)
    with contextlib.suppress(KeyboardInterrupt):
        server.run(sockets=[sock])
    if not server.started:  # uvicorn.run exits 3 here; its log has said why
        raise click.ClickException("the server did not start")


def listen(host: str, port: int) -> socket.socket:
    """The server's socket, bound before anything is printed, so that a busy port or a
    bad address is one clear line rather than a "serving on" followed by a failure."""
    try:
        family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
    except socket.gaierror as err:
        raise click.BadParameter(
            f"cannot listen on {host!r}: {err.strerror}", param_hint="--host"
        ) from None
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as err:
        sock.close()
        # Exit 1, not 2: the port is busy now, not a bad value; the line says what to do.
        advice = " (choose another --port, or --port 0 for any free one)" if port else ""
        raise click.ClickException(
            f"cannot listen on {host}:{port}: {err.strerror}{advice}"
        ) from None
    return sock


def tune_gc() -> None:
    """The objects made at start-up live as long as the server: keep them out of the
    garbage collector's full passes, and make those passes rarer (shorter, fewer pauses)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000, 10, 10)
