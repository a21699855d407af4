"""The OpenCompass channel on its real recording, and the static extraction its live mode runs."""

from __future__ import annotations

import io
import json
import tarfile

import pytest

from assets.channels import opencompass
from benchhub.channel import Mode, fetch_payloads, run_channel
from benchhub.records import BenchmarkCandidate, ChannelResult

# A config as OpenCompass writes it (BuySideFinBench_gen_ca1704.py, abridged): one dict per
# subset, its name built from the loop variable.
CONFIG_SOURCE = """
BuySideFinBench_datasets = []
for _name in BuySideFinBench_all_sets:
    BuySideFinBench_datasets.append(
        dict(
            type=BuySideFinBenchDataset,
            path='cindy90/BuySideFinBench',
            name=_name,
            abbr=f'BuySideFinBench-{_name}',
            reader_cfg=dict(input_columns=['question'], output_column='answer'),
        ))
"""
CONFIG_FILE = "opencompass/configs/datasets/BuySideFinBench/BuySideFinBench_gen_ca1704.py"


@pytest.fixture(scope="module")
def result() -> ChannelResult:
    return run_channel(opencompass.CHANNEL)


def _by_key(result: ChannelResult) -> dict[str, BenchmarkCandidate]:
    return {c.source_key: c for c in result.candidates}


def test_counts(result: ChannelResult) -> None:
    keys = [c.source_key for c in result.candidates]
    assert len(keys) == len(set(keys)) == 998
    assert sum(k.startswith("index:") for k in keys) == 229
    assert sum(k.startswith("config:") for k in keys) == 769
    assert sum(not c.is_benchmark for c in result.candidates) == 430
    assert result.scores == [] and result.issues == []


def test_index_entry(result: ChannelResult) -> None:
    ifeval = _by_key(result)["index:ifeval"]
    assert ifeval.source_name == "IFEval"
    assert ifeval.arxiv_id == "2311.07911"
    assert ifeval.paper_url == "https://arxiv.org/pdf/2311.07911"
    assert ifeval.capability_hints == ("Instruction Following",)
    assert ifeval.source_url == (
        "https://github.com/open-compass/opencompass/blob/"
        "a5acc4bba3b658f151617a3b393602110fb7a740/dataset-index.yml"
    )


def test_repeated_index_key_keeps_both_records(result: ChannelResult) -> None:
    candidates = _by_key(result)
    assert candidates["index:humaneval_multi"].source_name == "Multi-HumanEval"
    assert candidates["index:humaneval_multi#2"].source_name == "HumanEval+"


def test_paper_field_holding_a_repository_is_a_github_url(result: ChannelResult) -> None:
    longbench = _by_key(result)["index:longbench"]
    assert longbench.github_url == "https://github.com/THUDM/LongBench"
    assert longbench.paper_url is None


def test_config_paths_resolve_through_the_mapping(result: ChannelResult) -> None:
    gsm8k = _by_key(result)["config:gsm8k"]
    assert gsm8k.hf_dataset == "opencompass/gsm8k"
    assert gsm8k.extra["modelscope_datasets"] == ["opencompass/gsm8k"]
    assert gsm8k.family == "gsm8k"
    assert len(gsm8k.extra["files"]) == 18
    # A bare path is a Hub id only under the generic HFDataset loader; the dataset of a config
    # whose name is built at run time is still read.
    cola_file = "opencompass/configs/datasets/GLUE_CoLA/GLUE_CoLA_ppl_77d0df.py"
    cola = _by_key(result)[f"config:{cola_file}#<fstring:f'CoLA-{{_split}}'>"]
    assert (cola.hf_dataset, cola.hf_config, cola.is_benchmark) == ("glue", "cola", False)
    wnli = _by_key(result)["config:wnli"]  # a dedicated loader: its bare path is not trusted
    assert (wnli.hf_dataset, wnli.extra["paths"]) == (None, ["glue"])


def test_names_built_at_run_time_are_flagged(result: ChannelResult) -> None:
    key = f"config:{CONFIG_FILE}#<fstring:f'BuySideFinBench-{{_name}}'>"
    flagged = _by_key(result)[key]
    assert not flagged.is_benchmark
    assert "built at run time" in (flagged.not_benchmark_reason or "")
    assert flagged.extra["path"] == "cindy90/BuySideFinBench"


def test_unreadable_index_is_located_and_the_configs_still_load() -> None:
    payloads = fetch_payloads(opencompass.CHANNEL, Mode.REPLAY)
    payloads[opencompass.INDEX] = b"- ifeval:\n    name: [IFEval\n"
    result = opencompass.parse(payloads)
    assert [i.location for i in result.issues] == [opencompass.INDEX]
    assert not any(c.source_key.startswith("index:") for c in result.candidates)
    assert sum(c.source_key.startswith("config:") for c in result.candidates) == 769


def test_extraction_reproduces_the_recorded_config_record() -> None:
    payloads = fetch_payloads(opencompass.CHANNEL, Mode.REPLAY)
    recorded = [
        r for r in json.loads(payloads[opencompass.CONFIGS])["records"] if r["file"] == CONFIG_FILE
    ]
    assert opencompass._config_dicts(CONFIG_FILE, CONFIG_SOURCE) == recorded


def test_live_tarball_extraction_reports_unreadable_files() -> None:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as archive:
        for path, text in {
            f"opencompass-abc/{CONFIG_FILE}": CONFIG_SOURCE,
            "opencompass-abc/opencompass/configs/datasets/broken/broken_gen.py": "dict(abbr=",
            "opencompass-abc/README.md": "dict(abbr='not a config', path='x')",
        }.items():
            data = text.encode()
            member = tarfile.TarInfo(path)
            member.size = len(data)
            archive.addfile(member, io.BytesIO(data))
    extracted = opencompass._configs_from_tarball(buffer.getvalue())
    assert [r["file"] for r in extracted["records"]] == [CONFIG_FILE]
    assert list(extracted["unreadable_files"]) == [
        "opencompass/configs/datasets/broken/broken_gen.py"
    ]
    result = opencompass.parse({opencompass.CONFIGS: json.dumps(extracted).encode()})
    assert [i.location for i in result.issues] == [
        opencompass.MAPPING,  # neither the mapping nor the index is given here
        "opencompass/configs/datasets/broken/broken_gen.py",
        opencompass.INDEX,
    ]


def test_live_mapping_is_read_without_running_code() -> None:
    source = (
        "import os\n"
        "DATASETS_MAPPING = {'opencompass/bbh': {'ms_id': 'opencompass/bbh', "
        "'hf_id': 'opencompass/bbh', 'local': './data/BBH/data'}}\n"
        "DATASETS_URL = {'/bbh/': {'url': 'http://x/bbh.zip', 'md5': '0'}}\n"
        "OTHER = os.getcwd()\n"
    )
    mapping = opencompass._mapping_from_source(source)
    assert mapping["DATASETS_MAPPING"]["opencompass/bbh"]["hf_id"] == "opencompass/bbh"
    assert set(mapping) == {"source", "DATASETS_MAPPING", "DATASETS_URL"}
