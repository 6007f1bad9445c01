"""Write docs/rulings.md from the rulings sheetgen ships (sheetgen/core/rulings.py and
each game's sheetgen/games/<game>/rulings.py).

.venv/bin/python scripts/rulings_doc.py          # rewrite the page
.venv/bin/python scripts/rulings_doc.py --check  # exit 1 if the page is stale
"""

from __future__ import annotations

import sys
from pathlib import Path

from sheetgen.games import rulebook

PAGE = Path(__file__).resolve().parent.parent / "docs" / "rulings.md"


def main(argv: list[str]) -> int:
    text = rulebook().markdown()
    if "--check" in argv:
        current = PAGE.read_text(encoding="utf-8") if PAGE.is_file() else ""
        if current != text:
            print(f"{PAGE.name} is stale: run python scripts/rulings_doc.py", file=sys.stderr)
            return 1
        return 0
    PAGE.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
