"""Options left unset cost nothing: ``tabletop new -h`` answers as fast as ``tabletop --help``.

Typer (0.2x, with its own copy of Click) turns every command-line value into its Python type with
a pydantic ``TypeAdapter``, built the first time a parameter is processed: even for a parameter
that was not given, whose value is ``None`` and stays ``None``. Any subcommand therefore
imported pydantic and built adapters for the root options (``--saves-dir``, ``--ascii``) and the
help flag before it could print its help: two to four times the cost of ``import typer``.

``install()`` makes a missing value skip that step, doing exactly what Typer's own
``process_value`` does with it (a ``None``, or ``()`` for a repeatable option, then the required
check and the parameter's callback) without building the adapter. A value that was given goes
through Typer untouched, except a text for a plain ``str`` parameter (``--lang es``), which that
step would give back as it is. Typer versions without that class (older ones validate through
Click) are left alone.
"""

from __future__ import annotations

from typing import Any


def _plain_text(param: Any, value: Any) -> bool:
    """A text given for a parameter typed ``str`` (``--lang es``): coercing it gives it back
    unchanged, so building an adapter for it (and importing Pydantic) is only cost."""
    desc = getattr(param, "type_descriptor", None)
    return (isinstance(value, str) and desc is not None and desc.annotation is str
            and not getattr(desc, "is_choice", False) and not param.multiple and param.nargs == 1)


def install() -> bool:
    """Patch Typer's parameter class once; False if this Typer has no such class."""
    try:
        from typer import core
        from typer._click.exceptions import MissingParameter
    except ImportError:
        return False
    cls: Any = getattr(core, "_TyperParameter", None)
    if cls is None or getattr(cls, "_tabletop_lean", False):
        return cls is not None
    typer_process_value = cls.process_value

    def process_value(self: Any, ctx: Any, value: Any) -> Any:
        if value is not None and not _plain_text(self, value):
            return typer_process_value(self, ctx, value)
        if value is None:
            value = () if (self.multiple or self.nargs == -1) else None  # what coercing None returns
        if self.required and self.value_is_missing(value):
            raise MissingParameter(ctx=ctx, param=self)
        if self.callback is not None:
            value = self.callback(ctx, self, value)
        return value

    process_value.__wrapped__ = typer_process_value  # type: ignore[attr-defined]
    cls.process_value = process_value
    cls._tabletop_lean = True
    return True
