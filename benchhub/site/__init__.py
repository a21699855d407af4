"""The static site of a release: directory, benchmark pages, heatmap and release page."""

from benchhub.site.build import write_site

__all__ = ["write_site"]
