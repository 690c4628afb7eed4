import { describe, expect, it } from 'vitest';
import { escapeData, sanitizeLine, sanitizeText } from '../../../../src/core/assistant/pipeline/index.ts';

describe('sanitize', () => {
  it('removes control and bidi characters but keeps tabs, newlines and every language', () => {
    expect(sanitizeText('a\u0000b\u0007c\u001b[0m\td\r\ne\u202Ef\u2066g 地图 карта', 100)).toBe('abc[0m\td\nefg 地图 карта');
  });

  it('caps the length with an ellipsis', () => {
    expect(sanitizeText('abcdefghij', 5)).toBe('abcd…');
    expect(sanitizeText('abc', 5)).toBe('abc');
  });

  it('sanitizeLine folds newlines', () => {
    expect(sanitizeLine('one\n  two\nthree', 50)).toBe('one two three');
  });

  it('escapeData leaves short runs and replaces long ones with guillemets', () => {
    expect(escapeData('a << b >> c <<<< d >>> e')).toBe('a << b >> c ‹‹‹‹ d ››› e');
  });
});
