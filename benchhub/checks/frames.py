"""What the suites validate: each checked table read from the warehouse as a pandas frame,
with the derived columns and run-time parameters that tie tables together.

Two kinds of check span more than one table; both are still GX expectations:
- referential integrity, on a prepared column: `benchmark_id_orphan` holds the row's
  benchmark_id when the referenced table lacks it (an anti-join) and NULL otherwise, and the
  suite expects it to be null, so a failure lists the orphan ids. (A run-time `value_set` of
  every id would read better, but GX re-serialises the set for each metric it resolves: tens of
  seconds per suite for 16k ids, even on an empty frame.)
- row counts not collapsing against the previous release: `expect_table_row_count_to_be_between`
  with `min_value` a parameter computed from the previous release's manifest.
Missing-field lists are checked against a derived column computed with the tier rules'
own function (benchhub/tiers.py), so the rule has one home.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, cast

import duckdb

from benchhub.catalog import MergedBenchmark
from benchhub.crosswalk.benchmarks import (
    dataset_name_twins,
    head_splits,
    stem_twins,
    versions_beyond_name,
)
from benchhub.crosswalk.dataset_parts import data_set_names, named_part
from benchhub.crosswalk.ids import better_written_spelling
from benchhub.crosswalk.keys import is_paper_url, record_keys
from benchhub.crosswalk.kinds import (
    is_category_name,
    leaderboard_reason,
    not_a_benchmark_reason,
    paper_title_reason,
)
from benchhub.crosswalk.kinds import junk_reason as kind_junk_reason
from benchhub.crosswalk.model_names import junk_reason
from benchhub.crosswalk.models import AGENT_SYSTEM, names_agent_system, publishers_of
from benchhub.crosswalk.names import key_tail, name_forms, names_a_setting
from benchhub.crosswalk.parents import edition_head, marked_part_heads, same_data, wrapped_key
from benchhub.crosswalk.variants import variant_twins
from benchhub.pooling import MAX_SUBMITTER_SHARE
from benchhub.tiers import IMPORTANT_FIELDS, LICENCE_SOURCES, missing_fields

if TYPE_CHECKING:
    import pandas as pd

# A released table may shrink to this share of the previous release and no further.
COLLAPSE_FLOOR = 0.5
FIELD_SEPARATOR = ","
_FACT_COLUMNS = sorted({f for fields in IMPORTANT_FIELDS.values() for f in fields})


# The paper index whose benchmark names are data set names plus a part ("GrailQA-IID"): its
# channel places them (`dataset_parts.named_part`), so a released one left at the top is a miss.
_PAPER_INDEX = "papers_with_code"
_LICENCE_SOURCES_SQL = ", ".join(f"'{c}'" for c in sorted(LICENCE_SOURCES))
# Catalogue invariants on released rows, as columns holding the offending value (NULL if fine):
# a parent that is not a released benchmark or suite; a licence from a channel that cannot
# state the data set's own; a released group of the same channel, holding released records,
# whose id this record's id extends, longer than its parent's (the longest group is the
# parent; a harness's wrapper group holds none: its tasks sit under the benchmark it runs); a
# record of another tree (another root), listed by more channels, whose paper a child carries
# when none of its ancestors has it; the name
# of a top-level record (unique among them); the name of a record's parent when that parent is
# itself top-level (a category may be a parent only inside its benchmark).
_CATALOGUE_COLUMNS = f"""
               record_kind,
               CASE WHEN t.published AND t.parent_id IS NOT NULL AND NOT EXISTS (
                   SELECT 1 FROM benchmarks AS p WHERE p.benchmark_id = t.parent_id
                   AND p.published AND p.record_kind IN ('benchmark', 'suite'))
               THEN t.parent_id END AS parent_not_benchmark_or_suite,
               CASE WHEN t.published AND t.license IS NOT NULL AND t.license <> 'unknown'
                   AND coalesce(json_extract_string(t.provenance, '$.license'), '')
                       NOT IN ({_LICENCE_SOURCES_SQL})
               THEN coalesce(json_extract_string(t.provenance, '$.license'), '(no source)')
               END AS license_not_from_the_data_set,
               CASE WHEN t.published THEN (
                   SELECT max_by(g.benchmark_id, length(g.benchmark_id)) FROM benchmarks AS g
                   WHERE g.published AND g.record_kind = 'suite'
                   AND t.benchmark_id LIKE g.benchmark_id || '-%'
                   AND g.benchmark_id <> coalesce(t.parent_id, '')
                   AND length(g.benchmark_id) > length(coalesce(t.parent_id, ''))
                   AND list_has_any(t.channels, g.channels)
                   AND EXISTS (SELECT 1 FROM benchmarks AS c
                               WHERE c.parent_id = g.benchmark_id AND c.published))
               END AS group_closer_than_parent,
               CASE WHEN t.published AND t.parent_id IS NOT NULL AND t.paper_url IS NOT NULL
                   AND NOT EXISTS (
                       SELECT 1 FROM ancestors AS a JOIN benchmarks AS p
                           ON p.benchmark_id = a.ancestor
                       WHERE a.benchmark_id = t.benchmark_id AND p.paper_url = t.paper_url)
               THEN (
                   SELECT min(o.benchmark_id) FROM benchmarks AS o JOIN roots AS ro
                       ON ro.benchmark_id = o.benchmark_id
                   WHERE o.published AND o.paper_url = t.paper_url
                   AND o.n_channels > t.n_channels
                   AND ro.root <> (SELECT r.root FROM roots AS r
                                   WHERE r.benchmark_id = t.benchmark_id))
               END AS paper_of_another_benchmark,
               CASE WHEN t.published AND t.parent_id IS NULL THEN t.name END AS top_level_name,
               CASE WHEN t.published AND t.parent_id IS NULL THEN t.channels END
                   AS top_level_channels"""
# A released record's spellings and its channels' ids, for the written-name check; none for a
# name a person gave it (curation wins).
_SPELLINGS = """
               CASE WHEN t.published
                   AND coalesce(json_extract_string(t.provenance, '$.name'), '') <> 'curation'
               THEN (SELECT list(a.source_name) FROM benchmark_aliases AS a
                     WHERE a.benchmark_id = t.benchmark_id) END AS spellings,
               CASE WHEN t.published
                   AND coalesce(json_extract_string(t.provenance, '$.name'), '') <> 'curation'
               THEN (SELECT list(a.source_key) FROM benchmark_aliases AS a
                     WHERE a.benchmark_id = t.benchmark_id) END AS channel_ids"""
# Every (record, ancestor) pair along the parent links.
_ANCESTORS = """
        WITH RECURSIVE ancestors(benchmark_id, ancestor) AS (
            SELECT benchmark_id, parent_id FROM benchmarks WHERE parent_id IS NOT NULL
            UNION
            SELECT a.benchmark_id, b.parent_id FROM ancestors AS a
            JOIN benchmarks AS b ON b.benchmark_id = a.ancestor WHERE b.parent_id IS NOT NULL),
        roots AS (
            SELECT b.benchmark_id, coalesce(max_by(a.ancestor, p.parent_id IS NULL),
                                            b.benchmark_id) AS root
            FROM benchmarks AS b
            LEFT JOIN ancestors AS a ON a.benchmark_id = b.benchmark_id
            LEFT JOIN benchmarks AS p ON p.benchmark_id = a.ancestor
            GROUP BY b.benchmark_id)"""


# What `ltb bench pull` builds (benchhub.runnable.pullable), for a benchmarks row aliased {c}.
_PULLABLE = (
    "(coalesce({c}.harbor_source, '') IN ('pull', 'suite') "
    "OR coalesce({c}.harbor_source, '') LIKE 'lm-eval:%' "
    "OR coalesce({c}.harbor_source, '') LIKE 'part:%')"
)


# A suite pull builds (harbor_source 'suite', benchhub/runnable.py): its id when it has no
# released subtask, or one pull cannot build.
_SUITE_PARTS = f"""
               CASE WHEN t.harbor_source = 'suite' AND (
                   NOT EXISTS (SELECT 1 FROM benchmarks AS c WHERE c.parent_id = t.benchmark_id
                       AND c.published AND c.record_kind = 'subtask')
                   OR EXISTS (SELECT 1 FROM benchmarks AS c WHERE c.parent_id = t.benchmark_id
                       AND c.published AND c.record_kind = 'subtask'
                       AND NOT ({_PULLABLE.format(c="c")})))
               THEN t.benchmark_id END AS suite_part_not_pullable"""

# A parent pulled as its headline part (harbor_source 'part:<child>', benchmarks/runnable.py):
# its id when that child is not a released child of it that pull builds.
_HEADLINE_PART = f"""
               CASE WHEN t.harbor_source LIKE 'part:%' AND NOT EXISTS (
                   SELECT 1 FROM benchmarks AS c
                   WHERE c.parent_id = t.benchmark_id AND c.published
                     AND 'part:' || c.benchmark_id = t.harbor_source
                     AND {_PULLABLE.format(c="c")})
               THEN t.benchmark_id END AS headline_part_not_pullable"""


# A benchmark pulled through an lm-eval task or group (harbor_source 'lm-eval:<name>',
# benchhub/runnable.py): its id when the crosswalk maps no such key to it (the name, or the
# folder `family:<name>` whose own task or group it is) and it is not a family run through the
# folder's group of its variants, whose tasks are its released children's (two or more of
# them pulled).
_LM_EVAL_LINK = f"""
               CASE WHEN t.harbor_source LIKE 'lm-eval:%' AND NOT EXISTS (
                   SELECT 1 FROM benchmark_aliases AS a
                   WHERE a.benchmark_id = t.benchmark_id AND a.channel = 'lm_eval_harness'
                     AND split_part(a.source_key, '@', 1) IN (
                         substr(t.harbor_source, 9), 'family:' || substr(t.harbor_source, 9)))
                 AND (SELECT count(*) FROM benchmarks AS c
                      WHERE c.parent_id = t.benchmark_id AND c.published
                        AND {_PULLABLE.format(c="c")}) < 2
               THEN t.benchmark_id END AS lm_eval_source_not_linked"""


def _orphan(alias: str, referenced: str) -> str:
    """`benchmark_id_orphan`: the row's benchmark_id if `referenced` lacks it, else NULL."""
    return (
        f"CASE WHEN NOT EXISTS (SELECT 1 FROM {referenced} AS r "
        f"WHERE r.benchmark_id = {alias}.benchmark_id) THEN {alias}.benchmark_id END "
        "AS benchmark_id_orphan"
    )


# Only the columns some expectation reads: loading whole tables (JSON, lists) costs more than
# the checks themselves.
FRAME_QUERIES: dict[str, str] = {
    "benchmarks": f"""{_ANCESTORS}
        SELECT benchmark_id, name, parent_id, tier, published, review_decision, rejected_reason,
               n_channels, harbor_runnable, harbor_source, harbor_reason,
               array_to_string(missing_fields, '{FIELD_SEPARATOR}')
                   AS missing_fields_listed,
               {", ".join(_FACT_COLUMNS)},{_CATALOGUE_COLUMNS},{_SUITE_PARTS},{_HEADLINE_PART},
               {_LM_EVAL_LINK},{_SPELLINGS},
               {_orphan("t", "merged_benchmarks")},
               CASE WHEN list_contains(t.channels, '{_PAPER_INDEX}') THEN t.aliases END
                   AS paper_index_names
        FROM benchmarks AS t""",
    "benchmark_aliases": f"""
        SELECT channel, source_key, source_name, benchmark_id,
               {_orphan("t", "merged_benchmarks")}
        FROM benchmark_aliases AS t""",
    "models": """
        SELECT model_id, name, kind, base_model, aliases,
               CASE WHEN base_model IS NOT NULL AND NOT EXISTS (
                   SELECT 1 FROM models AS b WHERE b.model_id = t.base_model)
               THEN base_model END AS base_model_orphan
        FROM models AS t""",
    "model_aliases": """
        SELECT a.channel, a.source_name, a.scaffold, a.model_id, m.kind,
               a.channel || chr(31) || a.source_name || chr(31) || coalesce(a.scaffold, '')
                   AS spelling_key,
               CASE WHEN m.model_id IS NULL THEN a.model_id END AS model_id_orphan
        FROM model_aliases AS a LEFT JOIN models AS m USING (model_id)""",
    "scores": f"""
        SELECT benchmark_id, model_id, value, scale, label, source_url, channel, kind,
               breakdown_kind, part,
               EXISTS (SELECT 1 FROM benchmarks AS b
                       WHERE b.benchmark_id = t.benchmark_id AND b.published)
                   AS benchmark_published,
               CASE WHEN t.kind = 'headline' AND t.label <> 'reproduced' AND EXISTS (
                   SELECT 1 FROM benchmark_headlines AS h
                   WHERE h.benchmark_id = t.benchmark_id
                     AND (t.metric_family <> h.metric OR t.attempts <> h.attempts))
               THEN t.benchmark_id END AS headline_metric_mismatch,
               {_orphan("t", "benchmarks")}
        FROM scores AS t""",
    # The grid against the scores it is drawn from: a cell shows one of its own headline scores,
    # and none of them comes from a more authoritative source.
    "leaderboard": """
        WITH headline AS (
            SELECT benchmark_id, model_id, label, value, source_url, authority, n_runs
            FROM scores WHERE kind = 'headline'
        ),
        shown AS (
            SELECT DISTINCT benchmark_id, model_id, label, value, source_url, true AS found
            FROM headline
        ),
        best AS (
            SELECT benchmark_id, model_id, label, min(authority) AS best_authority
            FROM headline GROUP BY ALL
        )
        SELECT l.benchmark_id, l.model_id, l.label, l.kind, l.n_scores,
               CASE WHEN shown.found IS NULL THEN l.benchmark_id END AS not_a_headline_score,
               CASE WHEN l.n_runs IS NULL AND best.best_authority < l.authority
               THEN l.benchmark_id END AS better_sourced_headline
        FROM leaderboard AS l
        LEFT JOIN shown USING (benchmark_id, model_id, label, value, source_url)
        LEFT JOIN best USING (benchmark_id, model_id, label)""",
    "score_comparison": """
        SELECT benchmark_id, model_id, verdict, verdict_reason,
               CASE WHEN self_metric IS DISTINCT FROM independent_metric
                      OR self_metric IS DISTINCT FROM coalesce(metric, self_metric)
                      OR self_kind <> 'headline' OR independent_kind <> 'headline'
                      OR subset <> 'overall'
                      OR self_attempts <> independent_attempts
               THEN benchmark_id END AS metric_or_subset_mismatch,
               CASE WHEN verdict <> 'not comparable' AND gap_standard_error IS NULL
               THEN benchmark_id END AS beyond_noise_without_error
        FROM score_comparison""",
    "reproduced_runs": f"""
        SELECT run_id, benchmark_id, model_id, score, n_tasks, n_attempts, results_sha256,
               {_orphan("t", "benchmarks")}
        FROM reproduced_runs AS t""",
    "reproduced_medians": f"""
        SELECT benchmark_id, model_id, harness, settings_key, median, n_runs, min, max,
               {_orphan("t", "benchmarks")}
        FROM reproduced_medians AS t""",
    "reproduced_attempts": """
        SELECT run_id, task, reward, input_tokens, cached_tokens, output_tokens, cost_usd,
               CASE WHEN NOT EXISTS (SELECT 1 FROM reproduced_runs AS r
                                     WHERE r.run_id = t.run_id) THEN t.run_id END
                   AS run_id_orphan
        FROM reproduced_attempts AS t""",
    "reproduced_pools": f"""
        SELECT benchmark_id, model_id, harness, settings_key, n_runs, estimate, ci_low,
               ci_high, runs_needed, max_submitter_share,
               max_submitter_share > {MAX_SUBMITTER_SHARE} + 1e-9
                   AND n_submitters * {MAX_SUBMITTER_SHARE} >= 1 AS submitter_over_cap,
               n_runs <> (SELECT count(*) FROM reproduced_runs AS r
                          WHERE r.benchmark_id = t.benchmark_id AND r.model_id = t.model_id
                            AND r.harness = t.harness AND r.settings_key = t.settings_key)
                   AS runs_miscounted,
               {_orphan("t", "benchmarks")}
        FROM reproduced_pools AS t""",
    "score_disputes": f"""
        SELECT dispute_id, benchmark_id, model_id, label, claimed_value, source_url, status,
               CASE WHEN status = 'decided' AND decision IS NULL THEN dispute_id END
                   AS decided_without_decision,
               {_orphan("t", "benchmarks")}
        FROM score_disputes AS t""",
    "score_corrections": """
        SELECT position, benchmark_id, model_id, label, action, value, source_url, to_label,
               matched_rows,
               CASE WHEN action = 'fix' AND (value IS NULL OR source_url IS NULL)
                    THEN position END AS fix_without_source,
               CASE WHEN EXISTS (SELECT 1 FROM unnest(t.disputes) AS d(id)
                                 WHERE d.id NOT IN (SELECT dispute_id FROM score_disputes))
                    THEN position END AS names_unknown_dispute
        FROM score_corrections AS t""",
    "reproduced_budget_curves": """
        SELECT benchmark_id, model_id, harness, settings_key, tokens, solved, solved_low,
               solved_high
        FROM reproduced_budget_curves AS t""",
}


def load_frame(con: duckdb.DuckDBPyConnection, table: str) -> pd.DataFrame:
    return derived_frame(table, con.sql(FRAME_QUERIES[table]).df())


def derived_frame(table: str, frame: pd.DataFrame) -> pd.DataFrame:
    """`frame` of `table` with the columns its suite's expectations read that no query can
    compute (the identity rules' verdicts, in Python)."""
    derive = _DERIVED.get(table)
    return derive(frame) if derive else frame


def with_model_invariants(models: pd.DataFrame) -> pd.DataFrame:
    """The identity policy's invariants (docs/models.md) as columns GX expects to be null:
    `owners_spanned` lists the publishers a model's owner-prefixed spellings name when there are
    two or more; `junk_id` is the id of a model whose id or name names no model."""
    spanned = [
        _joined_or_none(publishers_of(list(aliases) if aliases is not None else []))
        for aliases in models["aliases"]
    ]
    junk = [
        model_id if junk_reason(model_id) or junk_reason(name) else None
        for model_id, name in zip(models["model_id"], models["name"], strict=True)
    ]
    return models.drop(columns=["aliases"]).assign(owners_spanned=spanned, junk_id=junk)


def with_agent_invariant(aliases: pd.DataFrame) -> pd.DataFrame:
    """`agent_on_bare_model`: the model id of a spelling that names an agent system (a scaffold
    beside or around the model) but maps to a bare model, else null."""
    wrong = [
        model_id if kind != AGENT_SYSTEM and names_agent_system(name, _text(scaffold)) else None
        for name, scaffold, model_id, kind in zip(
            aliases["source_name"],
            aliases["scaffold"],
            aliases["model_id"],
            aliases["kind"],
            strict=True,
        )
    ]
    return aliases.assign(agent_on_bare_model=wrong)


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) and value else None


def _joined_or_none(publishers: list[str]) -> str | None:
    return ", ".join(publishers) if len(publishers) > 1 else None


def _derive_benchmarks(frame: pd.DataFrame) -> pd.DataFrame:
    """The benchmarks frame's derived columns, added in this order (each derivation reads the
    frame as the ones before it left it)."""
    for derive in (
        with_expected_missing_fields,
        with_unwritten_names,
        with_top_level_name_problems,
        with_variant_twins,
        with_category_parents,
        with_wrapper_parents,
        with_sibling_parts,
        with_unplaced_parts,
        with_unplaced_editions,
        with_stem_twins,
        with_unplaced_data_set_parts,
        with_dataset_facts,
    ):
        frame = derive(frame)
    return frame


_DERIVED: dict[str, Callable[[pd.DataFrame], pd.DataFrame]] = {
    "benchmarks": _derive_benchmarks,
    "models": lambda frame: with_model_invariants(frame),
    "model_aliases": lambda frame: with_agent_invariant(frame),
}


def with_expected_missing_fields(benchmarks: pd.DataFrame) -> pd.DataFrame:
    """Add `missing_fields_expected`: the missing-field list the tier rules give for the row's
    facts, joined like `missing_fields_listed` so GX can compare the two columns."""
    facts = benchmarks[_FACT_COLUMNS].astype(object).to_dict("records")
    expected = [
        # missing_fields reads the facts by attribute; a row's facts are all it needs.
        FIELD_SEPARATOR.join(missing_fields(cast(MergedBenchmark, SimpleNamespace(**_nulls(r)))))
        for r in facts
    ]
    return benchmarks.assign(missing_fields_expected=expected)


def with_top_level_name_problems(benchmarks: pd.DataFrame) -> pd.DataFrame:
    """Add the name and link invariants of released records, each a column holding the problem
    (NULL if fine), by the crosswalk's own rules:
    - `top_level_not_a_benchmark`: why a released top-level record's name is junk, a
      leaderboard or a category, or, for a record known only from paper indexes, a paper's
      title (benchhub/crosswalk/kinds.py);
    - `released_name_is_junk`: why any released record's name, a child's included, is junk or
      a leaderboard (a category may be a child of its benchmark; junk never is published);
    - `id_names_a_setting`: a released id made of a benchmark's name plus a prompt format or
      prompt variant the name rules fold away (benchhub/crosswalk/names.py);
    - `paper_url_not_a_paper`: a released paper_url that is no paper (benchhub/crosswalk/keys.py
      is_paper_url: any other link is a homepage_url)."""
    names = benchmarks["top_level_name"].astype(object).tolist()
    channels = benchmarks["top_level_channels"].astype(object).tolist()
    problems = [
        (not_a_benchmark_reason(n, None) or paper_title_reason(n, list(c) if _listed(c) else []))
        if isinstance(n, str)
        else None
        for n, c in zip(names, channels, strict=True)
    ]
    released = _rows(benchmarks, "benchmark_id", "name", "published")
    settings = [i if shown and names_a_setting(str(i)) else None for i, _, shown in released]
    junk = [
        (junk_name_reason(str(name)) if shown and isinstance(name, str) else None)
        for _, name, shown in released
    ]
    papers = benchmarks["paper_url"].astype(object).tolist()
    not_papers = [
        (url if shown and isinstance(url, str) and not is_paper_url(url) else None)
        for url, (_, _, shown) in zip(papers, released, strict=True)
    ]
    return benchmarks.assign(
        top_level_not_a_benchmark=problems,
        released_name_is_junk=junk,
        id_names_a_setting=settings,
        paper_url_not_a_paper=not_papers,
    )


def with_unwritten_names(benchmarks: pd.DataFrame) -> pd.DataFrame:
    """Add `name_not_written`: for a released record named as an identifier or a title-cased
    copy of one ("global mmlu", "Mmmu Pro") while one of its spellings is the name as a person
    writes it, that spelling (benchhub/crosswalk/ids.py better_written_spelling, the rule the
    crosswalk names records by)."""
    rows = _rows(benchmarks, "name", "spellings", "channel_ids")
    better = [
        better_written_spelling(str(name), list(spellings), [key_tail(k) for k in keys])
        if isinstance(name, str) and _listed(spellings) and _listed(keys)
        else None
        for name, spellings, keys in rows
    ]
    return benchmarks.assign(name_not_written=better)


def _listed(value: Any) -> bool:
    """A list column's value that holds a list (a NULL reads as None, NaN or pd.NA)."""
    return hasattr(value, "__iter__") and not isinstance(value, str)


def junk_name_reason(name: str) -> str | None:
    """Why a record of this name may never be released, even as a child: junk or a leaderboard
    (benchhub/crosswalk/kinds.py)."""
    return kind_junk_reason(name) or leaderboard_reason(name_forms(name).display)


def with_variant_twins(benchmarks: pd.DataFrame) -> pd.DataFrame:
    """Add `variant_twin`: for a released id that is another released id with a language,
    year or suite written another way (`mgsm-swahili` and `mgsm-sw`), that other id
    (benchhub/crosswalk/variants.py), unless the two point at different data."""
    columns = ["benchmark_id", "published", "hf_dataset", "arxiv_id", "paper_url", "github_url"]
    rows = benchmarks[columns].astype(object).to_dict("records")
    twins = variant_twins(
        (
            str(row["benchmark_id"]),
            record_keys(
                *(_text(row[c]) for c in ("hf_dataset", "arxiv_id", "paper_url", "github_url"))
            ),
        )
        for row in rows
        if row["published"]
    )
    return benchmarks.assign(variant_twin=[twins.get(str(r["benchmark_id"])) for r in rows])


def with_stem_twins(benchmarks: pd.DataFrame) -> pd.DataFrame:
    """Add `stem_twin`: for a released top-level record named as another released top-level
    record but for a kind word, an article, a plural or a glued version ("GSO-Bench" and
    "gso"; benchhub/crosswalk/benchmarks.py stem_twins), that other id, unless the two point
    at different data."""
    columns = ["benchmark_id", "top_level_name", "hf_dataset", "arxiv_id", "paper_url"]
    rows = benchmarks[[*columns, "github_url"]].astype(object).to_dict("records")
    twins = stem_twins(
        (
            str(row["benchmark_id"]),
            str(row["top_level_name"]),
            record_keys(
                *(_text(row[c]) for c in ("hf_dataset", "arxiv_id", "paper_url", "github_url"))
            ),
        )
        for row in rows
        if _text(row["top_level_name"])
    )
    return benchmarks.assign(stem_twin=[twins.get(str(r["benchmark_id"])) for r in rows])


def with_dataset_facts(benchmarks: pd.DataFrame) -> pd.DataFrame:
    """Add `dataset_name_twin`: for a released top-level record named as the HF data set one
    other released top-level record reads ("Ai2Arc" beside ARC on `allenai/ai2_arc`), that
    record's id (benchhub/crosswalk/benchmarks.py dataset_name_twins); and
    `hf_dataset_version_unnamed`: for a released top-level record whose HF data set names a
    version or year its name does not ("SQuAD" on `rajpurkar/squad_v2`), those words
    (`versions_beyond_name`)."""
    rows = _rows(benchmarks, "benchmark_id", "top_level_name", "hf_dataset")
    twins = dataset_name_twins(
        (str(bid), str(top), _text(dataset)) for bid, top, dataset in rows if _text(top)
    )
    unnamed = [
        " ".join(words)
        if isinstance(top, str)
        and (words := versions_beyond_name(name_forms(top).tokens, _text(dataset)))
        else None
        for _bid, top, dataset in rows
    ]
    return benchmarks.assign(
        dataset_name_twin=[twins.get(str(row[0])) for row in rows],
        hf_dataset_version_unnamed=unnamed,
    )


def _rows(frame: pd.DataFrame, *columns: str) -> list[tuple[Any, ...]]:
    """The frame's values of `columns`, one tuple per row, as Python objects (`published` as a
    bool, so a missing flag reads False)."""
    values = [
        frame[c].astype(bool) if c == "published" else frame[c].astype(object) for c in columns
    ]
    return list(zip(*values, strict=True))


def with_category_parents(benchmarks: pd.DataFrame) -> pd.DataFrame:
    """Add `parent_is_a_category`: a released record's parent_id when the parent is named as a
    capability category or heading (the crosswalk's own rule, benchhub/crosswalk/kinds.py):
    a task of a benchmark's category ("Language") sits under the benchmark (LiveBench)."""
    name_of = dict(_rows(benchmarks, "benchmark_id", "name"))
    rows = _rows(benchmarks, "parent_id", "published")
    found = [
        parent
        if shown and isinstance(parent, str) and is_category_name(str(name_of.get(parent, "")))
        else None
        for parent, shown in rows
    ]
    return benchmarks.assign(parent_is_a_category=found)


def with_wrapper_parents(benchmarks: pd.DataFrame) -> pd.DataFrame:
    """Add `parent_is_a_wrapper`: a released record's parent_id when the parent is a suite that
    wraps another released benchmark for it, on that benchmark's data (the crosswalk's rule,
    `parents.wrapped_key`, `parents.same_data`): the
    tasks of lm-eval's `arabic_leaderboard_acva` sit under ACVA, the FLORES pairs of
    afrobench's `african_flores` under FLORES, never under the harness's group."""
    rows = _rows(benchmarks, "benchmark_id", "name", "parent_id", "record_kind", "published")
    data = {
        str(bid): {d} if isinstance(d, str) and d else set()
        for bid, d in _rows(benchmarks, "benchmark_id", "hf_dataset")
    }
    released = {
        name_forms(str(name)).primary: str(bid)
        for bid, name, _, _, shown in rows
        if shown and isinstance(name, str)
    }
    suites = {
        str(bid): name_forms(str(name))
        for bid, name, _, kind, shown in rows
        if shown and kind == "suite" and isinstance(name, str)
    }
    found: list[str | None] = []
    for bid, name, parent, _, shown in rows:
        group = suites.get(parent) if shown and isinstance(parent, str) else None
        if group is None or not isinstance(name, str):
            found.append(None)
            continue
        others = {str(bid), str(parent)}

        def is_other_record(key: str, others: set[str] = others, task: str = str(bid)) -> bool:
            return (
                key in released
                and released[key] not in others
                and same_data(data[task], data[released[key]])
            )

        key = wrapped_key([group], {name_forms(name).primary}, is_other_record)
        found.append(str(parent) if key is not None else None)
    return benchmarks.assign(parent_is_a_wrapper=found)


def with_sibling_parts(benchmarks: pd.DataFrame) -> pd.DataFrame:
    """Add `sibling_part_without_parent`: for a released top-level record named as a part of a
    coined head ("CropHarvest - Togo") that another released top-level record shares while no
    released top-level record is named the head itself, that head: siblings share a parent
    record of it (the crosswalk's rule, `benchmarks.sibling_groups`)."""
    rows = _rows(benchmarks, "name", "parent_id", "published")
    top = [
        str(name) if shown and not isinstance(parent, str) and isinstance(name, str) else None
        for name, parent, shown in rows
    ]
    heads = [[head for head, _ in head_splits(name)] if name else [] for name in top]
    written = {name_forms(name).primary for name in top if name}
    counts = Counter(head for found in heads for head in set(found))
    found = [
        next(
            (h for h in hs if counts[h] >= 2 and name_forms(h).primary not in written),
            None,
        )
        for hs in heads
    ]
    return benchmarks.assign(sibling_part_without_parent=found)


def with_unplaced_parts(benchmarks: pd.DataFrame) -> pd.DataFrame:
    """Add `part_without_parent`: for a released top-level record named as another released
    record's name followed only by subset, split or language words ("GSM8K-Indic",
    "BIRD-SQL Mini-Dev"), that record's id: a subset or translation sits under its benchmark
    (the crosswalk's rule, `parents.marked_part_heads`)."""
    rows = _rows(benchmarks, "benchmark_id", "name", "parent_id", "published")
    released = {
        name_forms(str(name)).primary: str(bid)
        for bid, name, _, shown in rows
        if shown and isinstance(name, str)
    }
    found = []
    for bid, name, parent, shown in rows:
        heads = (
            marked_part_heads(name_forms(name).tokens, name)
            if shown and isinstance(name, str) and not isinstance(parent, str)
            else []
        )
        found.append(next((released[h] for h in heads if released.get(h, bid) != bid), None))
    return benchmarks.assign(part_without_parent=found)


def with_unplaced_data_set_parts(benchmarks: pd.DataFrame) -> pd.DataFrame:
    """Add `data_set_part_without_parent` (and drop `paper_index_names`): for a released
    top-level record the paper index lists under a name that is another released record's name
    followed by a split, subset or setting ("GrailQA-IID", "KILT: TriviaQA"; the rule,
    `dataset_parts.named_part`), that record's id: a part sits under its data set."""
    rows = _rows(benchmarks, "benchmark_id", "name", "parent_id", "published")
    released = {name: str(bid) for bid, name, _, shown in rows if shown and isinstance(name, str)}
    names = data_set_names(released)
    found: list[str | None] = []
    for (bid, _, parent, shown), listed in zip(
        rows, benchmarks["paper_index_names"].astype(object), strict=True
    ):
        # a NULL list reads as pd.NA, a list as an array
        is_list = isinstance(listed, Iterable) and not isinstance(listed, str)
        top_level = shown and not isinstance(parent, str)
        parts = [named_part(str(n), names) for n in (listed if top_level and is_list else [])]
        found.append(
            next(
                (
                    released[p.dataset]
                    for p in parts
                    if p is not None and p.kind is not None and released[p.dataset] != bid
                ),
                None,
            )
        )
    return benchmarks.drop(columns=["paper_index_names"]).assign(data_set_part_without_parent=found)


def with_unplaced_editions(benchmarks: pd.DataFrame) -> pd.DataFrame:
    """Add `edition_without_parent`: for a released top-level record named as another released
    record's name plus a version or year ("PASCAL VOC 2007", "ImageNet V2"), with no HF data
    set or arXiv id of its own that record lacks, that record's id (the crosswalk's rule,
    `parents.edition_head`)."""
    rows = _rows(benchmarks, "benchmark_id", "name", "parent_id", "published")
    facts = _rows(benchmarks, "hf_dataset", "arxiv_id")
    released: dict[str, tuple[str, set[str]]] = {}
    for (bid, name, _, shown), keys in zip(rows, facts, strict=True):
        if shown and isinstance(name, str):
            own = {k for k in keys if isinstance(k, str) and k}
            released.setdefault(name_forms(name).primary, (str(bid), own))
    found: list[str | None] = []
    for (bid, name, parent, shown), keys in zip(rows, facts, strict=True):
        head = (
            edition_head(name_forms(name))
            if shown and isinstance(name, str) and not isinstance(parent, str)
            else None
        )
        target = released.get(head) if head else None
        own = {k for k in keys if isinstance(k, str) and k}
        found.append(target[0] if target and target[0] != bid and own <= target[1] else None)
    return benchmarks.assign(edition_without_parent=found)


def _nulls(row: dict[str, Any]) -> dict[str, Any]:
    # pandas reads a NULL number as NaN; the tier rules (like the warehouse) mean None.
    return {k: None if isinstance(v, float) and math.isnan(v) else v for k, v in row.items()}


def previous_counts(manifest: Mapping[str, Any] | None) -> dict[str, int] | None:
    """What the previous release published, from its manifest (None: this is the first)."""
    if manifest is None:
        return None
    counts = manifest["counts"]
    return {
        "benchmarks": int(counts["benchmarks"]),
        "scores": sum(int(n) for n in counts["scores_by_label"].values()),
    }


def collapse_floor(previous: int | None) -> int:
    """The fewest rows a release may carry: half the previous release's, or one if first."""
    return 1 if previous is None else math.ceil(previous * COLLAPSE_FLOOR)


def suite_parameters(
    con: duckdb.DuckDBPyConnection,
    names: Iterable[str],
    previous: Mapping[str, int] | None,
) -> dict[str, Any]:
    """The value of each named parameter; only the ones asked for are read (the tables a later
    step writes may not exist yet when an early step's checks run)."""
    sources: dict[str, Callable[[], Any]] = {
        "merged_benchmark_count": lambda: _count(con, "merged_benchmarks"),
        "min_published_benchmarks": lambda: collapse_floor((previous or {}).get("benchmarks")),
        "min_released_scores": lambda: collapse_floor((previous or {}).get("scores")),
    }
    unknown = sorted(set(names) - set(sources))
    if unknown:
        raise KeyError(f"no source for suite parameter(s) {', '.join(unknown)}")
    return {name: sources[name]() for name in names}


def _count(con: duckdb.DuckDBPyConnection, table: str) -> int:
    return con.execute(f'SELECT count(*) FROM "{table}"').fetchall()[0][0]
