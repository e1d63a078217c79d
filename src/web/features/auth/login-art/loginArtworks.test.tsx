import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { loginArtworks, pickLoginArtwork } from './loginArtworks';

describe('login artworks', () => {
  it('has several pictures, each with its own message', () => {
    expect(loginArtworks.length).toBeGreaterThanOrEqual(3);
    const messages = loginArtworks.map((artwork) => artwork.message);
    expect(new Set(messages).size).toBe(messages.length);
  });

  it('draws every picture as an accessible image', () => {
    for (const { Picture } of loginArtworks) {
      const { unmount } = render(<Picture />);
      expect(screen.getByRole('img')).toHaveAccessibleName();
      unmount();
    }
  });

  it('picks across the whole list, including the last entry', () => {
    expect(pickLoginArtwork(() => 0)).toBe(loginArtworks[0]);
    expect(pickLoginArtwork(() => 0.9999)).toBe(loginArtworks[loginArtworks.length - 1]);
  });
});
