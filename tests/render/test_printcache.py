"""The print cache: a document printed before is taken from it, the same bytes and
warnings; anything that changes the print changes the key; a broken cache only
prints slower."""

from __future__ import annotations

from pathlib import Path

import pytest

from sheetgen.core.rendered import Rendered
from sheetgen.render import html as html_module
from sheetgen.render import pool, printcache
from sheetgen.render.html import font_face_css, html_to_pdf
from sheetgen.render.pool import print_documents

PAGE = (
    "<html><head><style>{fonts}\n@page {{ size: 60mm 40mm; margin: 5mm }}"
    " p {{ font-family: SheetSans; {extra} }}</style></head><body><p>{text}</p></body></html>"
)


def page(text: str = "Arrow", extra: str = "") -> str:
    return PAGE.format(fonts=font_face_css(), text=text, extra=extra)


@pytest.fixture
def cache_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv(printcache.ENV, str(folder))
    return folder


def no_layout(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make any new WeasyPrint print fail, so only the cache can answer."""

    def refuse() -> None:
        raise AssertionError("laid out again")

    monkeypatch.setattr(html_module, "import_weasyprint", refuse)


def test_a_document_printed_before_is_the_same_bytes_without_a_layout(
    cache_on: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = html_to_pdf(page())
    assert first.data.startswith(b"%PDF")
    html_to_pdf(page(" Arrow "))
    no_layout(monkeypatch)
    assert html_to_pdf(page()) == first
    monkeypatch.setattr(pool, "ProcessPoolExecutor", None)  # and no worker is started
    assert print_documents([page(), page(" Arrow ")], jobs=2) == [first, html_to_pdf(page(" Arrow "))]


def test_warnings_are_kept_with_the_pdf(cache_on: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = html_to_pdf(page(extra="no-such-property: 1;"))
    assert any("no-such-property" in w for w in first.warnings)
    no_layout(monkeypatch)
    assert html_to_pdf(page(extra="no-such-property: 1;")).warnings == first.warnings


def test_other_text_prints_afresh(cache_on: Path) -> None:
    assert html_to_pdf(page("Arrow")).data != html_to_pdf(page("Lance")).data


def test_the_key_holds_the_html_the_base_url_and_the_bytes_of_each_file_named(tmp_path: Path) -> None:
    font = tmp_path / "face.ttf"
    font.write_bytes(b"one")
    html = f'<style>@font-face {{ src: url("{font.as_uri()}") }}</style>'
    key = printcache.cache_key([html], "base")
    assert key is not None and len(key) == 64
    assert printcache.cache_key([html], "base") == key
    assert printcache.cache_key([html], "other base") != key
    assert printcache.cache_key([html + " "], "base") != key
    font.write_bytes(b"two, and longer")  # another size: the file is read again
    assert printcache.cache_key([html], "base") != key


@pytest.mark.parametrize(
    "html",
    [
        '<img src="emblem.png">',
        '<link rel="stylesheet" href="https://example.org/a.css">',
        "<style>p { background: url(tile.png) }</style>",
        '<style>@font-face { src: url("file:///no/such/font.ttf") }</style>',
    ],
)
def test_html_naming_a_relative_or_remote_or_missing_file_is_never_kept(html: str) -> None:
    assert printcache.cache_key([html], "base") is None


def test_data_urls_and_fragments_are_part_of_the_html() -> None:
    html = '<img src="data:image/png;base64,AAAA"><a href="#ship-1">Arrow</a>'
    assert printcache.cache_key([html], "base") is not None


@pytest.mark.parametrize("value", ["off", "OFF", "0", "no", "false"])
def test_the_cache_can_be_turned_off(value: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(printcache.ENV, value)
    assert printcache.cache_folder() is None
    printcache.keep("k" * 64, Rendered(b"%PDF"))
    assert printcache.kept("k" * 64) is None


def test_the_default_folder_is_the_users_cache_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(printcache.ENV, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", "/tmp/xdg-cache")
    assert printcache.cache_folder() == Path("/tmp/xdg-cache/sheetgen/print")


def test_an_entry_of_the_wrong_shape_is_a_miss(cache_on: Path) -> None:
    from diskcache import Cache

    key = printcache.cache_key([page()], "base")
    assert key is not None
    with Cache(str(cache_on)) as store:
        store.set(key, "not a print")
    assert printcache.kept(key) is None


def test_a_cache_that_cannot_be_opened_only_prints_slower(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "a file"
    blocker.write_text("in the way")
    monkeypatch.setenv(printcache.ENV, str(blocker / "cache"))
    assert html_to_pdf(page()).data.startswith(b"%PDF")
    assert printcache.kept(printcache.cache_key([page()], "base")) is None
