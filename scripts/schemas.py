"""Write the JSON Schemas sheetgen ships (sheetgen/schemas/*.schema.json) from
sheetgen/scenarios/json_schemas.py, which builds them from the games' data.

    .venv/bin/python scripts/schemas.py          # rewrite the files
    .venv/bin/python scripts/schemas.py --check  # exit 1 if a file is stale
"""

from __future__ import annotations

import sys

from sheetgen.scenarios.json_schemas import schema_file, schema_names, schema_text


def main(argv: list[str]) -> int:
    stale = []
    for name in schema_names():
        path = schema_file(name)
        text = schema_text(name)
        current = path.read_text(encoding="utf-8") if path.is_file() else ""
        if current == text:
            continue
        if "--check" in argv:
            stale.append(path.name)
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    if stale:
        print(f"stale: {', '.join(stale)}: run python scripts/schemas.py", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
