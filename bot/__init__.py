"""A Discord bot that runs Spades tables: rules engine, bots, storage and the Discord layer."""

__version__ = "0.1.0"
