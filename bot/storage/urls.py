"""PostgreSQL URLs as the bot shows them: never with their password.

A ``DATABASE_URL`` usually holds a password, so no message, log line or error may echo it
whole. ``masked`` writes a URL with its password as ``***``, however malformed the URL is;
``url_problem`` says what is wrong with a URL before asyncpg reads it (asyncpg's own errors
quote pieces of a URL it cannot split, password included); ``scrubbed`` takes the password
out of any other text, such as a driver's error message.
"""

from __future__ import annotations

import re
from urllib.parse import unquote, urlsplit

MASK = "***"

# Characters that end the user name and password part of a URL unless percent-encoded: with
# one of them in the password, the URL splits in the wrong place and pieces of the password
# land in the host, port or database name.
_RESERVED = frozenset("/?#[]@")
# A password given as a query parameter (``?password=...``), asyncpg reads those too.
_QUERY_PASSWORD = re.compile(r"((?:^|[?&;])(?:ssl)?password=)([^&;#]*)", re.IGNORECASE)
_SCHEMES = ("postgresql://", "postgres://")


def _userinfo(url: str) -> tuple[int, int] | None:
    """Where the user name and password part of ``url`` starts and ends (before its last
    ``@``), read loosely so that a malformed URL is masked too; ``None`` without an ``@``."""
    end = url.rfind("@")
    if end < 0:
        return None
    slashes = url.find("//", 0, end)
    if slashes >= 0:
        return slashes + 2, end
    # No "//" ("postgresql:user:password@host"): everything after the scheme's colon.
    colon = url.find(":", 0, end)
    return colon + 1, end


def _password_span(url: str) -> tuple[int, int] | None:
    """Where the password in ``url``'s user part is, if it has one."""
    span = _userinfo(url)
    if span is None:
        return None
    start, end = span
    if url.find("//", 0, end) < 0:
        # Without "//" the user name cannot be told from the password: both are hidden.
        return span
    colon = url.find(":", start, end)
    return None if colon < 0 else (colon + 1, end)


def masked(url: str) -> str:
    """``url`` with its password, in the user part and in the query, written ``***``."""
    span = _password_span(url)
    if span is not None:
        url = url[: span[0]] + MASK + url[span[1] :]
    return _QUERY_PASSWORD.sub(lambda match: match[1] + MASK, url)


def secrets_of(url: str) -> list[str]:
    """The passwords ``url`` holds, as written and as decoded, longest first."""
    found: set[str] = set()
    span = _password_span(url)
    if span is not None:
        found.add(url[span[0] : span[1]])
    found.update(match[2] for match in _QUERY_PASSWORD.finditer(url))
    found |= {unquote(secret) for secret in found}
    found.discard("")
    return sorted(found, key=len, reverse=True)


def scrubbed(text: str, url: str) -> str:
    """``text`` (an error's message, say) with ``url`` and every password in it masked."""
    text = text.replace(url, masked(url))
    for secret in secrets_of(url):
        text = text.replace(secret, MASK)
    return text


def url_problem(url: str, setting: str = "DATABASE_URL") -> str | None:
    """What is wrong with ``url`` as a PostgreSQL URL, in a sentence that shows it masked;
    ``None`` when asyncpg can read it."""
    shown = masked(url)
    if url != url.strip():
        return f"{setting} has a space or line break at its start or end ({shown!r}): remove it"
    if not url.startswith(_SCHEMES):
        sqlite = " (unset it to use DATABASE_PATH)" if setting == "DATABASE_URL" else ""
        return (
            f"{setting} must be a PostgreSQL URL, postgresql://user:password@host:port/database,"
            f" but it is {shown}{sqlite}"
        )
    span = _userinfo(url)
    if span is not None and _RESERVED.intersection(url[span[0] : span[1]]):
        return (
            f"The user name or password in {setting} ({shown}) holds a character a URL must"
            " percent-encode: write / ? # [ ] @ as %2F %3F %23 %5B %5D %40"
        )
    try:
        parts = urlsplit(url)
        # Several hosts ("host1:5432,host2:5433") are asyncpg's to read.
        if "," not in parts.netloc:
            parts.port  # noqa: B018 (reading it checks it)
    except ValueError as error:
        return f"{setting} ({shown}) is not a URL that can be read: {scrubbed(str(error), url)}"
    return None
