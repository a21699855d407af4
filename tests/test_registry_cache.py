"""The local cache of a remote registry (ltb/ltb/registry.py), on a release served over loopback:
one conditional request when nothing changed, a corrupt cached file fetched again, `--offline`
from the cache, and the registry's location from the flag, the environment or the config file."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from benchhub_format.release import SEARCH_INDEX
from ltb.cli import main
from ltb.registry import RegistryCache, cache_root, registry_location

from tests.conftest import SmallRegistry
from tests.loopback import FolderServer


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("LTB_CONFIG", str(tmp_path / "config.toml"))
    monkeypatch.delenv("LTB_REGISTRY", raising=False)
    return tmp_path


def search(*args: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, dict, str]:
    code = main(["bench", "search", "a", "--json", *args])
    out, err = capsys.readouterr()
    return code, json.loads(out) if code == 0 else {}, err


def test_an_unchanged_registry_is_answered_after_one_conditional_request(
    small_template: SmallRegistry, home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with FolderServer(small_template.latest) as server:
        first = search("--registry", server.url, capsys=capsys)
        assert first[0] == 0, first[2]
        assert SEARCH_INDEX in " ".join(server.requests)
        server.reset_counts()
        second = search("--registry", server.url, capsys=capsys)
        assert server.requests == ["/head.json"]
    assert second[1] == first[1]


def test_a_corrupt_cached_file_is_fetched_again(
    small_template: SmallRegistry, home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with FolderServer(small_template.latest) as server:
        assert search("--registry", server.url, capsys=capsys)[0] == 0
        index = (small_template.latest / SEARCH_INDEX).read_bytes()
        cached = RegistryCache(server.url, cache_root()).blobs / hashlib.sha256(index).hexdigest()
        cached.write_bytes(index[:-10] + b"0123456789")  # same size, wrong content
        server.reset_counts()
        code, found, err = search("--registry", server.url, capsys=capsys)
        assert code == 0, err
        assert f"/{SEARCH_INDEX}" in server.requests
    assert cached.read_bytes() == index  # and the cache holds the right copy again


def test_offline_answers_from_the_cache_and_says_how_old_it_is(
    small_template: SmallRegistry, home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with FolderServer(small_template.latest) as server:
        url = server.url
        online = search("--registry", url, capsys=capsys)
    stopped = search("--registry", url, capsys=capsys)
    assert stopped[0] == 3 and "--offline answers from the cache" in stopped[2]
    offline = search("--registry", url, "--offline", capsys=capsys)
    assert offline[0] == 0, offline[2]
    assert offline[1] == online[1]
    assert "offline" in offline[2] and "last checked" in offline[2]


def test_offline_without_a_cache_says_so(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = search("--registry", "http://127.0.0.1:9", "--offline", capsys=capsys)
    assert code == 3 and "nothing cached for this registry" in err


def test_the_location_comes_from_flag_then_environment_then_config(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert registry_location(None) == "exports/latest"
    (home / "config.toml").write_text('registry = "https://registry.example/latest"\n')
    assert registry_location(None) == "https://registry.example/latest"
    monkeypatch.setenv("LTB_REGISTRY", "/srv/release")
    assert registry_location(None) == "/srv/release"
    assert registry_location("./mine") == "./mine"
