"""Leader 1: a cycling race over route hexagons, for 2-10 players."""
