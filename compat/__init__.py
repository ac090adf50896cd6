"""The evidence-graded compatibility registry: what each host really does."""
