/**
 * The fenced code blocks of a Markdown document, for the test that runs the README's shell blocks. A block is
 * skipped when the line before its opening fence is `<!-- not-run: reason -->` (the fresh-machine commands,
 * `pnpm start` itself, commands on example files).
 */
export interface CodeBlock {
  /** The info string after the opening fence (`sh`, `text`, ...); '' when there is none. */
  readonly language: string;
  readonly code: string;
  /** 1-based line of the opening fence. */
  readonly line: number;
  /** The reason given by a `<!-- not-run: ... -->` comment right before the block. */
  readonly notRun: string | undefined;
}

export const SHELL_LANGUAGES = ['sh', 'bash', 'shell'];

export function codeBlocks(markdown: string): CodeBlock[] {
  const lines = markdown.split('\n');
  const blocks: CodeBlock[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const opening = /^(\s*)(`{3,}|~{3,})\s*([^\s`]*)/.exec(lines[index] ?? '');
    if (opening === null) continue;
    const [, indent = '', fence = '', language = ''] = opening;
    const previous = (lines[index - 1] ?? '').trim();
    const notRun = /^<!--\s*not-run:\s*(.*?)\s*-->$/.exec(previous)?.[1];
    const body: string[] = [];
    let end = index + 1;
    while (end < lines.length && !(lines[end] ?? '').trim().startsWith(fence)) {
      body.push((lines[end] ?? '').slice(indent.length));
      end += 1;
    }
    blocks.push({ language, code: body.join('\n'), line: index + 1, notRun });
    index = end;
  }
  return blocks;
}
