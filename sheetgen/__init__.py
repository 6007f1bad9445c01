"""sheetgen: ship designs in, legal-checked record sheets, counters, hex maps and cards out.

The data flow (``docs/architecture.md``): YAML text is loaded into a tree that keeps every
node's line and column (:mod:`sheetgen.core.source`), parsed into a typed per-game
``Design``, checked into ``Finding`` objects, derived into per-game ``Stats``,
turned into a plain view model and rendered to HTML, PDF or SVG, then written
atomically (:mod:`sheetgen.core.output`).
"""

__version__ = "0.1.0"
