"""The ``tabletop`` script: a plain help request is answered from the stored pages
(``help_fast``) before Typer is imported; everything else goes to the Typer app in ``cli``."""

from __future__ import annotations

import sys


def main() -> None:
    from . import help_fast

    if help_fast.answer():
        sys.exit(0)
    from .cli import main as typer_main

    typer_main()
