// The shared chapter picture: the default image in place of one that cannot be loaded, the toast said
// once when online, nothing said offline, and a new address tried again.
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChapterImage, DEFAULT_IMAGE_URL } from '../../../src/components/ui/chapter-image';
import { toast } from '../../../src/lib/toast';
import { reportNetworkFailure, reportNetworkSuccess } from '../../../src/offline/connectivity';

const MESSAGE = "Impossible de charger l'image";

beforeEach(() => {
  reportNetworkSuccess();
});

afterEach(() => {
  vi.restoreAllMocks();
});

function fail(image: HTMLElement) {
  image.dispatchEvent(new Event('error'));
}

describe('ChapterImage', () => {
  it('shows the default image and says so once when the picture cannot be loaded', async () => {
    const said = vi.spyOn(toast, 'error');
    const onFailed = vi.fn();
    render(
      <ChapterImage src="/files/a.jpg" alt="La gare" failedMessage={MESSAGE} onFailed={onFailed} />,
    );
    const image = screen.getByRole('img', { name: 'La gare' });
    expect(image.getAttribute('src')).toBe('/files/a.jpg');
    fail(image);
    await vi.waitFor(() => expect(image.getAttribute('src')).toBe(DEFAULT_IMAGE_URL));
    fail(image);
    expect(said).toHaveBeenCalledTimes(1);
    expect(said).toHaveBeenCalledWith(MESSAGE);
    expect(onFailed).toHaveBeenCalledTimes(1);
  });

  it('says nothing offline, where a picture never kept on the device is expected to be missing', async () => {
    const said = vi.spyOn(toast, 'error');
    reportNetworkFailure();
    render(<ChapterImage src="/files/a.jpg" alt="La gare" failedMessage={MESSAGE} />);
    const image = screen.getByRole('img', { name: 'La gare' });
    fail(image);
    await vi.waitFor(() => expect(image.getAttribute('src')).toBe(DEFAULT_IMAGE_URL));
    expect(said).not.toHaveBeenCalled();
  });

  it('tries a new address again, and shows the fallback at once without an address', async () => {
    const said = vi.spyOn(toast, 'error');
    const { rerender } = render(
      <ChapterImage src="/files/a.jpg" alt="La gare" failedMessage={MESSAGE} />,
    );
    const image = screen.getByRole('img', { name: 'La gare' });
    fail(image);
    await vi.waitFor(() => expect(image.getAttribute('src')).toBe(DEFAULT_IMAGE_URL));
    rerender(<ChapterImage src="/files/b.jpg" alt="La gare" failedMessage={MESSAGE} />);
    expect(image.getAttribute('src')).toBe('/files/b.jpg');
    rerender(<ChapterImage src={null} alt="La gare" failedMessage={MESSAGE} />);
    expect(image.getAttribute('src')).toBe(DEFAULT_IMAGE_URL);
    expect(said).toHaveBeenCalledTimes(1);
  });
});
