#!/usr/bin/env bash
# The studies behind docs/results.md, run into one fresh database on 2026-11-29 with the
# solver as it stood then (native kernels, two deals at a time). Resumable: rerun it and only
# missing deals are played. Then: cadogan report --db DB --out docs
# Usage: scripts/studies.sh [DB]   (default: studies.sqlite); WORKERS=N to use N processes
# (default 2, as the table was made: two deals at a time, one process each).
# The solver's 10-s rows depend on the machine's speed (docs/scaling.md): a deal decided
# near its deadline here may time out on a slower machine.
set -euo pipefail
db=${1:-studies.sqlite}
run() { cadogan study "$@" --db "$db" --workers "${WORKERS:-2}" --json >/dev/null; }

# Games without choices: every player gives the same result (+-1 point needs ~10,000 deals).
for option in complete=held complete=travelled; do
  for player in solver greedy; do run travellers --deals 1..10000 --player "$player" --option "$option"; done
done
run travellers --deals 1..10000 --player random --option complete=travelled
for player in solver greedy; do run sympathie --deals 1..10000 --player "$player"; done

# The honest greedy player (+-1 point at 95%).
for mode in card round never; do
  run petits-paquets --deals 1..10000 --player greedy --option play_during_deal="$mode"
done
for game in hemispheres duchesse-de-luynes constitution zodiac; do
  run "$game" --deals 1..3000 --player greedy
done
run napoleons-square --deals 1..3000 --player greedy --option rules=book
run napoleons-square --deals 1..5000 --player greedy --option rules=modern

# The solver (sees every card), 10 s a deal.
run petits-paquets --deals 1..2500 --player solver --timeout 10 --option play_during_deal=card
run petits-paquets --deals 1..2500 --player solver --timeout 10 --option play_during_deal=round
run petits-paquets --deals 1..400 --player solver --timeout 10 --option play_during_deal=never
run duchesse-de-luynes --deals 1..2300 --player solver --timeout 10  # with the twin choice (docs/results.md)
run napoleons-square --deals 1..300 --player solver --timeout 10 --option rules=modern
run zodiac --deals 1..500 --player solver --timeout 10
run constitution --deals 1..400 --player solver --timeout 10
run hemispheres --deals 1..900 --player solver --timeout 10
run napoleons-square --deals 1..400 --player solver --timeout 10 --option rules=book

# More time for the deals that ran out of it (decided deals keep their rows).
run constitution --deals 1..400 --player solver --timeout 60 --retry-timeouts
run hemispheres --deals 1..900 --player solver --timeout 60 --retry-timeouts --max-states 20000000
run duchesse-de-luynes --deals 1..2300 --player solver --timeout 60 --retry-timeouts
