"""The web front end: a FastAPI server (``cadogan serve``) and its static page.

This package is the only place that imports FastAPI; it needs the ``web`` extra.
The server is the only judge of the rules: the page sends move texts and draws the
player's view the server returns, which never names a face-down card.
"""

from __future__ import annotations

from cadogan.web.app import create_app

__all__ = ["create_app"]
