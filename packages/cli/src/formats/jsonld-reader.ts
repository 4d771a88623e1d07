import Assembler from 'stream-json/Assembler.js';
import Parser from 'stream-json/Parser.js';
import { mapRecipeNode, recipeNodesIn } from '@larder/domain';
import { MalformedInputError, type RecordReader } from './source-record.js';
import { transformItems } from './transform-items.js';

interface Token {
  readonly name: string;
  readonly value?: string;
}

/**
 * The values of a JSON-LD input worth looking into, one at a time: each element of a top-level array, each element
 * of a top-level object's `@graph`, and each top-level object itself (several documents may follow one another, as
 * in NDJSON). Elements are taken out of the assembled document as soon as they are complete, so a large array or
 * `@graph` streams instead of being held whole.
 */
async function* topLevelValues(tokens: AsyncIterable<Token>): AsyncIterable<unknown> {
  const assembler = new Assembler();
  for await (const token of tokens) {
    assembler.consume(token);
    const current: unknown = assembler.current;
    if (assembler.done) {
      if (!Array.isArray(current)) yield current;
      continue;
    }
    const { stack } = assembler;
    const isStreamedArray =
      Array.isArray(current) && (stack.length === 0 || (stack.length === 2 && stack[1] === '@graph'));
    // While an element is being assembled `current` is that element, so a streamed array holds complete ones only.
    if (isStreamedArray) while (current.length > 0) yield current.shift();
  }
  if (!assembler.done) throw new Error('the document ended early');
}

/** schema.org `Recipe` JSON-LD: one node, an array of nodes, or an `@graph` (any other node types are skipped). */
export const readJsonLd: RecordReader = async function* (chunks) {
  const parser = new Parser({ jsonStreaming: true, streamValues: false, streamKeys: false, streamNumbers: false, streamStrings: false });
  let record = 0;
  try {
    for await (const value of topLevelValues(transformItems<Token>(parser, chunks))) {
      for (const node of recipeNodesIn(value)) {
        record += 1;
        const { input, warnings } = mapRecipeNode(node);
        yield { kind: 'readable', record, input, warnings };
      }
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new MalformedInputError(`the JSON-LD document is malformed after record ${record}: ${reason}`);
  }
};
