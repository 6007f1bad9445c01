"""Renderers: whole outputs as bytes, with warnings as data (never printed).

HTML documents printed by WeasyPrint (record sheets, reference cards, the
kit's briefing), and counter sheets and hex maps written as PDF or SVG files.
Heavy imports (Jinja2, WeasyPrint) happen inside these modules' functions
only, so the verbs that do not render start fast.
"""
