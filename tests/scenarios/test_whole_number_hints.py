"""A whole number written as a float is refused with a hint that would itself be taken: the
number in digits only when it is within the bounds, else the bound (``cols: 1.0e+20`` once
suggested ``write 100000000000000000000``, which is refused again)."""

from __future__ import annotations

from typing import Any

from sheetgen.scenarios.loading import MAX_COUNT


def _design(count: str) -> str:
    return f"game: starfire\nname: A\nhull: CT\nsystems: SSAA(I)(I)(I)QLR\ncount: {count}\n"


def test_a_count_past_its_bound_suggests_the_bound(invoke: Any, write: Any) -> None:
    p = write("d.yaml", _design("1.0e+20"))
    r = invoke("validate", str(p))
    assert r.exit_code == 2
    assert (
        f"{p}:5:8: error [SCHEMA] 'count' must be a whole number written with digits only, found 1e+20;"
        f" write a whole number of at most {MAX_COUNT}"
    ) in r.stdout.splitlines()


def test_a_count_below_its_bound_suggests_the_bound(invoke: Any, write: Any) -> None:
    p = write("d.yaml", _design("-2.0"))
    r = invoke("validate", str(p))
    assert (
        f"{p}:5:8: error [SCHEMA] 'count' must be a whole number written with digits only, found -2.0;"
        " write a whole number of at least 1"
    ) in r.stdout.splitlines()
