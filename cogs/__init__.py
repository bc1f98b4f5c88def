"""discord.py extensions: slash commands, buttons and the Discord presenter."""
