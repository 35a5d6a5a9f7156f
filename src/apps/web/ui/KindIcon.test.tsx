// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { isImagePath, KindIcon } from './KindIcon.tsx';

afterEach(cleanup);

describe('KindIcon', () => {
  it('labels the kind for screen readers unless decorative', () => {
    render(<KindIcon kind="pdf" />);
    expect(screen.getByRole('img', { name: 'PDF' }).textContent).toBe('▤');
  });

  it('falls back to the kind name for unknown kinds', () => {
    render(<KindIcon kind="widget" />);
    expect(screen.getByRole('img', { name: 'widget' })).toBeTruthy();
  });

  it('hides decorative icons from assistive technology', () => {
    const { container } = render(<KindIcon kind="note" decorative />);
    expect(container.querySelector('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
  });
});

describe('isImagePath', () => {
  it('knows images by extension, case-insensitively', () => {
    expect(isImagePath('files/site-photo.PNG')).toBe(true);
    expect(isImagePath('notes/photo.md')).toBe(false);
  });
});
