"""The domain core: cards, hand ranking, the rules of every game and their replay.

This package imports nothing else of the project.
"""
