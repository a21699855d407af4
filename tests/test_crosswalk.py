"""The crosswalk: hard naming cases, id stability, curation, provenance and gold-set quality."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from benchhub.channel import refuse_non_models
from benchhub.crosswalk import BenchmarkAlias, Crosswalk, build_crosswalk, load_curation
from benchhub.crosswalk.curation import Curation, CurationError, SpellingRef
from benchhub.crosswalk.keys import distinct_datasets, is_paper_url
from benchhub.crosswalk.kinds import rejection_kind
from benchhub.crosswalk.model_names import junk_reason, parse_model_name
from benchhub.crosswalk.names import name_forms
from benchhub.crosswalk.quality import (
    GOLD_DIR,
    benchmark_predictions,
    junk_labels,
    junk_made_benchmarks,
    load_gold,
    load_junk,
    load_parent_gold,
    model_predictions,
    pairwise,
    replay_all_channels,
    wrong_parents,
)
from benchhub.records import BenchmarkCandidate, ChannelResult, ScoreObservation

NO_CURATION = Curation()


def cand(channel: str, key: str, name: str | None = None, **facts: object) -> BenchmarkCandidate:
    return BenchmarkCandidate(
        channel=channel,
        source_key=key,
        source_name=name or key,
        source_url=f"https://example.org/{channel}/{key}",
        **facts,  # type: ignore[arg-type]
    )


def score(channel: str, benchmark: str, model: str, key: str | None = None) -> ScoreObservation:
    return ScoreObservation(
        channel=channel,
        benchmark_key=key or benchmark,
        benchmark_name=benchmark,
        model_name=model,
        value=0.5,
        scale="fraction",
        raw_value="0.5",
        source_url=f"https://example.org/{channel}",
        relationship="third_party",
    )


def ids(crosswalk: Crosswalk) -> dict[tuple[str, str], str]:
    return {(a.channel, a.source_key): a.benchmark_id for a in crosswalk.benchmark_aliases}


DIAMOND = {"hf_dataset": "Idavidrein/gpqa", "hf_config": "gpqa_diamond"}
GPQA = [
    cand("lm_eval", "gpqa_diamond_zeroshot", **DIAMOND),
    cand("lm_eval", "gpqa_diamond_cot_n_shot", **DIAMOND),
    cand("lm_eval", "leaderboard_gpqa_diamond", **DIAMOND),
    cand("lm_eval", "gpqa_main_zeroshot", hf_dataset="Idavidrein/gpqa", hf_config="gpqa_main"),
    cand("lighteval", "gpqa:diamond", **DIAMOND),
    cand("evalscope", "gpqa_diamond", "GPQA-Diamond", hf_dataset="AI-ModelScope/gpqa_diamond"),
    cand("openbench", "gpqa_diamond", "GPQA Diamond", family="gpqa"),
    cand("openbench", "gpqa", "GPQA"),
    cand("inspect_evals", "gpqa", "GPQA: Graduate-Level STEM Knowledge Challenge",
         arxiv_id="2311.12022", extra={"tasks": [{"name": "gpqa_diamond"}]}),
    cand("harbor", "adapter:gpqa-diamond", "gpqa-diamond"),
]  # fmt: skip
GPQA_SCORES = [
    score("vendor", "GPQA-Diamond (Pass@1)", "DeepSeek-R1"),
    score("tbench", "gpqadiamond", "claude-4-5-sonnet"),
    score("vendor", "GPQA Diamond (CoT)", "Llama 3.3 70B"),
]


def test_gpqa_diamond_spellings_are_one_benchmark_and_gpqa_main_is_not() -> None:
    cw = build_crosswalk(GPQA, GPQA_SCORES, NO_CURATION)
    diamond = {
        cw.benchmark_id_for(c.channel, c.source_key) for c in GPQA if "main" not in c.source_key
    } - {cw.benchmark_id_for("openbench", "gpqa")}
    assert diamond == {"gpqa-diamond"}
    assert cw.benchmark_id_for("vendor", "GPQA-Diamond (Pass@1)") == "gpqa-diamond"
    assert cw.benchmark_id_for("tbench", "gpqadiamond") == "gpqa-diamond"
    assert cw.benchmark_id_for("lm_eval", "gpqa_main_zeroshot") == "gpqa-main"
    assert cw.benchmark_id_for("openbench", "gpqa") == "gpqa"
    merged = {b.benchmark_id: b for b in cw.benchmarks}["gpqa-diamond"]
    assert merged.parent_id == "gpqa"  # openbench names the family
    assert "GPQA-Diamond (Pass@1)" in merged.aliases and merged.name == "GPQA Diamond"


@pytest.mark.parametrize(
    "groups",
    [
        [
            [("lm_eval", "mmlu_pro"), ("helm", "MMLU-Pro"), ("vendor", "MMLU-Pro (EM)")],
            [("helm", "mmlu_professional_law"), ("lighteval", "mmlu:professional_law")],
            [("lm_eval", "mmlu_prox")],
            [("lm_eval", "mmlu_pro_biology"), ("lm_eval", "mmlu_pro_llama_biology")],
            [("lm_eval", "mmlu_pro_plus_law")],
        ],
        [
            [("swebench", "SWE-bench Verified"), ("epoch", "SWE-Bench verified"),
             ("tbench", "swebenchverified"), ("vendor", "SWE-bench Verified (Agentless Coding)")],
            [("eee", "SWE-bench Verified Mini"), ("evalscope", "SWE-bench_Verified_mini")],
            [("swebench", "SWE-bench Lite")],
            [("swebench", "SWE-bench")],
        ],
        [
            [("lm_eval", "humaneval"), ("helm", "HumanEval (Code)"),
             ("vendor", "HumanEval (Pass@1)"), ("lm_eval", "humaneval_instruct")],
            [("opencompass", "HumanEval+"), ("lm_eval", "humaneval_plus")],
            [("vendor", "HumanEval-Mul")],
            [("opencompass", "HumanEval-X")],
        ],
        [
            [("lm_eval", "gsm8k_cot_zeroshot"), ("vendor", "GSM-8K (CoT)"), ("eee", "GSM8K - EM")],
            [("lm_eval", "gsm8k_platinum")],
            [("openbench", "GSM-Plus")],
            [("lighteval", "mgsm")],
        ],
        [
            [("openbench", "Global-MMLU: Swedish"), ("lm_eval", "global_mmlu_swedish")],
            [("openbench", "Global-MMLU: Amharic")],
            [("openbench", "Global-MMLU")],
            [("lm_eval", "mmlu_de_llama_professional_law")],
        ],
    ],
)  # fmt: skip
def test_variants_subsets_and_languages_stay_apart(groups: list[list[tuple[str, str]]]) -> None:
    spellings = [(ch, name) for group in groups for ch, name in group]
    cw = build_crosswalk([cand(ch, name) for ch, name in spellings], [], NO_CURATION)
    found = [{cw.benchmark_id_for(ch, name) for ch, name in group} for group in groups]
    assert all(len(ids_of_group) == 1 for ids_of_group in found), found
    assert len(set().union(*found)) == len(groups), found


def test_renamed_hf_dataset_joins_its_new_name() -> None:
    cw = build_crosswalk(
        [
            cand("huggingface", "hendrycks_test", "HendrycksTest", hf_dataset="hendrycks_test"),
            cand("lm_eval", "mmlu", hf_dataset="cais/mmlu"),
            cand("huggingface", "gsm8k", "Grade School Math 8K", hf_dataset="gsm8k"),
            cand("inspect_evals", "gsm8k", "GSM8K", hf_dataset="openai/gsm8k"),
            cand("huggingface", "openai_humaneval", "OpenAI HumanEval",
                 hf_dataset="openai_humaneval"),
            cand("lm_eval", "humaneval", hf_dataset="openai/openai_humaneval"),
        ],
        [],
        NO_CURATION,
    )  # fmt: skip
    found = ids(cw)
    assert found[("huggingface", "hendrycks_test")] == found[("lm_eval", "mmlu")] == "mmlu"
    assert found[("huggingface", "gsm8k")] == found[("inspect_evals", "gsm8k")]
    assert found[("huggingface", "openai_humaneval")] == found[("lm_eval", "humaneval")]
    mmlu = {b.benchmark_id: b for b in cw.benchmarks}["mmlu"]
    assert mmlu.hf_dataset == "cais/mmlu"  # the legacy id is reported under its new name


def test_a_name_running_its_datasets_words_together_is_that_dataset() -> None:
    cw = build_crosswalk(
        [
            cand("huggingface", "ai2_arc", "Ai2Arc", hf_dataset="ai2_arc"),
            cand("evalscope", "arc", "ARC", hf_dataset="allenai/ai2_arc"),
            cand("lm_eval", "arc_challenge", hf_dataset="allenai/ai2_arc",
                 hf_config="ARC-Challenge"),
            cand("lm_eval", "wmt16-en-ro", hf_dataset="wmt16", hf_config="ro-en"),
            cand("lm_eval", "wmt16-ro-en", hf_dataset="wmt16", hf_config="ro-en"),
        ],
        [],
        NO_CURATION,
    )  # fmt: skip
    found = ids(cw)
    assert found[("huggingface", "ai2_arc")] == found[("evalscope", "arc")]
    assert found[("lm_eval", "arc_challenge")] != found[("evalscope", "arc")]
    # short words keep their order when the name spells the id's words apart
    assert found[("lm_eval", "wmt16-en-ro")] != found[("lm_eval", "wmt16-ro-en")]


def test_a_name_whose_data_is_a_version_follows_the_data() -> None:
    cw = build_crosswalk(
        [
            cand("inspect_evals", "squad", "SQuAD", hf_dataset="rajpurkar/squad_v2",
                 arxiv_id="1606.05250"),
            cand("lighteval", "squad_v2", "Squad V2", hf_dataset="rajpurkar/squad_v2"),
            cand("huggingface", "squad_v2", "SQuAD2.0", hf_dataset="squad_v2"),
            cand("papers_with_code", "benchmark:SQuAD", "SQuAD"),
            cand("github", "list#SQuAD", "Stanford Question Answering Dataset (SQuAD)"),
            # no version of its name on the data: it stays with its name
            cand("openbench", "mmlu", "MMLU", hf_dataset="x/mmlu_v3"),
            cand("lm_eval", "mmlu", "mmlu"),
        ],
        [],
        NO_CURATION,
    )  # fmt: skip
    found = ids(cw)
    assert found[("inspect_evals", "squad")] == found[("lighteval", "squad_v2")]
    assert found[("inspect_evals", "squad")] == found[("huggingface", "squad_v2")]
    squad = found[("papers_with_code", "benchmark:SQuAD")]
    assert squad != found[("inspect_evals", "squad")]
    assert found[("github", "list#SQuAD")] == squad  # its acronym still names SQuAD
    assert {b.benchmark_id: b for b in cw.benchmarks}[squad].hf_dataset is None
    assert found[("openbench", "mmlu")] == found[("lm_eval", "mmlu")]


def test_a_name_that_is_a_datasets_id_names_the_datasets_own_record() -> None:
    cw = build_crosswalk(
        [
            cand("lighteval", "siqa", "Siqa", hf_dataset="allenai/social_i_qa"),
            cand("openbench", "social_iqa", "Social IQA"),
            cand("huggingface", "competition_math",
                 "Mathematics Aptitude Test of Heuristics (MATH)",
                 hf_dataset="hendrycks/competition_math"),
            cand("evalscope", "competition_math", "Competition-MATH"),
            # a paper index naming the data set's owner after its name
            cand("opencompass", "taco", "TACO", hf_dataset="BAAI/TACO"),
            cand("pwc", "taco-baai", "TACO-BAAI"),
            # a variant reading a data set whole is not the data set's own record
            cand("lm_eval", "rewardbench_1_pairwise", "RewardBench 1 pairwise",
                 hf_dataset="allenai/reward-bench"),
            cand("pwc", "rewardbench", "RewardBench"),
            # nor is a name the data's version is missing from
            cand("lighteval", "mmlu_redux", "Mmlu Redux",
                 hf_dataset="edinburgh-dawg/mmlu-redux-2.0"),
            cand("vendor", "mmlu-redux-2.0", "MMLU-redux-2.0"),
            # nor is a listing of several tasks
            cand("inspect_evals", "simpleqa", "SimpleQA/SimpleQA Verified",
                 hf_dataset="codelion/SimpleQA-Verified",
                 extra={"tasks": [{"name": "simpleqa"}, {"name": "simpleqa_verified"}]}),
            cand("openbench", "simpleqa_verified", "SimpleQA Verified"),
            # a data set of many benchmarks' configs names none of them
            cand("lm_eval", "mnli", hf_dataset="nyu-mll/glue", hf_config="mnli"),
            cand("pwc", "glue", "GLUE"),
        ],
        [],
        NO_CURATION,
    )  # fmt: skip
    found = ids(cw)
    assert found[("openbench", "social_iqa")] == found[("lighteval", "siqa")]
    assert found[("evalscope", "competition_math")] == found[("huggingface", "competition_math")]
    assert found[("pwc", "taco-baai")] == found[("opencompass", "taco")]
    assert found[("pwc", "rewardbench")] != found[("lm_eval", "rewardbench_1_pairwise")]
    assert found[("vendor", "mmlu-redux-2.0")] != found[("lighteval", "mmlu_redux")]
    assert found[("pwc", "glue")] != found[("lm_eval", "mnli")]
    assert found[("openbench", "simpleqa_verified")] != found[("inspect_evals", "simpleqa")]


def test_shared_keys_alone_never_merge() -> None:
    # one paper introduces a suite; one dataset holds many configs; one repo hosts several
    cw = build_crosswalk(
        [
            cand("inspect_evals", "cyse2", "CyberSecEval 2", arxiv_id="2404.13161"),
            cand("inspect_evals", "cyse4", "CyberSecEval 4", arxiv_id="2404.13161"),
            cand("lm_eval", "bigbench_navigate", hf_dataset="hails/bigbench", hf_config="navigate"),
            cand("lm_eval", "bigbench_snarks", hf_dataset="hails/bigbench", hf_config="snarks"),
            cand("github", "a", "HumanEval Pro", github_url="https://github.com/x/pro"),
            cand("github", "b", "MBPP Pro", github_url="https://github.com/x/pro"),
        ],
        [],
        NO_CURATION,
    )
    assert len({b.benchmark_id for b in cw.benchmarks if b.record_kind != "suite"}) == 6
    # the two configs of one data set sit in a record for it, each an identity of its own
    suites = [b for b in cw.benchmarks if b.record_kind == "suite"]
    assert [s.benchmark_id for s in suites] == ["bigbench"]
    assert {b.parent_id for b in cw.benchmarks if b.benchmark_id.startswith("bigbench-")} == {
        "bigbench"
    }


def test_a_name_with_a_kind_word_article_or_glued_version_is_the_name() -> None:
    cw = build_crosswalk(
        [
            cand("epoch", "external/x_bench", "XYZ-Bench", arxiv_id="2505.00001"),
            cand("harbor", "adapter:xyz", "xyz"),
            cand("github", "a", "The QRST Dataset"),
            cand("lm_eval", "qrst", "QRST"),
            cand("pwc", "b", "ABCSum Corpus"),
            cand("pwc", "c", "ABCSum"),
            cand("vendor", "d", "Needle in Haystack"),
            cand("evalscope", "e", "Needle in a Haystack"),
            cand("opencompass", "f", "LongQAv2"),
            cand("evalscope", "g", "LongQA v2"),
            cand("helm", "thai_exam", "Thai Exam"),
            cand("lighteval", "thai_exams", "Thai Exams"),
            # category words spelling out the acronym after them say it again
            cand("vendor", "q", "Multilingual MGSM (CoT)"),
            cand("lm_eval", "mgsm", "MGSM"),
            # words, not run-together letters
            cand("pwc", "r", "Java scripts"),
            cand("livebench", "javascript"),
            cand("pwc", "s", "Multilingual LibriSpeech"),
            cand("pwc", "t", "LibriSpeech"),
            # written differently: an acronym is not a word ("SEED" is not SEED-Bench)
            cand("pwc", "h", "SEED"),
            cand("helm", "seed_bench", "Seed Bench"),
            # pointing at different repositories: a person decides
            cand("github", "i", "Infer-Bench", github_url="https://github.com/a/infer"),
            cand("github", "j", "infer benchmark", github_url="https://github.com/b/infer"),
            # a stem under three letters or of category words names nothing alone
            cand("vendor", "k", "MT-Bench"),
            cand("pwc", "l", "MT"),
            cand("vendor", "m", "Reasoning Bench"),
            cand("pwc", "n", "Reasoning"),
            # the kind word inside a name is part of it
            cand("opencompass", "o", "MathBench"),
            cand("pwc", "p", "MATH"),
        ],
        [],
        NO_CURATION,
    )
    found = ids(cw)
    for left, right in (
        (("epoch", "external/x_bench"), ("harbor", "adapter:xyz")),
        (("github", "a"), ("lm_eval", "qrst")),
        (("pwc", "b"), ("pwc", "c")),
        (("vendor", "d"), ("evalscope", "e")),
        (("opencompass", "f"), ("evalscope", "g")),
        (("helm", "thai_exam"), ("lighteval", "thai_exams")),
        (("vendor", "q"), ("lm_eval", "mgsm")),
    ):
        assert found[left] == found[right], (left, right)
    for left, right in (
        (("pwc", "h"), ("helm", "seed_bench")),
        (("github", "i"), ("github", "j")),
        (("vendor", "k"), ("pwc", "l")),
        (("vendor", "m"), ("pwc", "n")),
        (("opencompass", "o"), ("pwc", "p")),
        (("pwc", "r"), ("livebench", "javascript")),
        (("pwc", "s"), ("pwc", "t")),
    ):
        assert found[left] != found[right], (left, right)


@pytest.mark.parametrize(
    ("spelling", "same_as"),
    [
        ("CUB-200-2011 (ResNet-101)", "CUB-200-2011"),
        ("miniImageNet (Conv-4)", "miniImageNet"),
        ("CIFAR-FS (WRN-28-10)", "CIFAR-FS"),
        ("Caltech-101 (Inception-v3)", "Caltech-101"),
    ],
)
def test_the_network_a_score_was_obtained_with_is_a_setting(spelling: str, same_as: str) -> None:
    assert name_forms(spelling).primary == name_forms(same_as).primary


@pytest.mark.parametrize(
    ("spelling", "other"),
    [("VGG-Sound", "Sound"), ("TURINGBENCH (Turing Test, GPT-3)", "TURINGBENCH")],
)
def test_a_network_word_that_is_part_of_a_name_stays(spelling: str, other: str) -> None:
    assert name_forms(spelling).primary != name_forms(other).primary


@pytest.mark.parametrize(
    ("spelling", "key", "same_as"),
    [
        # an expansion read before its shot word is cut, and one after an article
        ("RAFT (Real-world Annotated Few-Shot)", "", "RAFT"),
        ("BLiMP (The Benchmark of Linguistic Minimal Pairs for English)", "", "BLiMP"),
        # a count of what the whole holds, a shot-learning setting, the first version
        ("Global-MMLU (42 Languages)", "", "Global-MMLU"),
        ("BLiMP (67 Linguistic Phenomena)", "", "BLiMP"),
        ("Mini-ImageNet - 1-Shot Learning", "", "Mini-ImageNet"),
        ("Spider 1.0 (Test)", "", "Spider"),
        # a task listed under a kind of task, or run through Unitxt's catalogue card
        ("legal_summarization:eurlexsum", "legal_summarization:eurlexsum", "EurLexSum"),
        ("EurLexSum", "eurlexsum_legal_summarization", "EurLexSum"),
        ("XNLI", "unitxt_cards.xnli.es", "xnli_es"),
        # FLAN's prompt templates are a prompt format
        ("mmlu_flan_cot_fewshot_anatomy", "", "mmlu_anatomy"),
    ],
)
def test_what_a_title_adds_to_a_name_is_no_other_benchmark(
    spelling: str, key: str, same_as: str
) -> None:
    assert name_forms(spelling, key).primary == name_forms(same_as).primary


def test_an_id_made_of_each_words_start_is_the_names_alias() -> None:
    advglue = name_forms("AdvGLUE").primary
    assert advglue in name_forms("Adversarial GLUE", "index:advglue").aliases


@pytest.mark.parametrize(
    ("spelling", "key", "other"),
    [
        ("MMLU Clinical Knowledge (11 African languages)", "", "MMLU Clinical Knowledge"),
        ("HumanEval (164 problems)", "", "HumanEval"),  # a count of items may be a subset
        ("lcb code generation v1", "", "lcb code generation"),  # one of six releases
        ("LSAT", "lsat_qa", "LSA-T"),  # "qa" is no kind of task an id adds
        ("Dyck", "dyck_language", "Dyck"),
        ("lexglue:eurlex", "lexglue:eurlex", "eurlex"),  # a suite, not a kind of task
        ("MT-Bench-101", "", "MT-Bench"),  # a number is a word the short name lacks
        ("Story Cloze 2016", "", "StoryCloze"),
    ],
)
def test_what_makes_a_variant_or_names_a_task_stays(spelling: str, key: str, other: str) -> None:
    assert name_forms(spelling, key).primary != name_forms(other).primary


def test_a_one_letter_typo_sharing_a_paper_is_the_benchmark() -> None:
    cw = build_crosswalk(
        [
            cand("lighteval", "olympiad_bench", "Olympiade Bench", arxiv_id="2402.14008"),
            cand("evalscope", "olympiad_bench", "OlympiadBench", arxiv_id="2402.14008"),
            cand("mlcommons", "a", "SeafloorAI", arxiv_id="2411.00172"),
            cand("mlcommons", "b", "SeafloorGenAI", arxiv_id="2411.00172"),
            cand("lm_eval", "careqa_en", "CareQA en", arxiv_id="2502.06666"),
            cand("lm_eval", "careqa_es", "CareQA es", arxiv_id="2502.06666"),
        ],
        [],
        NO_CURATION,
    )
    found = ids(cw)
    assert found[("lighteval", "olympiad_bench")] == found[("evalscope", "olympiad_bench")]
    assert found[("mlcommons", "a")] != found[("mlcommons", "b")]
    assert found[("lm_eval", "careqa_en")] != found[("lm_eval", "careqa_es")]


def test_two_spellings_of_one_part_do_not_make_their_head_a_parent() -> None:
    cw = build_crosswalk(
        [
            cand("pwc", "a", "Oxford-IIIT Pet Dataset"),
            cand("pwc", "b", "Oxford-IIIT Pets"),
        ],
        [],
        NO_CURATION,
    )
    assert [(b.name, b.parent_id) for b in cw.benchmarks] == [("Oxford-IIIT Pets", None)]


def test_a_record_whose_id_contradicts_its_name_follows_id_and_paper() -> None:
    # OpenCompass lists key `piqa`, with PIQA's paper, under the name "OpenBookQA"
    cw = build_crosswalk(
        [
            cand("opencompass", "index:piqa", "OpenBookQA", arxiv_id="1911.11641"),
            cand("inspect_evals", "piqa", "PIQA", arxiv_id="1911.11641"),
            cand("epoch", "external/openbookqa", "OpenBookQA", arxiv_id="1809.02789"),
        ],
        [],
        NO_CURATION,
    )
    found = ids(cw)
    assert found[("opencompass", "index:piqa")] == found[("inspect_evals", "piqa")] == "piqa"
    assert found[("epoch", "external/openbookqa")] == "openbookqa"


def test_acronyms_written_beside_a_name_merge() -> None:
    cw = build_crosswalk(
        [
            cand("opencompass", "index:hle", "HLE(Humanity's Last Exam)"),
            cand("inspect_evals", "x", "Humanity's Last Exam"),
            cand("github", "y", "Big-Bench Hard (BBH)"),
            cand("epoch", "z", "BBH"),
            cand("openbench", "ifeval", "Instruction Following"),
            cand("lm_eval", "ifeval"),
        ],
        [],
        NO_CURATION,
    )
    found = ids(cw)
    assert found[("opencompass", "index:hle")] == found[("inspect_evals", "x")]
    assert found[("github", "y")] == found[("epoch", "z")]
    assert found[("openbench", "ifeval")] == found[("lm_eval", "ifeval")]


def test_ids_do_not_depend_on_input_order_or_on_a_new_channel() -> None:
    base = build_crosswalk(GPQA, GPQA_SCORES, NO_CURATION)
    shuffled = GPQA[:]
    random.Random(7).shuffle(shuffled)
    again = build_crosswalk(shuffled, list(reversed(GPQA_SCORES)), NO_CURATION)
    assert ids(base) == ids(again)
    assert [b.benchmark_id for b in base.benchmarks] == [b.benchmark_id for b in again.benchmarks]
    grown = build_crosswalk(
        [*GPQA, cand("newchannel", "gpqa_d", "GPQA diamond (0-shot)")],
        [*GPQA_SCORES, score("other", "GPQA (Diamond, CoT)", "m")],
        NO_CURATION,
    )
    assert ids(grown).items() >= ids(base).items()  # every old spelling keeps its id
    assert grown.benchmark_id_for("newchannel", "gpqa_d") == "gpqa-diamond"


def test_previous_ids_survive_a_merge() -> None:
    previous = [
        BenchmarkAlias("a", "k1", "Foo Bench", "foo-bench"),
        BenchmarkAlias("a", "k3", "Foo Bench v0", "foo-bench"),
        BenchmarkAlias("b", "k2", "Zed", "zed-bench"),
    ]
    refs = [SpellingRef(name_key=name_forms(n).primary) for n in ("Foo Bench", "Zed")]
    cw = build_crosswalk(
        [cand("a", "k1", "Foo Bench"), cand("a", "k3", "Foo Bench"), cand("b", "k2", "Zed")],
        [],
        Curation(merges=[refs]),
        previous=previous,
    )
    # two old ids now name one benchmark: the one holding more old spellings survives
    assert {a.benchmark_id for a in cw.benchmark_aliases} == {"foo-bench"}
    # without history the id would come from the name used by most channels instead
    fresh = build_crosswalk([cand("b", "k2", "Zed"), cand("c", "k", "Zed")], [], NO_CURATION)
    assert [b.benchmark_id for b in fresh.benchmarks] == ["zed"]


def test_a_merge_of_equally_used_old_ids_keeps_the_id_a_first_release_would_give() -> None:
    previous = [
        BenchmarkAlias("openbench", "mgsm_bn", "MGSM (Bengali)", "mgsm-bengali"),
        BenchmarkAlias("lighteval", "mgsm:bn", "mgsm:bn", "mgsm-bn"),
    ]
    candidates = [cand("openbench", "mgsm_bn", "MGSM (Bengali)"), cand("lighteval", "mgsm:bn")]
    merged = build_crosswalk(candidates, [], NO_CURATION, previous=previous)
    fresh = build_crosswalk(candidates, [], NO_CURATION)
    assert [b.benchmark_id for b in merged.benchmarks] == ["mgsm-bn"]
    assert [b.benchmark_id for b in fresh.benchmarks] == ["mgsm-bn"]


def test_a_name_split_into_category_words_meets_the_name_written_whole() -> None:
    cw = build_crosswalk(
        [
            cand("evalscope", "commonsense_qa", "CommonsenseQA"),
            cand("lm_eval_harness", "commonsense_qa"),
            cand("opencompass", "config:commonsense_qa", "commonsense_qa"),
            cand("livebench", "reasoning", "Reasoning"),
            cand("helm", "reasoning", "Reasoning"),
        ],
        [],
        NO_CURATION,
    )
    assert (
        len({cw.benchmark_id_for(c, "commonsense_qa") for c in ("evalscope", "lm_eval_harness")})
        == 1
    )
    assert cw.benchmark_id_for("opencompass", "config:commonsense_qa") == cw.benchmark_id_for(
        "evalscope", "commonsense_qa"
    )
    # category words alone still name each channel's own grouping
    assert cw.benchmark_id_for("livebench", "reasoning") != cw.benchmark_id_for("helm", "reasoning")


def test_a_merge_keeps_the_old_id_that_still_names_a_spelling() -> None:
    previous = [
        BenchmarkAlias("pwc", "b:1", "VoxCeleb1 - 1-shot learning", "voxceleb1-learning"),
        BenchmarkAlias("pwc", "b:8", "VoxCeleb1 - 8-shot learning", "voxceleb1-learning"),
        BenchmarkAlias("pwc", "b:v", "VoxCeleb1", "voxceleb1"),
    ]
    candidates = [
        cand("pwc", "b:1", "VoxCeleb1 - 1-shot learning"),
        cand("pwc", "b:8", "VoxCeleb1 - 8-shot learning"),
        cand("pwc", "b:v", "VoxCeleb1"),
    ]
    merged = build_crosswalk(candidates, [], NO_CURATION, previous=previous)
    # the shot counts are settings now: `voxceleb1-learning` names no spelling any more
    assert [b.benchmark_id for b in merged.benchmarks] == ["voxceleb1"]


def test_a_head_a_channel_writes_before_several_colons_begins_parts_not_subtitles() -> None:
    candidates = [
        cand("pwc", "kilt", "KILT"),
        cand("pwc", "benchmark:KILT: Wizard of Wikipedia", "KILT: Wizard of Wikipedia"),
        cand("pwc", "benchmark:KILT: T-REx", "KILT: T-REx"),
        # one colon in a channel: a subtitle
        cand("inspect", "gpqa", "GPQA: Graduate-Level Google-Proof Q&A Benchmark"),
        cand("lm_eval", "gpqa", "gpqa"),
    ]
    previous = [
        BenchmarkAlias("pwc", "kilt", "KILT", "kilt"),
        BenchmarkAlias(
            "pwc", "benchmark:KILT: Wizard of Wikipedia", "KILT: Wizard of Wikipedia", "kilt"
        ),
        BenchmarkAlias("pwc", "benchmark:KILT: T-REx", "KILT: T-REx", "kilt"),
    ]
    cw = build_crosswalk(candidates, [], NO_CURATION, previous=previous)
    found = ids(cw)
    assert found[("pwc", "kilt")] == "kilt"  # the id stays with the record its words name
    assert found[("pwc", "benchmark:KILT: Wizard of Wikipedia")] == "kilt-wizard-of-wikipedia"
    assert found[("inspect", "gpqa")] == found[("lm_eval", "gpqa")]


def test_a_split_keeps_the_old_id_in_its_larger_part() -> None:
    previous = [
        BenchmarkAlias("a", "k1", "Foo Bench", "foo"),
        BenchmarkAlias("b", "k2", "Foo Bench", "foo"),
        BenchmarkAlias("c", "k3", "Foo Bench", "foo"),
    ]
    sides = [
        [SpellingRef(channel="c", key="k3")],
        [SpellingRef(channel="a", key="k1"), SpellingRef(channel="b", key="k2")],
    ]
    cw = build_crosswalk(
        [cand("a", "k1", "Foo Bench"), cand("b", "k2", "Foo Bench"), cand("c", "k3", "Foo Bench")],
        [],
        Curation(splits=[sides]),
        previous=previous,
    )
    assert cw.benchmark_id_for("a", "k1") == cw.benchmark_id_for("b", "k2") == "foo"
    assert cw.benchmark_id_for("c", "k3") not in (None, "foo")
    assert len({b.benchmark_id for b in cw.benchmarks}) == 2


def test_curation_wins(tmp_path: Path) -> None:
    (tmp_path / "benchmarks.yaml").write_text(
        """
pins:
  - id: the-diamond
    name: GPQA (Diamond set)
    spellings: [GPQA Diamond]
merges:
  - spellings: [{channel: harbor, key: "adapter:swebench"}, SWE-bench Verified]
splits:
  - sides: [[{channel: lm_eval, key: gpqa_diamond_cot_n_shot}], [GPQA Diamond]]
verified:
  - {id: the-diamond, by: "A. Person"}
fields:
  the-diamond: {license: CC-BY-4.0}
""",
        encoding="utf-8",
    )
    (tmp_path / "models.yaml").write_text(
        "models:\n  - {id: o1-preview, aliases: [o1-preview], developer: OpenAI}\n",
        encoding="utf-8",
    )
    curation = load_curation(tmp_path)
    candidates = [
        *GPQA,
        cand("harbor", "adapter:swebench", "swebench"),
        cand("swebench", "swe-bench/test", "SWE-bench"),
        cand("swebench", "swe-bench/verified", "SWE-bench Verified", license="MIT"),
    ]
    cw = build_crosswalk(candidates, [score("epoch", "o1-preview-2024-09-12", "x")], curation)
    by_id = {b.benchmark_id: b for b in cw.benchmarks}
    diamond = by_id["the-diamond"]
    assert diamond.name == "GPQA (Diamond set)" and diamond.provenance["name"] == "curation"
    assert diamond.verified_by == "A. Person"
    assert diamond.license == "CC-BY-4.0" and diamond.provenance["license"] == "curation"
    assert cw.benchmark_id_for("lm_eval", "gpqa_diamond_cot_n_shot") != "the-diamond"
    refused = {side for r in cw.refused_merges for side in (r.left, r.right)}
    assert ("lm_eval", "gpqa_diamond_cot_n_shot") in refused
    assert cw.benchmark_id_for("harbor", "adapter:swebench") == "swe-bench-verified"
    assert cw.benchmark_id_for("swebench", "swe-bench/test") == "swe-bench"
    # a dated build is its own id (docs/models.md, rule 2), apart from the curated o1-preview
    assert cw.model_for("epoch", "o1-preview-2024-09-12")[0] == "o1-preview-2024-09-12"
    assert cw.model_for("epoch", "o1-2024-12-17_high")[0] == "o1-2024-12-17"


def test_a_broken_curation_file_names_the_entry(tmp_path: Path) -> None:
    (tmp_path / "benchmarks.yaml").write_text("merges:\n  - spellings: [{key: x}]\n")
    with pytest.raises(CurationError, match=r"merges\[0\]"):
        load_curation(tmp_path)


def test_provenance_and_conflicts_are_kept() -> None:
    cw = build_crosswalk(
        [
            cand("huggingface", "TIGER-Lab/MMLU-Pro", "MMLU-Pro", license="mit", sample_count=12032,
                 hf_dataset="TIGER-Lab/MMLU-Pro"),
            cand("github", "repo:TIGER-AI-Lab/MMLU-Pro", "MMLU-Pro", license="Apache License",
                 github_url="https://github.com/TIGER-AI-Lab/MMLU-Pro"),
            cand("lm_eval", "mmlu_pro", license="MIT License", sample_count=12000),
        ],
        [score("open_llm_leaderboard", "MMLU-PRO", "m")],
        NO_CURATION,
    )  # fmt: skip
    (merged,) = cw.benchmarks
    assert merged.license == "mit" and merged.provenance["license"] == "huggingface"
    assert merged.github_url and merged.provenance["github_url"] == "github"
    assert [c["value"] for c in merged.conflicts["license"]] == ["mit", "Apache License"]
    assert {c["value"] for c in merged.conflicts["sample_count"]} == {12032, 12000}
    assert merged.channels == ["github", "huggingface", "lm_eval", "open_llm_leaderboard"]
    assert cw.benchmark_id_for("open_llm_leaderboard", "MMLU-PRO") == merged.benchmark_id


def test_a_paper_record_enriches_the_one_benchmark_citing_it() -> None:
    paper = cand(
        "arxiv", "2311.12022", "GPQA: A Graduate-Level Google-Proof Q&A Benchmark",
        arxiv_id="2311.12022", release_date="2023-11-20", is_benchmark=False,
        not_benchmark_reason="paper-index record",
    )  # fmt: skip
    cw = build_crosswalk(
        [paper, cand("openbench", "gpqa_diamond", "GPQA Diamond", arxiv_id="2311.12022")],
        [],
        NO_CURATION,
    )
    diamond = {b.benchmark_id: b for b in cw.benchmarks}["gpqa-diamond"]
    assert diamond.release_date == "2023-11-20" and diamond.provenance["release_date"] == "arxiv"
    assert cw.benchmark_id_for("arxiv", "2311.12022") != "gpqa-diamond"  # not an alias


def test_non_benchmarks_are_kept_apart_with_their_reason() -> None:
    template = cand(
        "lm_eval", "tasks/a/_default_template_yaml", "_default_template_yaml",
        is_benchmark=False, not_benchmark_reason="template",
    )  # fmt: skip
    other = cand(
        "lm_eval", "tasks/b/_default_template_yaml", "_default_template_yaml",
        is_benchmark=False, not_benchmark_reason="template",
    )  # fmt: skip
    paper = cand(
        "semantic_scholar", "p1", "COPA: A Combined Autoscaling Method for Kubernetes",
        is_benchmark=False, not_benchmark_reason="paper",
    )  # fmt: skip
    cw = build_crosswalk([template, other, paper, cand("lm_eval", "copa")], [], NO_CURATION)
    found = ids(cw)
    assert found[("lm_eval", template.source_key)] != found[("lm_eval", other.source_key)]
    assert found[("semantic_scholar", "p1")] != found[("lm_eval", "copa")]
    flagged = [b for b in cw.benchmarks if not b.is_benchmark]
    assert len(flagged) == 3 and {b.not_benchmark_reason for b in flagged} == {"template", "paper"}


def test_score_only_spellings_get_an_identity_and_an_alias_row() -> None:
    cw = build_crosswalk(
        [], [score("vendor", "Brand New Bench (Pass@1)", "m", key="k")], NO_CURATION
    )
    assert cw.benchmark_id_for("vendor", "k") == "brand-new-bench"
    assert [(a.source_key, a.source_name) for a in cw.benchmark_aliases] == [
        ("k", "Brand New Bench (Pass@1)")
    ]


@pytest.mark.parametrize(
    ("spelling", "same_as", "settings"),
    [
        ("claude-4-5-sonnet", "claude-sonnet-4-5", {}),
        ("anthropic/claude-sonnet-4-5", "claude-sonnet-4-5", {}),
        ("claude-sonnet-4-5-20250929_32K", "claude-sonnet-4-5-20250929",
         {"thinking_budget": "32K"}),
        ("o3-mini (high)", "o3-mini", {"reasoning_effort": "high"}),
        ("o3-mini-2025-01-31_high", "o3-mini-2025-01-31", {"reasoning_effort": "high"}),
        ("gpt-5.1_medium", "gpt-5.1", {"reasoning_effort": "medium"}),
        ("gemini-2.5-pro-06-05-highthinking", "gemini-2.5-pro-06-05", {"thinking": "high"}),
        ("DeepSeek R1 (0528)", "DeepSeek-R1-0528", {}),
        ("GPT-4o 0513", "gpt-4o-2024-05-13", {}),
        ("GPT 4 (1106)", "gpt-4-1106-preview", {}),
        ("meta-llama/Llama-2-7b-hf", "Llama-2-7b", {}),
        ("openrouter/meta-llama/llama-3.3-70b-instruct", "Llama-3.3-70B-Instruct",
         {"provider": "openrouter"}),
        ("ai21/jamba-1.5-large", "Jamba 1.5 Large", {}),
        ("EleutherAI/gpt-j-6b", "GPT-J-6B", {}),
        ("nvidia/Llama-3.1-Nemotron-70B-Instruct", "llama-3.1-nemotron-70b-instruct", {}),
        ("allenai/Llama-3.1-Tulu-3-8B", "llama-3.1-tulu-3-8b", {}),
    ],
)  # fmt: skip
def test_pure_spelling_is_not_identity(
    spelling: str, same_as: str, settings: dict[str, str]
) -> None:
    """docs/models.md rules 3-4: case, order, official owner, provider, effort, thinking and a
    short form of a known date change nothing but the settings."""
    cw = build_crosswalk([], [score("c", "b", s) for s in (same_as, spelling)], NO_CURATION)
    assert cw.model_for("c", spelling) == (cw.model_for("c", same_as)[0], settings)


def test_snapshots_stages_and_owners_are_their_own_models() -> None:
    """docs/models.md rules 1-2: dated builds, previews and other publishers stay apart."""
    names = [
        "gpt-4o", "gpt-4o-2024-05-13", "gpt-4o-2024-08-06", "gpt-4-1106-preview",
        "gpt-4-0125-preview", "gpt-4", "Llama-4-Maverick-03-26-Experimental", "Llama-4-Maverick",
        "meta-llama/Llama-3.1-8B-Instruct", "MaziyarPanahi/Llama-3.1-8B-Instruct",
        "unsloth/Llama-3.1-8B-Instruct", "mistral-small-2402", "mistral-small-2501",
        "nvidia/Llama-3.1-8B-Instruct", "NousResearch/Meta-Llama-3-8B-Instruct",
        "Meta-Llama-3-8B-Instruct", "TheBloke/vicuna-13b", "lmsys/vicuna-13b",
    ]  # fmt: skip
    cw = build_crosswalk([], [score("c", "b", n) for n in names], NO_CURATION)
    ids = {n: cw.model_for("c", n)[0] for n in names}
    assert len(set(ids.values())) == len(names), ids
    assert ids["meta-llama/Llama-3.1-8B-Instruct"] == "llama-3.1-8b-instruct"
    assert ids["MaziyarPanahi/Llama-3.1-8B-Instruct"] == "maziyarpanahi--llama-3.1-8b-instruct"
    models = {m.model_id: m for m in cw.models}
    dated = models[ids["gpt-4o-2024-05-13"]]
    assert (dated.line, dated.snapshot, dated.developer) == ("gpt-4o", "2024-05-13", "OpenAI")
    assert models[ids["MaziyarPanahi/Llama-3.1-8B-Instruct"]].developer == "MaziyarPanahi"


def test_agent_systems_are_their_own_entities() -> None:
    """docs/models.md rule 5: a scaffold around a model never lands on the bare model."""
    cw = build_crosswalk(
        [],
        [
            score("c", "b", "claude-3-5-sonnet-20241022"),
            score("c", "b", "OpenHands + CodeAct v2.1 (claude-3-5-sonnet-20241022)"),
            replace(
                score("swe", "b", "claude-3-5-sonnet-20241022"), settings={"scaffold": "Moatless"}
            ),
            replace(score("swe", "b", "Devlo"), settings={"scaffold": "Devlo"}),
            replace(
                score("os", "b", "claude-3-7-sonnet-20250219"),
                settings={"scaffold": "Claude 3.7 Sonnet (50 steps)"},
            ),
        ],
        NO_CURATION,
    )
    bare = cw.model_for("c", "claude-3-5-sonnet-20241022")[0]
    inline = cw.model_for("c", "OpenHands + CodeAct v2.1 (claude-3-5-sonnet-20241022)")[0]
    beside = cw.model_for("swe", "claude-3-5-sonnet-20241022", "Moatless")[0]
    models = {m.model_id: m for m in cw.models}
    assert len({bare, inline, beside}) == 3
    assert models[inline].kind == models[beside].kind == "agent_system"
    assert models[inline].base_model == models[beside].base_model == bare
    assert models[cw.model_for("swe", "Devlo", "Devlo")[0]].base_model is None
    # an agent column that only names the model again is the model itself
    steps = cw.model_for("os", "claude-3-7-sonnet-20250219", "Claude 3.7 Sonnet (50 steps)")
    assert models[steps[0]].kind == "model"


@pytest.mark.parametrize("name", ["", "N/A", "test", "UCLA-AGI/test", "72B", "Test0101"])
def test_names_that_are_not_models_are_parse_issues(name: str) -> None:
    result = refuse_non_models(ChannelResult(scores=[score("oll", "b", name)]))
    assert not result.scores and result.issues[0].channel == "oll"
    assert "b" in result.issues[0].location


def test_a_size_under_an_owner_is_that_owners_model() -> None:
    assert junk_reason("CausalLM/14B") is None


def test_a_pretrained_name_joins_the_base_release_or_the_plain_name_its_channel_uses() -> None:
    names = [
        ("epoch", "DeepSeek-V3"), ("epoch", "DeepSeek-V3 Pretrained"), ("hf", "DeepSeek-V3-Base"),
        ("epoch", "Llama-3.1-405B"), ("epoch", "Llama-3.1-405B Pretrained"),
        # a card's pre-trained table beside a name only another channel writes: maybe the chat
        ("cards", "Llama 4 Maverick Pretrained"), ("arena", "Llama 4 Maverick"),
    ]  # fmt: skip
    cw = build_crosswalk([], [score(c, "b", n) for c, n in names], NO_CURATION)
    model = {n: cw.model_for(c, n)[0] for c, n in names}
    assert model["DeepSeek-V3 Pretrained"] == model["DeepSeek-V3-Base"] != model["DeepSeek-V3"]
    assert model["Llama-3.1-405B Pretrained"] == model["Llama-3.1-405B"]
    assert model["Llama 4 Maverick Pretrained"] != model["Llama 4 Maverick"]


def test_an_author_citation_is_no_model_unless_it_follows_a_models_name() -> None:
    # Papers with Code's "He et al." names He et al. 2017's and 2018's systems at once
    assert junk_reason("He et al.") and junk_reason("Liu et al. (2019)")
    assert junk_reason("BERT (Devlin et al., 2019)") is None


def test_model_look_alikes_stay_apart() -> None:
    names = [
        "gpt-4o", "gpt-4o-mini", "chatgpt-4o-latest", "o3", "o3-mini", "o3-pro", "o4-mini",
        "claude-3-5-sonnet-20241022", "claude-3-5-haiku-20241022", "Llama-3.1-405B",
        "Llama-3.1-405B-Instruct", "llama-3.2-1b", "llama-3.1-2b", "DeepSeek-R1",
        "DeepSeek-R1-Distill-Qwen-32B", "DeepSeek-V3", "DeepSeek-V3-Base", "DeepSeek-V3.1",
        "qwen3-235b-a22b", "qwen3-235b-a22b-instruct-2507", "qwen3-235b-a22b-thinking-2507",
        # "medium" is a size here, an effort only for families that take one ("o3-medium")
        "openai-community/gpt2", "openai-community/gpt2-medium", "VAGOsolutions/SauerkrautLM-Phi-3",
        "VAGOsolutions/SauerkrautLM-Phi-3-medium",
        # and after a date stamp: Cohere's sizes are models, "v" a version letter
        "Cohere medium v20220720 (6.1B)", "Cohere xlarge v20220720 (52.4B)",
    ]  # fmt: skip
    cw = build_crosswalk([], [score("c", "b", n) for n in names], NO_CURATION)
    assert len({cw.model_for("c", n)[0] for n in names}) == len(names)
    assert cw.model_for("c", "Cohere medium v20220720 (6.1B)")[0].startswith("cohere-medium")


def test_models_carry_developer_and_every_alias() -> None:
    cw = build_crosswalk(
        [],
        [
            score("tbench", "b", "claude-4-5-sonnet"),
            score("epoch", "b", "claude-sonnet-4-5-20250929_32K"),
            score("eee", "b", "anthropic/claude-sonnet-4-5"),
            score("aider", "b", "claude-sonnet-4-5"),
        ],
        NO_CURATION,
    )
    undated, dated = sorted(cw.models, key=lambda m: m.model_id)
    assert undated.model_id == "claude-sonnet-4-5" and undated.developer == "Anthropic"
    assert len(undated.aliases) == 3 and dated.aliases == ["claude-sonnet-4-5-20250929_32K"]
    assert (dated.model_id, dated.line) == ("claude-sonnet-4-5-2025-09-29", "claude-sonnet-4-5")
    alias = next(a for a in cw.model_aliases if a.channel == "epoch")
    assert alias.settings == {"thinking_budget": "32K"}


def test_parse_keeps_numbers_in_order() -> None:
    assert parse_model_name("Claude 3.5 Sonnet").key == parse_model_name("claude-sonnet-3-5").key
    assert parse_model_name("llama-3.2-1b").key != parse_model_name("llama-3.1-2b").key


@pytest.fixture(scope="module")
def real_crosswalk() -> Crosswalk:
    candidates, scores, failures = replay_all_channels()
    assert not failures
    return build_crosswalk(candidates, scores, load_curation())


def test_gold_sets_meet_the_targets(real_crosswalk: Crosswalk) -> None:
    development = load_gold(GOLD_DIR / "benchmarks.csv")
    held_out = load_gold(GOLD_DIR / "benchmarks_holdout.csv")  # set aside before rule changes
    models = load_gold(GOLD_DIR / "models.csv")
    benchmarks = development + held_out
    assert len(benchmarks) >= 300 and len({r.channel for r in benchmarks}) >= 12
    assert len(held_out) >= len(benchmarks) // 4
    assert len(models) >= 100
    assert len(models) >= 300 and len({r.channel for r in models}) >= 10
    for rows in (benchmarks, held_out):
        bench = pairwise(rows, benchmark_predictions(real_crosswalk, rows))
        assert bench.precision >= 0.98 and bench.recall >= 0.95, (bench.precision, bench.recall)
    models = junk_labels(models)
    predicted = model_predictions(real_crosswalk, models)
    for split in (None, "holdout"):
        chosen = [
            (r, p) for r, p in zip(models, predicted, strict=True) if split in (None, r.split)
        ]
        model = pairwise([r for r, _ in chosen], [p for _, p in chosen])
        assert model.precision >= 0.99 and model.recall >= 0.95, (
            split,
            model.precision,
            model.recall,
        )


def test_no_junk_spelling_becomes_a_benchmark(real_crosswalk: Crosswalk) -> None:
    junk = load_junk(GOLD_DIR / "junk.csv")
    assert len(junk) >= 100
    assert junk_made_benchmarks(real_crosswalk, junk) == []


def test_no_gold_benchmark_is_rejected_as_junk_or_a_paper(real_crosswalk: Crosswalk) -> None:
    # the junk rules spare real names that look like junk: paper titles other channels list,
    # generic-looking data set names ("Advising", "UD"), a corpus id ending in a colon
    rows = load_gold(GOLD_DIR / "benchmarks.csv") + load_gold(GOLD_DIR / "benchmarks_holdout.csv")
    reasons = {b.benchmark_id: b.not_benchmark_reason for b in real_crosswalk.benchmarks}
    predicted = benchmark_predictions(real_crosswalk, rows)
    junked = [
        (row.channel, row.source_name, reasons.get(benchmark_id))
        for row, benchmark_id in zip(rows, predicted, strict=True)
        if rejection_kind(reasons.get(benchmark_id))
        in (rejection_kind("junk:"), rejection_kind("a paper, not a data set"))
    ]
    assert junked == []


def test_parent_gold_is_met(real_crosswalk: Crosswalk) -> None:
    # subsets, translations and editions under their benchmark; benchmarks built on another,
    # native benchmarks of a language and acronyms at the top level (labelled from the
    # recordings, gold/parents.csv)
    rows = load_parent_gold(GOLD_DIR / "parents.csv")
    assert len(rows) >= 20
    assert wrong_parents(real_crosswalk, rows) == []


# -- parents: a channel's groups, the longest parent, ids in code ----------------------------


def _group(channel: str, key: str, members: list, family: str | None = None) -> BenchmarkCandidate:
    return cand(
        channel,
        key,
        family=family,
        is_benchmark=False,
        not_benchmark_reason=f"group of {len(members)} tasks scored together",
        extra={"members": members},
    )


def _parents(cw: Crosswalk) -> dict[str, str | None]:
    return {b.benchmark_id: b.parent_id for b in cw.benchmarks}


def test_tasks_of_a_channel_group_named_after_it_sit_under_the_group() -> None:
    # lm-eval's afrobench folder collects other benchmarks' tasks; its `masakhaner` group
    # (of per-prompt groups) is the benchmark the language tasks are variants of
    tasks = [
        cand("lm_eval", f"masakhaner_{lang}_prompt_{n}", family="afrobench")
        for lang in ("bm", "ha", "yo")
        for n in (1, 2)
    ]
    candidates = [
        *tasks,
        cand("lm_eval", "xnli_yo", family="afrobench"),
        _group("lm_eval", "masakhaner", [["masakhaner_prompt_1"], "masakhaner_prompt_2"]),
        _group("lm_eval", "tinybench", ["xnli_yo", "arc_tiny"], family="afrobench"),
    ]
    cw = build_crosswalk(candidates, [], NO_CURATION)
    group = cw.benchmark_id_for("lm_eval", "masakhaner")
    by_id = {b.benchmark_id: b for b in cw.benchmarks}
    assert by_id[group].is_benchmark and by_id[group].record_kind == "suite"
    for task in tasks:
        child = by_id[cw.benchmark_id_for("lm_eval", task.source_key)]
        assert child.parent_id == group and child.record_kind == "subtask"
    # a group of other benchmarks' tasks is not a benchmark
    assert not by_id[cw.benchmark_id_for("lm_eval", "tinybench")].is_benchmark
    assert by_id[cw.benchmark_id_for("lm_eval", "xnli_yo")].parent_id is None


def test_the_longest_matching_group_is_the_parent() -> None:
    subjects = ("history", "law")
    candidates = [
        *(cand("lm_eval", f"mmlu_prox_ne_{s}", family="mmlu_prox") for s in subjects),
        *(cand("lm_eval", f"mmlu_prox_lite_ne_{s}", family="mmlu_prox") for s in subjects),
        _group("lm_eval", "mmlu_prox_lite_ne", [f"mmlu_prox_lite_ne_{s}" for s in subjects],
               family="mmlu_prox"),
    ]  # fmt: skip
    cw = build_crosswalk(candidates, [], NO_CURATION)
    parents = _parents(cw)
    family = cw.benchmark_id_for("lm_eval", "family:mmlu_prox")
    lite = cw.benchmark_id_for("lm_eval", "mmlu_prox_lite_ne")
    assert family is not None and lite is not None and family != lite
    assert parents[lite] == family
    for s in subjects:
        assert parents[cw.benchmark_id_for("lm_eval", f"mmlu_prox_lite_ne_{s}")] == lite
        assert parents[cw.benchmark_id_for("lm_eval", f"mmlu_prox_ne_{s}")] == family


def test_a_sibling_task_with_a_shorter_name_is_not_a_parent() -> None:
    candidates = [
        cand("lm_eval", "bigbench_physics", family="bigbench"),
        cand("lm_eval", "bigbench_physics_questions", family="bigbench"),
        cand("lighteval", "bigbench:physics", family="bigbench"),
        cand("lighteval", "bigbench:physics_questions", family="bigbench"),
    ]
    cw = build_crosswalk(candidates, [], NO_CURATION)
    parents = _parents(cw)
    family = parents[cw.benchmark_id_for("lm_eval", "bigbench_physics")]
    assert family is not None
    assert parents[cw.benchmark_id_for("lm_eval", "bigbench_physics_questions")] == family


def test_a_task_without_a_family_sits_under_the_task_id_it_extends_in_its_channel() -> None:
    candidates = [
        cand("openbench", "graphwalks", "GraphWalks"),
        cand("openbench", "graphwalks_bfs", "GraphWalks BFS"),
        cand("openbench", "graphwalks_parents", "GraphWalks Parents"),
        # ARC is listed by two channels: an id prefix in a third is no family of it
        cand("opencompass", "index:arc", "ARC"),
        cand("lm_eval", "arc", "ARC"),
        cand("opencompass", "index:arc_prize_public_eval", "ARC Prize"),
        # a slug's hyphen joins one name's words (SUN is not SUN RGB-D's)
        cand("pwc", "sun", "SUN"),
        cand("pwc", "sun-rgbd", "SUN RGB-D"),
    ]
    cw = build_crosswalk(candidates, [], NO_CURATION)
    parents = _parents(cw)
    graphwalks = cw.benchmark_id_for("openbench", "graphwalks")
    assert parents[cw.benchmark_id_for("openbench", "graphwalks_bfs")] == graphwalks
    assert parents[cw.benchmark_id_for("openbench", "graphwalks_parents")] == graphwalks
    assert parents[cw.benchmark_id_for("opencompass", "index:arc_prize_public_eval")] is None
    assert parents[cw.benchmark_id_for("pwc", "sun-rgbd")] is None


def test_a_record_once_rejected_takes_its_names_id_when_it_becomes_a_benchmark() -> None:
    candidates = [
        cand("lm_eval", "masakhaner_bm_prompt_1", family="afrobench"),
        _group("lm_eval", "masakhaner", ["masakhaner_prompt_1"]),
    ]
    previous = [
        # the group was rejected last time, under its channel id (never published)
        BenchmarkAlias("lm_eval", "masakhaner", "masakhaner", "lm-eval-masakhaner"),
        # a published id stays what it was
        BenchmarkAlias("lm_eval", "masakhaner_bm_prompt_1", "masakhaner_bm_prompt_1", "mner-bm"),
    ]
    cw = build_crosswalk(candidates, [], NO_CURATION, previous=previous)
    assert cw.benchmark_id_for("lm_eval", "masakhaner") == "masakhaner"
    assert cw.benchmark_id_for("lm_eval", "masakhaner_bm_prompt_1") == "mner-bm"
    assert _parents(cw)["mner-bm"] == "masakhaner"


def test_scores_naming_the_family_do_not_hide_it() -> None:
    candidates = [
        cand("openbench", "graphwalks", "GraphWalks"),
        cand("openbench", "graphwalks_bfs", "GraphWalks BFS"),
    ]
    scores = [score("vendor", "Graphwalks", "GPT-4.1")]
    cw = build_crosswalk(candidates, scores, NO_CURATION)
    graphwalks = cw.benchmark_id_for("openbench", "graphwalks")
    assert cw.benchmark_id_for("vendor", "Graphwalks") == graphwalks
    assert _parents(cw)[cw.benchmark_id_for("openbench", "graphwalks_bfs")] == graphwalks


def test_the_longest_group_wins_past_a_sibling_task() -> None:
    prefix = "global_piqa_parallel_cloze"
    candidates = [
        cand("lm_eval", f"{prefix}_srp_latn", family="global_piqa"),
        cand("lm_eval", f"{prefix}_srp_latn_torl", family="global_piqa"),
        _group("lm_eval", prefix, [f"{prefix}_srp_latn", f"{prefix}_srp_latn_torl"],
               family="global_piqa"),
    ]  # fmt: skip
    cw = build_crosswalk(candidates, [], NO_CURATION)
    group = cw.benchmark_id_for("lm_eval", prefix)
    parents = _parents(cw)
    assert parents[cw.benchmark_id_for("lm_eval", f"{prefix}_srp_latn_torl")] == group
    assert parents[cw.benchmark_id_for("lm_eval", f"{prefix}_srp_latn")] == group


# -- settings, splits and parents across channels ----------------------------------------------


def test_prompt_format_and_prompt_variants_are_one_benchmark() -> None:
    candidates = [
        *(cand("lm_eval", f"tatoeba_eng_nno_p{n}", hf_dataset="h/tatoeba") for n in range(3)),
        cand("lm_eval", "tatoeba_eng_nob_p0", hf_dataset="h/tatoeba"),
        cand("lm_eval", "bigbench_navigate_multiple_choice", family="bigbench"),
        cand("lm_eval", "bigbench_navigate_generate_until", family="bigbench"),
        cand("lm_eval", "piqa_global_cloze_deu", family="piqa_global"),
        cand("lm_eval", "piqa_global_deu", family="piqa_global"),
        # "cloze" names the Story Cloze data sets
        cand("lm_eval", "xstorycloze_ru"),
        cand("lighteval", "xstory_cloze:ru"),
    ]
    cw = build_crosswalk(candidates, [], NO_CURATION)
    found = ids(cw)
    assert len({found[("lm_eval", f"tatoeba_eng_nno_p{n}")] for n in range(3)}) == 1
    assert found[("lm_eval", "tatoeba_eng_nno_p0")] == "tatoeba-eng-nno"
    assert found[("lm_eval", "tatoeba_eng_nob_p0")] != found[("lm_eval", "tatoeba_eng_nno_p0")]
    assert (
        found[("lm_eval", "bigbench_navigate_multiple_choice")]
        == found[("lm_eval", "bigbench_navigate_generate_until")]
    )
    assert found[("lm_eval", "piqa_global_cloze_deu")] == found[("lm_eval", "piqa_global_deu")]
    assert found[("lm_eval", "xstorycloze_ru")] == found[("lighteval", "xstory_cloze:ru")]
    names = {b.benchmark_id: b.name for b in cw.benchmarks}
    assert names["tatoeba-eng-nno"] == "tatoeba eng nno"


def test_the_evaluation_split_is_the_benchmark_and_other_parts_are_children() -> None:
    candidates = [
        cand("pwc", "b:Fandom test", "Fandom test"),
        cand("pwc", "b:Fandom dev", "Fandom dev"),
        cand("pwc", "b:DIHARD3-eval", "DIHARD3-eval"),
        # a capitalised "Test" is part of a name; a task id's split meets only a known benchmark
        cand("oc", "driving", "Arabic Exams: Driving Test"),
        cand("lm_eval", "anli", "ANLI"),
        cand("lm_eval", "other", "anli test"),
        cand("lm_eval", "arabicmmlu_driving_test"),
        # "Data set - part": a subset or task of a data set another record names
        cand("pwc", "b:Manga109", "Manga109"),
        cand("pwc", "b:Manga109 - 8x upscaling", "Manga109 - 8x upscaling"),
    ]
    cw = build_crosswalk(candidates, [], NO_CURATION)
    found = ids(cw)
    by_id = {b.benchmark_id: b for b in cw.benchmarks}
    assert found[("pwc", "b:Fandom test")] == "fandom" and by_id["fandom"].name == "Fandom"
    assert by_id[found[("pwc", "b:Fandom dev")]].parent_id == "fandom"
    assert found[("pwc", "b:DIHARD3-eval")] == "dihard3"
    assert found[("oc", "driving")] == "arabic-exams-driving-test"
    assert found[("lm_eval", "other")] == found[("lm_eval", "anli")]
    assert found[("lm_eval", "arabicmmlu_driving_test")] == "arabicmmlu-driving-test"
    upscaling = by_id[found[("pwc", "b:Manga109 - 8x upscaling")]]
    assert upscaling.parent_id == found[("pwc", "b:Manga109")]


def test_old_ids_carrying_a_setting_give_way_to_the_benchmark_id() -> None:
    candidates = [cand("lm_eval", f"ask_gec_p{n}") for n in range(2)]
    previous = [
        BenchmarkAlias("lm_eval", f"ask_gec_p{n}", f"ask_gec_p{n}", f"ask-gec-p{n}")
        for n in range(2)
    ]
    cw = build_crosswalk(candidates, [], NO_CURATION, previous)
    assert {a.benchmark_id for a in cw.benchmark_aliases} == {"ask-gec"}


def test_a_task_of_a_well_known_benchmark_sits_under_it_whichever_channel_lists_it() -> None:
    candidates = [
        cand("lm_eval", "ruler", "RULER", arxiv_id="2404.06654"),
        cand("opencompass", "index:ruler", "RULER", arxiv_id="2404.06654"),
        cand("evalscope", "mmstar", "MMStar"),
        cand("openbench", "mmstar", "MMStar"),
        cand("lm_eval", "squad2", "SQuAD2.0", arxiv_id="1806.03822"),
        cand("helm", "squad_v2", "SQuAD2.0", arxiv_id="1806.03822"),
        # a task reading SQuAD 2.0 carries its paper; a benchmark built on one has its own
        cand("helm", "ruler_squad", "RULER SQuAD", arxiv_id="1806.03822",
             paper_url="https://arxiv.org/abs/1806.03822"),
        cand("helm", "mm_star_knowledge", "MM-Star (Knowledge subsets)"),
        cand("pwc", "mmstar-pro", "MMStar Pro", arxiv_id="2601.00001"),
        # a name only one channel lists is no family across channels
        cand("lm_eval", "persona", "persona"),
        cand("pwc", "persona-chat", "Persona Chat"),
    ]  # fmt: skip
    cw = build_crosswalk(candidates, [], NO_CURATION)
    by_id = {b.benchmark_id: b for b in cw.benchmarks}
    ruler_squad = by_id[cw.benchmark_id_for("helm", "ruler_squad") or ""]
    assert ruler_squad.parent_id == cw.benchmark_id_for("lm_eval", "ruler")
    assert ruler_squad.paper_url is None  # SQuAD 2.0's paper is not RULER SQuAD's
    assert ruler_squad.name == "RULER SQuAD"
    knowledge = by_id[cw.benchmark_id_for("helm", "mm_star_knowledge") or ""]
    assert knowledge.parent_id == cw.benchmark_id_for("evalscope", "mmstar")
    assert by_id[cw.benchmark_id_for("pwc", "mmstar-pro") or ""].parent_id is None
    assert by_id[cw.benchmark_id_for("pwc", "persona-chat") or ""].parent_id is None


def test_a_subset_or_translation_named_after_a_benchmark_sits_under_it() -> None:
    candidates = [
        cand("lm_eval", "gsm8k", "GSM8K", hf_dataset="openai/gsm8k"),
        cand("helm", "bird_sql", "BIRD-SQL"),
        cand("openbench", "tumlu", "TUMLU"),
        cand("lm_eval", "imagenet", "ImageNet"),
        cand("lm_eval", "mmlu", "MMLU", hf_dataset="cais/mmlu"),
        # a translation and a mini set are published as data sets of their own
        cand("evalscope", "gsm8k_indic", "GSM8K-Indic", hf_dataset="sarvamai/gsm8k-indic"),
        cand("lighteval", "gsm8k_tha", "Gsm8k Tha", hf_dataset="someone/gsm8k_thai-v0.2"),
        cand("evalscope", "bird_sql", "BIRD-SQL Mini-Dev", hf_dataset="birdsql/bird_mini_dev",
             arxiv_id="2305.03111"),
        # the data set names the part the channel's own name does not
        cand("lighteval", "turkic.py", "Turkic Evals", hf_dataset="jafarisbarov/TUMLU-mini"),
        # an acronym in capitals is no language code; a language before the name is a
        # benchmark of that language; a benchmark built on another keeps its place
        cand("pwc", "imagenet-lt", "ImageNet-LT"),
        cand("lighteval", "turkish_mmlu", "Turkish MMLU", hf_dataset="AYueksel/TurkishMMLU"),
        cand("pwc", "gsm8k-pro", "GSM8K Pro", arxiv_id="2601.00002"),
        # a named evaluation split is a part; the test split alone is the benchmark
        cand("pwc", "imagenet-test-dev", "ImageNet test-dev"),
    ]  # fmt: skip
    cw = build_crosswalk(candidates, [], NO_CURATION)
    parent = {b.benchmark_id: b.parent_id for b in cw.benchmarks}

    def parent_of(channel: str, key: str) -> str | None:
        return parent[cw.benchmark_id_for(channel, key) or ""]

    gsm8k = cw.benchmark_id_for("lm_eval", "gsm8k")
    assert parent_of("evalscope", "gsm8k_indic") == gsm8k
    assert parent_of("lighteval", "gsm8k_tha") == gsm8k
    assert parent_of("evalscope", "bird_sql") == cw.benchmark_id_for("helm", "bird_sql")
    assert parent_of("lighteval", "turkic.py") == cw.benchmark_id_for("openbench", "tumlu")
    assert parent_of("pwc", "imagenet-lt") is None
    assert parent_of("lighteval", "turkish_mmlu") is None
    assert parent_of("pwc", "gsm8k-pro") is None
    assert parent_of("pwc", "imagenet-test-dev") == cw.benchmark_id_for("lm_eval", "imagenet")


def test_a_config_in_a_records_folders_is_its_task_unless_another_channel_lists_it() -> None:
    candidates = [
        cand("opencompass", "index:advglue", "Adversarial GLUE",
             extra={"configs": ["adv_sst2", "adv_rte"]}),
        cand("opencompass", "config:adv_sst2", "adv_sst2"),
        cand("opencompass", "config:adv_rte", "adv_rte"),
        # PromptBench's folder runs SQuAD 2.0, which other channels list on its own
        cand("opencompass", "index:promptbench", "PromptBench",
             extra={"configs": ["squad_v2", "wnli"]}),
        cand("opencompass", "config:squad_v2", "squad_v2"),
        cand("lm_eval", "squadv2", "squadv2"),
    ]  # fmt: skip
    cw = build_crosswalk(candidates, [], NO_CURATION)
    parent = {b.benchmark_id: b.parent_id for b in cw.benchmarks}
    adv = cw.benchmark_id_for("opencompass", "index:advglue")
    assert parent[cw.benchmark_id_for("opencompass", "config:adv_sst2") or ""] == adv
    assert parent[cw.benchmark_id_for("opencompass", "config:adv_rte") or ""] == adv
    assert parent[cw.benchmark_id_for("lm_eval", "squadv2") or ""] is None


def test_a_version_or_year_of_a_benchmark_sits_under_it_unless_it_has_a_paper_of_its_own() -> None:
    candidates = [
        cand("pwc", "pascal-voc", "PASCAL VOC"),
        cand("pwc", "pascal-voc-2007", "PASCAL VOC 2007"),
        cand("pwc", "imagenet", "ImageNet"),
        cand("pwc", "imagenet-v2", "ImageNet V2"),
        cand("lm_eval", "spider", "Spider"),
        cand("helm", "spider", "Spider 1.0 (Test)"),  # the first version is the benchmark itself
        cand("lm_eval", "videomme", "Video-MME", arxiv_id="2405.21075"),
        cand("evalscope", "videomme_v2", "Video-MME-v2", arxiv_id="2604.05015",
             hf_dataset="MME-Benchmarks/Video-MME-v2"),
        cand("pwc", "sst", "SST"),
        cand("pwc", "sst-5", "SST-5"),  # five classes, no version
        cand("pwc", "amc", "AMC"),
        cand("pwc", "amc23", "AMC23"),  # a year run into the name
        cand("pwc", "squad", "SQuAD"),
        cand("pwc", "squad1.1", "SQuAD1.1"),  # a dotted version glued to the name
        # data of its own, beside a record with none to tell the two apart
        cand("pwc", "ontonotes", "OntoNotes"),
        cand("evalscope", "ontonotes5", "OntoNotes 5.0", hf_dataset="someone/ontonotes5"),
    ]  # fmt: skip
    cw = build_crosswalk(candidates, [], NO_CURATION)
    parent = {b.benchmark_id: b.parent_id for b in cw.benchmarks}

    def parent_of(channel: str, key: str) -> str | None:
        return parent[cw.benchmark_id_for(channel, key) or ""]

    assert parent_of("pwc", "pascal-voc-2007") == cw.benchmark_id_for("pwc", "pascal-voc")
    assert parent_of("pwc", "imagenet-v2") == cw.benchmark_id_for("pwc", "imagenet")
    assert cw.benchmark_id_for("helm", "spider") == cw.benchmark_id_for("lm_eval", "spider")
    assert parent_of("evalscope", "ontonotes5") == cw.benchmark_id_for("pwc", "ontonotes")
    assert parent_of("evalscope", "videomme_v2") is None
    assert parent_of("pwc", "sst-5") is None
    assert parent_of("pwc", "amc23") == cw.benchmark_id_for("pwc", "amc")
    assert parent_of("pwc", "squad1.1") == cw.benchmark_id_for("pwc", "squad")


def test_a_task_a_channel_record_lists_sits_under_it_and_children_read_as_names() -> None:
    candidates = [
        cand("livebench", "livebench", "LiveBench"),
        cand("livebench", "cat/Coding", "Coding", family="LiveBench",
             extra={"tasks": ["coding_completion", "LCB_generation"]}),
        cand("livebench", "task/coding_completion", "coding_completion", family="LiveBench"),
        cand("livebench", "task/LCB_generation", "LCB_generation", family="LiveBench"),
        cand("lm_eval", "truthfulqa", "TruthfulQA", hf_dataset="truthfulqa/truthful_qa"),
        cand("lighteval", "truthfulqa", "TruthfulQA", hf_dataset="truthfulqa/truthful_qa"),
        cand("lm_eval", "truthfulqa_ar_mc1", family="truthfulqa",
             hf_dataset="truthfulqa/truthful_qa"),
        # a translation on the original's paper, named after it
        cand("lighteval", "mlmm_truthfulqa", "Mlmm Truthfulqa", arxiv_id="2109.07958"),
        cand("evalscope", "tqa", "TruthfulQA", arxiv_id="2109.07958"),
        # a channel's group named after its tasks lists members named otherwise too
        _group("lm_eval", "ruler", ["ruler_vt", "niah_single_1"]),
        cand("lm_eval", "ruler_vt"),
        cand("lm_eval", "niah_single_1"),
    ]  # fmt: skip
    cw = build_crosswalk(candidates, [], NO_CURATION)
    by_id = {b.benchmark_id: b for b in cw.benchmarks}
    coding = cw.benchmark_id_for("livebench", "cat/Coding")
    completion = by_id[cw.benchmark_id_for("livebench", "task/coding_completion") or ""]
    livebench = cw.benchmark_id_for("livebench", "livebench")
    # the category lists the task, but no task hangs under a category: it sits under LiveBench
    assert completion.parent_id == livebench
    assert by_id[coding or ""].parent_id == livebench
    truthfulqa = cw.benchmark_id_for("lm_eval", "truthfulqa")
    child = by_id[cw.benchmark_id_for("lm_eval", "truthfulqa_ar_mc1") or ""]
    assert child.parent_id == truthfulqa and child.name == "TruthfulQA ar mc1"
    assert by_id[cw.benchmark_id_for("lighteval", "mlmm_truthfulqa") or ""].parent_id == truthfulqa
    ruler = cw.benchmark_id_for("lm_eval", "ruler")
    assert by_id[cw.benchmark_id_for("lm_eval", "niah_single_1") or ""].parent_id == ruler


def test_a_suite_prefix_before_a_slash_names_the_suite_not_the_task() -> None:
    candidates = [
        cand("opencompass", "index:cmrc", "CLUE / CMRC"),
        cand("vendor", "card#CMRC", "CMRC"),
        cand("pwc", "b:CNN / Daily Mail", "CNN / Daily Mail"),
    ]
    cw = build_crosswalk(candidates, [], NO_CURATION)
    found = ids(cw)
    assert found[("opencompass", "index:cmrc")] == found[("vendor", "card#CMRC")] == "cmrc"
    assert found[("pwc", "b:CNN / Daily Mail")] == "cnn-daily-mail"


def test_harness_copies_and_acronyms_of_one_data_set_are_not_different_data() -> None:
    assert distinct_datasets(["allenai/social_i_qa", "someone/siqa", "opencompass/siqa"]) == []
    assert distinct_datasets(["wmt/wmt14", "wmt14", "lighteval/sacrebleu_manual"]) == []
    assert distinct_datasets(["aps/super_glue", "google/boolq"]) == [
        ["aps/super_glue"],
        ["google/boolq"],
    ]


@pytest.mark.parametrize(
    ("url", "paper"),
    [
        ("https://arxiv.org/abs/2009.03300", True),
        ("https://arxiv.org/html/2502.10517v1", True),  # arXiv's HTML view of the paper
        ("https://aclanthology.org/N19-1245/", True),
        ("https://openreview.net/forum?id=abc", True),
        ("https://doi.org/10.1145/3442188", True),
        # the NeurIPS Datasets and Benchmarks track's proceedings
        (
            "https://datasets-benchmarks-proceedings.neurips.cc/paper/2021/hash/c-Abstract.html",
            True,
        ),
        ("https://link.springer.com/chapter/10.1007/978-3-642-40802-1_29", True),
        ("https://www.nature.com/articles/s41524-020-00406-3", True),
        ("https://ieeexplore.ieee.org/stamp/stamp.jsp?tp=&arnumber=10778138", True),
        ("https://www.biorxiv.org/content/10.1101/2025.01.15.633272v1", True),
        ("https://cdn.aaai.org/ocs/4492/4492-21843-1-PB.pdf", True),
        ("https://research.google/pubs/pub47761/", False),  # a publication's listing page
        ("https://openai.com/blog/grade-school-math/", False),
        ("https://github.com/openai/human-eval", False),
        ("https://huggingface.co/datasets/cais/mmlu", False),
        ("https://proceedings.neurips.cc.example.org/paper/x", False),
    ],
)
def test_paper_links_are_told_from_homepages(url: str, paper: bool) -> None:
    assert is_paper_url(url) is paper
