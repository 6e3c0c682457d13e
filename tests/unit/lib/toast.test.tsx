// Toasts: an identical message within 2 s is shown once, at most 20 at a time, 5 s on screen, pause on
// focus loss, dismiss on click, and the swipe rule.
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../src/components/ui/toaster';
import { initI18n } from '../../../src/lib/i18n';
import { isSwipeDismiss, resetToasts, toast, toastKindOf } from '../../../src/lib/toast';

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

  it('disappears after 5 s, but not while the window has lost focus', () => {
    render(<Toaster />);
    act(() => void toast.success('Enregistré'));
    act(() => vi.advanceTimersByTime(4000));
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
    expect(screen.getByRole('status').textContent).toContain('Attention :');
    expect(toastKindOf('warning:Connexion lente')).toBe('warning');
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
