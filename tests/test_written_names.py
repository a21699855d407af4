"""A benchmark's published name is the spelling a person wrote, never a machine's when a written
one exists (benchhub/crosswalk/ids.py canonical_name, offered_name, better_written_spelling)."""

from __future__ import annotations

from benchhub.crosswalk.benchmarks import Identity, Spelling
from benchhub.crosswalk.ids import (
    better_written_spelling,
    canonical_name,
    is_written,
    offered_name,
)
from benchhub.crosswalk.names import name_forms


def _spelling(channel: str, key: str, name: str) -> Spelling:
    return Spelling(channel, key, name, name_forms(name, key), None, None)


def _name(*spellings: tuple[str, str, str]) -> str:
    return canonical_name(Identity([_spelling(*s) for s in spellings]))[0]


def test_identifiers_and_written_names() -> None:
    assert is_written("Global-MMLU") and is_written("GPQA Diamond") and is_written("b3: B")
    assert not is_written("global_mmlu") and not is_written("global mmlu")
    assert not is_written("Earth_Silver")  # an identifier with capitals


def test_a_spelling_offers_its_words_with_the_punctuation_the_source_wrote() -> None:
    assert offered_name(_spelling("openbench", "exercism_go", "Exercism (Go)")) == "Exercism (Go)"
    assert offered_name(_spelling("helm", "arabic_exams_arabic_language_general",
                                  "Arabic Exams: Arabic Language (General)")) == (
        "Arabic Exams: Arabic Language (General)"
    )  # fmt: skip
    # what the name rules cut (a shot count, pass@k) stays cut
    assert offered_name(_spelling("vendor", "x#MMLU (5-shot)", "MMLU (5-shot)")) == "MMLU"


def test_an_id_more_specific_than_its_written_name_reads_with_the_written_words() -> None:
    # HELM lists `melt_math` as "MATH": the id's words, the written name in its place
    assert offered_name(_spelling("helm", "melt_math", "MATH")) == "melt MATH"
    assert offered_name(_spelling("helm", "arabic_finance_mcq", "Finance MCQ")) == (
        "arabic Finance MCQ"
    )
    # a framework's title for a listing that runs one task names it
    ape = Spelling(
        "inspect_evals",
        "ape",
        "APE: Attempt to Persuade Eval",
        name_forms("APE: Attempt to Persuade Eval", "ape_eval"),
        None,
        None,
    )
    assert offered_name(ape) == "APE: Attempt to Persuade Eval"
    # only ever written as an identifier: kept, never made up
    assert offered_name(_spelling("lm_eval_harness", "xq_pt_br", "xq_pt_br")) == "xq pt br"


def test_the_written_name_wins_over_identifiers_and_their_title_cased_copies() -> None:
    lighteval = [
        ("lighteval", "family:Mmmu Pro", "Mmmu Pro"),
        ("lighteval", "lighteval/tasks/tasks/mmmu_pro.py", "Mmmu Pro"),
    ]
    # two lighteval spellings do not outvote one spelling of another channel
    assert _name(*lighteval, ("openbench", "mmmu_pro", "MMMU-Pro")) == "MMMU-Pro"
    assert (
        _name(
            ("lm_eval_harness", "family:global_mmlu", "global_mmlu"),
            ("openbench", "family:global_mmlu", "global_mmlu"),
            ("openbench", "siblings:Global-MMLU", "Global-MMLU"),
        )
        == "Global-MMLU"
    )
    # a title-cased copy of the channel's file name, written with capitals elsewhere
    assert (
        _name(("lighteval", "lighteval/tasks/tasks/raft.py", "Raft"), ("helm", "raft", "RAFT"))
        == "RAFT"
    )
    # with nothing better, a framework's own title stands
    assert _name(*lighteval, ("openbench", "family:mmmu_pro", "mmmu_pro")) == "Mmmu Pro"


def test_names_a_person_writes_in_title_case_stay() -> None:
    # the same capitals written without the space: both written, the channels decide
    assert (
        _name(
            ("huggingface", "natural_questions", "Natural Questions"),
            ("openbench", "natural_questions", "Natural Questions"),
            ("helm", "siblings:NaturalQuestions", "NaturalQuestions"),
            ("lighteval", "natural_questions", "natural_questions"),
        )
        == "Natural Questions"
    )
    # hyphenated: no `str.title` of an identifier ("Ceval" is)
    assert (
        _name(
            ("evalscope", "ceval", "C-Eval"),
            ("vendor", "a#C-Eval", "C-Eval"),
            ("opencompass", "index:ceval", "C-EVAL"),
            ("lighteval", "lighteval/tasks/multilingual/tasks/ceval.py", "Ceval"),
        )
        == "C-Eval"
    )


def test_the_better_written_spelling_the_check_reports() -> None:
    assert better_written_spelling("global mmlu", ["global_mmlu", "Global-MMLU"]) == "Global-MMLU"
    assert better_written_spelling("Mmmu Pro", ["Mmmu Pro", "MMMU-Pro"], ["mmmu_pro"]) == (
        "MMMU-Pro"
    )
    assert better_written_spelling("Global-MMLU", ["global_mmlu"]) is None
    assert better_written_spelling("xq pt br", ["xq_pt_br"]) is None
    # a channel id is never offered as a name
    assert better_written_spelling("sycophancy", ["sycophancy"], ["EleutherAI/sycophancy"]) is None
    assert (
        better_written_spelling("Natural Questions", ["NaturalQuestions"], ["natural_questions"])
        is None
    )


def test_word_starts_count_like_capitals_and_an_identifier_keeps_its_capitals() -> None:
    file = "lighteval/tasks/tasks/"
    # two spellings of lighteval's file name do not outvote HELM's written one
    assert (
        _name(
            ("lighteval", f"{file}entitymatching.py", "Entitymatching"),
            ("lighteval", "family:Entitymatching", "Entitymatching"),
            ("helm", "entity_matching", "Entity matching"),
        )
        == "Entity matching"
    )
    assert (
        _name(
            ("lighteval", f"{file}xstory_cloze.py", "Xstory Cloze"),
            ("lighteval", "family:Xstory Cloze", "Xstory Cloze"),
            ("opencompass", "index:xstorycloze", "XStoryCloze"),
        )
        == "XStoryCloze"
    )
    # an identifier's spaced form ("Earth Silver") is nobody's writing
    assert (
        _name(
            ("opencompass", "family:Earth_Silver", "Earth_Silver"),
            ("opencompass", "index:earth_silver", "Earth-Silver"),
        )
        == "Earth-Silver"
    )
    # with no written spelling, the identifier with capitals before the one without
    assert (
        _name(
            ("evalscope", "swe_bench_pro", "SWE-bench_Pro"),
            ("harbor", "adapter:swebenchpro", "swebenchpro"),
            ("harbor", "registry:swebenchpro@1.0", "swebenchpro"),
        )
        == "SWE-bench Pro"
    )
