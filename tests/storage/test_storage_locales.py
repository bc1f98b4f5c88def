"""Languages in the store, on SQLite and PostgreSQL: a member's latest Discord locale and
their own choice, kept apart; a server's language for its channels, set and cleared."""

from bot.storage.records import MemberLocale, MemoryStore
from bot.storage.store import Storage


async def test_a_members_languages_are_kept_and_replaced(storage: Storage) -> None:
    tables = storage.tables
    assert await tables.member_locales() == {}
    await tables.set_seen_locale(7, "es-419")
    await tables.set_chosen_locale(8, "de")
    await tables.set_seen_locale(8, "en-US")
    await tables.set_seen_locale(7, "pt-BR")
    stored = await tables.member_locales()
    assert stored == {7: MemberLocale("pt-BR", None), 8: MemberLocale("en-US", "de")}
    assert (stored[7].locale, stored[8].locale) == ("pt-BR", "de")  # a choice wins
    # Each is written on its own: a new locale keeps the choice, a choice the locale.
    await tables.set_seen_locale(8, "fr")
    await tables.set_chosen_locale(7, "es-ES")
    await tables.set_chosen_locale(8, None)
    assert await tables.member_locales() == {
        7: MemberLocale("pt-BR", "es-ES"),
        8: MemberLocale("fr", None),
    }


async def test_a_servers_language_is_set_and_cleared(storage: Storage) -> None:
    tables = storage.tables
    assert await tables.guild_locale(5) is None
    await tables.set_guild_locale(5, "de")
    await tables.set_guild_locale(5, "fr")
    await tables.set_guild_locale(6, "es-ES")
    assert (await tables.guild_locale(5), await tables.guild_locale(6)) == ("fr", "es-ES")
    await tables.set_guild_locale(5, None)
    assert await tables.guild_locale(5) is None


async def test_the_memory_store_keeps_languages_the_same_way() -> None:
    store = MemoryStore()
    await store.set_seen_locale(7, "fr")
    await store.set_chosen_locale(7, "es-ES")
    await store.set_guild_locale(5, "de")
    assert await store.member_locales() == {7: MemberLocale("fr", "es-ES")}
    assert await store.guild_locale(5) == "de"
    await store.set_guild_locale(5, None)
    assert await store.guild_locale(5) is None
