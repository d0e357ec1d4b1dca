import { describe, expect, it } from 'vitest';
import { DEFAULT_MEDIA_POSITION, isAllowedMediaType, mediaPositionFor } from './media';

describe('mediaPositionFor', () => {
  it('defaults to no preference', () => {
    expect(DEFAULT_MEDIA_POSITION).toBe('NoPreference');
    expect(mediaPositionFor(true, null)).toBe('NoPreference');
    expect(mediaPositionFor(true, undefined)).toBe('NoPreference');
  });

  it('keeps the chosen position while there is media', () => {
    expect(mediaPositionFor(true, 'Before')).toBe('Before');
    expect(mediaPositionFor(true, 'After')).toBe('After');
  });

  it('resets to no preference when the media is removed', () => {
    expect(mediaPositionFor(false, 'Before')).toBe('NoPreference');
    expect(mediaPositionFor(false, 'After')).toBe('NoPreference');
  });
});

describe('isAllowedMediaType', () => {
  const allowed = ['image/jpeg', 'image/png', 'video/mp4'];
  it('accepts the listed types, whatever their case or parameters', () => {
    expect(isAllowedMediaType('image/png', allowed)).toBe(true);
    expect(isAllowedMediaType('IMAGE/JPEG', allowed)).toBe(true);
    expect(isAllowedMediaType('video/mp4; codecs="avc1"', allowed)).toBe(true);
  });

  it('refuses others and a missing type', () => {
    expect(isAllowedMediaType('image/webp', allowed)).toBe(false);
    expect(isAllowedMediaType('', allowed)).toBe(false);
    expect(isAllowedMediaType('image/png', [])).toBe(false);
  });
});
