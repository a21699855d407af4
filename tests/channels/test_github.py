"""The GitHub channel: repository facts, README reading, awesome lists, and the live API build."""

from __future__ import annotations

import json

import httpx
import pytest

from assets.channels import github
from benchhub.channel import Mode, fetch_payloads, run_channel
from benchhub.http import USER_AGENT, Fetcher, FetchPolicy
from benchhub.records import BenchmarkCandidate, ChannelResult

LEOBEESON = "list:leobeeson/llm_benchmarks#"
ONEJUNE = "list:onejune2018/Awesome-LLM-Eval#"


@pytest.fixture(scope="module")
def result() -> ChannelResult:
    return run_channel(github.CHANNEL)


def _by_key(result: ChannelResult) -> dict[str, BenchmarkCandidate]:
    return {c.source_key: c for c in result.candidates}


def test_counts(result: ChannelResult) -> None:
    keys = [c.source_key for c in result.candidates]
    assert len(keys) == len(set(keys)) == 208
    assert sum(k.startswith("repo:") for k in keys) == 23
    assert sum(k.startswith(LEOBEESON) for k in keys) == 35
    assert sum(k.startswith(ONEJUNE) for k in keys) == 150
    # 19 repositories that are not benchmark repositories, 4 LLM-as-judge methods, 10 list
    # entries whose description calls them a framework, library, toolkit, platform or tool.
    assert sum(not c.is_benchmark for c in result.candidates) == 33
    software = [c for c in result.candidates if "software" in (c.not_benchmark_reason or "")]
    assert len(software) == 10 and all(c.source_key.startswith("list:") for c in software)
    assert result.scores == [] and result.issues == []


def test_benchmark_repository(result: ChannelResult) -> None:
    mmlu_pro = _by_key(result)["repo:TIGER-AI-Lab/MMLU-Pro"]
    assert mmlu_pro.is_benchmark
    assert mmlu_pro.source_name == "MMLU-Pro"
    assert mmlu_pro.source_url == (
        "https://github.com/TIGER-AI-Lab/MMLU-Pro/tree/f418b116db00b065c2aea046518d8fcf74d39872"
    )
    assert (mmlu_pro.arxiv_id, mmlu_pro.hf_dataset) == ("2406.01574", "TIGER-Lab/MMLU-Pro")
    # the repository's licence is the code's; the data licence (MIT) is the HF card's
    assert mmlu_pro.license is None and mmlu_pro.extra["code_license"] == "Apache License"
    swe_bench = _by_key(result)["repo:SWE-bench/SWE-bench"]
    assert swe_bench.arxiv_id is None  # three papers linked: not told apart here
    assert swe_bench.extra["arxiv_ids"] == ["2310.06770", "2410.03859", "2504.21798"]


def test_other_repositories_are_flagged_with_their_role(result: ChannelResult) -> None:
    opencompass = _by_key(result)["repo:open-compass/opencompass"]
    assert not opencompass.is_benchmark
    assert opencompass.not_benchmark_reason == "evaluation framework repository"
    assert opencompass.license is None  # its LICENSE starts with a copyright line
    assert opencompass.extra["license_first_line"].startswith("Copyright 2020")


def test_readmes_give_the_recorded_facts() -> None:
    payloads = fetch_payloads(github.CHANNEL, Mode.REPLAY)
    facts = {r["full_name"]: r for r in json.loads(payloads[github.FACTS])["repos"]}
    assert len(github.RECORDED_READMES) == 7
    for repo in github.RECORDED_READMES:
        text = payloads[f"readmes/{repo.replace('/', '__')}.README.md"].decode()
        assert github.readme_title(text) == facts[repo]["readme_title"], repo
        assert github.readme_links(text) == facts[repo]["readme_arxiv_hf_links"], repo
    # Aider's README has "# DeepSeek" only inside a shell block: no title.
    assert facts["Aider-AI/aider"]["readme_title"] is None


def test_awesome_list_blocks(result: ChannelResult) -> None:
    gsm8k = _by_key(result)[f"{LEOBEESON}GSM8K"]
    assert (gsm8k.arxiv_id, gsm8k.hf_dataset) == ("2110.14168", "gsm8k")
    assert gsm8k.capability_hints == ("Reasoning Capabilities",)
    assert gsm8k.source_url == (
        "https://github.com/leobeeson/llm_benchmarks/blob/"
        "53a8bcfeb7fb1f1435fef88abd45e16d202cee53/README.md#L114"
    )
    judge = _by_key(result)[f"{LEOBEESON}LLM Judge"]
    assert not judge.is_benchmark and "evaluation method" in (judge.not_benchmark_reason or "")


def test_awesome_list_tables(result: ChannelResult) -> None:
    mmlu_pro = _by_key(result)[f"{ONEJUNE}MMLU-Pro"]  # in two tables: one record
    assert mmlu_pro.github_url == "https://github.com/TIGER-AI-Lab/MMLU-Pro"
    assert len(mmlu_pro.extra["sections"]) == 2
    assert mmlu_pro.description is not None
    assert mmlu_pro.description.startswith("MMLU-Pro is an improved version")
    smartplay = _by_key(result)[f"{ONEJUNE}SmartPlay"]  # written without a scheme
    assert smartplay.github_url == "https://github.com/microsoft/SmartPlay"
    assert not any("prometheus-eval" in k for k in _by_key(result))  # the Tools table is skipped


def test_unreadable_facts_are_located_and_the_lists_still_load() -> None:
    payloads = fetch_payloads(github.CHANNEL, Mode.REPLAY)
    payloads[github.FACTS] = b'{"repos": [{"full_name": '
    result = github.parse(payloads)
    assert [i.location for i in result.issues] == [github.FACTS]
    assert len(result.candidates) == 185


def test_live_build_stops_before_the_rate_limit() -> None:
    api = "https://api.github.com/repos"
    remaining = iter(["3", "1"])

    def serve(request: httpx.Request) -> httpx.Response:
        url = str(request.url)
        for awesome in github.AWESOME_LISTS:
            if url.endswith(f"/{awesome.commit}/{awesome.path}"):
                return httpx.Response(
                    200, content=github.CHANNEL.recording_path(awesome.recording).read_bytes()
                )
        if url.startswith(api) and "/commits?" in url:
            head = {"sha": "abc123", "commit": {"committer": {"date": "2026-11-01T00:00:00Z"}}}
            return httpx.Response(200, json=[head])
        if url.startswith(api) and "/contents?" in url:
            files = [{"name": n, "type": "file"} for n in ("README.md", "LICENSE", "setup.py")]
            return httpx.Response(
                200, json=files, headers={"X-RateLimit-Remaining": next(remaining)}
            )
        if url.endswith("/abc123/LICENSE"):
            return httpx.Response(200, text="\nMIT License\n\nCopyright (c) 2021\n")
        if url.endswith("/abc123/README.md"):
            return httpx.Response(
                200, text="# A Bench\n\nPaper: https://arxiv.org/abs/2101.00001\n"
            )
        return httpx.Response(404)

    client = httpx.Client(transport=httpx.MockTransport(serve), headers={"User-Agent": USER_AGENT})
    live = run_channel(github.CHANNEL, Mode.LIVE, Fetcher(client, FetchPolicy(min_interval_s=0.0)))
    repos = [c for c in live.candidates if c.source_key.startswith("repo:")]
    assert [c.source_key for c in repos] == ["repo:SWE-bench/SWE-bench", "repo:openai/human-eval"]
    assert repos[0].extra["code_license"] == "MIT License"
    assert (repos[0].arxiv_id, repos[0].extra["readme_title"]) == ("2101.00001", "A Bench")
    assert len(live.issues) == len(github.TRACKED_REPOS) - 2
    assert "rate limit" in live.issues[0].message
    assert len(live.candidates) == 2 + 185
