// Toasts: an identical message within 2 s is shown once, at most 20 at a time, 4 s on screen (errors
// until dismissed), pause on focus loss, dismiss on click, the swipe rule, the toasts of a page that
// was left are dismissed, and where they go (top below the header, never over the focused field).
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseToastEdge, Toaster } from '../../../src/components/ui/toaster';
import { initI18n } from '../../../src/lib/i18n';
import {
  dismissAllToasts,
  dismissToastsOfPreviousPage,
  isSwipeDismiss,
  resetToasts,
  toast,
  toastKindOf,
} from '../../../src/lib/toast';

beforeAll(async () => {
  await initI18n();
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  resetToasts();
});

afterEach(() => {
  act(() => resetToasts());
  vi.useRealTimers();
});

function shownToasts(): HTMLElement[] {
  return [
    ...screen
      .getByRole('region', { name: 'Notifications' })
      .querySelectorAll<HTMLElement>('[role="status"], [role="alert"]'),
  ];
}

describe('toasts', () => {
  it('suppresses an identical message within 2 s, and shows it again after', () => {
    render(<Toaster />);
    act(() => {
      toast.error('Le serveur ne répond pas');
      toast.error('Le serveur ne répond pas');
    });
    expect(screen.getAllByText('Le serveur ne répond pas')).toHaveLength(1);
    // Dismissed, then repeated within 2 s: suppressed, not shown again.
    act(() => screen.getByRole('alert').click());
    act(() => vi.advanceTimersByTime(1500));
    act(() => void toast.error('Le serveur ne répond pas'));
    expect(screen.queryByText('Le serveur ne répond pas')).toBeNull();
    act(() => vi.advanceTimersByTime(600));
    act(() => void toast.error('Le serveur ne répond pas'));
    expect(screen.getAllByText('Le serveur ne répond pas')).toHaveLength(1);
  });

  it('suppresses the same text even under another kind', () => {
    render(<Toaster />);
    act(() => {
      toast.error('Hors ligne');
      toast.warning('Hors ligne');
    });
    expect(screen.getAllByText('Hors ligne')).toHaveLength(1);
  });

  it('lets different messages stack, at most 20', () => {
    render(<Toaster />);
    act(() => {
      for (let i = 1; i <= 25; i += 1) toast.info(`Message ${i}`);
    });
    expect(shownToasts()).toHaveLength(20);
    // The newest are kept.
    expect(screen.getByText('Message 25')).toBeTruthy();
    expect(screen.queryByText('Message 1')).toBeNull();
  });

  it('disappears after 4 s, but not while the window has lost focus', () => {
    render(<Toaster />);
    act(() => void toast.success('Enregistré'));
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.queryByText('Enregistré')).not.toBeNull();
    act(() => void window.dispatchEvent(new Event('blur')));
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.queryByText('Enregistré')).not.toBeNull();
    act(() => void window.dispatchEvent(new Event('focus')));
    act(() => vi.advanceTimersByTime(1100));
    expect(screen.queryByText('Enregistré')).toBeNull();
  });

  it('is dismissed by a click, and errors are alerts', () => {
    render(<Toaster />);
    act(() => void toast.error('Impossible de charger l’image'));
    const card = screen.getByRole('alert');
    act(() => card.click());
    expect(screen.queryByText('Impossible de charger l’image')).toBeNull();
  });

  it('names its kind for screen readers (not colour alone)', () => {
    render(<Toaster />);
    act(() => void toast.warning('Connexion lente'));
    expect(screen.getByRole('status').textContent).toContain('Attention\u00a0:');
    expect(toastKindOf('warning:Connexion lente')).toBe('warning');
  });
});

describe('toasts and the page they belong to', () => {
  it('keeps an error until it is dismissed', () => {
    render(<Toaster />);
    act(() => void toast.error('Le serveur ne répond pas'));
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.queryByText('Le serveur ne répond pas')).not.toBeNull();
  });

  it('dismisses the toasts of the page left, keeping one shown just before the change', () => {
    render(<Toaster />);
    act(() => {
      toast.info('Photo ajoutée');
      toast.error('Le serveur ne répond pas');
    });
    act(() => vi.advanceTimersByTime(2000));
    act(() => void toast.success('Chapitre supprimé'));
    act(() => dismissToastsOfPreviousPage());
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Photo ajoutée')).toBeNull();
    expect(screen.queryByText('Le serveur ne répond pas')).toBeNull();
    expect(screen.queryByText('Chapitre supprimé')).not.toBeNull();
  });

  it('dismisses everything when asked (a dialog opening)', () => {
    render(<Toaster />);
    act(() => void toast.error('Le serveur ne répond pas'));
    act(() => dismissAllToasts());
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Le serveur ne répond pas')).toBeNull();
  });
});

describe('where toasts go', () => {
  const base = { regionHeight: 100, topOffset: 80, bottomOffset: 12, viewportHeight: 915 };

  it('go to the top, below the header while it is on screen', () => {
    const header = document.createElement('header');
    header.getBoundingClientRect = () => ({ top: 0, bottom: 70 }) as DOMRect;
    document.body.append(header);
    try {
      render(<Toaster />);
      act(() => void toast.info('Photo ajoutée'));
      const region = screen.getByRole('region', { name: 'Notifications' });
      expect(region.dataset.edge).toBe('top');
      expect(region.style.top).toBe('82px');
      expect(region.style.bottom).toBe('');
    } finally {
      header.remove();
    }
  });

  it('move to the bottom when the top would cover the focused field', () => {
    const field = document.createElement('input');
    field.getBoundingClientRect = () => ({ top: 20, bottom: 70, height: 50 }) as DOMRect;
    document.body.append(field);
    try {
      render(<Toaster />);
      act(() => void toast.info('Photo ajoutée'));
      const region = screen.getByRole('region', { name: 'Notifications' });
      region.getBoundingClientRect = () => ({ top: 12, bottom: 112, height: 100 }) as DOMRect;
      act(() => field.focus());
      expect(region.dataset.edge).toBe('bottom');
      expect(region.style.top).toBe('');
    } finally {
      field.remove();
    }
  });

  it('choose the edge that leaves the focused control free', () => {
    expect(chooseToastEdge({ ...base, focused: null })).toBe('top');
    expect(chooseToastEdge({ ...base, focused: { top: 400, bottom: 450 } })).toBe('top');
    expect(chooseToastEdge({ ...base, focused: { top: 120, bottom: 170 } })).toBe('bottom');
    // Covered either way (a field as tall as the screen): the top, as usual.
    expect(chooseToastEdge({ ...base, focused: { top: 0, bottom: 915 } })).toBe('top');
  });
});

describe('swipe rule', () => {
  it('dismisses past 60 % of the width in either direction', () => {
    expect(isSwipeDismiss(181, 300)).toBe(true);
    expect(isSwipeDismiss(-181, 300)).toBe(true);
    expect(isSwipeDismiss(180, 300)).toBe(false);
    expect(isSwipeDismiss(50, 0)).toBe(false);
  });
});
