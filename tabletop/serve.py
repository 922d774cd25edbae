"""Browser play: ``tabletop serve`` puts the app on a web page with textual-serve.

textual-serve answers each browser connection by starting the command it was given in a fresh
process and relaying that process's terminal to xterm.js in the page, so every tab is a table of
its own (its own menu, its own game), while all of them read and write the same saves folder.
The command is this very program, ``python -m tabletop``, run by the same interpreter, on the same
code (the package's folder goes first on ``PYTHONPATH``) and with the same root options.

Nothing here imports Textual: textual-serve itself is aiohttp, and is imported only to serve.
"""

from __future__ import annotations

import ipaddress
import os
import shlex
import socket
import sys
from pathlib import Path

from .text.shell import _

PACKAGE_ROOT = Path(__file__).resolve().parent.parent
"""The folder holding the ``tabletop`` package the server runs from."""


class ServeError(Exception):
    """Serving is impossible (port taken, textual-serve missing): one line for a person."""


def app_command(saves_dir: Path, *, ascii_only: bool = False, lang: str | None = None) -> str:
    """The shell command textual-serve starts for each browser connection (in ``lang`` if given)."""
    args = [sys.executable, "-m", "tabletop", "--saves-dir", str(Path(saves_dir).resolve())]
    if ascii_only:
        args.append("--ascii")
    if lang:
        args += ["--lang", lang]
    return shlex.join(args)


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def check_free(host: str, port: int) -> None:
    """Refuse a port that cannot be listened on now, before the server prints its banner."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as exc:
        raise ServeError(_("cannot serve on {host}:{port} (unknown host: {reason})").format(
            host=host, port=port, reason=exc.strerror)) from None
    family, kind, proto, _canonical, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as aiohttp binds
        try:
            probe.bind(address)
        except OSError as exc:
            raise ServeError(_("cannot serve on {host}:{port} ({reason})").format(
                host=host, port=port, reason=exc.strerror or exc)) from None


def serve(saves_dir: Path, *, host: str = "127.0.0.1", port: int = 8000, public_url: str | None = None,
          ascii_only: bool = False, lang: str | None = None) -> None:
    """Serve the app until Ctrl+C (or SIGTERM). ``public_url`` is the address browsers use when it
    differs from ``http://host:port`` (behind a proxy, or when bound to 0.0.0.0)."""
    try:
        from textual_serve.server import Server
    except ImportError:
        raise ServeError(_("browser play needs the textual-serve package (pip install textual-serve)")) from None
    check_free(host, port)
    Path(saves_dir).mkdir(parents=True, exist_ok=True)
    paths = [str(PACKAGE_ROOT), *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
    os.environ["PYTHONPATH"] = os.pathsep.join(dict.fromkeys(paths))  # inherited by every app process
    server = Server(app_command(saves_dir, ascii_only=ascii_only, lang=lang), host=host, port=port, title="Tabletop",
                    public_url=public_url)
    if not is_loopback(host):
        print(_("Note: anyone who can reach {host}:{port} can play here and open the saves in {folder}.").format(
            host=host, port=port, folder=saves_dir), file=sys.stderr)
    try:
        server.serve()
    except OSError as exc:
        raise ServeError(_("cannot serve on {host}:{port} ({reason})").format(
            host=host, port=port, reason=exc.strerror or exc)) from None
