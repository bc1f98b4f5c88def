"""Bots: policies that choose an action from one seat's view, never the whole game."""

from bot.ai.heuristic import HeuristicPolicy, hint
from bot.ai.policy import Policy, RandomPolicy

__all__ = ["HeuristicPolicy", "Policy", "RandomPolicy", "hint"]
