"""One module per game, each holding that game's rules and nothing else."""
