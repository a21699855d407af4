"""Cutting a release: the static, versioned snapshot the CLI, analysts and the site read."""
