// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CitationJson } from '../api/types.ts';
import { SettingsMenu } from '../settings/SettingsMenu.tsx';
import { UI_SETTINGS, writeUiSetting } from '../settings/ui-settings.ts';
import { SourceCards } from './SourceCards.tsx';

beforeEach(() => {
  localStorage.clear();
  writeUiSetting('sourceCards', false);
});
afterEach(cleanup);

const citation = (n: number, title: string, extra: Partial<CitationJson> = {}): CitationJson => ({
  n,
  documentId: `doc-${n}`,
  path: `notes/${title}.md`,
  title,
  kind: 'note',
  chunkId: `chunk-${n}`,
  page: null,
  section: null,
  excerpt: `${title} excerpt: silt clogs the intake screen within two weeks.`,
  start: 100 * n,
  end: 100 * n + 60,
  quote: null,
  support: null,
  valid: true,
  cited: true,
  ...extra,
});

const PDF = citation(2, 'Field Report', {
  kind: 'pdf',
  path: 'pdfs/field-report.pdf',
  page: 3,
  quote: {
    text: 'Peak flow rate: 2.6 m3/h at 12:30 under clear sky.',
    start: 210,
    end: 260,
    found: true,
    page: 2,
    pageStart: 40,
    pageEnd: 90,
  },
  support: 'supported',
});

const sources = [
  citation(1, 'Solar Pump Project', { section: 'Risks' }),
  PDF,
  citation(3, 'Seen only', { cited: false }),
];

describe('SourceCards', () => {
  it('shows nothing while the setting is off', () => {
    render(<SourceCards citations={sources} onOpenSource={vi.fn()} />);
    expect(screen.queryByRole('list', { name: 'Source cards' })).toBeNull();
  });

  it('shows one card per cited source, with its kind, part and supporting words', () => {
    writeUiSetting('sourceCards', true);
    render(<SourceCards citations={sources} onOpenSource={vi.fn()} />);
    const cards = within(screen.getByRole('list', { name: 'Source cards' })).getAllByRole('button');
    expect(cards.map((card) => card.textContent)).toEqual([
      expect.stringContaining('Solar Pump Project'),
      expect.stringContaining('Field Report'),
    ]);
    expect(
      screen.getByRole('button', { name: /^Source 1 note Solar Pump Project § Risks/ }),
    ).toBeTruthy();
    const pdf = screen.getByRole('button', { name: /^Source 2 PDF Field Report page 3 / });
    expect(within(pdf).getByRole('img', { name: 'PDF' })).toBeTruthy();
    // The checker's supporting words, not the chunk's opening, are the card's quote.
    expect(pdf.textContent).toContain('Peak flow rate: 2.6 m3/h');
    expect(screen.queryByText(/Seen only/)).toBeNull();
  });

  it('opens the viewer at the supporting passage, on its page', () => {
    writeUiSetting('sourceCards', true);
    const onOpenSource = vi.fn();
    render(<SourceCards citations={sources} onOpenSource={onOpenSource} />);
    fireEvent.click(screen.getByRole('button', { name: /^Source 2 / }));
    expect(onOpenSource).toHaveBeenCalledWith(
      expect.objectContaining({
        documentId: 'doc-2',
        page: 2,
        start: 200,
        end: 260,
        passage: PDF.quote,
        label: 'Source 2',
      }),
    );
  });

  it('brings a card tabbed to at the row’s edge wholly into view', () => {
    writeUiSetting('sourceCards', true);
    render(<SourceCards citations={sources} onOpenSource={vi.fn()} />);
    const row = screen.getByRole('list', { name: 'Source cards' });
    const [first, second] = within(row).getAllByRole('button');
    if (!first || !second) throw new Error('two cards expected');
    const place = (element: HTMLElement, left: number, right: number) => {
      element.getBoundingClientRect = () => ({ left, right }) as DOMRect;
    };
    const scroll = vi.fn();
    row.scrollBy = scroll;
    row.style.paddingLeft = '5px';
    place(row, 0, 370);
    place(first, 5, 229);
    place(second, 237, 461);
    fireEvent.focus(first);
    expect(scroll).not.toHaveBeenCalled();
    fireEvent.focus(second);
    expect(scroll).toHaveBeenCalledWith({ left: 232 });
  });

  it('appears and goes as the gear menu turns the setting on and off, and remembers it', () => {
    render(
      <>
        <SettingsMenu />
        <SourceCards citations={sources} onOpenSource={vi.fn()} />
      </>,
    );
    const gear = screen.getByRole('button', { name: 'Display settings' });
    expect(gear.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(gear);
    expect(gear.getAttribute('aria-expanded')).toBe('true');
    const option = screen.getByRole('checkbox', { name: 'Source cards above answers' });
    fireEvent.click(option);
    expect(screen.getByRole('list', { name: 'Source cards' })).toBeTruthy();
    expect(localStorage.getItem(UI_SETTINGS.sourceCards.key)).toBe('1');

    fireEvent.click(option);
    expect(screen.queryByRole('list', { name: 'Source cards' })).toBeNull();
    expect(localStorage.getItem(UI_SETTINGS.sourceCards.key)).toBe('0');

    // Escape closes the panel and gives focus back to the gear.
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(gear.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(gear);
  });

  it('follows a change made in another tab', () => {
    render(<SourceCards citations={sources} onOpenSource={vi.fn()} />);
    act(() => {
      localStorage.setItem(UI_SETTINGS.sourceCards.key, '1');
      window.dispatchEvent(new StorageEvent('storage', { key: UI_SETTINGS.sourceCards.key }));
    });
    expect(screen.getByRole('list', { name: 'Source cards' })).toBeTruthy();
  });
});
