"""Knight Hawks 2000 tests; what several files of this folder share."""

#: The start of a small legal military design; tests append the keys they try.
HEAD = """\
game: knight-hawks-2000
name: Test
role: military
hull_size: 6
structure_points: 600
adf: 3
mr: 3
void_engines: 1
sensors: [radar]
"""
