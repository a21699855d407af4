"""The hierarchy's hard classes: task groups named after nothing get their data set's record as
parent, only where the tasks share one data set; HELM's taxonomy cells are headings, not
benchmarks; CircularEval is a setting; no task hangs under a category."""

from __future__ import annotations

from assets.channels import helm
from assets.channels.github import software_reason
from benchhub.catalog import MergedBenchmark
from benchhub.crosswalk import build_crosswalk
from benchhub.crosswalk.curation import Curation
from benchhub.crosswalk.kinds import is_category_name, rejection_kind
from benchhub.crosswalk.names import name_forms
from benchhub.records import BenchmarkCandidate


def task(channel: str, key: str, dataset: str, config: str, **facts: object) -> BenchmarkCandidate:
    return BenchmarkCandidate(
        channel=channel,
        source_key=key,
        source_name=key,
        source_url=f"https://example.org/{channel}/{key}",
        hf_dataset=dataset,
        hf_config=config,
        **facts,  # type: ignore[arg-type]
    )


def built(candidates: list[BenchmarkCandidate]) -> dict[str, MergedBenchmark]:
    crosswalk = build_crosswalk(candidates, [], Curation())
    return {
        alias.source_name: next(
            b for b in crosswalk.benchmarks if b.benchmark_id == alias.benchmark_id
        )
        for alias in crosswalk.benchmark_aliases
    }


def parent_of(records: dict[str, MergedBenchmark], name: str) -> MergedBenchmark | None:
    child = records[name]
    return next((b for b in records.values() if b.benchmark_id == child.parent_id), None)


def test_tasks_over_one_data_set_sit_under_a_record_named_for_it() -> None:
    family = {"family": "model_written_evals"}
    records = built(
        [
            task("lm_eval_harness", "persona_power", "EleutherAI/persona", "power", **family),
            task("lm_eval_harness", "persona_money", "EleutherAI/persona", "money", **family),
            # another channel's record of the same word is another data set (Persona-Chat)
            BenchmarkCandidate("papers_with_code", "persona", "Persona", "https://example.org/p"),
        ]
    )
    parent = parent_of(records, "persona_power")
    assert parent is not None and parent is parent_of(records, "persona_money")
    assert parent.record_kind == "suite" and parent.is_benchmark
    assert name_forms(parent.name).primary == "modelwrittenevalspersona"
    assert records["Persona"].parent_id is None
    assert records["Persona"].benchmark_id != parent.benchmark_id


def test_translation_test_sets_in_one_data_set_are_separate_parents() -> None:
    sacrebleu = "lighteval/sacrebleu_manual"
    records = built(
        [
            task("lighteval", "wmt08:cs-en", sacrebleu, "wmt08_cs-en"),
            task("lighteval", "wmt08:de-en", sacrebleu, "wmt08_de-en"),
            task("lighteval", "iwslt17:ar-en", sacrebleu, "iwslt17_ar-en"),
            task("lighteval", "iwslt17:en-ar", sacrebleu, "iwslt17_en-ar"),
        ]
    )
    wmt, iwslt = parent_of(records, "wmt08:cs-en"), parent_of(records, "iwslt17:ar-en")
    assert wmt is not None and iwslt is not None and wmt is not iwslt
    assert parent_of(records, "wmt08:de-en") is wmt
    assert parent_of(records, "iwslt17:en-ar") is iwslt
    assert (wmt.name, iwslt.name) == ("wmt08", "iwslt17")
    assert records["wmt08:cs-en"].benchmark_id != records["wmt08:de-en"].benchmark_id


def test_a_benchmark_other_channels_list_keeps_its_place_and_no_empty_group_is_published() -> None:
    records = built(
        [
            task("lm_eval_harness", "boolq", "aps/super_glue", "boolq"),
            task("lm_eval_harness", "cb", "aps/super_glue", "cb"),
            BenchmarkCandidate("helm", "boolq", "BoolQ", "https://example.org/helm/boolq"),
            BenchmarkCandidate("lighteval", "cb", "cb", "https://example.org/lighteval/cb"),
        ]
    )
    assert records["boolq"].parent_id is None and records["cb"].parent_id is None
    groups = [b for name, b in records.items() if name not in ("boolq", "cb", "BoolQ")]
    assert groups and not any(b.is_benchmark for b in groups)
    assert all("none placed under it" in (b.not_benchmark_reason or "") for b in groups)


def test_tasks_of_different_data_sets_get_no_group() -> None:
    records = built(
        [
            task("lm_eval_harness", "alpha_x", "org/alpha", "x"),
            task("lm_eval_harness", "beta_y", "org/beta", "y"),
        ]
    )
    assert records["alpha_x"].parent_id is None and records["beta_y"].parent_id is None


def test_helm_taxonomy_cells_marked_todo_are_headings() -> None:
    schema = b"""
run_groups:
  - name: aspirational
    display_name: Aspirational scenarios
    subgroups: [biomedical_scenarios, moral_scenarios]
  - name: biomedical_scenarios
    display_name: Biomedical scenarios
    taxonomy: {what: "Biomedical text"}
    todo: true
  - name: moral_scenarios
    display_name: Moral scenarios
    taxonomy: {task: question answering}
    metric_groups: [accuracy]
    environment: {main_name: exact_match, main_split: test}
"""
    result = helm.parse({"schemas/schema_classic.yaml": schema})
    by_name = {c.source_name: c for c in result.candidates}
    heading = by_name["Biomedical scenarios"]
    assert not heading.is_benchmark and "todo" in (heading.not_benchmark_reason or "")
    assert by_name["Moral scenarios"].is_benchmark  # a scenario, whatever its name says


def test_circular_eval_is_a_setting_of_the_score() -> None:
    assert (
        name_forms("content_critic_zh_circular").primary == name_forms("content_critic_zh").primary
    )


def test_no_task_hangs_under_a_category() -> None:
    def livebench(key: str, name: str, **facts: object) -> BenchmarkCandidate:
        return BenchmarkCandidate(
            "livebench",
            key,
            name,
            f"https://example.org/{key}",
            **facts,  # type: ignore[arg-type]
        )

    records = built(
        [
            livebench("LiveBench", "LiveBench"),
            livebench(
                "livebench/category/Language",
                "Language",
                family="LiveBench",
                extra={"tasks": ["connections", "typos"]},
            ),
            livebench("livebench/task/connections", "connections", family="LiveBench"),
            livebench("livebench/task/typos", "typos", family="LiveBench"),
        ]
    )
    for name in ("connections", "typos"):
        parent = parent_of(records, name)
        assert parent is not None and not is_category_name(parent.name)
        assert parent is records["LiveBench"]
    assert parent_of(records, "Language") is records["LiveBench"]


def test_a_training_condition_is_a_setting_of_the_score() -> None:
    condition = name_forms("ObjectNet (ImageNet classes, trained on ImageNet)").primary
    assert condition == name_forms("ObjectNet (ImageNet classes)").primary
    assert condition != name_forms("ObjectNet (All classes)").primary
    assert name_forms("CIFAR-10 (without extra training data)").primary == "cifar10"


def test_a_list_entry_describing_software_is_not_a_benchmark() -> None:
    assert software_reason("ARES is an automatic evaluation framework for RAG systems")
    assert software_reason("BERGEN: A benchmarking library for RAG systems")
    assert software_reason("Provides a platform for evaluating models on user metrics")
    assert software_reason("A library for inspecting and benchmarking LLM performance")
    # a benchmark described as a tool for benchmarking, and a data set, are benchmarks
    assert software_reason("AgentBench is a systematic benchmark evaluation tool") is None
    assert software_reason("Evaluates model performance on reading comprehension tasks.") is None
    assert software_reason("OpenFinData, the first financial evaluation dataset") is None
    assert rejection_kind(software_reason("A framework for evaluating safety")) != "other"


def test_tasks_in_the_folder_of_a_group_file_sit_under_that_group() -> None:
    def lm_eval(key: str, kind: str, path: str, **extra: object) -> BenchmarkCandidate:
        return BenchmarkCandidate(
            "lm_eval_harness",
            key,
            key,
            f"https://example.org/{path}",
            family="afrobench",
            is_benchmark=kind == "task",
            not_benchmark_reason=None if kind == "task" else "group of tasks",
            extra={"kind": kind, "path": path, **extra},
        )

    records = built(
        [
            # the group file lists other names than the tasks below it
            lm_eval("african_flores", "group", "tasks/afrobench/flores/flores.yaml",
                    members=["flores_eng-afr_prompt_1"]),
            lm_eval("flores_ace_Latn-eng_Latn", "task", "tasks/afrobench/flores/p1/a/ace.yaml"),
            lm_eval("flores_bem_Latn-eng_Latn", "task", "tasks/afrobench/flores/p1/a/bem.yaml"),
            # two group files, neither named as their folder: no declared group
            lm_eval("x_one", "group", "tasks/afrobench/mixed/one.yaml", members=["a"]),
            lm_eval("x_two", "group", "tasks/afrobench/mixed/two.yaml", members=["b"]),
            lm_eval("mixed_alpha", "task", "tasks/afrobench/mixed/alpha.yaml"),
            lm_eval("mixed_beta", "task", "tasks/afrobench/mixed/beta.yaml"),
        ]
    )  # fmt: skip
    group = parent_of(records, "flores_ace_Latn-eng_Latn")
    assert group is not None and group is parent_of(records, "flores_bem_Latn-eng_Latn")
    assert group.name == "african flores" and group.is_benchmark
    assert records["mixed_alpha"].parent_id is None and records["mixed_beta"].parent_id is None


def named(channel: str, name: str) -> BenchmarkCandidate:
    return BenchmarkCandidate(channel, f"benchmark:{name}", name, f"https://example.org/{name}")


def test_a_channels_sibling_parts_share_a_record_of_their_name_head() -> None:
    records = built(
        [
            named("papers_with_code", "CropHarvest - Kenya"),
            named("papers_with_code", "CropHarvest - Togo"),
            named("evalscope", "Mol-Instructions Chem"),
            named("evalscope", "Mol-Instructions Bio"),
            # plain words begin different data sets
            named("papers_with_code", "Penn Treebank"),
            named("papers_with_code", "Penn Action"),
            # editions of one event are data sets of their own
            named("papers_with_code", "CoNLL 2000"),
            named("papers_with_code", "CoNLL 2012"),
            # a part another channel lists on its own is a benchmark, not a part
            named("papers_with_code", "GLUE SST-2"),
            named("papers_with_code", "GLUE Diagnostics"),
            named("helm", "SST-2"),
        ]
    )
    crop = parent_of(records, "CropHarvest - Kenya")
    assert crop is not None and crop is parent_of(records, "CropHarvest - Togo")
    assert crop.name == "CropHarvest" and crop.record_kind == "suite"
    assert records["CropHarvest - Kenya"].benchmark_id != records["CropHarvest - Togo"].benchmark_id
    mol = parent_of(records, "Mol-Instructions Chem")
    assert mol is not None and mol.name == "Mol-Instructions"
    for alone in ("Penn Treebank", "Penn Action", "CoNLL 2000", "CoNLL 2012", "GLUE Diagnostics"):
        assert records[alone].parent_id is None, alone


def test_another_channels_record_of_the_head_becomes_the_parent() -> None:
    records = built(
        [
            named("helm", "XCOPA (Tamil)"),
            named("helm", "XCOPA (Thai)"),
            named("lighteval", "XCOPA"),
        ]
    )
    assert parent_of(records, "XCOPA (Tamil)") is records["XCOPA"]
    assert parent_of(records, "XCOPA (Thai)") is records["XCOPA"]


def test_a_channels_file_of_other_benchmarks_tasks_is_no_parent_of_theirs() -> None:
    def lighteval(key: str, name: str, **facts: object) -> BenchmarkCandidate:
        return BenchmarkCandidate(
            "lighteval",
            key,
            name,
            f"https://example.org/{key}",
            **facts,  # type: ignore[arg-type]
        )

    records = built(
        [
            lighteval("lighteval/tasks/tasks/med.py", "Med"),
            lighteval("med_qa", "med_qa", family="Med"),
            lighteval("med_paragraph_simplification", "med_paragraph_simplification", family="Med"),
            # another channel lists MedQA as a benchmark of its own
            BenchmarkCandidate(
                "helm", "med_qa", "MedQA", "https://example.org/helm/med_qa", arxiv_id="2009.13081"
            ),
        ]
    )
    assert records["MedQA"].parent_id is None
    assert records["med_qa"] is records["MedQA"]
    # a task only this channel lists stays in its file's record
    assert parent_of(records, "med_paragraph_simplification") is records["Med"]


def test_suite_slash_task_siblings_sit_under_the_suites_record() -> None:
    """OpenCompass writes its FewCLUE tasks "FewCLUE / EPRSTMT": the identity rules read each as
    the task, and the record made for the head they share still finds them by how the channel
    wrote them. A task another channel lists on its own stays a benchmark of its own."""

    def opencompass(task: str) -> BenchmarkCandidate:
        return BenchmarkCandidate(
            "opencompass",
            f"index:{task.lower()}",
            f"FewCLUE / {task}",
            f"https://example.org/{task}",
        )

    records = built(
        [
            opencompass("EPRSTMT"),
            opencompass("TNEWS"),
            opencompass("CSL"),
            named("papers_with_code", "CSL"),
            # another channel writing the suite's name first lists the same part
            opencompass("BUSTM"),
            named("papers_with_code", "FewCLUE (BUSTM)"),
        ]
    )
    assert records["FewCLUE / CSL"] is records["CSL"]
    fewclue = parent_of(records, "FewCLUE / EPRSTMT")
    assert fewclue is not None and fewclue.name == "FewCLUE"
    assert parent_of(records, "FewCLUE / TNEWS") is fewclue
    assert parent_of(records, "FewCLUE (BUSTM)") is fewclue
    assert records["FewCLUE / CSL"].parent_id is None


def test_a_paper_index_benchmark_sits_in_the_data_set_its_channel_names() -> None:
    def in_dataset(name: str, dataset: str) -> BenchmarkCandidate:
        return BenchmarkCandidate(
            "papers_with_code", f"benchmark:{name}", name, "https://example.org/pwc", family=dataset
        )

    records = built(
        [
            in_dataset("GrailQA-IID", "GrailQA"),
            in_dataset("GrailQA-Compositional", "GrailQA"),
            named("semantic_scholar", "GrailQA"),
            # no channel lists the data set on its own: its record is made
            in_dataset("Hindi Visual Genome (Test Set)", "Hindi Visual Genome"),
            named("papers_with_code", "SUN-RGBD val"),  # no data set named: stays
        ]
    )
    assert parent_of(records, "GrailQA-IID") is records["GrailQA"]
    assert parent_of(records, "GrailQA-Compositional") is records["GrailQA"]
    hindi = parent_of(records, "Hindi Visual Genome (Test Set)")
    assert hindi is not None and hindi.name == "Hindi Visual Genome"
    assert records["SUN-RGBD val"].parent_id is None


def _lm_eval(key: str, family: str, **facts: object) -> BenchmarkCandidate:
    return BenchmarkCandidate(
        "lm_eval_harness",
        key,
        key,
        f"https://example.org/lm_eval/{key}",
        family=family,
        **facts,  # type: ignore[arg-type]
    )


def _lm_eval_group(
    key: str, family: str, members: list[str], path: str | None = None
) -> BenchmarkCandidate:
    return _lm_eval(
        key,
        family,
        is_benchmark=False,
        not_benchmark_reason=f"group of {len(members)} tasks scored together",
        extra={"members": members, "kind": "group", **({"path": path} if path else {})},
    )


def test_a_harness_wrapper_group_is_no_parent_of_the_benchmark_it_runs() -> None:
    """lm-eval's `arabic_leaderboard_acva` runs ACVA's configs for the Arabic leaderboard: its
    tasks are ACVA's, and the wrapper sits under ACVA too. A group a language names before a
    benchmark's name whose tasks carry the group's name (`arabic_mmlu_*`) stays their
    parent."""
    family = "arabic_leaderboard_complete"
    acva_tasks = ["arabic_leaderboard_acva_Algeria", "arabic_leaderboard_acva_Iraq"]
    mmlu_tasks = ["arabic_mmlu_stem", "arabic_mmlu_humanities"]
    records = built(
        [
            named("lighteval", "Acva"),
            named("openbench", "MMLU"),
            named("helm", "MMLU"),
            _lm_eval_group("arabic_leaderboard_acva", family, acva_tasks),
            *(_lm_eval(t, family, hf_dataset="OALL/ACVA", hf_config=t[24:]) for t in acva_tasks),
            _lm_eval_group("arabic_mmlu", "arabic_mmlu", mmlu_tasks),
            *(_lm_eval(t, "arabic_mmlu") for t in mmlu_tasks),
        ]
    )
    acva = records["Acva"]
    for name in (*acva_tasks, "arabic_leaderboard_acva"):
        assert parent_of(records, name) is acva, name
    for name in mmlu_tasks:
        assert parent_of(records, name) is records["arabic_mmlu"], name
    assert records["MMLU"].parent_id is None


def test_a_wrapper_of_other_data_than_the_benchmarks_keeps_its_tasks() -> None:
    """The Arabic leaderboard's `arabic_leaderboard_arabic_mmlu_*` read `OALL/Arabic_MMLU` (MMLU
    translated), not ArabicMMLU's `MBZUAI/ArabicMMLU`: not ArabicMMLU's tasks."""
    family = "arabic_leaderboard_complete"
    tasks = ["arabic_leaderboard_arabic_mmlu_anatomy", "arabic_leaderboard_arabic_mmlu_virology"]
    records = built(
        [
            BenchmarkCandidate(
                "opencompass",
                "arabicmmlu",
                "ArabicMMLU",
                "https://example.org/arabicmmlu",
                hf_dataset="MBZUAI/ArabicMMLU",
            ),
            _lm_eval_group("arabic_leaderboard_arabic_mmlu", family, tasks),
            *(_lm_eval(t, family, hf_dataset="OALL/Arabic_MMLU", hf_config=t[31:]) for t in tasks),
        ]
    )
    for name in tasks:
        assert parent_of(records, name) is records["arabic_leaderboard_arabic_mmlu"], name
    assert records["arabic_leaderboard_arabic_mmlu"].parent_id is None


def test_a_group_named_after_a_benchmark_whose_tasks_are_named_after_it_wraps_it() -> None:
    """afrobench's `african_flores` group holds FLORES pairs named `flores_*`: FLORES's parts,
    not parts of a benchmark named "african flores"."""
    pairs = ["flores_zul_Latn-eng_Latn", "flores_hau_Latn-eng_Latn"]
    folder = "tasks/afrobench/flores"
    below = f"{folder}/prompt_1"  # the pairs sit in a folder below the group file's
    group = _lm_eval_group(
        "african_flores", "afrobench", ["flores_eng-afr_prompt_1"], f"{folder}/flores.yaml"
    )
    records = built(
        [
            named("opencompass", "Flores"),
            group,
            *(
                _lm_eval(p, "afrobench", extra={"path": f"{below}/{p}.yaml", "kind": "task"})
                for p in pairs
            ),
        ]
    )
    for name in (*pairs, "african_flores"):
        assert parent_of(records, name) is records["Flores"], name


def test_a_task_sits_in_the_group_that_lists_the_tag_it_declares() -> None:
    """lm-eval's `longbench_e` group lists the tag `longbench_multi_e` that
    `longbench_hotpotqa_e` declares: LongBench-E's task, not LongBench's."""
    family = "longbench"
    records = built(
        [
            named("opencompass", "LongBench"),
            named("helm", "LongBench"),
            # a group the channel's scores name as a benchmark
            _lm_eval(
                "longbench_e",
                family,
                extra={"kind": "group", "members": ["longbench_multi_e", "longbench_code_e"]},
            ),
            _lm_eval("longbench_hotpotqa_e", family, extra={"groups": ["longbench_multi_e"]}),
            _lm_eval("longbench_hotpotqa", family),
        ]
    )
    assert parent_of(records, "longbench_hotpotqa_e") is records["longbench_e"]
    assert parent_of(records, "longbench_hotpotqa") is records["LongBench"]


def test_a_subset_word_before_the_name_and_a_level_after_it_name_parts() -> None:
    records = built(
        [
            named("evalscope", "HellaSwag"),
            named("lm_eval_harness", "tinyHellaswag"),
            named("papers_with_code", "WIDER FACE"),
            named("papers_with_code", "WIDER Face (Hard)"),
            named("papers_with_code", "ImageNet"),
            # a level joined by a hyphen coins a benchmark's name; a lower-case run is a word
            named("papers_with_code", "ImageNet-Hard"),
            named("papers_with_code", "Swag"),
            named("evalscope", "miniswag"),
        ]
    )
    assert parent_of(records, "tinyHellaswag") is records["HellaSwag"]
    assert parent_of(records, "WIDER Face (Hard)") is records["WIDER FACE"]
    assert records["ImageNet-Hard"].parent_id is None
    assert records["miniswag"].parent_id is None


def test_tasks_set_on_one_data_set_without_configs_sit_under_a_record_of_it() -> None:
    """lm-eval's `assin2_rte` and `assin2_sts` both read `nilc-nlp/assin2`: the RTE and STS
    tasks of ASSIN2. A task not named after its data set makes no record of it."""
    records = built(
        [
            _lm_eval("assin2_rte", "portuguese_bench", hf_dataset="nilc-nlp/assin2"),
            _lm_eval("assin2_sts", "portuguese_bench", hf_dataset="nilc-nlp/assin2"),
            _lm_eval("piqa_pt", "portuguese_bench", hf_dataset="other/piqa_translated"),
            _lm_eval("boolq_pt", "portuguese_bench", hf_dataset="other/piqa_translated"),
        ]
    )
    assin2 = parent_of(records, "assin2_rte")
    assert assin2 is not None and assin2 is parent_of(records, "assin2_sts")
    assert assin2.name == "assin2" and assin2.record_kind == "suite"
    assert records["piqa_pt"].parent_id is None and records["boolq_pt"].parent_id is None
