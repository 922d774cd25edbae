"""Typer's and Click's usage errors in the table's language.

Typer 0.2x carries its own copy of Click, whose messages are English f-strings (``No such option:
--foo``, ``Missing argument 'file'.``, ``Try 'tabletop -h' for help.``): there is no ``gettext``
to bind. So the small catalog here lists those messages as templates, in the ``tabletop`` domain
(msgids are the English messages, with ``{name}`` where Click puts a value); a usage error is
printed as Click prints it, and each template found in what it printed is replaced by its
translation, the values carried over. A message the catalog does not list stays English.

Kept free of Textual and Rich (it runs on the CLI's start-up path only when an error is shown).
"""

from __future__ import annotations

import io
import re
from functools import cache
from typing import IO, Any

from .text.language import language
from .text.shell import N_, _

MESSAGES = (
    N_("Try '{command}' for help."),
    N_("No such option: {option}"),
    N_("(Possible options: {options})"),
    N_("No such command '{name}'."),
    N_("Did you mean {names}?"),
    N_("Missing command."),
    N_("Missing argument '{name}'."),
    N_("Missing option '{name}'."),
    N_("Missing parameter: {name}"),
    N_("Invalid value for {name}: {reason}"),
    N_("Invalid value: {reason}"),
    N_("Got unexpected extra argument(s) ({args})"),
    N_("Option '{name}' requires an argument."),
    N_("Option '{name}' requires {n} arguments."),
    N_("Option '{name}' does not take a value."),
    N_("Input should be a valid integer, unable to parse string as an integer"),
    N_("Input should be a valid integer"),
    N_("Input should be a valid number, unable to parse string as a number"),
    N_("Input should be a valid boolean, unable to interpret input"),
)
"""Click's and Typer's messages (and Pydantic's for a value of the wrong type), as templates."""

_FIELD = re.compile(r"\{(\w+)\}")
_REST = frozenset({"reason"})
"""Placeholders that take the rest of the message (itself translated in turn)."""


@cache
def _pattern(template: str) -> re.Pattern[str]:
    """A template as a regular expression: each value up to the text that follows it in the
    template, a last one up to the next space (``reason``: to the end)."""
    out, pos = [], 0
    fields = list(_FIELD.finditer(template))
    for field in fields:
        out.append(re.escape(template[pos:field.start()]))
        name, last = field.group(1), field.end() == len(template)
        out.append(f"(?P<{name}>.*)" if name in _REST else rf"(?P<{name}>\S+)" if last else f"(?P<{name}>.+?)")
        pos = field.end()
    out.append(re.escape(template[pos:]))
    return re.compile("".join(out))


def translate(text: str, lang: str | None = None) -> str:
    """``text`` (what Click printed) with every message of ``MESSAGES`` in it in ``lang``."""
    if (lang or language()) == "en":
        return text
    for template in sorted(MESSAGES, key=len, reverse=True):
        local = _(template, lang)
        if local == template:
            continue

        def put(m: re.Match[str], local: str = local) -> str:
            values = {k: translate(v, lang) if k in _REST else v for k, v in m.groupdict().items()}
            return local.format(**values)

        text = _pattern(template).sub(put, text)
    return text


def install() -> None:
    """Make Click's usage errors (and its other user errors) print in the table's language."""
    try:
        from typer._click import exceptions
    except ImportError:  # pragma: no cover - an older Typer uses Click itself
        from click import exceptions  # type: ignore[no-redef]
    for cls in (exceptions.ClickException, exceptions.UsageError):
        show = cls.__dict__["show"]
        if getattr(show, "_tabletop", False):
            continue

        def local_show(self: Any, file: IO[Any] | None = None, _show: Any = show) -> None:
            if language() == "en":
                _show(self, file)
                return
            buffer = io.StringIO()
            _show(self, buffer)
            target = file if file is not None else exceptions.get_text_stderr()
            target.write(translate(buffer.getvalue()))
            target.flush()

        local_show._tabletop = True  # type: ignore[attr-defined]
        cls.show = local_show  # type: ignore[method-assign]
