"""Write the "Learn to play" block of each rules summary from the game's guided first game.

The rules summaries (``docs/games/<game>.md``, and the Spanish ones in ``docs/games/es/``) link
each rule to the lessons of the guided game that show it. The block sits between the markers
``<!-- guide:start -->`` and ``<!-- guide:end -->`` (appended at the end when missing) and is
generated from ``tabletop/games/<game>/guide.py`` and its catalogs, so it never drifts;
``tests/engine/test_guides.py`` checks it is current. Run from the project root:
    .venv/bin/python tools/guide_docs.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

START, END = "<!-- guide:start -->", "<!-- guide:end -->"
HEAD = {
    "en": ("## Learn to play", "Main menu → *Learn to play* → {title}: a guided first game on the real "
           "screen. Each rule below is shown in the lessons listed beside it."),
    "es": ("## Aprende a jugar", "Menú principal → *Aprende a jugar* → {title}: una primera partida guiada "
           "en la pantalla real. Cada regla se muestra en las lecciones indicadas a su lado."),
}
COLUMNS = {"en": "| rule | lessons | first lesson on it |", "es": "| regla | lecciones | primera lección |"}


def block(game_id: str, lang: str) -> str:
    from tabletop import games
    from tabletop.text.render import Renderer
    from tabletop.ui.guide_screen import guide_for

    guide = guide_for(game_id)
    assert guide is not None, game_id
    game = games.game(game_id)
    words = Renderer(game_id, [s.name for s in guide.seats], lang=lang,
                     card_title=lambda c: game.face(c).title)
    order: dict[str, list[int]] = {}
    for number, step in enumerate(guide.steps, 1):
        order.setdefault(step.rule, []).append(number)
    title, intro = HEAD[lang]
    lines = [START, title, "", intro.format(title=game.spec.title), "", COLUMNS[lang], "|---|---|---|"]
    for rule, numbers in order.items():
        first = words.text(guide.steps[numbers[0] - 1].say).split(". ")[0].rstrip(".")
        shown = words.template(f"rule.{rule}") or rule
        lines.append(f"| {shown} | {', '.join(map(str, numbers))} | {first}. |")
    lines.append(END)
    return "\n".join(lines)


def docs_for(game_id: str) -> list[tuple[Path, str]]:
    out = [(ROOT / "docs" / "games" / f"{game_id}.md", "en")]
    spanish = ROOT / "docs" / "games" / "es" / f"{game_id}.md"
    if spanish.exists():
        out.append((spanish, "es"))
    return out


def updated(text: str, new_block: str) -> str:
    if START in text and END in text:
        before, rest = text.split(START, 1)
        after = rest.split(END, 1)[1]
        return before + new_block + after
    return text.rstrip("\n") + "\n\n" + new_block + "\n"


def main() -> None:
    for game_id in ("superinmundos", "villainous", "msx_cards", "mount_gram"):
        for path, lang in docs_for(game_id):
            text = path.read_text(encoding="utf-8")
            new = updated(text, block(game_id, lang))
            if new != text:
                path.write_text(new, encoding="utf-8")
                print(f"updated {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
