#!/usr/bin/env python3
"""Every public declaration of AspectFit has a /// comment.

Reads the symbol graph that swift-symbolgraph-extract wrote (scripts/ci/build-docs.sh makes it) and
lists each public symbol declared in Sources/AspectFit without a doc comment of its own (symbols
the compiler synthesizes, such as a Codable init or ==, have no source location and are skipped).
Exit status 1 when any is missing.

usage: check-doc-coverage.py SYMBOL_GRAPH_DIR
"""
import json
import pathlib
import sys


def main() -> int:
    folder = pathlib.Path(sys.argv[1])
    missing, total = [], 0
    for path in sorted(folder.glob("AspectFit*.symbols.json")):
        graph = json.loads(path.read_text())
        for symbol in graph["symbols"]:
            uri = symbol.get("location", {}).get("uri", "")
            if "/Sources/AspectFit/" not in uri:
                continue
            total += 1
            if not symbol.get("docComment", {}).get("lines"):
                where = uri.split("/Sources/AspectFit/")[1]
                line = symbol["location"]["position"]["line"] + 1
                name = ".".join(symbol["pathComponents"])
                missing.append(f"{where}:{line}: {symbol['kind']['displayName'].lower()} {name}")
    for entry in sorted(missing):
        print(f"undocumented: {entry}")
    print(f"{total - len(missing)} of {total} public declarations documented")
    return 1 if missing or total == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
