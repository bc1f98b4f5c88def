"""The standings picture: the same standings draw the same bytes, each row and the
champions' highlight show, and names outside the bundled font still draw."""

import io

from PIL import Image

from bot.render.standings_picture import standings_picture

HEADINGS = ["#", "Member", "Rating", "Won", "Games"]
ROWS = [["1", "Ada", "12.3", "4", "5"], ["2", "Bob", "10.1", "3", "5"]]


def size(png: bytes) -> tuple[int, int]:
    with Image.open(io.BytesIO(png)) as image:
        return image.size


def test_the_same_standings_draw_the_same_picture() -> None:
    first = standings_picture("Season Spring is over", "2 members ranked", HEADINGS, ROWS, 1)
    assert first.startswith(b"\x89PNG")
    assert first == standings_picture(
        "Season Spring is over", "2 members ranked", HEADINGS, ROWS, 1
    )


def test_each_row_adds_height_and_the_champions_are_picked_out() -> None:
    one = standings_picture("T", "s", HEADINGS, ROWS[:1], 0)
    two = standings_picture("T", "s", HEADINGS, ROWS, 0)
    assert size(two)[1] > size(one)[1] and size(two)[0] == size(one)[0]
    assert standings_picture("T", "s", HEADINGS, ROWS, 1) != two


def test_names_the_font_lacks_and_long_names_still_draw() -> None:
    rows = [["1", "José 🂡 " + "x" * 200, "1.0", "1", "5"]]
    assert standings_picture("T", "s", HEADINGS, rows, 1).startswith(b"\x89PNG")
