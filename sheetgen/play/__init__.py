"""Play mode: games of a scenario as event logs (no rule lives here).

:mod:`sheetgen.play.store` keeps every game and its events in SQLite (the workspace's
``.sheetgen/play.sqlite3``, WAL); :mod:`sheetgen.play.engine` replays a game's events
through each game's ``live`` module (``sheetgen.games.<game>.live``), which holds the
rules of play and refuses what they do not allow.
"""
