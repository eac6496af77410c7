"""Event sentences for Wingsuit Flight (our own words) and plain phase names."""
TEMPLATES: dict = {}
PHASES: dict = {}
