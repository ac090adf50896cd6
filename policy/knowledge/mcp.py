"""MCP tools that are file tools: which argument carries a path, and what the tool does to that file.

A file MCP server's `write_file {path: ~/.claude/settings.json}` is the host's own Write under another name, and
is judged as one: each path argument becomes the file action it is (read, write, edit, delete; a move reads and
deletes its source and writes its destination), through the same path rules and floors as the host's Read,
Write and Edit. Tools are matched by name whatever the server is called in a host's config (people name the
filesystem server `filesystem`, `fs`, `files`, ...). A tool that is not here keeps the `unknown_mcp` answer.

Each entry: tool name -> (path arguments {key: effect}, the other arguments it takes, the argument holding the
new whole text of a write or None). A call with an argument not listed keeps the `unknown_mcp` answer for the
call itself (its path arguments are judged all the same). Names are only listed when no well-known server uses
them for something other than a local file (GitHub's `create_or_update_file` writes a path in a remote
repository, so it is not here).
"""

# effect: "read", "write", "edit", "delete", or "move" (read and delete the path, as `mv` does its source)
McpFileTool = tuple[dict[str, str], frozenset[str], str | None]


def _tool(paths: dict[str, str], other: tuple[str, ...] = (), content: str | None = None) -> McpFileTool:
    return paths, frozenset(other) | ({content} if content else set()), content


FILE_TOOLS: dict[str, McpFileTool] = {
    # @modelcontextprotocol/server-filesystem (the reference server, 2025.x) and the many servers that copy its
    # tool names (Desktop Commander, rust-mcp-filesystem, mcp-filesystem-server in Go).
    "read_file": _tool(
        {"path": "read", "relative_path": "read"},  # Serena's read_file takes relative_path
        ("head", "tail", "offset", "length", "start_line", "end_line", "max_answer_chars"),
    ),
    "read_text_file": _tool({"path": "read"}, ("head", "tail")),
    "read_media_file": _tool({"path": "read"}),
    "read_multiple_files": _tool({"paths": "read"}),
    "write_file": _tool({"path": "write"}, ("mode",), content="content"),
    "edit_file": _tool({"path": "edit"}, ("edits", "dryRun")),
    "create_directory": _tool({"path": "write"}),
    "list_directory": _tool({"path": "read"}, ("depth",)),
    "list_directory_with_sizes": _tool({"path": "read"}, ("sortBy",)),
    "directory_tree": _tool({"path": "read"}, ("excludePatterns",)),
    "move_file": _tool({"source": "move", "destination": "write"}),
    "search_files": _tool({"path": "read"}, ("pattern", "excludePatterns", "timeoutMs")),
    "get_file_info": _tool({"path": "read"}),
    # Desktop Commander (wonderwhy-er/DesktopCommanderMCP)
    "edit_block": _tool({"file_path": "edit"}, ("old_string", "new_string", "expected_replacements")),
    "search_code": _tool(
        {"path": "read"},
        (
            "pattern",
            "filePattern",
            "ignoreCase",
            "maxResults",
            "includeHidden",
            "contextLines",
            "timeoutMs",
        ),
    ),
    "write_pdf": _tool({"path": "write", "outputPath": "write"}, ("content", "options")),
    # Serena (oraios/serena): paths relative to the active project
    "create_text_file": _tool({"relative_path": "write"}, content="content"),
    "list_dir": _tool({"relative_path": "read"}, ("recursive", "skip_ignored_files", "max_answer_chars")),
    "replace_regex": _tool({"relative_path": "edit"}, ("regex", "repl", "allow_multiple_occurrences")),
    "replace_content": _tool({"relative_path": "edit"}, ("needle", "repl", "mode", "allow_multiple_occurrences")),
    "delete_lines": _tool({"relative_path": "edit"}, ("start_line", "end_line")),
    "replace_lines": _tool({"relative_path": "edit"}, ("start_line", "end_line", "content")),
    "insert_at_line": _tool({"relative_path": "edit"}, ("line", "content")),
    "replace_symbol_body": _tool({"relative_path": "edit"}, ("name_path", "body")),
    "insert_after_symbol": _tool({"relative_path": "edit"}, ("name_path", "body")),
    "insert_before_symbol": _tool({"relative_path": "edit"}, ("name_path", "body")),
    # JetBrains IDEs' built-in MCP server: paths relative to the project
    "get_file_text_by_path": _tool({"pathInProject": "read"}, ("truncateMode", "maxLinesCount")),
    "replace_text_in_file": _tool({"pathInProject": "edit"}, ("oldText", "newText", "replaceAll", "caseSensitive")),
    "create_new_file": _tool({"pathInProject": "write"}, ("overwrite",), content="text"),
}
