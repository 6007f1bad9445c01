"""Renderers: HTML documents printed by WeasyPrint (sheets, cards).

Heavy imports (Jinja2, WeasyPrint) happen inside these modules only, so the
verbs that do not render start fast.
"""
