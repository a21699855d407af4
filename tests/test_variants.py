"""Variant keys: one language, year or suite written several ways merges; nothing else does."""

from __future__ import annotations

import pytest

from benchhub.crosswalk import build_crosswalk
from benchhub.crosswalk.curation import Curation
from benchhub.crosswalk.ids import child_name
from benchhub.crosswalk.names import name_forms
from benchhub.crosswalk.variants import variant_tokens, year_series
from benchhub.records import BenchmarkCandidate


def _variant(name: str, key: str | None = None, series: frozenset[str] = frozenset()) -> str:
    return "-".join(variant_tokens(name_forms(name, key).tokens, series))


def test_language_names_become_their_codes_after_the_first_word() -> None:
    assert _variant("MGSM (Swahili)", "mgsm_sw") == _variant("mgsm:sw") == "mgsm-sw"
    assert _variant("Global-MMLU: Yoruba") == _variant("global_mmlu_yo") == "global-mmlu-yo"
    assert _variant("XCOPA: Swahili") != _variant("XCOPA: Turkish")  # never another language
    assert _variant("MGSM English") == "mgsm-en" != _variant("MGSM")  # never the parent
    assert _variant("Swahili Arc") == "swahili-arc"  # the first word is the name


def test_two_digit_years_only_in_a_series_written_with_four() -> None:
    names = ["WMT 2017 Latvian-English", "wmt17:lv-en", "wmt17:en-lv", "cifar10", "WMT2018 x"]
    series = year_series(name_forms(n).tokens for n in names)
    assert series == frozenset({"wmt"})
    assert _variant("WMT 2017 Latvian-English", series=series) == "wmt-2017-lv-en"
    assert _variant("wmt17:lv-en", series=series) == "wmt-2017-lv-en"
    assert _variant("wmt17:en-lv", series=series) == "wmt-2017-en-lv"  # the direction stays
    assert _variant("WMT2017 Finnish-English", series=series) == "wmt-2017-fi-en"
    assert _variant("cifar10", series=series) == "cifar10"
    assert _variant("wmt08:cs-en", series=series) == "wmt-2008-cs-en"


def test_a_suite_spelling_its_framework_declares_and_british_spellings() -> None:
    assert _variant("bigbench_hard:causal_judgment") == "bbh-causal-judgment"
    assert _variant("bbh_zeroshot_causal_judgement") == "bbh-causal-judgment"
    assert _variant("BIG-Bench Hard") == "bbh"
    assert _variant("bigbench_causal_judgement") == "bigbench-causal-judgment"  # BIG-bench's


def _cand(channel: str, key: str, name: str, **facts: object) -> BenchmarkCandidate:
    return BenchmarkCandidate(
        channel=channel,
        source_key=key,
        source_name=name,
        source_url=f"https://example.org/{channel}/{key}",
        **facts,  # type: ignore[arg-type]
    )


def test_variant_spellings_merge_unless_their_data_differs() -> None:
    candidates = [
        _cand("lighteval", "mgsm:sw", "mgsm:sw", hf_dataset="juletxara/mgsm", hf_config="sw"),
        _cand("openbench", "mgsm_sw", "MGSM (Swahili)"),
        _cand("openbench", "mgsm_te", "MGSM (Telugu)"),
        _cand("lighteval", "mgsm:de", "mgsm:de", hf_dataset="juletxara/mgsm", hf_config="de"),
        _cand("papers_with_code", "benchmark:WMT 2017 Latvian-English", "WMT 2017 Latvian-English"),
        _cand("lighteval", "wmt17:lv-en", "wmt17:lv-en"),
        _cand("lighteval", "wmt17:en-lv", "wmt17:en-lv"),
        _cand("lighteval", "bigbench_hard:snarks", "bigbench_hard:snarks"),
        _cand("lm_eval_harness", "bbh_zeroshot_snarks", "bbh_zeroshot_snarks"),
        # Okapi's machine-translated MMLU is not OpenAI's MMMLU, however the letters run
        _cand("lm_eval_harness", "m_mmlu_ar", "m_mmlu_ar", hf_dataset="alexandrainst/m_mmlu"),
        _cand("openbench", "mmmlu_ar_xy", "MMMLU (Arabic)"),
        # lm-eval's `global_mmlu_id` reads the Lite set its name does not say
        _cand(
            "lm_eval_harness",
            "global_mmlu_id",
            "global_mmlu_id",
            hf_dataset="CohereForAI/Global-MMLU-Lite",
        ),
        _cand("openbench", "global_mmlu_indonesian", "Global-MMLU: Indonesian"),
        # two records pointing at different data sets need a person, not a variant rule
        _cand("lm_eval_harness", "xnli_vi", "xnli_vi", hf_dataset="facebook/xnli"),
        _cand("helm", "xnli_vi", "XNLI (Vietnamese)", hf_dataset="someone/unrelated_nli"),
    ]
    crosswalk = build_crosswalk(candidates, [], Curation())
    ids = {(a.channel, a.source_key): a.benchmark_id for a in crosswalk.benchmark_aliases}
    assert ids[("openbench", "mgsm_sw")] == ids[("lighteval", "mgsm:sw")]
    assert ids[("openbench", "mgsm_te")] != ids[("lighteval", "mgsm:sw")]
    assert ids[("lighteval", "mgsm:de")] != ids[("lighteval", "mgsm:sw")]
    pwc = ids[("papers_with_code", "benchmark:WMT 2017 Latvian-English")]
    assert pwc == ids[("lighteval", "wmt17:lv-en")] != ids[("lighteval", "wmt17:en-lv")]
    assert (
        ids[("lighteval", "bigbench_hard:snarks")]
        == ids[("lm_eval_harness", "bbh_zeroshot_snarks")]
    )
    assert ids[("lm_eval_harness", "m_mmlu_ar")] != ids[("openbench", "mmmlu_ar_xy")]
    assert ids[("lm_eval_harness", "xnli_vi")] != ids[("helm", "xnli_vi")]
    lite = ids[("lm_eval_harness", "global_mmlu_id")]
    assert lite != ids[("openbench", "global_mmlu_indonesian")]


def test_a_locale_region_and_full_join_the_unmarked_spelling_when_unambiguous() -> None:
    lite = "CohereForAI/Global-MMLU-Lite"
    candidates = [
        _cand("lm_eval_harness", "mmmlu_yo_ng", "mmmlu_yo_ng", hf_dataset="openai/MMMLU"),
        _cand("openbench", "mmmlu_yo_ng", "MMMLU (Yoruba)"),
        # two regions of one language: neither is "Portuguese" by itself
        _cand("lm_eval_harness", "xq_pt_br", "xq_pt_br"),
        _cand("lm_eval_harness", "xq_pt_pt", "xq_pt_pt"),
        _cand("openbench", "xq_portuguese", "XQ (Portuguese)"),
        # a language pair is not a locale
        _cand("lighteval", "wmt16:en-de", "wmt16:en-de"),
        _cand("openbench", "wmt16_en", "WMT16 (English)"),
        # `full` is the set other channels name without a word; the Lite group stays apart
        _cand("lm_eval_harness", "global_mmlu_full_uk", "global_mmlu_full_uk"),
        _cand("lm_eval_harness", "global_mmlu_uk", "global_mmlu_uk", hf_dataset=lite),
        _cand("openbench", "global_mmlu_ukrainian", "Global-MMLU: Ukrainian"),
        # within one channel a word that tells two variants apart is kept
        _cand("helm", "zz_full", "ZZ full"),
        _cand("helm", "zz", "ZZ"),
    ]
    crosswalk = build_crosswalk(candidates, [], Curation())
    ids = {(a.channel, a.source_key): a.benchmark_id for a in crosswalk.benchmark_aliases}
    yoruba = ids[("lm_eval_harness", "mmmlu_yo_ng")]
    assert yoruba == ids[("openbench", "mmmlu_yo_ng")]
    # the written name as the source writes it, not the task id the most spellings use
    names = {b.benchmark_id: b.name for b in crosswalk.benchmarks}
    assert names[yoruba] == "MMMLU (Yoruba)"
    assert ids[("openbench", "xq_portuguese")] not in {
        ids[("lm_eval_harness", "xq_pt_br")],
        ids[("lm_eval_harness", "xq_pt_pt")],
    }
    assert ids[("lighteval", "wmt16:en-de")] != ids[("openbench", "wmt16_en")]
    full = ids[("lm_eval_harness", "global_mmlu_full_uk")]
    assert full == ids[("openbench", "global_mmlu_ukrainian")]
    assert full != ids[("lm_eval_harness", "global_mmlu_uk")]
    assert ids[("helm", "zz_full")] != ids[("helm", "zz")]


def test_the_language_of_the_shots_is_a_setting() -> None:
    og = name_forms("include_base_44_albanian_few_shot_og_stem").tokens
    assert og == name_forms("include_base_44_albanian_stem").tokens
    assert name_forms("include_base_44_albanian_few_shot_en").primary == (
        name_forms("include_base_44_albanian").primary
    )
    assert name_forms("SciKnowEval var5shots").tokens == ("sciknoweval",)
    assert name_forms("Foo 5-shot stem").tokens == ("foo", "stem")


def test_a_child_reads_as_its_parents_written_name_found_by_any_of_its_spellings() -> None:
    spellings = ["global-mmlu-full-uk", "global_mmlu_full_uk", "Global-MMLU: Ukrainian"]
    assert (
        child_name("global mmlu full uk abstract algebra", "Global-MMLU: Ukrainian", spellings)
        == "Global-MMLU: Ukrainian abstract algebra"
    )
    assert child_name("truthfulqa ar mc1", "TruthfulQA") == "TruthfulQA ar mc1"
    # nothing after the parent, a parent with no written name, a name a person wrote: kept
    assert child_name("global mmlu full uk", "Global-MMLU: Ukrainian", spellings) == (
        "global mmlu full uk"
    )
    assert child_name("kmmlu accounting", "kmmlu", ["kmmlu"]) == "kmmlu accounting"
    assert child_name("MMLU Anatomy", "MMLU", ["mmlu"]) == "MMLU Anatomy"
    assert child_name("Mmlu Anatomy", "MMLU", ["mmlu"]) == "Mmlu Anatomy"
    # a task id's start before a written subject ("College Chemistry" for `mmlu_college_...`)
    assert child_name("mmlu College Chemistry", "MMLU", ["mmlu"]) == "MMLU College Chemistry"
    assert child_name("mmlux de anatomy", "MMLU", ["mmlu"]) == "mmlux de anatomy"


def test_a_task_stays_in_its_channels_group_when_another_channel_names_the_group() -> None:
    def group(key: str, members: list[str], family: str | None = None) -> BenchmarkCandidate:
        return _cand(
            "lm_eval_harness",
            key,
            key,
            family=family,
            is_benchmark=False,
            not_benchmark_reason=f"group of {len(members)} tasks scored together",
            extra={"members": members},
        )

    candidates = [
        group("mmmlu", ["mmmlu_zh_cn", "mmmlu_de_de"]),
        group("mmmlu_zh_cn", ["mmmlu_zh_cn_anatomy"], family="mmmlu"),
        group("mmmlu_de_de", ["mmmlu_de_de_anatomy"], family="mmmlu"),
        _cand("lm_eval_harness", "mmmlu_zh_cn_anatomy", "mmmlu_zh_cn_anatomy", family="mmmlu"),
        _cand("lm_eval_harness", "mmmlu_de_de_anatomy", "mmmlu_de_de_anatomy", family="mmmlu"),
        _cand("openbench", "mmmlu_zh_cn", "MMMLU (Chinese)"),
    ]
    crosswalk = build_crosswalk(candidates, [], Curation())
    ids = {(a.channel, a.source_key): a.benchmark_id for a in crosswalk.benchmark_aliases}
    by_id = {b.benchmark_id: b for b in crosswalk.benchmarks}
    chinese = ids[("lm_eval_harness", "mmmlu_zh_cn")]
    assert chinese == ids[("openbench", "mmmlu_zh_cn")]
    anatomy = by_id[ids[("lm_eval_harness", "mmmlu_zh_cn_anatomy")]]
    assert anatomy.parent_id == chinese
    assert (
        by_id[ids[("lm_eval_harness", "mmmlu_de_de_anatomy")]].parent_id
        == (ids[("lm_eval_harness", "mmmlu_de_de")])
    )


@pytest.mark.parametrize(
    ("task_id", "written"),
    [
        ("global_mmlu_full_pl", "Global-MMLU: Polish"),
        ("global_mmlu_full_ny", "Global-MMLU: Chichewa"),
        ("global_mmlu_full_ky", "Global-MMLU: Kyrgyz"),
        ("global_mmlu_full_fil", "Global-MMLU: Filipino"),  # ISO 639-3: Filipino has no 639-1
    ],
)
def test_a_language_named_in_one_channel_and_coded_in_another_is_one_variant(
    task_id: str, written: str
) -> None:
    candidates = [
        _cand("lm_eval_harness", task_id, task_id),
        _cand("openbench", written, written),
        _cand("openbench", "Global-MMLU: Ukrainian", "Global-MMLU: Ukrainian"),
    ]
    crosswalk = build_crosswalk(candidates, [], Curation())
    ids = {(a.channel, a.source_key): a.benchmark_id for a in crosswalk.benchmark_aliases}
    assert ids[("lm_eval_harness", task_id)] == ids[("openbench", written)]
    assert ids[("openbench", written)] != ids[("openbench", "Global-MMLU: Ukrainian")]
