#!/usr/bin/env bash
# The studies behind docs/results.md. Resumable: rerun it and only missing deals are played.
# Usage: scripts/studies.sh [DB]   (default: studies.sqlite); then: cadogan report --db DB --out docs
set -euo pipefail
db=${1:-studies.sqlite}
run() { cadogan study "$@" --db "$db" --workers "${WORKERS:-2}" --json >/dev/null; }

# Games without choices: every player gives the same result; +-1 point needs ~10,000 deals.
for player in solver greedy; do
  run travellers --deals 1..10000 --player "$player"
  run sympathie --deals 1..10000 --player "$player"
done

# The honest greedy player, +-1 point at 95%.
for game in hemispheres napoleons-square duchesse-de-luynes constitution zodiac; do
  run "$game" --deals 1..3000 --player greedy
done
run napoleons-square --deals 1..3000 --player greedy --option rules=modern
for mode in card round never; do
  run petits-paquets --deals 1..10000 --player greedy --option play_during_deal="$mode"
done

# The solver (sees every card). Where it decides most deals within the budget.
for mode in card round never; do
  run petits-paquets --deals 1..2500 --player solver --timeout 10 --option play_during_deal="$mode"
done
run duchesse-de-luynes --deals 1..500 --player solver --timeout 10

# The four hardest games: the solver mostly runs out of time; a small sample shows how far.
for game in hemispheres napoleons-square constitution zodiac; do
  run "$game" --deals 1..50 --player solver --timeout 10
done
run napoleons-square --deals 1..50 --player solver --timeout 10 --option rules=modern
