"""``python -m tabletop.text.compile``: write the ``.mo`` of every catalog whose ``.po`` changed
(``make messages`` runs it after updating the shell's catalogs)."""

from __future__ import annotations

import sys

from .catalog import LOCALE
from .mo import build


def main() -> None:
    for path in build(LOCALE):
        print(f"wrote {path.relative_to(LOCALE.parent.parent)}", file=sys.stderr)


if __name__ == "__main__":
    main()
