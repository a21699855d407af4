"""The Jinja2 environment: templates from the package, HTML autoescaping, the site's filters."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import jinja2

from benchhub.site import formatting

TEMPLATES = Path(__file__).parent / "templates"


@cache
def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        auto_reload=False,  # templates do not change while a site is written
    )
    env.filters |= {
        "score": formatting.score_value,
        "percent": formatting.percent,
        "signed": formatting.signed,
        "settings": formatting.settings_text,
        "host": formatting.host,
        "slug": formatting.slug,
    }
    env.tests["url"] = formatting.is_url
    env.globals["label_titles"] = formatting.LABEL_TITLES
    env.globals["fact_titles"] = formatting.FACT_TITLES
    return env


def render(template: str, **context: object) -> str:
    return environment().get_template(template).render(**context)
