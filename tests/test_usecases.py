"""The use cases answer the CLI and the API alike: one input, one outcome,
and the exit code and HTTP status :data:`lawref.usecases.OUTCOMES` gives it
(issue 25, item 3). Each row is asked of both on the default corpus."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx
import pytest
from click.testing import CliRunner

from lawref import usecases
from lawref.cli import cli
from lawref.errors import EXIT_BAD_INPUT, EXIT_NOT_FOUND, EXIT_OK, UsageError
from lawref.library import Library
from lawref.serve import create_app
from lawref.usecases import OUTCOMES, Outcome

CORPUS = Path(__file__).resolve().parents[1] / "corpus"

#: (CLI arguments, API path and query, the outcome, its exit code, its HTTP status, words of the API's message)
ROWS = [
    (["show", "62B"], "/api/v1/nodes/62B", Outcome.FOUND, EXIT_OK, 200, None),
    (["show", "59"], "/api/v1/nodes/59", Outcome.ABSENT, EXIT_NOT_FOUND, 404, "59 is not in this corpus"),
    (["show", "62Z"], "/api/v1/nodes/62Z", Outcome.UNLISTED, EXIT_NOT_FOUND, 404, "nor in lawref's catalogue"),
    (["show", "62B", "--lang", "en"], "/api/v1/nodes/62B?lang=en", Outcome.NO_ENGLISH, EXIT_NOT_FOUND, 404,
     "no English text of 62B"),
    (["search", "фальшренонс"], "/api/v1/search?q=фальшренонс", Outcome.FOUND, EXIT_OK, 200, None),
    (["search", "zzzqqqx"], "/api/v1/search?q=zzzqqqx", Outcome.NO_HITS, EXIT_NOT_FOUND, 200, None),
    (["refs", "62B"], "/api/v1/nodes/62B/refs", Outcome.FOUND, EXIT_OK, 200, None),
    (["resolve", "правило 62B"], "/api/v1/resolve?cite=правило 62B", Outcome.FOUND, EXIT_OK, 200, None),
    (["resolve", "правило 62Z"], "/api/v1/resolve?cite=правило 62Z", Outcome.INEXACT, EXIT_NOT_FOUND, 200, None),
    (["resolve", "xyz"], "/api/v1/resolve?cite=xyz", Outcome.NO_CITATION, EXIT_NOT_FOUND, 404, "'xyz': no citation"),
    (["compare", "62B"], "/api/v1/compare?cite=62B", Outcome.FOUND, EXIT_OK, 200, None),
]


class _Client:
    """The app asked in process, through httpx's ASGI transport (no server,
    no port; the app's lifespan, which only tunes a serving process, is not run)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    def get(self, path: str) -> httpx.Response:
        async def asked() -> httpx.Response:
            transport = httpx.ASGITransport(app=self.app)
            async with httpx.AsyncClient(transport=transport, base_url="http://lawref.test") as c:
                return await c.get(path)

        return asyncio.run(asked())


@pytest.fixture(scope="module")
def client(seed_library: Library) -> _Client:
    return _Client(create_app(seed_library))


def test_the_table_gives_every_outcome_its_exit_code_status_and_message() -> None:
    assert set(OUTCOMES) == set(Outcome)
    assert OUTCOMES[Outcome.FOUND] == (EXIT_OK, 200, "")
    assert all(rule.exit_code == EXIT_NOT_FOUND for o, rule in OUTCOMES.items() if o != Outcome.FOUND)
    # nothing found and a cite resolved in part are answers (200), yet a script can tell by the exit code
    assert {o for o, rule in OUTCOMES.items() if rule.http_status == 200} == {
        Outcome.FOUND, Outcome.NO_HITS, Outcome.TITLE_ABSENT, Outcome.INEXACT}
    assert usecases.told(Outcome.NO_HITS, query="'x'") == "nothing found for 'x'"
    with pytest.raises(ValueError, match="no message"):
        usecases.told(Outcome.INEXACT)


@pytest.mark.parametrize(("args", "path", "outcome", "code", "status", "said"), ROWS,
                         ids=[" ".join(r[0]) for r in ROWS])
def test_the_cli_and_the_api_answer_one_input_alike(seed_index: Path, client: _Client, args: list[str],
                                                    path: str, outcome: Outcome, code: int, status: int,
                                                    said: str | None) -> None:
    assert OUTCOMES[outcome][:2] == (code, status)
    result = CliRunner().invoke(cli, ["--corpus", str(CORPUS), "--index", str(seed_index), *args])
    assert result.exit_code == code, result.output
    answer = client.get(path)
    assert answer.status_code == status, answer.text
    if said is not None:
        assert said in answer.json()["error"]["message"]  # the CLI prints its own answer (the catalogue's line)


def test_a_search_that_finds_nothing_says_so_on_stderr_but_not_under_json(seed_index: Path) -> None:
    base = ["--corpus", str(CORPUS), "--index", str(seed_index), "search", "zzzqqqx"]
    said = CliRunner().invoke(cli, base)
    assert said.exit_code == EXIT_NOT_FOUND and "lawref: nothing found for 'zzzqqqx'" in said.stderr
    quiet = CliRunner().invoke(cli, [*base, "--json"])  # the notes of what the search did stay (not_in_glossary)
    assert quiet.exit_code == EXIT_NOT_FOUND and "nothing found" not in quiet.stderr and '"results": []' in quiet.stdout


def test_an_error_carries_its_own_exit_code_and_status(seed_index: Path, client: _Client) -> None:
    # a lawref error is not an outcome: the class says both (lawref.errors), the same for the CLI and the API
    result = CliRunner().invoke(cli, ["--corpus", str(CORPUS), "--index", str(seed_index), "refs", "59"])
    assert result.exit_code == EXIT_NOT_FOUND and "59 is not in this corpus" in result.stderr
    assert client.get("/api/v1/nodes/59/refs").status_code == 404
    bad = CliRunner().invoke(cli, ["--corpus", str(CORPUS), "--index", str(seed_index), "resolve", "62B",
                                   "--edition", "1066"])
    assert bad.exit_code == EXIT_BAD_INPUT
    assert client.get("/api/v1/resolve?cite=62B&edition=1066").status_code == 400


def test_toc_of_an_absent_law_exits_as_show_does(seed_library: Library) -> None:
    listed = usecases.toc(seed_library, law="59")
    assert listed.outcome == Outcome.ABSENT and listed.outcome.exit_code == EXIT_NOT_FOUND
    assert [e.cite for e in listed.entries] == ["59"]
    assert usecases.toc(seed_library, law="62").outcome == Outcome.FOUND


def test_link_refuses_an_unknown_edition_before_it_reads_anything(seed_library: Library) -> None:
    read: list[int] = []

    def reader(size: int) -> str:
        read.append(size)
        return ""

    with pytest.raises(UsageError):
        usecases.link(seed_library, reader, "1066")
    assert not read
    texts = iter(["См. правило 62B.", ""])
    pieces = list(usecases.link(seed_library, lambda size: next(texts), None))
    assert [i for _, _, linked in pieces for item in linked for i in item.ids] == ["laws/62B"]
