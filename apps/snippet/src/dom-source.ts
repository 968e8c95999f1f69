import { escapeHtmlText, serialiseEndTag, serialiseStartTag, type SourceText } from '@bhasha/engine';

/**
 * The live DOM seen as markup: while the walker visits nodes it appends each start tag, text and end
 * tag as a chunk of serialised HTML and remembers the node behind it. Offsets into this virtual
 * source are what the engine's segmenter works with, so a segment's range leads back to its nodes.
 */
export class DomSource implements SourceText {
  private readonly starts: number[] = [];
  private readonly chunks: string[] = [];
  private readonly nodes: Node[] = [];
  private length = 0;

  /** Appends the serialised form of a node's part and answers its [start, end) range. */
  private append(chunk: string, node: Node): [number, number] {
    const start = this.length;
    this.starts.push(start);
    this.chunks.push(chunk);
    this.nodes.push(node);
    this.length += chunk.length;
    return [start, this.length];
  }

  appendStartTag(element: Element, name: string, attributes: Record<string, string>): [number, number] {
    return this.append(serialiseStartTag(name, attributes), element);
  }

  appendEndTag(element: Element, name: string): [number, number] {
    return this.append(serialiseEndTag(name), element);
  }

  /** Text keeps its whitespace when escaped, so trimming offsets mean the same in the node's data. */
  appendText(node: Text): [number, number] {
    return this.append(escapeHtmlText(node.data), node);
  }

  appendComment(node: Comment): [number, number] {
    return this.append(`<!--${node.data}-->`, node);
  }

  /** Offset just past the last chunk. */
  get size(): number {
    return this.length;
  }

  /** Index of the chunk holding offset `at`. */
  chunkAt(at: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= at) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  nodeAt(index: number): Node | undefined {
    return this.nodes[index];
  }

  chunkStart(index: number): number {
    return this.starts[index] ?? this.length;
  }

  chunkEnd(index: number): number {
    return (this.starts[index] ?? this.length) + (this.chunks[index]?.length ?? 0);
  }

  slice(start: number, end: number): string {
    if (end <= start) return '';
    let text = '';
    for (let index = this.chunkAt(start); index < this.chunks.length; index += 1) {
      const chunkStart = this.starts[index]!;
      if (chunkStart >= end) break;
      const chunk = this.chunks[index]!;
      text += chunk.slice(Math.max(0, start - chunkStart), Math.min(chunk.length, end - chunkStart));
    }
    return text;
  }
}
