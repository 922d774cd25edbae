"""Drawing pieces of the MSX Cards screen: fighter and Boss panels, the Pentagon, the dice.

Everything here draws from the view (``MsxCards.view``), never from the state, and every word
through the table's renderer ``words`` (the rules' messages, card names, the ``ui.*`` texts of the
``msx_cards`` catalog). Colour always comes with a letter or a symbol: race letters (Y G B S R),
``A``/``D`` for Boss entries, shade glyphs for the Pentagon cells, words for the capsule button.
"""

from __future__ import annotations

from typing import Any, Callable

from rich.console import Group, RenderableType
from rich.text import Text
from textual.widget import Widget

from tabletop.text.render import Renderer
from tabletop.ui.glyphs import bar, glyphs
from tabletop.ui.widgets import DicePanel
from tabletop.ui.widgets.dice_panel import dice_row

from .text import nm

RACE_LETTER = {"yellow": "Y", "green": "G", "brown": "B", "blue": "S", "red": "R"}
RACE_STYLE = {"yellow": "yellow", "green": "green", "brown": "dark_orange3", "blue": "dodger_blue2", "red": "red"}
MINUS = "\u2212"


ASCII_1 = str.maketrans({"\u2212": "-", "×": "x", "·": "-", "→": ">", "←": "<", "↓": "v", "↑": "^", "◆": "@",
                        "★": "*", "▸": ">", "—": "-", "–": "-", "✔": "+", "✘": "x", "≤": "<", "≥": ">",
                        "●": "o", "○": ".", "…": ".", "░": ".", "▓": "#", "█": "#"})
"""One-for-one replacements that keep Rich spans in place (ASCII mode)."""
ASCII_N = (("≤", "<="), ("≥", ">="), ("→", "->"), ("←", "<-"), ("×", "x"), ("\u2212", "-"), ("—", "-"))


def ascii_str(s: str) -> str:
    """Plain ASCII for a string (words from the rules: arithmetic steps, log lines)."""
    for a, b in ASCII_N:
        s = s.replace(a, b)
    return s.translate(ASCII_1)


def ascii_text(t: Text) -> Text:
    """Plain ASCII for Rich text, keeping its styles (each character maps to one character)."""
    t.plain = t.plain.translate(ASCII_1)
    return t


def num(n: int) -> str:
    return str(n) if n >= 0 else f"{MINUS}{-n}"


def race_tag(race: str | None) -> Text:
    """``Y`` in yellow: the race letter always goes with its colour."""
    if not race:
        return Text("?", style="dim")
    return Text(RACE_LETTER.get(race, race[:1].upper()), style=f"bold {RACE_STYLE.get(race, '')}")


def vit_style(value: int, maximum: int) -> str:
    share = value / max(1, maximum)
    return "green" if share > 0.5 else "yellow" if share > 0.25 else "bold red"


def pips(n: int, total: int, ascii_only: bool, on_style: str) -> Text:
    g = glyphs(ascii_only)
    text = Text()
    text.append(g["dot_on"] * n, style=on_style)
    text.append(g["dot_off"] * max(0, total - n), style="dim")
    return text


def ui(words: Renderer, key: str, **args: Any) -> str:
    """One of the screen's own texts (``ui.<key>`` in the catalog)."""
    return words.message("ui." + key, args)


def capsule_index(fighter: dict[str, Any]) -> int | None:
    """The Pentagon sector of a fighter: the index (among the 5 capsules) of its rightmost lit one."""
    index, best = 0, None
    for slot in fighter.get("capsules", []):
        if slot.get("id") is None:
            continue
        index += 1
        if slot.get("lit"):
            best = index
    return best


class Drawn(Widget):
    """A widget drawn by a function of its width (re-drawn on resize)."""

    DEFAULT_CSS = "Drawn { height: auto; }"

    def __init__(self, *, ascii_only: bool = False, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.ascii_only = ascii_only
        self._draw: Callable[[int], RenderableType] = lambda _w: Text("")

    def draw(self, fn: Callable[[int], RenderableType]) -> None:
        self._draw = fn
        self.refresh(layout=True)

    def render(self) -> RenderableType:
        out = self._draw(max(10, self.content_size.width or 40))
        if self.ascii_only and isinstance(out, Text):
            out = ascii_text(out.copy())
        return out


# -- fighters -------------------------------------------------------------------------------------------
def capsule_bar(f: dict[str, Any], ascii_only: bool, cursor: str | None = None) -> Text:
    """The race's six slots: lit names, ``·`` for unlit, ``-``/``─`` for the empty slot; used ones
    struck with ``x``; the chosen one in brackets."""
    g = glyphs(ascii_only)
    text = Text()
    for i, slot in enumerate(f.get("capsules", [])):
        if i:
            text.append(" ")
        cid = slot.get("id")
        if cid is None:
            text.append("-" if ascii_only else "─", style="dim")
        elif not slot.get("lit"):
            text.append(g["bullet"], style="dim")
        elif slot.get("used"):
            text.append(f"{cid}{g['no']}", style="dim strike")
        elif cid == cursor:
            text.append(f"[{cid}]", style="bold reverse")
        else:
            text.append(cid, style="bold")
    return text


def button(f: dict[str, Any], ascii_only: bool, words: Renderer) -> Text:
    g = glyphs(ascii_only)
    if f.get("button") == "green":
        return Text(f"{g['dot_on']} {ui(words, 'green')}", style="bold green")
    return Text(f"{g['dot_off']} {ui(words, 'red')}", style="bold red")


def fighter_text(f: dict[str, Any] | None, width: int, ascii_only: bool, words: Renderer, *,
                 effects: list[dict[str, Any]], side: int, acting: bool, cursor: str | None, hint: str = "",
                 empty: str = "") -> Text:
    g = glyphs(ascii_only)
    if f is None:
        return Text(empty or ui(words, "no_fighter"), style="dim italic")
    text = Text()
    text.append_text(race_tag(f["race"]))
    text.append(" ")
    text.append(words.card(f["id"]).upper(), style=f"bold {RACE_STYLE.get(f['race'], '')}")
    if width >= 40 or not acting:
        text.append(f"  {words.term(f['race'])}", style="dim")
    if acting:
        text.append(f"  {g['pointer']} {ui(words, 'to_act')}", style="bold italic")
    text.append("\n")
    a_now, d_now = f.get("attack_now", f["attack"]), f.get("defense_now", f["defense"])
    text.append(f"A {f['attack']}", style="bold")
    if a_now != f["attack"]:
        text.append(f"{g['pointer']}{a_now}", style="bold cyan")
    text.append(f"  D {num(f['defense'])}", style="bold")
    if d_now != f["defense"]:
        text.append(f"{g['pointer']}{num(d_now)}", style="bold cyan")
    text.append(f"  R {f['resistance']}", style="bold")
    text.append(f"   {ui(words, 'button')} " if width >= 36 else "  ", style="dim")
    text.append_text(button(f, ascii_only, words))
    text.append("\n")
    gauge = max(8, min(24, width - 18))
    text.append(f"{ui(words, 'vitality')} ", style="bold")
    text.append(bar(f["vitality"], f["max_vitality"], width=gauge, ascii_only=ascii_only),
                style=vit_style(f["vitality"], f["max_vitality"]))
    text.append("\n")
    text.append(f"{ui(words, 'capsules')} ", style="bold")
    text.append_text(capsule_bar(f, ascii_only, cursor))
    text.append("\n")
    text.append(f"{ui(words, 'ability')} ", style="bold")
    text.append(words.arg("ability", f["ability_msg"]), style="magenta")
    mine = [e for e in effects if e.get("on") == side]
    if mine:
        text.append("\n")
        text.append(f"{ui(words, 'effects')} ", style="bold")
        text.append(", ".join(f"{e['capsule']} {effect_word(e, words)}" for e in mine), style="cyan")
    if hint:
        text.append("\n")
        text.append(hint, style="italic yellow")
    return text


def effect_word(e: dict[str, Any], words: Renderer) -> str:
    """``Attack +3 (until action 4)``: a running capsule effect and when it ends."""
    from .text import effect_msg

    after = e.get("ends_after")
    ends = ui(words, "whole_battle") if after is None else ui(words, "until_action", n=after)
    return f"{words.arg('effect', effect_msg(str(e.get('kind', '')), e.get('amount') or 0))} ({ends})"


# -- the Boss --------------------------------------------------------------------------------------------
def entry_label(e: dict[str, Any]) -> str:
    return f"{'A' if e['role'] == 'attack' else 'D'}{num(e['value'])}"


def boss_text(b: dict[str, Any], width: int, ascii_only: bool, words: Renderer) -> Text:
    g = glyphs(ascii_only)
    text = Text()
    text.append(f"{g['star']} ", style="bold magenta")
    text.append(words.card(b["id"]).upper(), style="bold magenta")
    set_style = "bold white" if b["set"] == "white" else "bold grey62"
    first = ui(words, "boss_first_white") if b["set"] == "white" else ui(words, "boss_first_grey")
    text.append(f"  {ui(words, 'set_name', set_term=b['set'].upper())}", style=set_style)
    text.append(f" ({first})\n" if width >= 44 else "\n", style="dim")
    track = b.get("track", [])
    per_row = 8 if width >= 32 else 4
    cell = 5 if width >= 40 else 4
    for start in range(0, len(track), per_row):
        row = track[start:start + per_row]
        heads, values, marks = Text(), Text(), Text()
        for t in row:
            cur = t.get("current")
            style = "reverse bold" if cur else ("" if t.get("result") is None else "dim")
            heads.append(f"T{t['t']}".center(cell), style=style)
            vstyle = set_style if not cur else "reverse bold"
            values.append(entry_label(t).center(cell), style=vstyle)
            res = t.get("result")
            if res is None:
                mark = g["pointer"] + ui(words, "now") if cur else ""
                mstyle = "bold yellow"
            elif res["outcome"] == "hit":
                mark, mstyle = f"{g['ok']}{res['amount']}", "green"
            elif res["outcome"] == "took":
                mark, mstyle = f"{MINUS}{res['amount']}", "red"
            else:
                mark, mstyle = f"{g['no']}{ui(words, 'miss')}", "bold red"
            marks.append(mark.center(cell)[:cell], style=mstyle)
        text.append_text(heads)
        text.append("\n")
        text.append_text(values)
        text.append("\n")
        text.append_text(marks)
        text.append("\n")
    step = b.get("step", 1)
    cur = b.get("current")
    if cur is not None and step <= 8:
        if cur["role"] == "defense":
            text.append(ui(words, "boss_defends", step=step, d=nm(cur["value"])), style="bold yellow")
        else:
            text.append(ui(words, "boss_attacks", step=step, a=cur["value"]), style="bold red")
    else:
        text.append(ui(words, "t8_survived"), style="bold green")
    if width >= 40:
        other = "grey" if b["set"] == "white" else "white"
        track = " ".join(entry_label(e) for e in b.get(other, []))
        text.append("\n" + ui(words, "other_set", set_term=other) + f" {track} " + ui(words, "not_in_use"),
                    style="dim")
        text.append("\n" + ui(words, "boss_legend"), style="dim italic")
    return text


# -- the Pentagon ----------------------------------------------------------------------------------------
def next_visit(view: dict[str, Any]) -> dict[str, Any] | None:
    """Where an event would send the visitor now (spec §10.3 steps 3-6), from the view alone."""
    you, enemy, pent = view.get("you"), view.get("enemy"), view.get("pentagon")
    if view.get("mode") != "battle" or not you or not enemy or not pent:
        return None
    visitor, other = (you, enemy) if you["vitality"] <= enemy["vitality"] else (enemy, you)
    sector = capsule_index(visitor)
    ring = 5 - int(other["resistance"])
    if sector is None or not 1 <= ring <= 4:
        return None
    shade = pent["shades"][ring - 1][sector - 1]
    return {"visitor": visitor["id"], "race": visitor["race"], "sector": sector, "ring": ring, "shade": shade,
            "event": pent["rings"][ring - 1]}


def pentagon_text(view: dict[str, Any], width: int, ascii_only: bool, words: Renderer, *,
                  detail: bool = False) -> Text:
    pent = view["pentagon"]
    last = pent.get("last")
    nxt = next_visit(view)
    light, dark = (".", "#") if ascii_only else ("░", "▓")
    path_mark, dest_mark, next_mark = ("v", "@", "?") if ascii_only else ("↓", "◆", "?")
    cell = 5 if detail else 3
    text = Text()
    text.append("   " if not detail else ui(words, "sector_head"), style="dim")
    for i, tint in enumerate(pent["tints"]):
        label = f"{i + 1}{RACE_LETTER.get(tint, '?')}"
        text.append(label.center(cell), style=f"bold {RACE_STYLE.get(tint, '')}")
    text.append("\n")
    for r in range(4):
        ring = pent["rings"][r]
        text.append(f"r{r + 1} " if not detail else ui(words, "ring_head", n=r + 1), style="bold")
        for s in range(5):
            shade = pent["shades"][r][s]
            base = dark if shade == "dark" else light
            tint = RACE_STYLE.get(pent["tints"][s], "")
            body = base * 2
            style = f"{tint}" if shade == "dark" else f"dim {tint}"
            if last and last.get("sector") == s + 1 and r + 1 <= int(last.get("ring", 0)):
                mark = dest_mark if r + 1 == last["ring"] else path_mark
                body = mark + base
                style = f"bold reverse {tint}"
            elif nxt and nxt["sector"] == s + 1 and nxt["ring"] == r + 1:
                body = next_mark + base
                style = f"bold {tint}"
            text.append(body.center(cell), style=style)
        pol = "+" if ring["polarity"] == "positive" else MINUS
        room = max(4, width - (3 if not detail else 8) - 5 * cell - 3)
        text.append(f" {pol} ", style="bold green" if pol == "+" else "bold red")
        ring_name = words.term(ring["event"])
        text.append(ring_name[:room] if not detail else ring_name,
                    style="green" if pol == "+" else "red")
        text.append("\n")
    thr = view["world"].get("event_threshold", 0)
    if thr:
        text.append(ui(words, "event_chance_ascii" if ascii_only else "event_chance", n=thr, pct=thr * 5), style="dim")
    else:
        text.append(ui(words, "no_events"), style="dim")
    if view.get("mode") == "boss":
        text.append(" · " + ui(words, "none_in_duel"), style="dim")
    text.append("\n")
    legend = (f"{light}{light} {ui(words, 'light')}  {dark}{dark} {ui(words, 'dark_x2')}  {dest_mark} "
              f"{ui(words, 'last_event')}  {next_mark} {ui(words, 'next_visit')}")
    if detail:
        text.append(legend + "\n", style="dim")
    you, enemy = view.get("you"), view.get("enemy")
    res = Text(ui(words, "resistance"), style="bold")
    for who, f in ((ui(words, "you_short"), you), (ui(words, "enemy_short"), enemy)):
        if f:
            res.append(" ")
            res.append_text(race_tag(f["race"]))
            res.append(f" {who} R{f['resistance']}")
    text.append_text(res)
    text.append("\n")
    if last:
        text.append(ui(words, "last") + " ", style="bold")
        text.append(f"{words.term(last['event'])} (d20 {last.get('d20', '?')}) → {words.card(last['visitor_card'])} "
                    f"s{last['sector']} r{last['ring']} {words.term(last['shade'])}", style="cyan")
        if detail:
            for line in last.get("lines", []):
                text.append(f"\n  {words.arg('line', line)}")
        text.append("\n")
    if nxt:
        text.append(ui(words, "next") + " ", style="bold")
        text.append(f"{words.card(nxt['visitor'])} → s{nxt['sector']} r{nxt['ring']} {words.term(nxt['shade'])}: "
                    f"{words.term(nxt['event']['event'])}", style="yellow")
    text.rstrip()
    return text


# -- dice ------------------------------------------------------------------------------------------------
class MsxDice(DicePanel):
    """The shared dice panel, told which rolls make the latest exchange: it draws all their faces
    and, under them, every roll's reason with the arithmetic that turned it into damage."""

    DEFAULT_CSS = "MsxDice { height: 1fr; }"

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(latest=12, **kwargs)
        self.races: dict[int, str] = {}

    SHOWN = ("roll", "capsule", "capsule_wasted")
    """Capsule uses are listed among the rolls: their effect is part of the arithmetic."""

    def show(self, events: list[dict[str, Any]]) -> None:
        rolls = tuple(e for e in events if e.get("k") in self.SHOWN)
        new = len(rolls) > len(self.rolls) and rolls[: len(self.rolls)] == self.rolls
        self.rolls = rolls
        if new and self.animate:
            self.tumbling = 6
            self.set_interval(0.06, self._tumble, repeat=6)

    def last_batch(self) -> list[dict[str, Any]]:
        if not self.rolls:
            return []
        batch = [self.rolls[-1]]
        for roll in reversed(self.rolls[:-1]):
            if roll.get("group") is None or roll.get("group") != batch[0].get("group"):
                break
            batch.insert(0, roll)
        return batch

    def render(self) -> RenderableType:
        words = self.words
        if not self.rolls:
            return Text(ui(words, "no_dice") if words else "", style="dim")
        batch = self.last_batch()
        width = max(20, self.content_size.width or 30)
        room = self.content_size.height or 999
        per_line = max(1, (width + 1) // 7)
        shown = [r for r in batch if r.get("k") == "roll"][-per_line:]
        faces = dice_row(shown, self.ascii_only, cell=7, tumble=self._random if self.tumbling else None)
        if self.tumbling:
            return faces
        entries: list[list[Text]] = []
        g = glyphs(self.ascii_only)
        for roll in batch:
            head = Text()
            side = roll.get("side")
            if isinstance(side, int) and side in self.races:
                head.append_text(race_tag(self.races[side]))
                head.append(" ")
            if roll.get("k") != "roll":
                head.append(f"{g['pointer']} {words.event(roll) if words else ''}", style="bold magenta")
                entries.append([ascii_text(head) if self.ascii_only else head])
                continue
            head.append(f"d{roll.get('die')} {roll.get('value')}", style="bold yellow")
            head.append(f"  {self.say(roll.get('why'))}", style="italic")
            if self.ascii_only:
                head = ascii_text(head)
            entry = [head]
            said = [self.say(s) for s in roll.get("steps", []) or []]
            steps = [ascii_str(s) if self.ascii_only else s for s in said]
            for i, step in enumerate(steps):
                if i == 0 and step == f"d{roll.get('die')} {roll.get('value')}":
                    continue
                entry.append(Text(f"  {step}", style="bold" if i == len(steps) - 1 else ""))
            entries.append(entry)

        def height(t: Text) -> int:
            return max(1, -(-t.cell_len // width))

        budget = room - 4
        kept: list[list[Text]] = []
        for entry in reversed(entries):
            need = sum(height(t) for t in entry)
            if need > budget - 1 and kept:
                break
            kept.insert(0, entry)
            budget -= need
        parts: list[RenderableType] = [faces]
        hidden = len(batch) - len(kept)
        earlier = [r for r in (self.rolls[-10:-len(batch)] if len(self.rolls) > len(batch) else ())
                   if r.get("k") == "roll"]
        if hidden and words is not None:
            line = ui(words, "earlier_rolls", n=hidden)
            parts.append(Text(ascii_str(line) if self.ascii_only else line, style="dim"))
        for entry in kept:
            parts.extend(entry)
        if earlier and budget >= 1 and not hidden and words is not None:
            parts.append(Text(ui(words, "before") + " " + " ".join(f"d{r.get('die')}:{r.get('value')}" for r in earlier),
                              style="dim"))
        return Group(*parts)


def as_step(event: dict[str, Any]) -> dict[str, Any]:
    """A log event as a step message (its sentence's key is ``ev.<kind>``, or ``ev.<m>``)."""
    out = {k: v for k, v in event.items() if k not in ("m", "to", "t")}
    out["k"] = "ev." + str(event.get("m") or event["k"])
    return out


def explain_rolls(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The roll events of a log, each given the arithmetic that follows it (an ``attack`` event's
    steps, an event's lines, or the text of whatever the roll decided) unless the rules already put
    ``steps`` on the roll; capsule uses are kept in order among them."""
    out: list[dict[str, Any]] = []
    pending: list[dict[str, Any]] = []
    for e in events:
        if e.get("k") == "roll":
            pending.append(dict(e))
            continue
        if e.get("k") in ("capsule", "capsule_wasted"):
            extra = [dict(e)]
        else:
            extra = []
        if pending:
            target = pending[-1]
            k = e.get("k")
            if target.get("steps"):  # the rules already wrote the arithmetic on the roll
                k = "explained"
            if k == "attack":
                target["steps"] = list(e.get("steps", []))
            elif k in ("capsule", "capsule_wasted"):
                pass  # the capsule's own line follows, with its notes
            elif k not in ("draft", "fighter", "explained"):
                target["steps"] = [as_step(e)]
            out.extend(pending)
            pending = []
        out.extend(extra)
    out.extend(pending)
    return out
