"""Win-rate studies: play ranges of deals with a player, store each result in SQLite."""

from cadogan.study.runner import StudyTask, run_study
from cadogan.study.stats import wilson
from cadogan.study.store import Store

__all__ = ["Store", "StudyTask", "run_study", "wilson"]
