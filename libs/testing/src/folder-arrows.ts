// Jest's globals, typed only: the library is also loaded outside Jest (bench, browser tests' set-up), where
// importing @jest/globals would throw.
/// <reference types="jest" />
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Where a package's folders and its drawing of their arrows are. */
export interface FolderArrowsOptions {
  /** The source folder whose direct sub-folders are drawn (usually `__dirname` of the spec in `src/`). */
  src: string;
  /** The Markdown file whose first ```text block draws `name/ → a/, b/` lines. */
  readme: string;
  /** Source files allowed directly in `src/` (specs aside); they may import any folder, and none may import them. */
  rootFiles: string[];
  /** The package's own import name: a file inside importing it would hide its real arrows behind the barrel. */
  ownName?: string;
}

type Graph = Map<string, Set<string>>;
const ROOT = '.';

/** `name/ → a/, b/` lines of the drawing's ```text block, in their order. */
export function drawnFolderArrows(readme: string): Graph {
  const block = /```text\n([\s\S]*?)```/.exec(readFileSync(readme, 'utf8'))?.[1];
  if (!block) throw new Error(`${readme} has no \`\`\`text block of arrows`);
  const arrows: Graph = new Map();
  for (const line of block.split('\n').filter((l) => l.trim())) {
    const match = /^([\w-]+)\/\s*→(.*)$/.exec(line.trim());
    if (!match) throw new Error(`unreadable arrow line in ${path.basename(readme)}: "${line}"`);
    const targets = match[2]
      .split(',')
      .map((t) => t.trim().replace(/\/$/, ''))
      .filter(Boolean);
    arrows.set(match[1], new Set(targets));
  }
  return arrows;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Every file's imports of other files of the package (relative specifiers, resolved to .ts paths). */
function fileImports(src: string, ownName?: string): Map<string, string[]> {
  const imports = new Map<string, string[]>();
  for (const file of sourceFiles(src)) {
    const specifiers = ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map((i) => i.fileName);
    if (ownName && specifiers.includes(ownName))
      throw new Error(`${path.relative(src, file)} imports its own package's barrel; import the file itself`);
    imports.set(
      file,
      specifiers
        .filter((s) => s.startsWith('.'))
        .map((s) => path.resolve(path.dirname(file), s))
        .map((s) => (s.endsWith('.json') ? s : `${s}.ts`)),
    );
  }
  return imports;
}

/** A cycle in the graph as a path (first node repeated at the end), or undefined. */
function findCycle(graph: Graph): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): string[] | undefined => {
    if (state.get(node) === 'done') return undefined;
    if (state.get(node) === 'open') return [...stack.slice(stack.indexOf(node)), node];
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(node, 'done');
    return undefined;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return undefined;
}

/**
 * Holds a package's folders to the one-way arrows drawn in its README: fails on an import along an arrow not drawn,
 * an arrow drawn but unused, a line naming a folder drawn below it, or two files importing each other by any path.
 */
export function describeFolderArrows(title: string, options: FolderArrowsOptions): void {
  const { src, readme, rootFiles } = options;
  const folderOf = (file: string): string => {
    const parts = path.relative(src, file).split(path.sep);
    return parts.length > 1 ? parts[0] : ROOT;
  };

  describe(title, () => {
    const arrows = drawnFolderArrows(readme);
    const imports = fileImports(src, options.ownName);
    const used: Graph = new Map();
    for (const [file, targets] of imports) {
      for (const target of targets) {
        const [from, to] = [folderOf(file), folderOf(target)];
        if (from !== to) used.set(from, (used.get(from) ?? new Set()).add(to));
      }
    }

    it('draws every folder, and only folders that exist', () => {
      const folders = new Set([...imports.keys()].map(folderOf).filter((f) => f !== ROOT));
      expect([...arrows.keys()].sort()).toEqual([...folders].sort());
    });

    it(`keeps files out of src/ itself, but for ${rootFiles.join(', ')}, and never imports them`, () => {
      const inRoot = [...imports.keys()].filter((f) => folderOf(f) === ROOT && !/\.(int-)?spec\.ts$/.test(f));
      expect(inRoot.map((f) => path.basename(f)).sort()).toEqual([...rootFiles].sort());
      const intoRoot = [...imports].filter(
        ([file, targets]) => folderOf(file) !== ROOT && targets.some((t) => inRoot.includes(t)),
      );
      expect(intoRoot.map(([file]) => path.relative(src, file))).toEqual([]);
    });

    it('draws arrows that form no cycle: each line names only folders drawn above it', () => {
      const above = new Set<string>();
      const upward: string[] = [];
      for (const [from, tos] of arrows) {
        for (const to of tos) if (!above.has(to)) upward.push(`${from}/ → ${to}/`);
        above.add(from);
      }
      expect(upward).toEqual([]);
      expect(findCycle(arrows)).toBeUndefined();
    });

    it('imports across folders only along a drawn arrow, and every drawn arrow is used', () => {
      const lines = (g: Graph, skipRoot = false) =>
        [...g]
          .filter(([from]) => !(skipRoot && from === ROOT))
          .flatMap(([from, tos]) => [...tos].map((to) => `${from}/ → ${to}/`))
          .sort();
      expect(lines(used, true)).toEqual(lines(arrows));
    });

    it('has no import cycle between files, inside a folder or across', () => {
      const graph: Graph = new Map([...imports].map(([file, targets]) => [file, new Set(targets)]));
      expect(findCycle(graph)?.map((f) => path.relative(src, f))).toBeUndefined();
    });
  });
}
