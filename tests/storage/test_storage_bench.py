"""``python -m bot bench storage`` runs and reports both measurements."""

import re

import pytest

from bot.cli import main


def test_bench_storage_reports_appends_and_restore(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "storage", "--appends", "40", "--tables", "6", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "synchronous=NORMAL" in out
    assert re.search(r"durable appends: 40 in [\d.]+ s = [\d,]+ per second", out)
    restored = re.search(r"restore: 6 unfinished tables, ([\d,]+) actions", out)
    assert restored is not None and int(restored[1].replace(",", "")) >= 6
