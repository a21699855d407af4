"""The Hugging Face card channel on 30 recorded cards, against the recording's own summary."""

from __future__ import annotations

import json

import pytest

from assets.channels import huggingface as hf
from benchhub.channel import RECORDINGS_DIR, run_channel
from benchhub.records import ChannelResult

FOLDER = RECORDINGS_DIR / "huggingface-dataset-cards"


@pytest.fixture(scope="module")
def result() -> ChannelResult:
    return run_channel(hf.CHANNEL)


def _card(result: ChannelResult, key: str):
    return next(c for c in result.candidates if c.source_key == key)


def _key(card_path: str) -> str:
    """The candidate key of a recorded card: the Hub id, or folder@commit for pinned copies."""
    pinned = next((c for c in hf.PINNED if c.recording == card_path), None)
    return pinned.name if pinned else card_path.split("/")[1]


def test_every_card_read(result: ChannelResult) -> None:
    assert len(result.candidates) == 30 and result.issues == []


def test_fields_match_the_recordings_summary(result: ChannelResult) -> None:
    summary = json.loads((FOLDER / "cards_summary_derived.json").read_text())
    assert len(summary) == 30
    for entry in summary:
        card = _card(result, _key(entry["card"]))
        front = entry["yaml"]
        licence = front.get("license", front.get("licenses"))
        licence = [licence] if isinstance(licence, str) else licence or []
        if licence or card.extra.get("license_from") is None:
            assert card.license == (", ".join(licence) or None), entry["card"]
        assert list(card.languages) == list(front.get("language") or front.get("languages") or [])
        assert card.extra.get("num_examples", {}) == entry["num_examples_by_config"], entry["card"]
        assert card.extra.get("paperswithcode_id") == front.get("paperswithcode_id")


def test_gsm8k(result: ChannelResult) -> None:
    gsm8k = _card(result, "gsm8k")
    assert gsm8k.source_name == "Grade School Math 8K"
    assert gsm8k.source_url == "https://huggingface.co/datasets/gsm8k"
    assert gsm8k.hf_dataset == "gsm8k" and gsm8k.extra["renamed_to"] == "openai/gsm8k"
    assert gsm8k.sample_count == 1319  # main and socratic are the same 1,319 test problems
    assert gsm8k.splits == ("test", "train")
    assert gsm8k.arxiv_id == "2110.14168" and gsm8k.license == "mit"
    assert gsm8k.github_url == "https://github.com/openai/grade-school-math"
    assert gsm8k.description.startswith("GSM8K (Grade School Math 8K) is a dataset of 8.5K")


def test_old_schema_keys_are_read(result: ChannelResult) -> None:
    old = _card(result, "hendrycks_test@7bac83b0")
    assert old.license == "mit" and old.languages == ("en-US",)
    assert old.hf_dataset == "hendrycks_test" and old.extra["renamed_to"] == "cais/mmlu"
    assert old.extra["card_schema"] == "old keys (licenses/languages)"
    assert old.source_url == (
        "https://github.com/huggingface/datasets/blob/7bac83b0634070c1167a2aa198242b301c548b09"
        "/datasets/hendrycks_test/README.md"
    )
    assert _card(result, "hendrycks_test").languages == ("en",)  # the 2022 card's new key


def test_a_licence_named_only_in_the_cards_licensing_section(result: ChannelResult) -> None:
    hellaswag = _card(result, "hellaswag")  # no `license:` key; the section says MIT + a link
    assert hellaswag.license == "MIT"
    assert hellaswag.extra["license_from"] == "Licensing Information section"
    # a placeholder section ("More Information Needed") states no licence
    assert _card(result, "winogrande").license is None
    assert _card(result, "gsm8k").extra.get("license_from") is None  # the front matter's own key


@pytest.mark.parametrize(
    ("section", "licence"),
    [
        ("MIT https://github.com/rowanz/hellaswag/blob/master/LICENSE", "MIT"),
        (
            "Creative Commons Attribution 4.0 International",
            "Creative Commons Attribution 4.0 International",
        ),
        (
            "[More Information Needed](https://github.com/huggingface/datasets/blob/master/CONTRIBUTING.md)",
            None,
        ),
        ("Unknown", None),
        (
            "The dataset may be used for non-commercial research only; see the terms on the site.",
            None,
        ),
    ],
)
def test_licensing_section_names_a_licence_or_nothing(section: str, licence: str | None) -> None:
    body = f"## Dataset Card\n\n### Licensing Information\n\n{section}\n\n### Citation\n\nx\n"
    assert hf._licensing_section_licence(body) == licence


def test_sample_count_rule(result: ChannelResult) -> None:
    assert _card(result, "hendrycks_test").sample_count is None  # 57 subjects of unequal size
    assert len(_card(result, "hendrycks_test").extra["num_examples"]) == 57
    assert _card(result, "race").sample_count == 4934  # the "all" config
    assert _card(result, "xnli").sample_count == 5010  # every language has the same 5,010
    assert _card(result, "boolq").sample_count == 3270  # no test split: validation, never train
    assert _card(result, "ai2_arc").sample_count is None  # Challenge and Easy differ
    assert _card(result, "mbpp").sample_count == 500  # the `full` test split, not `sanitized`


def test_current_style_cards(result: ChannelResult) -> None:
    mmlu_pro = _card(result, "TIGER-Lab__MMLU-Pro@7d9a3072")
    assert mmlu_pro.hf_dataset == "TIGER-Lab/MMLU-Pro" and mmlu_pro.license == "mit"
    assert mmlu_pro.sample_count == 12032 and mmlu_pro.arxiv_id == "2406.01574"
    gpqa = _card(result, "gpqa_formatted@7d9a3072")
    assert gpqa.source_name == "gpqa_formatted" and gpqa.hf_dataset is None
    assert gpqa.extra["num_examples"] == {"diamond": {"train": 198}, "main": {"train": 448}}
    assert gpqa.arxiv_id == "2311.12022"


def test_sources_say_which_recordings_are_what_the_url_returns() -> None:
    by_name = {s.name: s for s in hf.sources()}
    card = by_name["gsm8k/README.md"]
    assert card.url == "https://huggingface.co/datasets/gsm8k/raw/main/README.md" and not card.exact
    sizes = by_name["gsm8k/dataset_infos.json"]
    assert sizes.url == "https://datasets-server.huggingface.co/info?dataset=gsm8k"
    assert not sizes.exact
    pinned = by_name["gsm8k@11a50bb0/README.md"]
    assert pinned.exact and "11a50bb0b18a17103b936610b05d0cf646cab950" in pinned.url


def test_live_split_sizes_and_broken_cards() -> None:
    live = {"dataset_info": {"main": {"splits": {"test": {"name": "test", "num_examples": 1319}}}}}
    payloads = {
        "gsm8k/README.md": (FOLDER / "legacy_hf_datasets_repo_2022/gsm8k/README.md").read_bytes(),
        "gsm8k/dataset_infos.json": json.dumps(live).encode(),
        "broken/README.md": b"<!DOCTYPE html><html>rate limited</html>",
    }
    parsed = hf.parse(payloads)
    assert [c.sample_count for c in parsed.candidates] == [1319]
    assert [(i.location, i.message) for i in parsed.issues] == [
        ("broken/README.md", "card has no YAML front matter (does not start with ---)")
    ]
