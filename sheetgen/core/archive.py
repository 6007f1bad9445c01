"""Zip archives that are the same bytes for the same files (VASSAL modules, the designer's
kit download): every entry has one fixed date and the same permissions, in the order given."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Iterable

__all__ = ["ZIP_DATE", "zip_bytes"]

#: The date every entry carries (the earliest a zip can say), so the bytes never depend on when.
ZIP_DATE = (1980, 1, 1, 0, 0, 0)


def zip_bytes(entries: Iterable[tuple[str, bytes | str]]) -> bytes:
    """A deflated zip archive of ``entries`` (``(name, data)``, names with ``/``, text as
    UTF-8), each dated :data:`ZIP_DATE` with permissions 0644: the same entries, the same
    bytes."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries:
            info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    return out.getvalue()
