// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import type { Root } from 'mdast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Markdown } from './Markdown.tsx';

afterEach(cleanup);

describe('Markdown: hostile nesting', () => {
  it.each([
    ['3,000 bullets on one line', `${'- '.repeat(3000)}deep text`],
    ['3,000 quote markers', `${'> '.repeat(3000)}deep text`],
    ['3,000 stars around a word', `- ${'*'.repeat(3000)}deep text${'*'.repeat(3000)}`],
  ])('renders %s as nested blocks up to a depth, then as text', (_name, text) => {
    const { container } = render(<Markdown text={text} />);
    expect(container.textContent).toContain('deep text');
    expect(container.querySelector('pre.markdown-plain')).toBeNull();
    // The nesting stops at 64 containers; below the limit the lists and quotes are real.
    const depth = container.querySelectorAll('li, blockquote').length;
    expect(depth).toBeGreaterThan(0);
    expect(depth).toBeLessThanOrEqual(64);
  });

  it('keeps ordinary nesting as written', () => {
    const { container } = render(<Markdown text={'- a\n  - b\n    > c'} />);
    expect(container.querySelectorAll('li')).toHaveLength(2);
    expect(container.querySelector('li li blockquote')?.textContent?.trim()).toBe('c');
  });

  it('shows a text the renderer throws on as preformatted text, and renders the next text', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    // A renderer step that runs out of stack on one text, as a parser might on a hostile one.
    const failsOnBoom = () => (tree: Root) => {
      if (JSON.stringify(tree).includes('BOOM'))
        throw new RangeError('Maximum call stack size exceeded');
    };
    const { container, rerender } = render(
      <Markdown text={'# Title\n\nBOOM *here*'} remarkPlugins={[failsOnBoom]} />,
    );
    expect(container.querySelector('pre.markdown-plain')?.textContent).toBe(
      '# Title\n\nBOOM *here*',
    );
    rerender(<Markdown text={'# Fine *now*'} remarkPlugins={[failsOnBoom]} />);
    expect(container.querySelector('pre.markdown-plain')).toBeNull();
    expect(container.querySelector('h1')?.textContent).toBe('Fine now');
    vi.restoreAllMocks();
  });
});

describe('Markdown: task lists', () => {
  it('names each box by its state, and keeps it read-only', () => {
    const { container } = render(
      <Markdown text={'- [x] Pack the strainer\n- [ ] Check the float'} />,
    );
    const boxes = [...container.querySelectorAll('input[type="checkbox"]')] as HTMLInputElement[];
    expect(boxes.map((b) => b.getAttribute('aria-label'))).toEqual(['done', 'not done']);
    expect(boxes.map((b) => b.checked)).toEqual([true, false]);
    expect(boxes.every((b) => b.disabled)).toBe(true);
  });
});
