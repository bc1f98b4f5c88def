"""Durable storage: SQLite via aiosqlite (house rules, tables and their actions, stats)."""
