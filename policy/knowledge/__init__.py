"""What hookward knows about programs and paths, kept as readable data.

Each module is plain Python literals so it can be read, disagreed with and
patched, and so the hook path pays nothing to load it (compiled bytecode).
"""
