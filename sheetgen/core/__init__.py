"""The bottom layer: findings, YAML with positions, typed reading, units, shipped files, atomic writes, the card model."""
