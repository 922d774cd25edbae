"""The balance lab: bot simulations on every core and the reports people read.

``runner`` plays seeded games in worker processes and returns small records; ``tally`` and
``stats`` turn them into figures (pure); ``figures`` lays the report out once; ``render`` draws it
in the terminal (the only Rich module here) and ``page`` writes it as a self-contained HTML page.
Per-game figures (villain per seat, the cards that decide a win) come from optional
``tabletop/games/<id>/stats.py`` modules, read by ``hooks``.
"""
