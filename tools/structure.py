"""The structure numbers of `companion/`: the figures a reviewer of the architecture asks
for, measured from the source instead of remembered.

Run it from the project's folder: `python tools/structure.py` (or `python -m
tools.structure`; `--json` for the figures as data). It reads the files and imports
nothing of the package, so it works on a tree that does not import.

What it prints, each with its goal:

- the controller module's lines (goal: at most 300): the table controller is a
  dispatcher, and every feature that lands in it makes the next one harder;
- every module over 600 lines, word tables excepted (goal: none). A word table is a
  module whose lines are mostly literal data (its words in each language), not code;
- import cycles among the package's modules (goal: none). Every import statement counts,
  at any depth (a function's lazy import, a `TYPE_CHECKING` one): a cycle hidden in a
  function is still two modules that each need the other. `from a import b` where
  `a.b` is a module is an import of `a.b`; a package's `__init__` run on the way is not
  counted (a package that names its submodules' classes would otherwise be a cycle);
- `hasattr` dispatch in the main loop (goal: none): the loop knows each part by its type,
  it does not probe for methods. `getattr` with a default is shown beside it;
- string-key dispatch in the controller (goal: none): a comparison with a string
  literal, a `case "…":`, a dict keyed by string literals, a subscript by a string
  literal, or a `getattr` with a name computed at run time;
- the fence around the games (goal: none): an import of a game's package
  (`companion.games.<name>`, at any depth) by a module outside that game's folder, and
  a game's name in the code of a shared module (an identifier, or a string that is not
  a docstring: `"canoe"`, `canoe_view`, `"canoe.weather"`). A game is one folder and a
  line of the registry (`companion/games/__init__.py`, which is let off); a game may not
  import another game either. A name counts as a word of its own, so the program's
  name (`mush-companion`) does not. Words meant for people (a string with a space in it:
  a window's title, a command's help) are listed apart and not counted against the
  goal, and so are the program's own names that a game shares (`PROGRAM_NAMES`).

Each finding names its file and line, so a failing goal says where to look.
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import sys
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "companion"

CONTROLLER_GOAL = 300
MODULE_GOAL = 600
WORD_TABLE_SHARE = 0.7
"""A module is a word table when at least this share of its lines are literal data."""

CONTROLLERS = ("table/controller.py", "games/mush/table/controller.py")
"""The table controllers held to the goal: a shared one, and MUSH's table's dispatcher."""
MAIN_LOOPS = ("app/loop.py", "app/journals.py")
"""Where the main loop lives: `app/loop.py` and its journal side, `app/journals.py` (a
base of the same class)."""


@dataclass
class Finding:
    """One place in the source a goal is about."""

    where: str  # path:line
    what: str


@dataclass
class Report:
    """Every figure, with the findings behind it."""

    controller_lines: dict[str, int] = field(default_factory=dict)
    long_modules: dict[str, int] = field(default_factory=dict)
    word_tables: dict[str, int] = field(default_factory=dict)
    cycles: list[list[str]] = field(default_factory=list)
    hasattr_in_loop: list[Finding] = field(default_factory=list)
    getattr_in_loop: list[Finding] = field(default_factory=list)
    string_keys_in_controller: list[Finding] = field(default_factory=list)
    game_imports: list[Finding] = field(default_factory=list)
    game_names: list[Finding] = field(default_factory=list)
    game_words: list[Finding] = field(default_factory=list)
    games: list[str] = field(default_factory=list)
    modules: int = 0

    def goals(self) -> dict[str, bool]:
        """Each goal, and whether it holds."""
        return {
            f"controller module at most {CONTROLLER_GOAL} lines": bool(self.controller_lines)
            and max(self.controller_lines.values()) <= CONTROLLER_GOAL,
            f"no module over {MODULE_GOAL} lines (word tables excepted)": not self.long_modules,
            "no import cycle": not self.cycles,
            "no hasattr dispatch in the main loop": not self.hasattr_in_loop,
            "no string-key dispatch in the controller": not self.string_keys_in_controller,
            "no shared module imports a game": not self.game_imports,
            "no shared module names a game in code": not self.game_names,
        }


def modules(root: Path = ROOT) -> dict[str, Path]:
    """Every module of the package by its dotted name (`__main__` files included)."""
    out = {}
    for path in sorted((root / PACKAGE).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def lines(path: Path) -> int:
    """The lines of a file, as `wc -l` counts them."""
    return path.read_bytes().count(b"\n")


def _literal(node: ast.AST) -> bool:
    """Whether an expression is plain data: constants in dicts, lists, tuples and sets."""
    if isinstance(node, ast.Constant):
        return True
    if isinstance(node, ast.Dict):
        return all(k is not None and _literal(k) for k in node.keys) and \
            all(_literal(v) for v in node.values)
    if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
        return all(_literal(e) for e in node.elts)
    if isinstance(node, ast.Call) and not node.keywords:  # W("en", "fr", "de") and the like
        return isinstance(node.func, ast.Name) and all(_literal(a) for a in node.args)
    return False


def data_share(tree: ast.Module, total: int) -> float:
    """The share of a module's lines that are top-level assignments of literal data."""
    data = 0
    for node in tree.body:
        value = node.value if isinstance(node, (ast.Assign, ast.AnnAssign)) else None
        if value is not None and _literal(value):
            data += (node.end_lineno or node.lineno) - node.lineno + 1
    return data / total if total else 0.0


def imports(tree: ast.Module, name: str, is_package: bool, known: set[str]) -> set[str]:
    """The package's modules a module imports, at any depth."""
    out: set[str] = set()
    base = name.split(".") if is_package else name.split(".")[:-1]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name in known)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                stem = base[:len(base) - node.level + 1]
                module = ".".join(stem + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            for alias in node.names:
                full = f"{module}.{alias.name}"
                if full in known:
                    out.add(full)
                elif module in known:
                    out.add(module)
    out.discard(name)
    return out


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0

    def visit(start: str) -> None:
        nonlocal counter
        work: list[tuple[str, Iterator[str]]] = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))

    for name in sorted(graph):
        if name not in index:
            visit(name)
    return sorted(found)


def _where(path: Path, node: ast.AST, root: Path) -> str:
    return f"{path.relative_to(root).as_posix()}:{getattr(node, 'lineno', 0)}"


def _is_str(node: ast.AST | None) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def probes(tree: ast.Module, path: Path, root: Path) -> tuple[list[Finding], list[Finding]]:
    """`hasattr(…)` calls, and `getattr(x, "name", default)` calls, in a module."""
    has, get = [], []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id == "hasattr":
                has.append(Finding(_where(path, node, root), ast.unparse(node)))
            elif node.func.id == "getattr" and len(node.args) == 3:
                get.append(Finding(_where(path, node, root), ast.unparse(node)))
    return has, get


def string_keys(tree: ast.Module, path: Path, root: Path) -> list[Finding]:
    """Every way a module may dispatch on a string key (see the module's docstring)."""
    out = []

    def add(node: ast.AST, why: str) -> None:
        out.append(Finding(_where(path, node, root), f"{why}: {ast.unparse(node)[:80]}"))

    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(_is_str(s) or (isinstance(s, (ast.Tuple, ast.List, ast.Set)) and s.elts
                                  and all(_is_str(e) for e in s.elts)) for s in sides):
                add(node, "compared with a string")
        elif isinstance(node, ast.match_case) and isinstance(node.pattern, ast.MatchValue) \
                and _is_str(node.pattern.value):
            add(node.pattern, "a case on a string")
        elif isinstance(node, ast.Dict) and sum(map(_is_str, node.keys)) >= 2 and \
                not all(_literal(v) for v in node.values):
            add(node, "a dict of actions keyed by strings")
        elif isinstance(node, ast.Subscript) and _is_str(node.slice):
            add(node, "looked up by a string")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                node.func.id == "getattr" and len(node.args) >= 2 and not _is_str(node.args[1]):
            add(node, "an attribute named at run time")
    return out


GAMES = "games"
"""The folder of the games, one package each; its `__init__` is the registry."""
PROGRAM_NAMES = {("config/paths.py", "mush"), ("config/paths.py", "MUSH_CONFIG"),
                 ("config/paths.py", "$MUSH_CONFIG")}
"""The program's own names that read as a game's, as installs have them: the service's
user and the environment variable naming the config file."""


def games(root: Path = ROOT) -> list[str]:
    """The games' names: the packages in `companion/games/`."""
    folder = root / PACKAGE / GAMES
    return sorted(p.name for p in folder.iterdir() if (p / "__init__.py").is_file()) \
        if folder.is_dir() else []


def _owner(rel: str, names: list[str]) -> str | None:
    """The game whose folder holds a module (by its path under the package), or None."""
    parts = rel.split("/")
    return parts[1] if len(parts) > 2 and parts[0] == GAMES and parts[1] in names else None


def game_imports(tree: ast.Module, rel: str, names: list[str], root: Path) -> list[Finding]:
    """Imports of a game's package by a module outside that game's folder."""
    owner, out = _owner(rel, names), []
    path = root / PACKAGE / rel
    for node in ast.walk(tree):
        targets = [a.name for a in node.names] if isinstance(node, ast.Import) else \
            [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else []
        for target in targets:
            parts = target.split(".")
            if len(parts) > 2 and parts[:2] == [PACKAGE, GAMES] and parts[2] in names \
                    and parts[2] != owner:
                out.append(Finding(_where(path, node, root), f"imports {target}"))
    return out


def _docstrings(tree: ast.Module) -> set[int]:
    """The ids of the strings standing alone as statements: docstrings of modules,
    classes and functions, and those of constants and fields below them."""
    return {id(node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Expr) and _is_str(node.value)}


def game_names(tree: ast.Module, rel: str, names: list[str], root: Path,
               words: list[Finding] | None = None) -> list[Finding]:
    """A game's name in the code of a module outside the games (docstrings aside); a
    string meant for people (with a space in it) goes to `words` instead, and the
    program's own names are let off."""
    if not names or rel.split("/")[0] == GAMES:
        return []
    pattern = re.compile(r"(?<![A-Za-z0-9-])(" + "|".join(map(re.escape, names))
                         + r")(?![A-Za-z0-9-])", re.IGNORECASE)
    docs, out = _docstrings(tree), []
    path = root / PACKAGE / rel
    for node in ast.walk(tree):
        text = node.id if isinstance(node, ast.Name) else node.attr \
            if isinstance(node, ast.Attribute) else node.name \
            if isinstance(node, (ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)) \
            else node.value if _is_str(node) and id(node) not in docs else None
        if isinstance(text, str) and pattern.search(text.replace("_", " ")) \
                and (rel, text) not in PROGRAM_NAMES:
            found = Finding(_where(path, node, root), f"names a game: {text[:60]!r}")
            for_people = _is_str(node) and any(c.isspace() for c in text)
            (words if for_people and words is not None else out).append(found)
    return out


def measure(root: Path = ROOT) -> Report:
    """Every figure of the package under `root`."""
    report = Report()
    found = modules(root)
    report.modules = len(found)
    report.games = games(root)
    known = set(found)
    graph: dict[str, set[str]] = {}
    for name, path in found.items():
        source = path.read_text(encoding="utf-8")
        tree = ast.parse(source, filename=str(path))
        rel = path.relative_to(root / PACKAGE).as_posix()
        count = lines(path)
        graph[name] = imports(tree, name, path.name == "__init__.py", known)
        if count > MODULE_GOAL:
            if data_share(tree, count) >= WORD_TABLE_SHARE:
                report.word_tables[rel] = count
            else:
                report.long_modules[rel] = count
        if rel in CONTROLLERS:
            report.controller_lines[rel] = count
            report.string_keys_in_controller += string_keys(tree, path, root)
        if rel != f"{GAMES}/__init__.py":  # the registry: a line a game
            report.game_imports += game_imports(tree, rel, report.games, root)
            report.game_names += game_names(tree, rel, report.games, root,
                                            report.game_words)
        if rel in MAIN_LOOPS:
            has, get = probes(tree, path, root)
            report.hasattr_in_loop += has
            report.getattr_in_loop += get
    report.cycles = cycles(graph)
    return report


def as_text(report: Report) -> str:
    """The report as a reader wants it: each goal, held or not, and where it is broken."""
    out = [f"structure of {PACKAGE}/ ({report.modules} modules)", ""]
    goals = report.goals()
    figures = [
        ("controller lines", ", ".join(f"{k} {v}" for k, v in report.controller_lines.items())
         or "no controller module found", []),
        (f"modules over {MODULE_GOAL} lines", str(len(report.long_modules)),
         [f"{k} {v}" for k, v in sorted(report.long_modules.items(), key=lambda kv: -kv[1])]
         + [f"({k} {v}: a word table, excepted)" for k, v in report.word_tables.items()]),
        ("import cycles", str(len(report.cycles)), [" <-> ".join(c) for c in report.cycles]),
        ("hasattr in the main loop", str(len(report.hasattr_in_loop)),
         [f"{f.where} {f.what}" for f in report.hasattr_in_loop]
         + [f"(getattr with a default: {f.where} {f.what})" for f in report.getattr_in_loop]),
        ("string-key dispatch in the controller", str(len(report.string_keys_in_controller)),
         [f"{f.where} {f.what}" for f in report.string_keys_in_controller]),
        ("imports of a game from outside its folder",
         f"{len(report.game_imports)} in "
         f"{len({f.where.split(':')[0] for f in report.game_imports})} modules",
         [f"{f.where} {f.what}" for f in report.game_imports]),
        ("games named in shared code", f"{len(report.game_names)} in "
         f"{len({f.where.split(':')[0] for f in report.game_names})} modules",
         [f"{f.where} {f.what}" for f in report.game_names]
         + [f"(words for people: {f.where} {f.what})" for f in report.game_words]),
    ]
    for (goal, held), (label, figure, details) in zip(goals.items(), figures, strict=True):
        out.append(f"{'ok ' if held else 'NOT'}  {label}: {figure}   (goal: {goal})")
        out.extend(f"       {d}" for d in details)
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Print the report; the exit status is 0 whether or not every goal holds (the figures
    are for reading; `tests/test_structure.py` holds the goals that are met)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="the figures as JSON")
    parser.add_argument("--root", type=Path, default=ROOT, help="the project's folder")
    args = parser.parse_args(argv)
    report = measure(args.root)
    if args.json:
        data = asdict(report)
        data["goals"] = report.goals()
        sys.stdout.write(json.dumps(data, indent=2) + "\n")
    else:
        sys.stdout.write(as_text(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
