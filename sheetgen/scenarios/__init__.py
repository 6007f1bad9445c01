"""Designs and fleets from paths, scenarios, their maps' terrain and set-up (placement) checks."""
