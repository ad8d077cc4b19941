import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// The arrows between the library's folders are drawn once, in libs/platform/README.md; this test holds the code to
// them, so a folder cycle (events/ taking validation from rpc/, rpc/ taking the connection from events/) cannot return.

const SRC = __dirname;
const README = path.join(SRC, '..', 'README.md');
const ROOT = '.'; // files directly in src/: only index.ts, the public API

type Graph = Map<string, Set<string>>;

/** `name/ → a/, b/` lines of the README's ```text block. */
function drawnArrows(): Graph {
  const block = /```text\n([\s\S]*?)```/.exec(readFileSync(README, 'utf8'))?.[1];
  if (!block) throw new Error('libs/platform/README.md has no ```text block of arrows');
  const arrows: Graph = new Map();
  for (const line of block.split('\n').filter((l) => l.trim())) {
    const match = /^([\w-]+)\/\s*→(.*)$/.exec(line.trim());
    if (!match) throw new Error(`unreadable arrow line in README.md: "${line}"`);
    const targets = match[2]
      .split(',')
      .map((t) => t.trim().replace(/\/$/, ''))
      .filter(Boolean);
    arrows.set(match[1], new Set(targets));
  }
  return arrows;
}

function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

const folderOf = (file: string): string => {
  const parts = path.relative(SRC, file).split(path.sep);
  return parts.length > 1 ? parts[0] : ROOT;
};

/** Every file's imports of other files of the library (relative specifiers, resolved to .ts paths). */
function fileImports(): Map<string, string[]> {
  const imports = new Map<string, string[]>();
  for (const file of sourceFiles()) {
    const specifiers = ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map((i) => i.fileName);
    if (specifiers.includes('@souvenir/platform'))
      throw new Error(`${path.relative(SRC, file)} imports its own library's barrel; import the file itself`);
    imports.set(
      file,
      specifiers.filter((s) => s.startsWith('.')).map((s) => `${path.resolve(path.dirname(file), s)}.ts`),
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

describe('libs/platform folders import one another only along the arrows drawn in its README', () => {
  const arrows = drawnArrows();
  const imports = fileImports();
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

  it('keeps files out of src/ itself, but for index.ts, and never imports index.ts', () => {
    const rootFiles = [...imports.keys()].filter((f) => folderOf(f) === ROOT && !f.endsWith('.spec.ts'));
    expect(rootFiles.map((f) => path.basename(f))).toEqual(['index.ts']);
    const intoIndex = [...imports].filter(([, targets]) => targets.includes(path.join(SRC, 'index.ts')));
    expect(intoIndex.map(([file]) => path.relative(SRC, file))).toEqual([]);
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
    const describe = (g: Graph, skipRoot = false) =>
      [...g]
        .filter(([from]) => !(skipRoot && from === ROOT))
        .flatMap(([from, tos]) => [...tos].map((to) => `${from}/ → ${to}/`))
        .sort();
    expect(describe(used, true)).toEqual(describe(arrows));
  });

  it('has no import cycle between files, inside a folder or across', () => {
    const graph: Graph = new Map([...imports].map(([file, targets]) => [file, new Set(targets)]));
    expect(findCycle(graph)?.map((f) => path.relative(SRC, f))).toBeUndefined();
  });
});
